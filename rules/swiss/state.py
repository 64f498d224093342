"""The state of a Swiss + Top tournament, replayed from its event log (no other storage).

Events (kind → payload, as the bot stores them in its log; typed in ``rules.swiss.events``,
read and written by ``db.codec``):

- ``sw_begin``  ``{"seed", "rounds", "top", "ratings": {player: cents}, "kind", "privileged",
  "auto_rounds"}`` — registration closed (the last three: ``rules.admission``, absent in the
  tournaments logged before kinds existed: open);
- ``sw_round``  ``{"round", "stage": "swiss"|"top", "gen", "tables": [[a, b], ...], "bye",
  "auto": [...], "more_byes"?: [...]}`` — a round was paired (``more_byes``: inside a draft's
  pods, the byes of the odd pods after the first) (``auto``: the privileged players' auto-wins of a
  semi-closed tournament, ``rules.admission``, each counted like a bye); a later ``sw_round``
  with the same number (``gen`` + 1) replaces it (the judge's re-pairing);
- ``sw_result`` ``{"round", "table", "outcome_a", "games": [a, b] | None, "reason"?}`` — a final
  result; a later one for the same table is a judge's correction (808), of any round while the
  tournament runs: the event's actor is the judge, ``reason`` his optional why. Pairings
  already made stand (the rounds' ``sw_round`` events are untouched); the standings, the
  tie-breaks, the score groups and so every later pairing are replayed from the corrected log;
  ``"penalty": true`` marks the technical loss a penalty gave (rated like any: ``rated_records``);
- ``sw_drop``   ``{"player"}``; ``sw_join`` ``{"player", "rating", "missed", "as"}`` (a late
  entrant; his ``missed`` Swiss rounds count ``as`` a technical loss (``loss``) or a bye
  (``bye``) each, or nothing: ``LatePolicy``);
- ``sw_pods``   ``{"draft", "pods": [[player, ...], ...], "how", "seed"?}`` — a Limited
  tournament's players seated for its ``draft``-th draft (1, 2, …): each pod a table in seat
  order (``rules.card_formats``); ``how`` says how the seating was made (``random``, with its
  published ``seed``, or ``standings``); the latest one stands;
- ``sw_heroes`` ``{"heroes": {player: hero}, "set": [8 names], "given"?: {player: hero},
  "swap"?: [player, other]}`` — a Heroes tournament's secret heroes (609.4,
  ``rules.limited.heroes``): the deal at the start (``given``: the heroes the judge gave by
  hand before it), or, with ``swap``, the judge's swap after it (``player`` got ``other``'s
  hero, ``other`` his); the latest one stands. Only judges may read it (``/heroes``);
- ``sw_top``    ``{"seeds": [...]}`` — the Top seeded: its size is the number of seeds, its
  first round the next ``sw_round`` (of stage ``top``);
- ``sw_extend`` ``{"round", "table", "minutes"}``;
- ``sw_penalty`` ``{"player", "kind", "reason", "round", "table", "credit"?}`` — a judge's
  penalty (``rules.penalties``: ``warning`` | ``game_loss`` | ``match_loss`` | ``dq``), the
  event's actor the judge; ``round`` / ``table`` the open match it landed on (``None``:
  none); ``credit``: the opponent credited one game of that match (a game loss in a best of
  three); a ``dq`` drops the player and takes him out of the prizes (``State.disqualified``).
  The technical loss a penalty sets is its own ``sw_result`` (marked ``penalty``), stored with
  it;
- ``sw_finish`` ``{"champion", "changes": {player: cents}, "early": bool, "unrated": bool}``
  (``early``: the organiser finished it before its end; ``unrated``: its results moved no
  rating, nobody having vouched for one: ``bot.roles.vouchers``; ``changes`` then lacks
  every player whose rating stayed, as it lacks those who vouched for none in a tournament
  that rated the others);
- ``sw_cancel`` ``{}`` — the organiser cancelled it (no rating changes).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable
from dataclasses import dataclass, field, replace
from enum import Enum

from rules.admission import TournamentKind, auto_winners, tournament_kind
from rules.results import BYE_POINTS, Claim, MatchRecord, Outcome, points
from rules.swiss.events import (
    SwBegin,
    SwCancel,
    SwDrop,
    SwExtend,
    SwFinish,
    SwHeroes,
    SwissEvent,
    SwJoin,
    SwPenalty,
    SwPods,
    SwResult,
    SwRound,
    SwTop,
)
from rules.swiss.score_groups import pairing_scores
from rules.top import BracketError, DrawInTop, top_state

SWISS = "swiss"
"""The stage of the Swiss rounds (``Round.stage``)."""
TOP = "top"
"""The stage of the Top's single-elimination rounds (``Round.stage``)."""


def draws_allowed(stage: str) -> bool:
    """Whether a game of a round of ``stage`` may end drawn: in the Swiss rounds it may (804,
    805); the Top has no draws (section 6: in «Heroes» the hero with more life wins, classic
    Berserk plays to a result)."""
    return stage != TOP


class LatePolicy(Enum):
    """How a late entrant's missed Swiss rounds count (section 4), the organiser's choice; the
    value is what the tournament's settings and the ``sw_join`` event store."""

    ZERO = "zero"
    """Nothing: he joins with 0 points (the default)."""
    LOSS = "loss"
    """A technical loss for each missed round (0 points, no opponent, never rated)."""
    BYE = "bye"
    """A bye for each missed round (2.9 points each)."""

    @property
    def missed_as(self) -> Outcome | None:
        """What each missed round counts as; ``None``: it counts as nothing."""
        match self:
            case LatePolicy.LOSS:
                return Outcome.TECHNICAL_LOSS
            case LatePolicy.BYE:
                return Outcome.BYE
            case LatePolicy.ZERO:
                return None


LATE_POLICIES = tuple(policy.value for policy in LatePolicy)
"""The policies' names, as organisers type them."""


def late_policy(name: str | None) -> LatePolicy:
    """The policy called ``name``; no name or an unknown one is the default (``ZERO``), as for
    the entrants logged before the policy was stored with them."""
    return next((policy for policy in LatePolicy if policy.value == name), LatePolicy.ZERO)


@dataclass(frozen=True, slots=True)
class Result:
    outcome_a: Outcome
    games: tuple[int, int] | None = None
    #: set by a penalty (``rules.penalties``): counts in the standings and is rated
    penalty: bool = False
    #: the players of the table who did not come (``rules.no_shows``)
    absent: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class PenaltyRecord:
    """A ``sw_penalty`` event as the state keeps it (``rules.penalties``)."""

    player: int
    kind: str
    reason: str
    round: int | None = None
    table: int | None = None


_GAME_KEY = re.compile(r"r(\d+)t(\d+)p(\d+)")


def game_key(number: int, table: int, gen: int) -> str:
    """The key of a table's game in round ``number`` as paired the ``gen``-th time."""
    return f"r{number}t{table}p{gen}"


def parse_game_key(key: str) -> tuple[int, int, int] | None:
    """(round, table, generation) of a ``game_key``; ``None`` for any other text."""
    parts = _GAME_KEY.fullmatch(key)
    if parts is None:
        return None
    number, table, gen = (int(p) for p in parts.groups())
    return number, table, gen


@dataclass(slots=True)
class Round:
    number: int
    stage: str
    gen: int
    tables: list[tuple[int, int]]
    bye: int | None
    results: dict[int, Result] = field(default_factory=dict)
    #: privileged players' auto-wins (402): 2.9 each, no opponent, like the bye
    auto: list[int] = field(default_factory=list)
    #: a round paired inside a draft's pods (601.5.4): the byes of the pods after the first
    #: odd one (whose bye is ``bye``)
    more_byes: list[int] = field(default_factory=list)

    @property
    def byes(self) -> list[int]:
        """Every bye of the round: one, or one per odd pod."""
        return ([] if self.bye is None else [self.bye]) + self.more_byes

    def without_opponent(self) -> list[int]:
        """Who has this round's 2.9 without a game: the byes and the auto-wins."""
        return self.byes + self.auto

    def key(self, table: int) -> str:
        return game_key(self.number, table, self.gen)

    def open_tables(self) -> list[int]:
        return [n for n in range(1, len(self.tables) + 1) if n not in self.results]

    @property
    def complete(self) -> bool:
        return not self.open_tables()

    @property
    def draws_allowed(self) -> bool:
        """Whether this round's games may end drawn (not in the Top: ``draws_allowed``)."""
        return draws_allowed(self.stage)


@dataclass(slots=True)
class State:
    seed: int = 0
    started: bool = False
    ratings: dict[int, int] = field(default_factory=dict)
    rounds: list[Round] = field(default_factory=list)
    dropped: set[int] = field(default_factory=set)
    seeds: list[int] | None = None
    total_rounds: int = 0
    top_size: int = 0
    finished: bool = False
    champion: int | None = None
    changes: dict[int, int] = field(default_factory=dict)
    cancelled: bool = False
    early: bool = False
    #: its results moved no rating (``sw_finish``'s ``unrated``)
    unrated: bool = False
    #: late entrants' missed Swiss rounds: player → (how they count, round numbers)
    missed: dict[int, tuple[Outcome, list[int]]] = field(default_factory=dict)
    #: round number → when it ends (ISO), from its last ``sw_round`` / ``sw_extend`` saying so
    ends_at: dict[int, str] = field(default_factory=dict)
    #: the tournament's kind (401–403) and, semi-closed, its privileged players' auto-wins
    kind: TournamentKind = TournamentKind.OPEN
    privileged: list[int] = field(default_factory=list)
    auto_rounds: int = 0
    #: the latest draft's pods (each in seat order) and how many drafts were seated
    pods: list[list[int]] = field(default_factory=list)
    drafts: int = 0
    #: a Heroes tournament's secret heroes (player → hero), empty until they are dealt, and
    #: how many ``sw_heroes`` events made them (the deal, then each swap)
    heroes: dict[int, str] = field(default_factory=dict)
    hero_changes: int = 0
    #: the penalties given, in order; the disqualified players (no prize place)
    penalties: list[PenaltyRecord] = field(default_factory=list)
    disqualified: set[int] = field(default_factory=set)
    #: game key → {player: games credited to him by his opponent's game losses}
    penalty_games: dict[str, dict[int, int]] = field(default_factory=dict)

    def auto_winners(self, number: int, active: Collection[int]) -> list[int]:
        """Who wins Swiss round ``number`` by privilege (402): ``rules.admission``."""
        return auto_winners(self.kind, number, self.auto_rounds, self.privileged, active)

    @property
    def current(self) -> Round | None:
        return self.rounds[-1] if self.rounds else None

    def round(self, number: int) -> Round | None:
        return next((r for r in self.rounds if r.number == number), None)

    def swiss_rounds(self) -> list[Round]:
        return [r for r in self.rounds if r.stage == SWISS]

    def top_rounds(self) -> list[Round]:
        return [r for r in self.rounds if r.stage == TOP]

    def complete_swiss(self) -> State:
        """The state as its complete rounds leave it: a Swiss round still being played is left
        out (its byes and first results are not a round's result), and so are a late
        entrant's missed rounds from it on."""
        rnd = self.current
        if rnd is None or rnd.complete or rnd.stage != SWISS:
            return self
        missed = {
            player: (outcome, [n for n in numbers if n < rnd.number])
            for player, (outcome, numbers) in self.missed.items()
        }
        rounds = [r for r in self.rounds if r.number < rnd.number]
        return replace(self, rounds=rounds, missed=missed)

    def find_game(self, key: str) -> tuple[Round, int] | None:
        """The round and table of a game key (``Round.key``); ``None`` for any other text."""
        parts = _GAME_KEY.fullmatch(key)
        if parts is None:
            return None
        number, table, gen = (int(p) for p in parts.groups())
        for rnd in self.rounds:
            if rnd.number == number and rnd.gen == gen and 1 <= table <= len(rnd.tables):
                return (rnd, table) if rnd.key(table) == key else None
        return None

    def records(self, stage: str | None = SWISS) -> list[MatchRecord]:
        """Final results as match records (byes included) of one stage, or all (``None``)."""
        out: list[MatchRecord] = []
        for rnd in self.rounds:
            if stage is not None and rnd.stage != stage:
                continue
            out.extend(record for _, _, record in self._played(rnd))
            for player in rnd.without_opponent():
                out.append(MatchRecord(rnd.number, player, None, Outcome.BYE))
        if stage in (None, SWISS):
            out.extend(self.missed_records())
        return out

    def _played(self, rnd: Round) -> list[tuple[int, Result, MatchRecord]]:
        """(table, result, record) of each table of ``rnd`` with a final result."""
        out = []
        for table, (a, b) in enumerate(rnd.tables, start=1):
            result = rnd.results.get(table)
            if result is not None:
                games = result.games or single_game(result.outcome_a)
                record = MatchRecord(rnd.number, a, b, result.outcome_a, games[0], games[1])
                out.append((table, result, record))
        return out

    def rated_records(self) -> list[MatchRecord]:
        """The records of every stage whose games are rated at the finish (§3: every game a
        player played or should have played): every result, a penalty's technical loss
        included, with the games a penalty's game loss credited in a match it ended
        (``rules.card_rating.rated_games``). Byes and missed rounds are left out (never
        rated)."""
        out = []
        for rnd in self.rounds:
            for table, result, record in self._played(rnd):
                if not result.penalty:
                    out.append(record)
                    continue
                credit = self.penalty_games.get(rnd.key(table), {})
                a, b = rnd.tables[table - 1]
                out.append(
                    replace(record, credited_a=credit.get(a, 0), credited_b=credit.get(b, 0))
                )
        return out

    def missed_records(self) -> list[MatchRecord]:
        """Late entrants' missed rounds as records without an opponent (never rated)."""
        return [
            MatchRecord(number, player, None, outcome)
            for player, (outcome, numbers) in self.missed.items()
            for number in numbers
        ]

    def points(self) -> dict[int, int]:
        """Swiss points in tenths of everybody who played."""
        total: dict[int, int] = {}
        for record in self.records():
            a = int(record.player_a)
            total[a] = total.get(a, 0) + points(record.outcome_a)
            if record.player_b is not None:
                b = int(record.player_b)
                total[b] = total.get(b, 0) + points(record.outcome_b)
        return total

    def pairing_scores(self) -> dict[int, int]:
        """Score groups for pairing (``rules.swiss.score_groups``): wins and draws, in tenths."""
        return {int(p): v for p, v in pairing_scores([], self.records()).items()}

    def correction_problem(self, number: int, table: int, result: Result) -> str | None:
        """Why a judge may not set ``result`` at ``table`` of round ``number`` (a key suffix:
        ``no_round``, ``no_table``, ``top_needs_winner``, ``top_moved_on``), or ``None``.

        Any Swiss round may be corrected while the tournament runs: its pairing and later ones
        stand, the standings and future pairings use the correction (and the Top's seeds, once
        published, stand too). A Top match needs a winner, and once the bracket's next round
        is paired its winner may no longer change (his opponent is already seated); its score
        may."""
        rnd = self.round(number)
        if rnd is None:
            return "no_round"
        if not 1 <= table <= len(rnd.tables):
            return "no_table"
        if rnd.stage != TOP:
            return None
        if result.outcome_a not in WINS + LOSSES:
            return "top_needs_winner"
        before = rnd.results.get(table)
        later = any(r.number > number for r in self.top_rounds())
        flipped = before is not None and (before.outcome_a in WINS) != (result.outcome_a in WINS)
        return "top_moved_on" if later and flipped else None

    def played(self) -> set[frozenset[int]]:
        return {frozenset(pair) for rnd in self.swiss_rounds() for pair in rnd.tables}

    def had_bye(self) -> set[int]:
        """Who already had a Swiss round's 2.9 without an opponent: a bye, a privileged
        auto-win, or a late entrant's missed rounds credited as byes (``LatePolicy.BYE``):
        none of them gets another bye while someone else can take it."""
        paired = {p for rnd in self.swiss_rounds() for p in rnd.without_opponent()}
        credited = {p for p, (how, rounds) in self.missed.items() if how is Outcome.BYE and rounds}
        return paired | credited

    def rounds_missed_by(self, player: int) -> list[int]:
        """The Swiss rounds paired so far in which ``player`` has no seat and no bye (what a
        late entrant missed)."""
        return [
            rnd.number
            for rnd in self.swiss_rounds()
            if player not in rnd.without_opponent()
            and all(player not in pair for pair in rnd.tables)
        ]

    def top_winners(self, before: int | None = None) -> list[int]:
        """The winners of the Top's matches so far, round by round (only of the rounds before
        round ``before`` when given)."""
        winners: list[int] = []
        for rnd in self.top_rounds():
            if before is not None and rnd.number >= before:
                continue
            for table, (a, b) in enumerate(rnd.tables, start=1):
                result = rnd.results.get(table)
                if result is not None:
                    winners.append(a if result.outcome_a in WINS else b)
        return winners

    def top_champion(self) -> int | None:
        if not self.seeds:
            return None
        champion = top_state(self.seeds, self.top_winners()).champion
        return None if champion is None else int(champion)

    def top_pairs(self, number: int) -> tuple[list[tuple[int, int]], int | None]:
        """The pairs of Top round ``number`` (higher seed first) from the results of the Top
        rounds before it, or (``[]``, the champion) when the bracket is over. Before the Top
        is seeded: :class:`rules.top.BracketError`."""
        if self.seeds is None:
            raise BracketError("the Top is not seeded yet")
        top = top_state(self.seeds, self.top_winners(before=number))
        if top.champion is not None:
            return [], int(top.champion)
        return [(int(a), int(b)) for a, b in top.pairs], None


WINS = (Outcome.CLEAN_WIN, Outcome.TECHNICAL_WIN)
LOSSES = (Outcome.LOSS, Outcome.TECHNICAL_LOSS)


def single_game(outcome: Outcome) -> tuple[int, int]:
    """The game score of a result stored without one (a single-game tournament): a win is 1–0,
    a loss 0–1, a draw or a double loss 0–0."""
    if outcome in WINS:
        return 1, 0
    if outcome in LOSSES:
        return 0, 1
    return 0, 0


def games_to_win(best_of: int) -> int:
    """Games a match winner needs: 2 of 3, 1 of 1."""
    return best_of // 2 + 1


def replay(events: Iterable[SwissEvent]) -> State:
    """The state after the events, in order."""
    state = State()
    for event in events:
        apply(state, event)
    return state


def apply(state: State, event: SwissEvent) -> None:
    """Change ``state`` by one more event."""
    match event:
        case SwBegin():
            state.started = True
            state.seed = event.seed
            state.ratings = dict(event.ratings)
            state.total_rounds = event.rounds
            state.top_size = event.top
            state.kind = tournament_kind(event.kind)
            state.privileged = list(event.privileged)
            state.auto_rounds = event.auto_rounds
        case SwRound():
            rnd = Round(
                number=event.round,
                stage=event.stage,
                gen=event.gen,
                tables=list(event.tables),
                bye=event.bye,
                auto=list(event.auto),
                more_byes=list(event.more_byes),
            )
            state.rounds = [r for r in state.rounds if r.number != rnd.number] + [rnd]
            _ends(state, event.round, event.ends_at)
        case SwResult():
            found = state.round(event.round)
            if found is not None:
                found.results[event.table] = Result(
                    event.outcome_a, event.games, penalty=event.penalty, absent=event.absent
                )
        case SwDrop():
            state.dropped.add(event.player)
        case SwJoin():
            _join(state, event)
        case SwPods():
            state.pods = [list(pod) for pod in event.pods]
            state.drafts = max(state.drafts, event.draft)
        case SwHeroes():
            state.heroes = dict(event.heroes)
            state.hero_changes += 1
        case SwPenalty():
            _penalty(state, event)
        case SwTop():
            state.seeds = list(event.seeds)
        case SwExtend():
            _ends(state, event.round, event.ends_at)
        case SwFinish():
            state.finished = True
            state.champion = event.champion
            state.early = event.early
            state.unrated = event.unrated
            state.changes = dict(event.changes)
        case SwCancel():
            state.finished = state.cancelled = True


def _ends(state: State, number: int, ends_at: str | None) -> None:
    if ends_at:
        state.ends_at[number] = ends_at


def _penalty(state: State, event: SwPenalty) -> None:
    player, number, table = event.player, event.round, event.table
    at = (None, None) if number is None or table is None else (number, table)
    state.penalties.append(PenaltyRecord(player, event.kind, event.reason, *at))
    if event.kind == "dq":
        state.disqualified.add(player)
        state.dropped.add(player)
    found = state.round(at[0] or 0)
    if event.credit is not None and found is not None and at[1] is not None:
        credited = state.penalty_games.setdefault(found.key(at[1]), {})
        credited[event.credit] = credited.get(event.credit, 0) + 1


def _join(state: State, event: SwJoin) -> None:
    player = event.player
    if player not in state.disqualified:  # a disqualification stands (rules.penalties)
        state.dropped.discard(player)
    state.ratings.setdefault(player, event.rating)
    outcome = late_policy(event.as_).missed_as
    if outcome is not None and event.missed:
        earlier = state.missed.get(player, (outcome, []))[1]
        state.missed[player] = (outcome, sorted(set(earlier) | set(event.missed)))


def result_from_claim(claim: Claim, a: int, *, draws: bool = True, best_of: int = 1) -> Result:
    """A reported or decided result as player A's outcome (801–805, a double loss);
    ``draws=False`` for a game that cannot be drawn (the Top), where a draw or a double loss
    is :class:`rules.top.DrawInTop`.

    The game score is the claim's; in a match (``best_of`` 3) a technical result without one
    counts as won by the games a match needs (2–0: a forfeited match in game-win tie-breaks, as
    a bye counts 2–0), a double loss as 0–0 (both count it 0–2 in the tie-breaks)."""
    if (claim.draw or claim.double_loss) and not draws:
        raise DrawInTop("no draws in the Top")
    if claim.double_loss:
        return Result(Outcome.DOUBLE_LOSS, (0, 0) if best_of > 1 else None)
    if claim.draw:
        return Result(Outcome.AGREED_DRAW if claim.agreed else Outcome.DRAW, claim.games)
    a_wins = claim.winner == a
    if claim.technical:
        need = games_to_win(best_of)
        games: tuple[int, int] | None = claim.games or ((need, 0) if a_wins else (0, need))
        if best_of == 1 and claim.games is None:  # a single game: stored without a score
            games = None
        return Result(Outcome.TECHNICAL_WIN if a_wins else Outcome.TECHNICAL_LOSS, games)
    return Result(Outcome.CLEAN_WIN if a_wins else Outcome.LOSS, claim.games)


def points_text(tenths: int) -> str:
    """3, 2.9, 5.5 — points as people write them."""
    return str(tenths // 10) if tenths % 10 == 0 else f"{tenths // 10}.{tenths % 10}"


__all__ = [
    "BYE_POINTS",
    "LATE_POLICIES",
    "SWISS",
    "TOP",
    "LatePolicy",
    "PenaltyRecord",
    "Result",
    "Round",
    "State",
    "apply",
    "draws_allowed",
    "game_key",
    "games_to_win",
    "late_policy",
    "points_text",
    "replay",
    "result_from_claim",
    "single_game",
]
