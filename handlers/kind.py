"""The handlers' half of the kind contract: the commands every kind has, and how a kind answers
them.

Eleven commands mean the same thing whatever the tournament (``SHARED``). They are written once
(``handlers.shared_commands``): which tournament the command means, whether the sender may do
it (one role check, ``handlers.guard``), then the kind's own step. A kind's handlers module
(``KindSpec.handlers``) holds, beside its ``routes``, its ``commands``: a ``KindCommands``
naming, for each shared command, the role it needs there and the step that parses the rest of
the command, calls the kind's service and answers.
"""

from __future__ import annotations

import enum
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Generic, TypeVar

from aiogram.types import Message

from bot.kind import KindService
from bot.registry import Registry
from bot.roles import Role
from bot.texts import Tr
from db.tournaments import Tournament


class Lookup(enum.Enum):
    """Which tournament a shared command means (``bot.directory``)."""

    #: the open one of the chat (its arguments are not a tournament's number: ``/add 12``
    #: names club ID 12)
    CURRENT = "current"
    #: a leading number names the tournament, finished ones included (``/log 12``); without
    #: one the open one, and with none open the last finished one (``directory.latest``)
    LATEST = "latest"
    #: a number or the open one, and with none open (or a card tournament still in its
    #: registration, with nothing to show yet), the last finished one (``directory.shown``)
    SHOWN = "shown"


#: the commands every kind has, and which tournament each means
SHARED: Mapping[str, Lookup] = {
    "add": Lookup.CURRENT,
    "begin": Lookup.CURRENT,
    "cancel": Lookup.CURRENT,
    "extend": Lookup.CURRENT,
    "finish": Lookup.CURRENT,
    "join": Lookup.CURRENT,
    "result": Lookup.CURRENT,
    "log": Lookup.LATEST,
    "pairings": Lookup.SHOWN,
    "queue": Lookup.SHOWN,
    "standings": Lookup.SHOWN,
}


@dataclass(frozen=True, slots=True)
class Call:
    """A shared command about a tournament, its sender's role checked."""

    message: Message
    #: the command's name as the sender wrote it (``queue``, ``standings``, …)
    name: str
    #: what follows the command ("" without arguments)
    args: str
    tournament: Tournament
    #: the sender's Telegram id
    actor: int
    t: Tr
    registry: Registry

    @property
    def words(self) -> list[str]:
        return self.args.split()


S = TypeVar("S")


@dataclass(frozen=True, slots=True)
class Own(Generic[S]):
    """A kind's answer to one shared command."""

    #: the role the command needs in this kind (``None``: anyone)
    need: Role | None
    step: Callable[[Call, S], Awaitable[None]]


class KindCommands(Generic[S]):
    """A kind's answers to every shared command; ``service`` is the type of the service each
    step receives (one its ``KindService`` offers its handlers: ``handler_data``)."""

    def __init__(self, service: type[S], own: Mapping[str, Own[S]]) -> None:
        if set(own) != set(SHARED):
            missing, extra = set(SHARED) - set(own), set(own) - set(SHARED)
            raise ValueError(f"shared commands missing {sorted(missing)}, unknown {sorted(extra)}")
        self.service = service
        self.own = own

    def need(self, name: str) -> Role | None:
        return self.own[name].need

    async def run(self, call: Call, kind: KindService) -> None:
        """Run the command's step with the kind's service (among ``kind.handler_data()``)."""
        await self.own[call.name].step(call, self.service_of(kind))

    def service_of(self, kind: KindService) -> S:
        for found in kind.handler_data().values():
            if isinstance(found, self.service):
                return found
        raise TypeError(f"{type(kind).__name__} offers no {self.service.__name__}")
