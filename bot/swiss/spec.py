"""Swiss rounds and the Top (every card format) in the registry of kinds (``bot.kinds``): the
Swiss service, host of its deck lists (``bot.decks``) and its draft's pick clock (``bot.draft``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import TYPE_CHECKING

from bot.decks import TOP_WITHOUT_BRACKET
from bot.errors import UserError
from bot.kind import DraftSeating, EntryGate, KindSpec, Placed
from bot.roles import Role
from bot.series import SeriesService
from bot.series.buttons import SerAskCb
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
from bot.swiss.play import play_of

if TYPE_CHECKING:
    from bot.infra import Infra
    from bot.results import ResultFlow
    from bot.results.notices import ResultNotices
    from bot.web.render import Board
    from bot.web.server import PageSource
    from db.database import Tx
    from db.tournaments import Tournament
    from rules.decks import Restriction
    from rules.decks.window import Window
    from rules.memory import Played

KIND, DISCIPLINE = "swiss", "berserk"


class SwissKind:
    """The Swiss service as the engine calls it; the deck lists and the pick clock ask the
    Swiss service itself (``bot.kind.DeckHost``, ``bot.kind.DraftHost``)."""

    def __init__(self, infra: Infra, flow: ResultFlow, notices: ResultNotices) -> None:
        self.swiss = SwissService(infra, flow, notices)
        # the Overlord series hears of its tournaments through the Swiss' extension point
        self.series = SeriesService(infra)
        self.swiss.listen(self.series)

    def register(self, flow: ResultFlow) -> None:
        self.swiss.register()
        self.series.register()

    async def web_board(self, tx: Tx, tournament_id: int, now: datetime) -> Board:
        return await self.swiss.web_board(tx, tournament_id, now)

    def web_pages(self) -> Mapping[str, PageSource]:
        """The Overlord series' tables (``/series/<token>``)."""
        return self.series.web_pages()

    def handler_data(self) -> Mapping[str, object]:
        return {"swiss": self.swiss, "series": self.series}

    # -- the deck lists' host (``bot.kind.DeckHost``)
    async def entrants(self, tx: Tx, tournament_id: int) -> list[int]:
        return await self.swiss.everyone(tx, tournament_id)

    async def active(self, tx: Tx, tournament_id: int) -> list[int]:
        return await self.swiss.active(tx, tournament_id)

    async def deck_window(self, tx: Tx, tournament: Tournament) -> Window:
        return await self.swiss.deck_window(tx, tournament)

    def deck_options(self, tournament: Tournament) -> Mapping[str, object]:
        return tournament.settings

    async def deck_restriction(
        self, tx: Tx, tournament: Tournament, player_id: int
    ) -> Restriction | None:
        """A card tournament's lists keep its format's rules, nothing more."""
        return None

    async def deck_edited(self, tx: Tx, tournament_id: int, player_id: int, actor: int) -> None:
        await self.swiss.event(tx, tournament_id, "sw_deck_edit", {"player": player_id}, actor)
        await self.swiss.audit(tx, tournament_id, actor, "deck_edit", {"player": player_id})

    async def final_places(self, tx: Tx, tournament: Tournament) -> tuple[list[Placed], int]:
        """The final places; the Top's lists are published (its first four without one)."""
        snap = await self.swiss.snapshot(tx, tournament.id)
        rows = self.swiss.places(snap.tournament, snap.state, snap.everyone)
        size = len(snap.state.seeds or []) or TOP_WITHOUT_BRACKET
        return [Placed(row.rank, int(row.player)) for row in rows], size

    # -- the pick clock's host (``bot.kind.DraftHost``)
    async def draft_seating(self, tx: Tx, tournament: Tournament) -> DraftSeating:
        """The current draft's pods (before seating, the active players are one table)."""
        if not play_of(tournament).drafted:
            raise UserError("pickclock.not_draft", format=self._format_name(tournament))
        state = await self.swiss.state(tx, tournament.id)
        pods = [list(pod) for pod in state.pods] or [await self.active(tx, tournament.id)]
        return DraftSeating(max(state.drafts, 1), pods)

    def _format_name(self, tournament: Tournament) -> str:
        fmt = play_of(tournament).format
        key = f"swiss.wiz_fmt_{fmt.value}"
        return self.swiss.t()(key) if self.swiss.texts.has(key) else fmt.value

    async def played(self, tx: Tx, tournament: Tournament) -> Played:
        return await self.swiss.played(tx, tournament)

    def gate_entries(self, gate: EntryGate) -> None:
        """``bot.kind.GatesEntries``: a held entry is a request, as a late entry's."""
        self.swiss.gate = gate

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
        SwPenaltyCb: Role.JUDGE,
        SerAskCb: Role.PLAYER,
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
        "why",
        "need",
    ),
    deck_lists=True,
    pick_clock=True,
)
