"""What happens when a handler fails: the person hears about it, the log keeps the trace."""

from __future__ import annotations

import logging

from aiogram import Router
from aiogram.exceptions import TelegramAPIError
from aiogram.types import ErrorEvent

from bot.texts import Tr

log = logging.getLogger(__name__)
router = Router(name=__name__)


@router.errors()
async def on_error(event: ErrorEvent, t: Tr) -> None:
    """Log the failure and tell the sender that it did not work, instead of silence.

    Button presses are answered by ``CallbackGuardMiddleware``; this covers messages.
    """
    log.error(
        "update %s failed: %r", event.update.update_id, event.exception, exc_info=event.exception
    )
    message = event.update.message
    if message is None or isinstance(event.exception, TelegramAPIError):
        return  # Telegram itself refused: telling the user would fail the same way
    try:
        await message.answer(t("errors.internal"))
    except TelegramAPIError as exc:
        log.warning("could not report the failure to %s: %s", message.chat.id, exc)
