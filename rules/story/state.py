"""The state of a Story tournament, replayed from its log (``rules.story.events``), and what it
derives: the sides and captains, the round being paired (607.4.2), who is in, out and in
reserve, the end (607.4.5), the places (607.4.6) and each game for the ratings.

A round opens by itself: round 1 at the start, each next one once every game of the last is
recorded, while both sides still have players (607.4.5). Its players are the sides' players
still in at its opening; its pairing is complete when every player of one side has an opponent.
A loser is out (607.4.4); a double loss (a judge's) puts both out; a draw puts nobody out.

607.4.6's round robin (``rules.story.robin``) comes after the end, among undefeated players of
the winning side level in everything: its games put nobody out and change no Story points nor
tie-breaks; once every game is in, its ranks order those players before the captain's word,
and each of its games is rated like any other.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from rules.results import MatchRecord, Outcome, opposite
from rules.story.events import (
    StAnswer,
    StBegin,
    StCancel,
    StCaptain,
    StFinish,
    StGame,
    StJoin,
    StLeave,
    StName,
    StOrder,
    StoryEvent,
    StRobin,
    StRobinGame,
    StVote,
)
from rules.story.pairing import Pair, answers, nominees
from rules.story.places import PlayerRow, Tally, level_groups, rank, story_points
from rules.story.robin import robin_complete, robin_pairs, robin_points, robin_ranks
from rules.story.sides import MIN_PLAYERS, SIDES, Election, elect, other

__all__ = [
    "AgreedDraw",
    "NotYourTurn",
    "Robin",
    "Round",
    "State",
    "StateError",
    "UnknownGame",
    "apply",
    "replay",
]


class StateError(ValueError):
    """An event does not fit the state (a join after the start, a round before it, …)."""


class NotYourTurn(StateError):
    """A name that is not on offer: not the captain's turn, or a player he may not name."""


class UnknownGame(StateError):
    """A result for a table that does not exist, or of a round already closed."""


class AgreedDraw(StateError):
    """607.4.7: an agreed draw is forbidden in Story Constructed."""


@dataclass(slots=True)
class Round:
    number: int
    #: the players of each side still in when the round opened, in joining order
    players: tuple[tuple[int, ...], tuple[int, ...]]
    #: the pairs that may not meet in this round (607.4.7), by the draws of the last one
    forbidden: frozenset[Pair]
    #: (attacker, defender) per table, in the order made
    pairs: list[tuple[int, int]] = field(default_factory=list)
    #: the attacker named and still waiting for his opponent
    nominee: int | None = None
    results: dict[int, Outcome] = field(default_factory=dict)
    ends_at: str | None = None

    def table_of(self, player: int) -> int | None:
        return next((i for i, p in enumerate(self.pairs, start=1) if player in p), None)


@dataclass(slots=True)
class Robin:
    """A round robin of 607.4.6: its players, its pairs by table, its results by table (from
    the pair's first player's side)."""

    players: tuple[int, ...]
    pairs: list[tuple[int, int]]
    results: dict[int, Outcome] = field(default_factory=dict)

    @property
    def complete(self) -> bool:
        return robin_complete(self.pairs, self.results)

    def open_tables(self) -> list[int]:
        return [t for t in range(1, len(self.pairs) + 1) if t not in self.results]

    def tables_of(self, player: int) -> list[int]:
        return [t for t, pair in enumerate(self.pairs, start=1) if player in pair]

    def ranks(self) -> dict[int, int]:
        """Each player's rank by its points once complete (before: none)."""
        return robin_ranks(self.players, self.pairs, self.results) if self.complete else {}


@dataclass(slots=True)
class State:
    #: each side's members, in joining order
    members: tuple[list[int], list[int]] = field(default_factory=lambda: ([], []))
    votes: dict[int, int] = field(default_factory=dict)
    captains: dict[int, int] = field(default_factory=dict)
    attacking: int = 0
    seed: int = 0
    ratings: dict[int, int] = field(default_factory=dict)
    rounds: list[Round] = field(default_factory=list)
    order: dict[int, int] = field(default_factory=dict)
    robins: list[Robin] = field(default_factory=list)
    begun: bool = False
    finished: bool = False
    cancelled: bool = False
    #: who did not come to each game (``st_game``'s and ``st_robin_game``'s ``absent``), by
    #: ("round" or "robin", its number, the table): the no-shows (``rules.no_shows``)
    absent: dict[tuple[str, int, int], tuple[int, ...]] = field(default_factory=dict)

    # -- sides ------------------------------------------------------------------------------

    @property
    def defending(self) -> int:
        return other(self.attacking)

    def side_of(self, player: int) -> int | None:
        return next((s for s in SIDES if player in self.members[s]), None)

    def entrants(self) -> list[int]:
        return [*self.members[0], *self.members[1]]

    def election(self, side: int) -> Election:
        return elect(self.members[side], self.votes)

    def captain_of(self, player: int) -> int | None:
        """The side ``player`` captains (``None``: none)."""
        return next((s for s, c in self.captains.items() if c == player), None)

    # -- who is in --------------------------------------------------------------------------

    def out(self) -> set[int]:
        """The players put out: a loss, a technical loss or a double loss (607.4.4)."""
        gone: set[int] = set()
        for rnd in self.rounds:
            for table, outcome in rnd.results.items():
                a, d = rnd.pairs[table - 1]
                if outcome in (Outcome.LOSS, Outcome.TECHNICAL_LOSS, Outcome.DOUBLE_LOSS):
                    gone.add(a)
                if outcome in (Outcome.CLEAN_WIN, Outcome.TECHNICAL_WIN, Outcome.DOUBLE_LOSS):
                    gone.add(d)
        return gone

    def alive(self, side: int) -> list[int]:
        gone = self.out()
        return [p for p in self.members[side] if p not in gone]

    @property
    def current(self) -> Round | None:
        return self.rounds[-1] if self.rounds else None

    @property
    def ended(self) -> bool:
        """607.4.5: every player of one side is out."""
        return self.begun and any(not self.alive(s) for s in SIDES)

    @property
    def winner(self) -> int | None:
        """The side with players left at the end (``None``: not over, or both sides out)."""
        if not self.ended:
            return None
        left = [s for s in SIDES if self.alive(s)]
        return left[0] if len(left) == 1 else None

    # -- the round being paired -------------------------------------------------------------

    def unpaired(self, rnd: Round, side: int) -> list[int]:
        paired = {p for pair in rnd.pairs for p in pair}
        return [p for p in rnd.players[side] if p not in paired]

    def pairing_done(self, rnd: Round) -> bool:
        return len(rnd.pairs) == min(len(rnd.players[0]), len(rnd.players[1]))

    def reserves(self, rnd: Round) -> list[int]:
        """The larger side's players left without an opponent: they go through (607.4.2)."""
        if not self.pairing_done(rnd):
            return []
        return [*self.unpaired(rnd, 0), *self.unpaired(rnd, 1)]

    def _free(self, rnd: Round) -> tuple[list[int], list[int]]:
        return self.unpaired(rnd, self.attacking), self.unpaired(rnd, self.defending)

    def nominees(self) -> list[int]:
        """Whom the attacking captain may name now (``[]``: not his turn)."""
        rnd = self.current
        if rnd is None or self.finished or rnd.nominee is not None or self.pairing_done(rnd):
            return []
        return nominees(*self._free(rnd), rnd.forbidden)

    def may_name(self, player: int) -> bool:
        """Whether the attacking captain may name ``player`` now (one player's check)."""
        rnd = self.current
        if rnd is None or self.finished or rnd.nominee is not None or self.pairing_done(rnd):
            return False
        free_a, free_d = self._free(rnd)
        return player in free_a and bool(answers(player, free_a, free_d, rnd.forbidden))

    def answers(self) -> list[int]:
        """Whom the defending captain may answer the named player with (``[]``: not his turn)."""
        rnd = self.current
        if rnd is None or self.finished or rnd.nominee is None:
            return []
        return answers(rnd.nominee, *self._free(rnd), rnd.forbidden)

    def waiting_side(self) -> int | None:
        """The side whose captain must name now (``None``: the round is paired)."""
        if self.nominees():
            return self.attacking
        if self.answers():
            return self.defending
        return None

    def open_tables(self, rnd: Round) -> list[int]:
        return [t for t in range(1, len(rnd.pairs) + 1) if t not in rnd.results]

    def complete(self, rnd: Round) -> bool:
        return self.pairing_done(rnd) and not self.open_tables(rnd)

    # -- places and ratings -----------------------------------------------------------------

    def tallies(self) -> list[Tally]:
        points = dict.fromkeys(self.entrants(), 0)
        clean = dict.fromkeys(self.entrants(), 0)
        met: dict[int, list[int]] = {p: [] for p in self.entrants()}
        for rnd in self.rounds:
            for table, outcome in rnd.results.items():
                a, d = rnd.pairs[table - 1]
                points[a] += story_points(outcome)
                points[d] += story_points(opposite(outcome))
                clean[a] += outcome is Outcome.CLEAN_WIN
                clean[d] += outcome is Outcome.LOSS
                met[a].append(d)
                met[d].append(a)
        gone = self.out()
        return [
            Tally(
                p,
                s,
                points[p],
                p in gone,
                sum(points[o] for o in met[p]),
                clean[p],
            )
            for s in SIDES
            for p in self.members[s]
        ]

    def standings(self) -> list[PlayerRow]:
        return rank(self.tallies(), self.winner, self.order, self.seed, self.robin_ranks())

    def robin_ranks(self) -> dict[int, int]:
        """The ranks of every complete round robin's players."""
        return {p: r for robin in self.robins for p, r in robin.ranks().items()}

    def robin_points(self) -> dict[int, int]:
        """Every round-robin player's points so far, in halves (``rules.story.robin``)."""
        return {
            p: n
            for robin in self.robins
            for p, n in robin_points(robin.players, robin.pairs, robin.results).items()
        }

    def open_robin(self) -> int | None:
        """The number (from 1) of the round robin still being played (``None``: none)."""
        if self.robins and not self.robins[-1].complete:
            return len(self.robins)
        return None

    def level_groups(self) -> list[tuple[int, ...]]:
        """607.4.6's groups still to be ordered by the winning captain: the level players,
        split by a complete round robin's ranks (each part of two or more still level)."""
        ranks = self.robin_ranks()
        groups: list[tuple[int, ...]] = []
        for group in level_groups(self.tallies(), self.winner):
            parts: dict[int, list[int]] = {}
            for player in group:
                parts.setdefault(ranks.get(player, 0), []).append(player)
            groups += [
                tuple(part)
                for _, part in sorted(parts.items())
                if len(part) > 1 and not all(p in self.order for p in part)
            ]
        return groups

    def may_robin(self, group: tuple[int, ...]) -> bool:
        """Whether ``group`` may still play a round robin: a level group nobody has ordered
        yet, none of whom has played one, while no other is being played."""
        played = {p for robin in self.robins for p in robin.players}
        return (
            not self.finished
            and self.open_robin() is None
            and group in self.level_groups()
            and not any(p in self.order or p in played for p in group)
        )

    def rated_records(self) -> list[MatchRecord]:
        """Every game played, from the attacker's side; a double loss has no winner, unrated."""
        return [
            MatchRecord(rnd.number, *rnd.pairs[table - 1], outcome)
            for rnd in self.rounds
            for table, outcome in sorted(rnd.results.items())
            if outcome is not Outcome.DOUBLE_LOSS
        ] + [
            MatchRecord(len(self.rounds) + number, *robin.pairs[table - 1], outcome)
            for number, robin in enumerate(self.robins, start=1)
            for table, outcome in sorted(robin.results.items())
            if outcome is not Outcome.DOUBLE_LOSS
        ]


# -- replay ---------------------------------------------------------------------------------


def replay(events: Iterable[StoryEvent]) -> State:
    """The state after ``events``, in log order."""
    state = State()
    for event in events:
        apply(state, event)
    return state


def apply(state: State, event: StoryEvent) -> None:
    """Apply one event (:class:`StateError` when it does not fit)."""
    match event:
        case StJoin() | StLeave() | StVote():
            _registration(state, event)
        case StCaptain():
            if state.side_of(event.player) != event.side:
                raise StateError("a captain is a member of his side")
            state.captains[event.side] = event.player
        case StBegin():
            _begin(state, event)
        case StName():
            rnd = _round_of(state, event.round)
            if not state.may_name(event.player):
                raise NotYourTurn(f"{event.player} may not be named now")
            rnd.nominee = event.player
        case StAnswer():
            rnd = _round_of(state, event.round)
            if rnd.nominee is None or event.player not in state.answers():
                raise NotYourTurn(f"{event.player} may not answer now")
            rnd.pairs.append((rnd.nominee, event.player))
            rnd.nominee = None
            if event.ends_at is not None:
                rnd.ends_at = event.ends_at
        case StGame():
            _game(state, event)
            state.absent[("round", event.round, event.table)] = event.absent
        case StOrder():
            for i, player in enumerate(event.players, start=1):
                state.order[player] = i
        case StRobin():
            if not state.may_robin(event.players):
                raise StateError(f"{event.players} may not play a round robin now")
            state.robins.append(Robin(event.players, robin_pairs(event.players)))
        case StRobinGame():
            _robin_game(state, event)
            state.absent[("robin", event.robin, event.table)] = event.absent
        case StFinish():
            state.finished = True
        case StCancel():
            state.cancelled = True


def _registration(state: State, event: StJoin | StLeave | StVote) -> None:
    if state.begun:
        raise StateError("the sides are fixed at the start")
    match event:
        case StJoin():
            if event.side not in SIDES:
                raise StateError(f"no side {event.side}")
            _leave(state, event.player)
            state.members[event.side].append(event.player)
        case StLeave():
            _leave(state, event.player)
        case StVote():
            side = state.side_of(event.voter)
            if side is None or state.side_of(event.candidate) != side:
                raise StateError("a member votes for a member of his side")
            state.votes[event.voter] = event.candidate


def _leave(state: State, player: int) -> None:
    for side in SIDES:
        if player in state.members[side]:
            state.members[side].remove(player)
            if state.captains.get(side) == player:
                del state.captains[side]
    state.votes.pop(player, None)


def _begin(state: State, event: StBegin) -> None:
    if state.begun:
        raise StateError("begun twice")
    if len(state.entrants()) < MIN_PLAYERS or not all(state.members):
        raise StateError(f"at least {MIN_PLAYERS} players, on both sides (607.2)")
    if set(state.captains) != set(SIDES):
        raise StateError("both sides need a captain (607.4.2)")
    state.begun = True
    state.seed, state.attacking = event.seed, event.attacking
    state.ratings = dict(event.ratings)
    _open_round(state, frozenset())


def _open_round(state: State, drew: frozenset[Pair]) -> None:
    players = (tuple(state.alive(0)), tuple(state.alive(1)))
    last = {players[0][0], players[1][0]} if all(len(p) == 1 for p in players) else set()
    forbidden = frozenset(pair for pair in drew if not pair <= last)
    state.rounds.append(Round(len(state.rounds) + 1, players, forbidden))


def _round_of(state: State, number: int) -> Round:
    rnd = state.current
    if not state.begun or rnd is None or rnd.number != number or state.finished:
        raise NotYourTurn(f"round {number} is not being paired")
    return rnd


def _game(state: State, event: StGame) -> None:
    rnd = state.current
    if rnd is None or rnd.number != event.round or state.finished:
        raise UnknownGame(f"round {event.round} is closed")
    if not 1 <= event.table <= len(rnd.pairs):
        raise UnknownGame(f"round {event.round} has no table {event.table}")
    if event.outcome_a is Outcome.AGREED_DRAW:
        raise AgreedDraw("607.4.7: no agreed draws")
    if event.outcome_a is Outcome.BYE:
        raise UnknownGame("a bye is no game")
    rnd.results[event.table] = event.outcome_a
    if state.complete(rnd) and not state.ended:
        drew = frozenset(
            frozenset(rnd.pairs[t - 1]) for t, o in rnd.results.items() if o is Outcome.DRAW
        )
        _open_round(state, drew)


def _robin_game(state: State, event: StRobinGame) -> None:
    if state.finished or not 1 <= event.robin <= len(state.robins):
        raise UnknownGame(f"no round robin {event.robin}")
    robin = state.robins[event.robin - 1]
    if not 1 <= event.table <= len(robin.pairs):
        raise UnknownGame(f"round robin {event.robin} has no table {event.table}")
    if event.outcome_a is Outcome.AGREED_DRAW:
        raise AgreedDraw("607.4.7: no agreed draws")
    if event.outcome_a is Outcome.BYE:
        raise UnknownGame("a bye is no game")
    robin.results[event.table] = event.outcome_a
