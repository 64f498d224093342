"""Head-to-head: two players' record against each other, and a player's «nemesis» (issue 27,
item 4), counted over the club's games of every kind and discipline.

A *meeting* is one game between two players as the club remembers it (``Meeting``): who
played, who won (``None``: a draw), and where it stands in time (its tournament's start, the
tournament, its order in the tournament). What counts as a game is the kind's to say
(``bot.kind.KindService.played``): a game played at the table. A bye, a technical result (an
absence, a penalty) and a double loss are no meeting: nobody beat anybody over the board.

The record (``head_to_head``) is read from one side: games, wins, draws, losses (wins + draws
+ losses = games; the other side's wins are this side's losses), the last five meetings newest
first, and who leads (more wins; equal wins: nobody).

The nemesis (``nemesis``): among the opponents met at least ``NEMESIS_GAMES`` times, the one
who beat the player most often. Ties: more wins over him, then the larger lead over him (his
wins − the player's wins against him), then the one who beat him last, then the lower club
number (a choice: a stable answer). An opponent who never beat him is nobody's nemesis.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

__all__ = [
    "LAST",
    "NEMESIS_GAMES",
    "Mark",
    "Meeting",
    "Nemesis",
    "Record",
    "head_to_head",
    "nemesis",
]

#: how many of the latest meetings the record shows
LAST = 5
#: the fewest games against one opponent that make him a possible nemesis
NEMESIS_GAMES = 3


class NotAPlayer(ValueError):
    """A meeting's winner is neither of its players, or a player meets himself."""


@dataclass(frozen=True, slots=True, order=True)
class Meeting:
    """One game: ``when`` (its tournament's start, ISO), ``tournament``, ``number`` (its order
    in the tournament) order meetings in time; ``winner`` is ``a``, ``b`` or ``None`` (a
    draw)."""

    when: str
    tournament: int
    number: int
    a: int
    b: int
    winner: int | None

    def __post_init__(self) -> None:
        if self.a == self.b:
            raise NotAPlayer(f"player {self.a} meets himself")
        if self.winner is not None and self.winner not in (self.a, self.b):
            raise NotAPlayer(f"winner {self.winner} did not play")

    @property
    def moment(self) -> tuple[str, int, int]:
        """Where it stands in time (two games of one moment are not told apart by it)."""
        return (self.when, self.tournament, self.number)

    def between(self, one: int, other: int) -> bool:
        return {self.a, self.b} == {one, other}

    def opponent(self, player: int) -> int:
        return self.b if player == self.a else self.a


class Mark(StrEnum):
    """One meeting from a player's side."""

    WIN = "W"
    DRAW = "D"
    LOSS = "L"


def mark(meeting: Meeting, player: int) -> Mark:
    if meeting.winner is None:
        return Mark.DRAW
    return Mark.WIN if meeting.winner == player else Mark.LOSS


@dataclass(frozen=True, slots=True)
class Record:
    """``me`` against ``them``: see the module docstring."""

    me: int
    them: int
    wins: int
    draws: int
    losses: int
    #: the latest meetings, newest first (at most ``LAST``)
    last: tuple[tuple[Meeting, Mark], ...]

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def leader(self) -> int | None:
        """Who has won more of their games (``None``: equal, or they never met)."""
        if self.wins == self.losses:
            return None
        return self.me if self.wins > self.losses else self.them


def head_to_head(meetings: Iterable[Meeting], me: int, them: int) -> Record:
    """``me``'s record against ``them`` over ``meetings`` (others' games are ignored)."""
    if me == them:
        raise NotAPlayer(f"player {me} meets himself")
    ours = sorted(m for m in meetings if m.between(me, them))
    marks = [mark(m, me) for m in ours]
    latest = tuple(zip(reversed(ours), reversed(marks), strict=True))[:LAST]
    return Record(
        me=me,
        them=them,
        wins=marks.count(Mark.WIN),
        draws=marks.count(Mark.DRAW),
        losses=marks.count(Mark.LOSS),
        last=latest,
    )


@dataclass(frozen=True, slots=True)
class Nemesis:
    """The opponent who beat ``me`` most (see the module docstring) and their record."""

    player: int
    record: Record


def nemesis(meetings: Sequence[Meeting], me: int, least: int = NEMESIS_GAMES) -> Nemesis | None:
    """``me``'s nemesis over ``meetings``; ``None`` when nobody qualifies."""
    opponents = {m.opponent(me) for m in meetings if me in (m.a, m.b)}
    best: tuple[tuple[int, int, tuple[str, int, int], int], Nemesis] | None = None
    for other in opponents:
        record = head_to_head(meetings, me, other)
        if record.games < least or record.losses == 0:
            continue
        last_loss = max(m.moment for m in meetings if m.between(me, other) and m.winner == other)
        rank = (record.losses, record.losses - record.wins, last_loss, -other)
        if best is None or rank > best[0]:
            best = (rank, Nemesis(other, record))
    return None if best is None else best[1]
