"""Tiny builders for the team rules' tests: team ``n`` is players ``10n + 1`` (first number)
and ``10n + 2`` (second), named «Tn»."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from rules.results import Outcome
from rules.teams import (
    DECIDING,
    Scoring,
    State,
    Team,
    TeamPairing,
    TmBegin,
    TmGame,
    TmRound,
    TmTeam,
    apply,
    replay,
)

W, L, D = Outcome.CLEAN_WIN, Outcome.LOSS, Outcome.DRAW
TW, TL = Outcome.TECHNICAL_WIN, Outcome.TECHNICAL_LOSS


def team(n: int, first: str | None = None, second: str | None = None) -> Team:
    return Team(n, f"T{n}", 10 * n + 1, 10 * n + 2, first, second)


def begin(
    teams: Iterable[Team],
    scoring: Scoring = Scoring.BY_MATCH,
    *,
    ratings: Mapping[int, int] | None = None,
    swap: bool = False,
    rounds: int = 3,
    seed: int = 7,
) -> State:
    listed = list(teams)
    events: list[TmTeam | TmBegin] = [
        TmTeam(t.id, t.name, int(t.first), int(t.second), t.deck_first, t.deck_second)
        for t in listed
    ]
    given = dict(ratings or {})
    for t in listed:
        for p in t.players:
            given.setdefault(int(p), 1200_00)
    ids = tuple(t.id for t in listed)
    events.append(TmBegin(seed, rounds, scoring.value, given, ids, swap))
    return replay(events)


def paired(state: State, pairing: TeamPairing) -> int:
    """Apply ``pairing`` as the next round; its number."""
    number = len(state.rounds) + 1
    crossed = tuple(t for t, c in enumerate(pairing.crossed, start=1) if c)
    apply(state, TmRound(number, 0, pairing.matches, pairing.bye, crossed))
    return number


def round_of(state: State, *tables: tuple[int, int], bye: int | None = None) -> int:
    number = len(state.rounds) + 1
    apply(state, TmRound(number, 0, tuple(tables), bye))
    return number


def games(state: State, number: int, table: int, one: Outcome, two: Outcome) -> None:
    apply(state, TmGame(number, table, 1, one))
    apply(state, TmGame(number, table, 2, two))


def decide(state: State, number: int, table: int, outcome: Outcome) -> None:
    apply(state, TmGame(number, table, DECIDING, outcome))
