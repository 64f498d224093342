"""The result flow's desk of an Arena (``bot.results.GameDesk``): an accepted challenge is an
open game; its key is ``c<number>``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from aiogram.types import InlineKeyboardMarkup
from aiogram.utils.keyboard import InlineKeyboardBuilder

from bot.arena.buttons import (
    ArFormatCb,
)
from bot.arena.core import (
    ArenaCore,
)
from bot.buttons import ReportCb
from bot.deadlines import AfterCommit
from bot.notices import Button, Phrase, phrase
from bot.results import Claim, Game
from db.database import Tx
from db.tournaments import Tournament
from rules.arena import (
    FORMATS,
    Status,
)

if TYPE_CHECKING:
    pass


class Reporter(Protocol):
    """What the desk asks of the service: its core, and a final result to record."""

    core: ArenaCore

    async def reported(
        self, tx: Tx, tournament: Tournament, game: Game, claim: Claim, judge: int | None
    ) -> AfterCommit | None: ...


def game_key(challenge: int) -> str:
    return f"c{challenge}"


def challenge_of(key: str) -> int | None:
    return int(key[1:]) if key.startswith("c") and key[1:].isdigit() else None


class ArenaDesk:
    """The result flow's ``GameDesk`` of an Arena: an accepted challenge is an open game."""

    def __init__(self, service: Reporter) -> None:
        self._s = service

    async def open_game(self, tx: Tx, tournament: Tournament, game_key: str) -> Game | None:
        number = challenge_of(game_key)
        state = await self._s.core.state(tx, tournament.id)
        c = state.challenges.get(number or 0)
        if c is None or c.status is not Status.ACCEPTED:
            return None
        return Game(game_key, c.challenger, c.challenged)

    async def closed_note(self, tx: Tx, tournament: Tournament, game_key: str) -> str | None:
        return None

    async def record(
        self, tx: Tx, tournament: Tournament, game: Game, claim: Claim, actor_id: int | None
    ) -> AfterCommit | None:
        """Both players agreed (or a judge decided, ``actor_id``): the result waits for a
        judge's approval; a judge's own decision counts at once (605.6)."""
        return await self._s.reported(tx, tournament, game, claim, actor_id)

    async def on_pending(self, tournament: Tournament, game: Game) -> None:
        return None

    async def current_game(self, tx: Tx, tournament: Tournament, player_id: int) -> Game | None:
        state = await self._s.core.state(tx, tournament.id)
        for c in state.open_challenges(player_id):
            if c.status is Status.ACCEPTED:
                return Game(game_key(c.id), c.challenger, c.challenged)
        return None

    async def report_markup(
        self, tx: Tx, tournament: Tournament, game: Game, lang: str
    ) -> InlineKeyboardMarkup:
        t = self._s.core.tr(lang)
        builder = InlineKeyboardBuilder()
        number = challenge_of(game.key) or 0
        for fmt in FORMATS:
            builder.button(
                text=t(f"arena.format_{fmt}"),
                callback_data=ArFormatCb(t=tournament.id, n=number, f=fmt),
            )
        for label, code in (
            ("arena.btn_won", "w"),
            ("arena.btn_lost", "l"),
            ("arena.btn_draw", "d"),
        ):
            builder.button(
                text=t(label), callback_data=ReportCb(t=tournament.id, g=game.key, c=code)
            )
        builder.adjust(4, 3)
        return builder.as_markup()

    def label(self, tournament: Tournament, game: Game) -> Phrase:
        return phrase("arena.label", id=challenge_of(game.key) or 0)

    def draws_allowed(self, tournament: Tournament, game: Game) -> bool:
        return True

    def match_format(self, tournament: Tournament) -> bool:
        return False


def game_buttons(tid: int, number: int) -> tuple[tuple[Button, ...], ...]:
    """The players' message of an accepted challenge: the format played, then the result."""
    formats = tuple(
        Button(label=phrase(f"arena.format_{fmt}"), data=ArFormatCb(t=tid, n=number, f=fmt).pack())
        for fmt in FORMATS
    )
    key = game_key(number)
    results = tuple(
        Button(label=phrase(label), data=ReportCb(t=tid, g=key, c=code).pack())
        for label, code in (
            ("arena.btn_won", "w"),
            ("arena.btn_lost", "l"),
            ("arena.btn_draw", "d"),
        )
    )
    return (formats, results)
