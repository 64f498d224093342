"""Steps of the shared commands (``handlers.kind``) that kinds built on the event log answer
alike: ``/begin``, ``/cancel`` and ``/finish`` run the service's change (its after-commit part
too), and the views (``/standings``, ``/pairings`` …) answer the service's text of one view;
``event_commands`` is such a kind's whole ``KindCommands`` with the roles each needs."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Protocol, TypeVar

from bot.deadlines import AfterCommit, committed
from bot.roles import Role
from handlers.kind import Call, KindCommands, Own


class Changes(Protocol):
    """A service's organiser's changes, each returning what runs after its commit."""

    async def begin(self, tid: int, actor: int) -> AfterCommit: ...

    async def cancel(self, tid: int, actor: int) -> AfterCommit: ...

    async def finish(self, tid: int, actor: int) -> AfterCommit: ...


class Views(Protocol):
    """A service's texts of its tournament (``which``: the view's name)."""

    async def view(self, tid: int, lang: str, which: str) -> str: ...


async def begin(call: Call, service: Changes) -> None:
    await committed(await service.begin(call.tournament.id, call.actor))


async def cancel(call: Call, service: Changes) -> None:
    await committed(await service.cancel(call.tournament.id, call.actor))


async def finish(call: Call, service: Changes) -> None:
    await committed(await service.finish(call.tournament.id, call.actor))


def viewer(which: str) -> Callable[[Call, Views], Awaitable[None]]:
    """The step answering the view ``which`` in the sender's language."""

    async def step(call: Call, service: Views) -> None:
        await call.message.answer(await service.view(call.tournament.id, call.t.lang, which))

    return step


class EventService(Changes, Views, Protocol):
    """A service whose shared commands ``event_commands`` answers."""


S = TypeVar("S", bound=EventService)
Step = Callable[[Call, S], Awaitable[None]]


def event_commands(
    service: type[S], *, add: Step[S], extend: Step[S], join: Step[S], result: Step[S], queue: str
) -> KindCommands[S]:
    """The kind's own ``add``, ``extend``, ``join`` and ``result`` steps, the shared ones, and
    the view ``/queue`` shows (``/pairings`` shows the board, ``/log`` the log, to judges)."""
    return KindCommands(
        service,
        {
            "add": Own(Role.ORGANISER, add),
            "begin": Own(Role.ORGANISER, begin),
            "cancel": Own(Role.ORGANISER, cancel),
            "extend": Own(Role.JUDGE, extend),
            "finish": Own(Role.ORGANISER, finish),
            "join": Own(None, join),
            "log": Own(Role.JUDGE, viewer("log")),
            "pairings": Own(None, viewer("board")),
            "queue": Own(None, viewer(queue)),
            "result": Own(Role.JUDGE, result),
            "standings": Own(None, viewer("standings")),
        },
    )
