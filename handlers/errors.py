"""What happens when a handler fails: the person hears about it, the log keeps the trace."""

from __future__ import annotations

import logging

from aiogram import Router
from aiogram.exceptions import TelegramAPIError
from aiogram.types import ErrorEvent

from bot.texts import Texts, Tr

log = logging.getLogger(__name__)
router = Router(name=__name__)


@router.errors()
async def on_error(event: ErrorEvent, texts: Texts, t: Tr | None = None) -> None:
    """Log the failure and tell the sender that it did not work, instead of silence.

    Button presses are answered by ``CallbackGuardMiddleware``; this covers messages. ``t`` is
    missing when the failure came before the context middleware chose the reader's language
    (e.g. the database was unavailable): then the club's default language is used.
    """
    if t is None:
        t = Tr(texts, texts.default)
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
