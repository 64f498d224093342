"""Callback data of the draft panel's buttons (``/draft``)."""

from __future__ import annotations

from aiogram.filters.callback_data import CallbackData


class DraftClockCb(CallbackData, prefix="dck"):
    """The judge's press on tournament ``t``'s draft panel: ``a`` is ``go`` (start booster
    ``n`` — a second press of an old «start booster 1» cannot start booster 2), ``pause``,
    ``resume`` or ``deck`` (start the deck-building timer)."""

    t: int
    a: str
    n: int = 0
