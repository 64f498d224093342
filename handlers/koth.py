"""King of the Hill in the chat (built in its own issue)."""

from __future__ import annotations

from aiogram import Router

router = Router(name=__name__)
