"""A table of a Swiss or Top round as the result flow's game (``bot.results.Game``)."""

from __future__ import annotations

from bot.results import Game
from bot.swiss.views import top_stage
from rules.swiss import TOP, Round


def game_of(rnd: Round, table: int) -> Game:
    """A table of a round as the result flow's game: no draws in the Top, whose rounds are
    named by their stage (the final, the semi-finals …).

    Both come from the replayed round. (Tournaments seeded before this kept the Top's first
    round and size in their settings as ``_top_from`` / ``_top_size``: nothing reads them now,
    their rounds' stages in the log tell the same.)"""
    a, b = rnd.tables[table - 1]
    stage = top_stage(len(rnd.tables)) if rnd.stage == TOP else ""
    draws = rnd.draws_allowed
    return Game(rnd.key(table), a, b, draws=draws, stage=stage, double_loss=draws, absence=True)
