"""The button data of team events (each fits Telegram's 64 bytes)."""

from __future__ import annotations

from aiogram.filters.callback_data import CallbackData


class TmWizCb(CallbackData, prefix="tmw"):
    """A choice of the creation wizard: step ``s``, value ``v``."""

    s: str
    v: str


class TmOkCb(CallbackData, prefix="tmo"):
    """A player of the team offer ``o`` of tournament ``t`` answers it: the named partner
    confirms (``ok``) or declines; in a duel-set release (610.3) each of the two names his
    deck with it, ``d`` its number in the organiser's list (-1: none)."""

    t: int
    o: int
    ok: bool = True
    d: int = -1


class TmLateCb(CallbackData, prefix="tml"):
    """An organiser approves (``ok``) or refuses the late entry of the team of offer ``o`` of
    tournament ``t`` (both players confirmed it after the start)."""

    t: int
    o: int
    ok: bool = True
