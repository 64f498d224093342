"""Judges: an organiser appoints them per tournament (``/judge``), and a judge's decision button
is checked against the game it names (``decide`` in ``handlers.results``)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.clock import Clock
from bot.results import Game, GameDesk, ResultFlow
from db import audit, players, tournaments
from db.database import Database
from db.tournaments import Tournament


@dataclass(frozen=True, slots=True)
class GameToDecide:
    """What a decision button names, as found now: ``desk`` is ``None`` when the tournament is
    gone or of no kind with results, ``game`` when the game is no longer open."""

    tournament: Tournament | None
    desk: GameDesk | None
    game: Game | None


class Judges:
    def __init__(self, db: Database, clock: Clock, flow: ResultFlow) -> None:
        self._db = db
        self._clock = clock
        self._flow = flow

    async def user_named(self, username: str) -> int | None:
        """The Telegram id of a user the bot has seen as ``@username``."""
        async with self._db.read() as tx:
            user = await players.tg_user_by_username(tx, username)
        return user.id if user else None

    async def name_of(self, telegram_id: int) -> str:
        """How a judge is named: his club name, else his Telegram name (and @username)."""
        async with self._db.read() as tx:
            player = await players.by_telegram(tx, telegram_id)
            user = await players.tg_user(tx, telegram_id)
        if player is not None and player.display_name:
            return player.display_name
        if user is None:
            return f"id {telegram_id}"
        return f"{user.full_name} (@{user.username})" if user.username else user.full_name

    async def appoint(self, tournament: Tournament, user_id: int, organiser_id: int) -> None:
        """Make ``user_id`` a judge of ``tournament`` (again: no change), in the audit log."""
        async with self._db.transaction() as tx:
            await tournaments.add_judge(tx, tournament.id, user_id)
            await audit.record(
                tx,
                tournament.id,
                organiser_id,
                "judge_appointed",
                {"user": user_id},
                self._clock.now().isoformat(),
            )

    async def game_to_decide(self, tournament_id: int, game_key: str) -> GameToDecide:
        """The tournament, its desk and the game a decision button names (see ``GameToDecide``)."""
        async with self._db.read() as tx:
            tournament = await tournaments.get(tx, tournament_id)
            desk = self._flow.desks.get(tournament.kind) if tournament else None
            game = None
            if desk is not None and tournament is not None:
                game = await desk.open_game(tx, tournament, game_key)
        return GameToDecide(tournament, desk, game)
