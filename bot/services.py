"""The services the handlers receive (``Services``), built by ``bot.main`` and frozen.

Each field is one service, typed; aiogram hands a handler the ones its parameters name
(``koth: KothService``), from ``handler_data``. The database is not among them: handlers call
services, and services open the units of work.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any, TypeVar

from aiogram import Bot

from bot.ahead import Ahead
from bot.background import Background
from bot.clock import Clock
from bot.deadlines import Deadlines
from bot.decks import DeckService
from bot.directory import Directory
from bot.draft import DraftClockService
from bot.groups import Groups
from bot.infra import Infra
from bot.judges import Judges
from bot.kind import KindService
from bot.live import Live
from bot.memory import ClubMemory
from bot.no_shows import NoShows
from bot.notify import Notifier
from bot.outbox import Outbox
from bot.pictures.profile import RatingCharts
from bot.recap import Recaps
from bot.registry import Registry
from bot.results import ResultFlow
from bot.results.notices import ResultNotices
from bot.roles import Roles
from bot.seasons import Seasons
from bot.sender import Sender
from bot.settings import Settings
from bot.texts import Texts
from bot.web.links import BoardLinks
from bot.web.server import WebBoards
from db.database import Database

#: fields that are the process's, not a handler's to call
NOT_FOR_HANDLERS = frozenset({"infra", "db", "bot", "live", "polling", "web_boards"})
S = TypeVar("S")


@dataclass(frozen=True, slots=True)
class Services:
    """Everything the bot is made of once assembled (``bot.main.build_services``)."""

    infra: Infra
    bot: Bot
    roles: Roles
    groups: Groups
    directory: Directory
    charts: RatingCharts
    live: Live
    #: set once the bot asks Telegram for updates (``bot.main.FirstPoll``)
    polling: asyncio.Event
    flow: ResultFlow
    notices: ResultNotices
    judges: Judges
    #: who played whom (``/h2h``, the nemesis) and the seasons' tables (issue 27)
    memory: ClubMemory
    seasons: Seasons
    #: the evening's recap, once a night per group (issue 27, item 6)
    recaps: Recaps
    #: no-shows across tournaments (issue 27, item 7)
    no_shows: NoShows
    #: each registered kind's service, by ``Tournament.kind`` (``bot.kinds``)
    kinds: Mapping[str, KindService]
    #: the deck lists of the kinds that take them (``KindSpec.deck_lists``)
    decks: DeckService
    #: the pick clock of the kinds that draft on it (``KindSpec.pick_clock``)
    draft_clock: DraftClockService
    web_boards: WebBoards
    #: tournaments announced ahead and their check-in, for every kind (``bot.ahead``)
    ahead: Ahead

    # -- the infrastructure, by its own names (what handlers and tests read)
    @property
    def db(self) -> Database:
        return self.infra.db

    @property
    def settings(self) -> Settings:
        return self.infra.settings

    @property
    def clock(self) -> Clock:
        return self.infra.clock

    @property
    def texts(self) -> Texts:
        return self.infra.texts

    @property
    def sender(self) -> Sender:
        return self.infra.sender

    @property
    def notifier(self) -> Notifier:
        return self.infra.notifier

    @property
    def outbox(self) -> Outbox:
        return self.infra.outbox

    @property
    def registry(self) -> Registry:
        return self.infra.registry

    @property
    def deadlines(self) -> Deadlines:
        return self.infra.deadlines

    @property
    def links(self) -> BoardLinks:
        return self.infra.links

    @property
    def background(self) -> Background:
        return self.infra.background

    def service(self, of: type[S]) -> S:
        """A kind's service by its type (``services.service(SwissService)``)."""
        for kind in self.kinds.values():
            for found in kind.handler_data().values():
                if isinstance(found, of):
                    return found
        raise LookupError(of.__name__)

    def handler_data(self) -> dict[str, Any]:
        """What a handler may ask for by name (the dispatcher's workflow data): the services
        here and each kind's own (``KindService.handler_data``)."""
        data: dict[str, Any] = {
            field.name: getattr(self, field.name)
            for field in fields(self)
            if field.name not in NOT_FOR_HANDLERS
        }
        for kind in self.kinds.values():
            data.update(kind.handler_data())
        for name in ("settings", "clock", "texts", "sender", "notifier", "outbox", "registry"):
            data[name] = getattr(self, name)
        data["background"] = self.background
        data["links"] = self.links
        return data
