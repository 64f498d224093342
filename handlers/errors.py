"""What happens when a handler fails: the person is told, in his language, and the bot goes on.

One router answers every failure (aiogram's error event): a ``UserError`` with its own text, a
transaction the database refused with "that did not go through, try again", anything else with
the internal-error text and its trace in the log. A message gets a reply, a button press an
alert (``callback.answer(text, show_alert=True)``), so no button spins forever.
"""

from __future__ import annotations

import logging

from aiogram.exceptions import TelegramAPIError
from aiogram.filters import ExceptionTypeFilter
from aiogram.types import ErrorEvent

from bot.errors import DATABASE_FAILED, INTERNAL, UserError, database_failure
from bot.texts import Texts, Tr
from handlers.routes import Routes

log = logging.getLogger(__name__)
routes = Routes(__name__)


@routes.errors(ExceptionTypeFilter(UserError))
async def user_error(event: ErrorEvent, texts: Texts, t: Tr | None = None) -> None:
    """What was asked cannot be done: say why (nothing to log, it is no failure of the bot)."""
    assert isinstance(event.exception, UserError)
    problem = event.exception
    await tell(event, reader(texts, t)(problem.key, **problem.values))


@routes.errors()
async def failure(event: ErrorEvent, texts: Texts, t: Tr | None = None) -> None:
    """A refused transaction (nothing of it was stored: the person may simply try again), or a
    bug. Either way the process goes on with the next update."""
    update_id, exc = event.update.update_id, event.exception
    if database_failure(exc):
        log.warning("update %s: the database refused a transaction: %r", update_id, exc)
        await tell(event, reader(texts, t)(DATABASE_FAILED))
        return
    log.error("update %s failed: %r", update_id, exc, exc_info=exc)
    if isinstance(exc, TelegramAPIError) and event.update.callback_query is None:
        return  # Telegram itself refused: a message telling so would fail the same way
    await tell(event, reader(texts, t)(INTERNAL))


def reader(texts: Texts, t: Tr | None) -> Tr:
    """``t`` is missing when the failure came before the context middleware chose the reader's
    language (e.g. the database was unavailable): then the club's default language is used."""
    return t if t is not None else Tr(texts, texts.default)


async def tell(event: ErrorEvent, text: str) -> None:
    """Answer the update that failed: an alert on a button press, a reply to a message."""
    query, message = event.update.callback_query, event.update.message
    try:
        if query is not None:
            await query.answer(text, show_alert=True)
        elif message is not None:
            await message.reply(text)
    except TelegramAPIError as exc:  # e.g. the press was answered already, or is too old
        log.warning("could not tell update %s of its failure: %s", event.update.update_id, exc)
