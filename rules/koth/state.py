"""King-of-the-Hill tournament state: value types and the views a board needs.

The state is a frozen value; the engine (``rules.koth.engine``) derives each new state from the
previous one and an event. Player ids are any hashable values; every per-player figure is kept
aligned with the fixed order, so states compare and hash as plain values.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from enum import StrEnum
from typing import Generic, TypeVar

__all__ = [
    "DecidedBy",
    "Elimination",
    "EliminationReason",
    "GameRecord",
    "KothState",
    "Phase",
    "PlayerId",
]

PlayerId = TypeVar("PlayerId", bound=Hashable)


class Phase(StrEnum):
    """Where the tournament stands."""

    MAIN = "main"
    """Main time (6.1): circles follow each other; the first to reach his norm wins (5.9)."""
    LAST_CIRCLE = "last_circle"
    """The circle in progress when the main time expired (6.2–6.8): losers may be eliminated."""
    EXTRA = "extra"
    """Extra games of the last circle's winner W after the last circle (6.9.3–6.9.4)."""
    FINAL = "final"
    """A final game (2 players) or a knockout mini-tournament (3+) (6.9.2, 6.9.4a, 6.9.5)."""
    FINISHED = "finished"
    """The winner is known; no further event is accepted."""


class DecidedBy(StrEnum):
    """Why the winner won."""

    NORM = "norm"
    """He reached his norm first (5.9), in the main time, the last circle or the extra games."""
    SOLE_LEADER = "sole_leader"
    """He won the last game of the last circle and was the sole Leader (6.9.1)."""
    FINAL = "final"
    """He won the final game between two players (6.9.2, 6.9.4a, 6.9.5)."""
    MINI_TOURNAMENT = "mini_tournament"
    """He won the knockout mini-tournament among three or more players (6.9.2, 6.9.4a)."""
    WALKOVER = "walkover"
    """His last opponent in the final or mini-tournament was eliminated by the judge."""
    JUDGE = "judge"
    """The judge declared him the winner (8.1–8.2)."""
    LAST_LEADER_STANDING = "last_leader_standing"
    """W lost an extra game and he was the only Leader (6.9.4b)."""


class EliminationReason(StrEnum):
    """Why a player is out of the fight for the title."""

    LAST_CIRCLE_LOSS = "last_circle_loss"
    """He lost a game of the last circle while neither Leader nor level with the Leader (6.7)."""
    EXTRA_GAME_LOSS = "extra_game_loss"
    """He was W and lost an extra game (6.9.4b)."""
    KNOCKED_OUT = "knocked_out"
    """He lost a game of the final or the mini-tournament (6.9.2)."""
    JUDGE = "judge"
    """The judge eliminated him by hand (8.1)."""


@dataclass(frozen=True, slots=True)
class Elimination:
    """One elimination and the figures behind it, taken at that moment.

    ``leader_remainder`` is the Leaders' remainder (the smallest among players still fighting,
    the eliminated player included) right after the game; ``game`` is the 1-based number of the
    game that caused it, ``None`` for a judge action.
    """

    reason: EliminationReason
    remainder: int
    leader_remainder: int | None
    game: int | None


@dataclass(frozen=True, slots=True)
class GameRecord(Generic[PlayerId]):
    """A game as the engine accepted it: 1-based number, the phase and circle it belonged to."""

    number: int
    winner: PlayerId
    loser: PlayerId
    phase: Phase
    circle: int
    rated: bool


@dataclass(frozen=True, slots=True)
class KothState(Generic[PlayerId]):
    """The whole tournament after some events. Build it with ``rules.koth.start``/``replay``.

    Fields hold the replay's memory; the properties are the views for a board. ``norm_values``
    and ``win_counts`` are aligned with ``order``. ``pointer`` is the 0-based position of the
    current challenger in the circle, ``played`` who has come to the table in this circle
    (including the pair at the table). ``king`` is the winner of the last game (``None`` before
    game 1). ``next_pair`` is the pair the rules put at the table now, the player already at the
    table first; ``None`` once finished.
    """

    order: tuple[PlayerId, ...]
    norm_values: tuple[int, ...]
    win_counts: tuple[int, ...]
    phase: Phase
    circle: int
    pointer: int
    played: frozenset[PlayerId]
    king: PlayerId | None
    next_pair: tuple[PlayerId, PlayerId] | None
    expired: bool = False
    history: tuple[GameRecord[PlayerId], ...] = ()
    eliminations: tuple[tuple[PlayerId, Elimination], ...] = ()
    left: frozenset[PlayerId] = frozenset()
    extra_leaders: tuple[PlayerId, ...] = ()
    extra_done: frozenset[PlayerId] = frozenset()
    extra_last_leader: PlayerId | None = None
    finalists: tuple[PlayerId, ...] = ()
    final_queue: tuple[PlayerId, ...] = ()
    winner: PlayerId | None = None
    decided_by: DecidedBy | None = None

    def position(self, player: PlayerId) -> int:
        """0-based place of ``player`` in the fixed order."""
        return self.order.index(player)

    def remainder_of(self, player: PlayerId) -> int:
        """norm − wins of one player (may drop below 0 only in a mini-tournament)."""
        i = self.position(player)
        return self.norm_values[i] - self.win_counts[i]

    @property
    def norms(self) -> dict[PlayerId, int]:
        return dict(zip(self.order, self.norm_values, strict=True))

    @property
    def wins(self) -> dict[PlayerId, int]:
        """Wins of every game so far, extra and final games included (5.8, 6.10)."""
        return dict(zip(self.order, self.win_counts, strict=True))

    @property
    def remainder(self) -> dict[PlayerId, int]:
        """norm − wins for every player (6.7)."""
        return {p: self.remainder_of(p) for p in self.order}

    @property
    def eliminated(self) -> dict[PlayerId, Elimination]:
        """Players out of the fight for the title, each with the reason, in elimination order."""
        return dict(self.eliminations)

    @property
    def contenders(self) -> tuple[PlayerId, ...]:
        """Players not eliminated, in the fixed order."""
        out = self.eliminated
        return tuple(p for p in self.order if p not in out)

    @property
    def leaders(self) -> tuple[PlayerId, ...]:
        """The Leaders (6.8) in the fixed order.

        Main time and last circle: the smallest remainder among contenders. Extra games: the
        Leaders fixed when the last circle ended (6.9.3). Final: its players still in. Finished:
        nobody.
        """
        if self.phase is Phase.FINISHED:
            return ()
        if self.phase is Phase.FINAL:
            out = self.eliminated
            return tuple(p for p in self.finalists if p not in out)
        if self.phase is Phase.EXTRA:
            return self.extra_leaders
        return leaders_by_remainder(self)

    @property
    def games(self) -> tuple[tuple[PlayerId, PlayerId], ...]:
        """Every game as (winner, loser), in order."""
        return tuple((g.winner, g.loser) for g in self.history)

    @property
    def game_count(self) -> int:
        return len(self.history)

    @property
    def rated(self) -> tuple[bool, ...]:
        """One flag per game: games of the main time and of the last circle are rated (6.10)."""
        return tuple(g.rated for g in self.history)

    @property
    def is_mini_tournament(self) -> bool:
        return len(self.finalists) > 2

    @property
    def upcoming(self) -> tuple[PlayerId, ...]:
        """Who comes to the table after the current pair.

        Main time and last circle: the challengers still due in this circle, up to its end (the
        circle boundary follows the last one). Extra games: the eliminated players still to
        play W, then one pass over the Leaders. Final: the mini-tournament's waiting players.
        """
        if self.phase in (Phase.MAIN, Phase.LAST_CIRCLE):
            out = self.eliminated
            later = self.order[self.pointer + 1 :]
            return tuple(p for p in later if p not in self.played and p not in out)
        if self.phase is Phase.EXTRA:
            return _extra_upcoming(self)
        if self.phase is Phase.FINAL:
            return self.final_queue
        return ()


def leaders_by_remainder(state: KothState[PlayerId]) -> tuple[PlayerId, ...]:
    """Contenders with the smallest remainder, in the fixed order (6.8)."""
    contenders = state.contenders
    if not contenders:
        return ()
    best = min(state.remainder_of(p) for p in contenders)
    return tuple(p for p in contenders if state.remainder_of(p) == best)


def extra_stayers(state: KothState[PlayerId]) -> tuple[PlayerId, ...]:
    """Eliminated players still owed an extra game with W, cyclic order after W (6.9.3)."""
    if state.king is None:
        return ()
    n = len(state.order)
    start = state.position(state.king) + 1
    cyclic = (state.order[(start + i) % n] for i in range(n - 1))
    out = state.eliminated
    return tuple(
        p for p in cyclic if p in out and p not in state.left and p not in state.extra_done
    )


def leaders_after(state: KothState[PlayerId], last: PlayerId | None) -> tuple[PlayerId, ...]:
    """The fixed Leaders cyclically after ``last`` (from p1 when ``last`` is ``None``)."""
    leaders = state.extra_leaders
    if last is None:
        return leaders
    here = state.position(last)
    later = tuple(p for p in leaders if state.position(p) > here)
    return later + tuple(p for p in leaders if state.position(p) <= here)


def _extra_upcoming(state: KothState[PlayerId]) -> tuple[PlayerId, ...]:
    current = state.next_pair[1] if state.next_pair else None
    stayers = tuple(p for p in extra_stayers(state) if p != current)
    last_leader = current if current in state.extra_leaders else state.extra_last_leader
    return stayers + leaders_after(state, last_leader)
