"""A start given with ``/new`` (``/new завтра 19:00``) before the tournament exists: kept
(``db.ahead``: a restart in the middle of the wizard keeps it) until the organiser's wizard,
whatever its kind, has created the tournament in that chat, then announced for it
(``AfterCreation``, after the update that created it: its registration message first). A
wizard that asks the start itself and stores ``starts_at`` (611.2's «Другой формат») is
announced the same way after a plain ``/new``: no kind's wizard calls anything."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from typing import Any

from aiogram import BaseMiddleware
from aiogram.types import TelegramObject, Update

from bot.ahead.start import starts_of
from bot.infra import Infra
from db import ahead as store
from db import tournaments

log = logging.getLogger(__name__)

#: the start ``/new`` was given as the club's moment (``UserError`` when none ahead)
Parse = Callable[[str], datetime]
#: announce a tournament for a start (``bot.ahead.Ahead.announce_at``)
Announce = Callable[[int, datetime, int], Awaitable[None]]


class Expected:
    """The tournaments ``/new`` is making, by (chat, organiser), until its wizard created one:
    with the start given to ``/new``, or none (then a start the wizard itself stored, as
    «Другой формат» does, 611.2, is announced the same way)."""

    def __init__(
        self, infra: Infra, parse: Parse, announce: Announce, example: Callable[[], str]
    ) -> None:
        self.infra = infra
        self._parse = parse
        self._announce = announce
        self._example = example
        #: by (chat, organiser): (the start given, or ``None``; the chat's newest tournament
        #: then); ``None`` until read from the database
        self._expected: dict[tuple[int, int], tuple[datetime | None, int]] | None = None

    async def expect(self, chat_id: int, user_id: int, typed: str | None) -> datetime | None:
        """``/new`` (``typed``: what follows it): the start it names (refused at once when
        none ahead; ``None`` without one), kept for the next tournament this organiser
        creates in this chat, whatever its kind (``created``). Replaces what an unfinished
        wizard left."""
        starts = None if not typed else self._parse(typed).astimezone(UTC)
        expected = await self._waiting()
        async with self.infra.db.transaction() as tx:
            newest = await tournaments.latest_in_chat(tx, chat_id)
            after = 0 if newest is None else newest.id
            stored = "" if starts is None else starts.isoformat()
            await store.expect(tx, chat_id, user_id, stored, after)
        expected[(chat_id, user_id)] = (starts, after)
        return starts

    async def waits(self, chat_id: int, user_id: int) -> bool:
        """Whether ``/new`` waits for this organiser's tournament here."""
        return (chat_id, user_id) in await self._waiting()

    async def created(self, chat_id: int, user_id: int) -> None:
        """After each of the organiser's updates while ``/new`` waits: once his wizard has
        created the tournament (the chat's newest, his), announce it for the start its wizard
        stored, else the one given to ``/new`` (a start that passed meanwhile is said so, and
        dropped); without either, nothing."""
        expected = await self._waiting()
        found = expected.get((chat_id, user_id))
        if found is None:
            return
        given, after = found
        async with self.infra.db.read() as tx:
            newest = await tournaments.latest_in_chat(tx, chat_id)
        if newest is None or newest.id <= after or newest.created_by != user_id:
            return  # the wizard goes on
        del expected[(chat_id, user_id)]
        async with self.infra.db.transaction() as tx:
            await store.forget(tx, chat_id, user_id)
        starts = starts_of(newest) or given
        if newest.status != "registration" or starts is None:
            return
        if starts <= self.infra.clock.now():
            t = self.infra.texts
            text = t.get(self.infra.group_lang(), "ahead.past", example=self._example())
            await self.infra.sender.send(chat_id, text)
            return
        await self._announce(newest.id, starts, user_id)

    async def _waiting(self) -> dict[tuple[int, int], tuple[datetime | None, int]]:
        if self._expected is None:
            async with self.infra.db.read() as tx:
                stored = await store.expected(tx)
            self._expected = {
                key: (datetime.fromisoformat(starts) if starts else None, after)
                for key, (starts, after) in stored.items()
            }
        return self._expected


class AfterCreation(BaseMiddleware):
    """After each update of an organiser whose start given with ``/new`` waits for his
    tournament (``Expected.created``): whichever kind's wizard created it, it is announced once
    the update that created it was handled (its registration message sent first)."""

    def __init__(self, expected: Expected) -> None:
        self._expected = expected

    async def __call__(
        self,
        handler: Callable[[TelegramObject, dict[str, Any]], Awaitable[Any]],
        event: TelegramObject,
        data: dict[str, Any],
    ) -> Any:
        result = await handler(event, data)
        assert isinstance(event, Update)
        found = _sender_and_chat(event)
        if found is not None and await self._expected.waits(*reversed(found)):
            try:
                await self._expected.created(found[1], found[0])
            except Exception:  # the update itself was handled: this must not undo it
                log.exception("announcing the tournament created by %s failed", found[0])
        return result


def _sender_and_chat(update: Update) -> tuple[int, int] | None:
    if update.message is not None and update.message.from_user is not None:
        return update.message.from_user.id, update.message.chat.id
    query = update.callback_query
    if query is not None and query.message is not None:
        return query.from_user.id, query.message.chat.id
    return None
