"""Swiss rounds and the Top (every card format) in the registry of kinds (``bot.kinds``): the
Swiss service with its deck lists and its draft's pick clock."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import TYPE_CHECKING

from bot.decks import DeckService
from bot.draft import DraftClockService
from bot.draft.buttons import DraftClockCb
from bot.kind import KindSpec
from bot.roles import Role
from bot.swiss import SwissService
from bot.swiss.buttons import (
    SwBeginCb,
    SwConsentCb,
    SwEntryCb,
    SwJoinCb,
    SwManageCb,
    SwNudgeCb,
    SwPenaltyCb,
    SwTopCb,
)

if TYPE_CHECKING:
    from bot.infra import Infra
    from bot.results import ResultFlow
    from bot.results.notices import ResultNotices
    from bot.web.render import Board
    from db.database import Tx

KIND, DISCIPLINE = "swiss", "berserk"


class SwissKind:
    """The Swiss service and the two that work on its tournaments."""

    def __init__(self, infra: Infra, flow: ResultFlow, notices: ResultNotices) -> None:
        self.swiss = SwissService(infra, flow, notices)
        self.decks = DeckService(infra.db, infra.clock, infra.notifier, self.swiss)
        self.draft_clock = DraftClockService(self.swiss)

    def register(self, flow: ResultFlow) -> None:
        self.swiss.register()
        self.draft_clock.register()

    async def web_board(self, tx: Tx, tournament_id: int, now: datetime) -> Board:
        return await self.swiss.web_board(tx, tournament_id, now)

    def handler_data(self) -> Mapping[str, object]:
        return {"swiss": self.swiss, "decks": self.decks, "draft_clock": self.draft_clock}

    async def withdraw_registrants(
        self, tournament_id: int, player_ids: Sequence[int], actor: int
    ) -> None:
        """``bot.kind.Withdraws``: the Swiss service's."""
        await self.swiss.withdraw_registrants(tournament_id, player_ids, actor)


SPEC = KindSpec(
    name=KIND,
    discipline=DISCIPLINE,
    handlers="handlers.swiss",
    build=SwissKind,
    buttons={
        SwJoinCb: Role.PLAYER,
        SwConsentCb: Role.PLAYER,
        SwManageCb: Role.ORGANISER,
        SwEntryCb: Role.ORGANISER,
        SwTopCb: Role.JUDGE,
        SwBeginCb: Role.ORGANISER,
        SwNudgeCb: Role.JUDGE,
        DraftClockCb: Role.JUDGE,
        SwPenaltyCb: Role.JUDGE,
    },
    commands=(
        "next_round",
        "pending",
        "draft",
        "deckbuilding",
        "penalty",
        "export",
        "heroes",
        "deck",
        "decks",
        "bracket",
    ),
)
