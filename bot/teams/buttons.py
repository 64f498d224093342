"""The button data of team events (each fits Telegram's 64 bytes)."""

from __future__ import annotations

from aiogram.filters.callback_data import CallbackData


class TmWizCb(CallbackData, prefix="tmw"):
    """A choice of the creation wizard: step ``s``, value ``v``."""

    s: str
    v: str


class TmOkCb(CallbackData, prefix="tmo"):
    """The named partner confirms (``ok``) or declines the team offer ``o`` of tournament ``t``."""

    t: int
    o: int
    ok: bool = True
