"""The button data of the Overlord series (each fits Telegram's 64 bytes)."""

from __future__ import annotations

from aiogram.filters.callback_data import CallbackData


class SerAskCb(CallbackData, prefix="sra"):
    """The winner of series tournament ``t`` (or the Overlord's player) opens his game against
    the Overlord deck (606.3): the time is agreed in the chat, a judge records the result."""

    t: int
