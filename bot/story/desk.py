"""The result flow's ``GameDesk`` of Story Constructed (``bot.results``): a table of the current
round, or of 607.4.6's round robin, is open until its result is recorded; the buttons are «won»,
«lost» and «draw by time» (607.4.7: no agreed draw is offered)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from bot.deadlines import AfterCommit
from bot.errors import UserError
from bot.event_desk import EventDesk
from bot.notices import Phrase, phrase
from bot.results import Claim, Game
from bot.story.core import StoryCore
from db.database import Tx
from db.tournaments import Tournament
from rules.story import State, StGame, StRobinGame
from rules.story.games import (
    game_key,
    outcome_from_claim,
    parse_game_key,
    parse_robin_key,
    robin_key,
)

#: what the service does after a game's result (the next round, or the end)
AfterGame = Callable[[Tx, Tournament], Awaitable[AfterCommit]]


def open_robin_game(state: State, key: str) -> Game | None:
    """A round-robin game still without its result (``None``: no such open game)."""
    parsed = parse_robin_key(key)
    if parsed is None or state.finished or not 1 <= parsed[0] <= len(state.robins):
        return None
    robin = state.robins[parsed[0] - 1]
    if parsed[1] not in robin.open_tables():
        return None
    a, b = robin.pairs[parsed[1] - 1]
    return Game(key, a, b, draws=True, double_loss=True, absence=True)


def open_game(state: State, key: str) -> Game | None:
    if parse_robin_key(key) is not None:
        return open_robin_game(state, key)
    parsed = parse_game_key(key)
    rnd = state.current
    if parsed is None or rnd is None or state.finished or parsed[0] != rnd.number:
        return None
    table = parsed[1]
    if table not in state.open_tables(rnd):
        return None
    a, d = rnd.pairs[table - 1]
    return Game(key, a, d, draws=True, double_loss=True, absence=True)


class StoryDesk(EventDesk[StoryCore]):
    """Finds a Story game and records its final result through the service."""

    def __init__(
        self, core: StoryCore, after_game: AfterGame, refresh: Callable[[int], Awaitable[None]]
    ) -> None:
        super().__init__(core, refresh)
        self._after_game = after_game

    async def open_game(self, tx: Tx, tournament: Tournament, game_key: str) -> Game | None:
        return open_game(await self._core.state(tx, tournament.id), game_key)

    async def record(
        self, tx: Tx, tournament: Tournament, game: Game, claim: Claim, actor_id: int | None
    ) -> AfterCommit | None:
        if claim.agreed:  # 607.4.7: never offered; a forged press is refused
            raise UserError("story.no_agreed_draw")
        outcome = outcome_from_claim(claim, game.a, game.b)
        robin = parse_robin_key(game.key)
        parsed = parse_game_key(game.key)
        # the flow found this game open a moment ago: its key is one of the two
        absent = claim.absent
        event = (
            StRobinGame(*robin, outcome, absent=absent)
            if robin
            else StGame(*parsed or (0, 0), outcome, absent=absent)
        )
        await self._core.record(tx, tournament.id, event, actor_id)
        return await self._after_game(tx, tournament)

    async def current_game(self, tx: Tx, tournament: Tournament, player_id: int) -> Game | None:
        state = await self._core.state(tx, tournament.id)
        number = state.open_robin()
        if number is not None:  # the player's first round-robin game still open
            robin = state.robins[number - 1]
            mine = [t for t in robin.tables_of(player_id) if t in robin.open_tables()]
            return open_robin_game(state, robin_key(number, mine[0])) if mine else None
        rnd = state.current
        table = rnd.table_of(player_id) if rnd is not None else None
        if rnd is None or table is None:
            return None
        return open_game(state, game_key(rnd.number, table))

    def label(self, tournament: Tournament, game: Game) -> Phrase:
        robin = parse_robin_key(game.key)
        if robin is not None:
            return phrase("story.robin_label", table=robin[1])
        parsed = parse_game_key(game.key)
        assert parsed is not None
        return phrase("story.label", round=parsed[0], table=parsed[1])
