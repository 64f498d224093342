"""Filters shared by the tournament routers: which tournament an update is about."""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from typing import Any

from aiogram.filters import CommandObject, Filter
from aiogram.types import Message

from bot.directory import Directory
from handlers.kind import Lookup

_LINK = re.compile(r"^/start(?:@\w+)?\s+t-(\d{1,9})$")
_COMMAND = re.compile(r"^/[A-Za-z0-9_]")


def commanded(message: Message) -> bool:
    """The message's text, or its file's caption, is a command (``/cards``): a command wins over
    a question the bot asked. A ``//`` comment is no command."""
    return _COMMAND.match(message.text or message.caption or "") is not None


class CurrentTournament(Filter):
    """Passes when the command refers to a tournament of ``kind`` (see ``bot.directory``) and
    gives it to the handler as ``tournament``; otherwise the next router gets the update.

    Arguments are not read as a tournament id (``/add 12`` names club ID 12, ``/result 3 a``
    a table), except with ``by_id`` (/log 12, /queue 12), where a leading number names the
    tournament, finished ones included. ``shown`` (/queue, /standings, /pairings; implies
    ``by_id``): with no open tournament, the last finished one (``directory.shown``).
    """

    def __init__(
        self, kind: str | Collection[str], *, by_id: bool = False, shown: bool = False
    ) -> None:
        #: the kinds it passes (one, or those of a shared service: ``bot.kinds.DECK_LISTS``)
        self.kinds = frozenset((kind,) if isinstance(kind, str) else kind)
        assert len(self.kinds) == 1 or not shown, "shown looks up one kind"
        self.kind = next(iter(self.kinds)) if len(self.kinds) == 1 else None
        self.by_id = by_id or shown
        self.shown = shown

    async def __call__(self, message: Message, directory: Directory) -> bool | dict[str, Any]:
        if message.from_user is None:
            return False
        parts = (message.text or "").split(maxsplit=1)
        args = parts[1] if self.by_id and len(parts) > 1 else None
        chat, user = message.chat.id, message.from_user.id
        if self.shown:
            found = await directory.shown(chat, user, args, self.kind)
        else:
            found = await directory.current(chat, user, args)
        if found is None or found.kind not in self.kinds:
            return False
        return {"tournament": found}


class CommandTournament(Filter):
    """The tournament a shared command means, of any kind (``handlers.kind.SHARED`` says how
    each command finds it), as ``tournament``; none: the next router gets the update (the
    fallback says there is none)."""

    def __init__(self, lookups: Mapping[str, Lookup]) -> None:
        self.lookups = lookups

    async def __call__(
        self, message: Message, command: CommandObject, directory: Directory
    ) -> bool | dict[str, Any]:
        lookup = self.lookups.get(command.command)
        if message.from_user is None or lookup is None:
            return False
        chat, user = message.chat.id, message.from_user.id
        args = None if lookup is Lookup.CURRENT else command.args
        if lookup is Lookup.SHOWN:
            found = await directory.shown(chat, user, args)
        elif lookup is Lookup.LATEST:
            found = await directory.latest(chat, user, args)
        else:
            found = await directory.current(chat, user, args)
        return False if found is None else {"tournament": found}


class OpenTournament(Filter):
    """The open tournament a command in this chat refers to, of any kind, as ``tournament``."""

    async def __call__(self, message: Message, directory: Directory) -> bool | dict[str, Any]:
        if message.from_user is None:
            return False
        found = await directory.current(message.chat.id, message.from_user.id)
        return False if found is None else {"tournament": found}


class LinkedTournament(Filter):
    """``/start t-<id>`` for a tournament of ``kind``: gives it as ``tournament``."""

    def __init__(self, kind: str) -> None:
        self.kind = kind

    async def __call__(self, message: Message, directory: Directory) -> bool | dict[str, Any]:
        match = _LINK.match((message.text or "").strip())
        if match is None:
            return False
        found = await directory.by_id(int(match.group(1)))
        if found is None or found.kind != self.kind:
            return False
        return {"tournament": found}
