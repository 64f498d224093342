"""A feature module's handlers, written with aiogram's decorators, made into a fresh aiogram
``Router`` for each dispatcher.

An aiogram router belongs to one parent for life (``include_router`` refuses a router already
included, and aiogram offers no way to detach one). A router built at import time could thus
serve only the first dispatcher of the process, while the end-to-end tests start the bot again
and again in one process. So each module records its handlers in a ``Routes`` (the same
decorators: ``@routes.message(Command("join"))``) and ``Routes.router()`` registers them on a
new ``Router`` through aiogram's public ``register``, in the order they were written.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from aiogram import Router
from aiogram.filters import Command

Handler = Callable[..., Any]


@dataclass(frozen=True, slots=True)
class _Entry:
    event: str  #: the observer's name in ``Router.observers`` ("message", "error", ...)
    handler: Handler
    filters: tuple[Any, ...]
    flags: dict[str, Any] | None


class Routes:
    """The handlers of one feature module and the ``Routes`` it includes, in order."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._entries: list[_Entry] = []
        self._included: list[Routes] = []

    def _on(
        self, event: str, filters: tuple[Any, ...], flags: dict[str, Any] | None
    ) -> Callable[[Handler], Handler]:
        def record(handler: Handler) -> Handler:
            self._entries.append(_Entry(event, handler, filters, flags))
            return handler

        return record

    def message(
        self, *filters: Any, flags: dict[str, Any] | None = None
    ) -> Callable[[Handler], Handler]:
        return self._on("message", filters, flags)

    def callback_query(
        self, *filters: Any, flags: dict[str, Any] | None = None
    ) -> Callable[[Handler], Handler]:
        return self._on("callback_query", filters, flags)

    def chat_member(
        self, *filters: Any, flags: dict[str, Any] | None = None
    ) -> Callable[[Handler], Handler]:
        return self._on("chat_member", filters, flags)

    def errors(
        self, *filters: Any, flags: dict[str, Any] | None = None
    ) -> Callable[[Handler], Handler]:
        return self._on("error", filters, flags)

    def commands(self) -> set[str]:
        """The commands its message handlers (and those of the included ones) are filtered by
        (aiogram's ``Command`` filters)."""
        found: set[str] = set()
        for entry in self._entries:
            for command in (f for f in entry.filters if isinstance(f, Command)):
                found.update(c for c in command.commands if isinstance(c, str))
        for routes in self._included:
            found |= routes.commands()
        return found

    def include(self, *routes: Routes) -> None:
        """Their routers become this one's sub-routers, after its own handlers."""
        self._included.extend(routes)

    def router(self) -> Router:
        """A new aiogram router with these handlers (and new routers of the included ones)."""
        router = Router(name=self.name)
        for entry in self._entries:
            router.observers[entry.event].register(entry.handler, *entry.filters, flags=entry.flags)
        for routes in self._included:
            router.include_router(routes.router())
        return router
