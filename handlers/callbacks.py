"""Callback data of every button (each fits Telegram's 64 bytes: short prefixes, ids only)."""

from __future__ import annotations

from aiogram.filters.callback_data import CallbackData


class ProfileCb(CallbackData, prefix="pf"):
    action: str  # edit, field, delete, delete_yes, delete_no
    field: str = ""


class NewCb(CallbackData, prefix="new"):
    discipline: str  # billiards (King of the Hill), berserk (Swiss + Top)
