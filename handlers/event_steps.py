"""Steps of the shared commands (``handlers.kind``) that kinds built on the event log answer
alike: ``/begin``, ``/cancel`` and ``/finish`` run the service's change (its after-commit part
too), and the views (``/standings``, ``/pairings`` …) answer the service's text of one view."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Protocol

from bot.deadlines import AfterCommit, committed
from handlers.kind import Call


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
