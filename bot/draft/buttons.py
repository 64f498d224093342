"""Callback data of the draft panel's buttons (``/draft``)."""

from __future__ import annotations

from enum import StrEnum

from aiogram.filters.callback_data import CallbackData


class ClockAction(StrEnum):
    """A press on the draft panel."""

    GO = "go"  #: start booster ``DraftClockCb.n`` (an old «start booster 1» cannot start 2)
    PAUSE = "pause"
    RESUME = "resume"
    DECK = "deck"  #: start the deck-building timer


class DraftClockCb(CallbackData, prefix="dck"):
    """The judge's press ``a`` on tournament ``t``'s draft panel."""

    t: int
    a: ClockAction
    n: int = 0
