"""The state of a team event, replayed from its log (``rules.teams.events``), and what it
derives: the open games, the deciding games due (604.4), the settled team matches, the
standings, the pairing inputs of the next round, each player's games for his rating.

**The Top of teams** (when the organiser chose one; the seed has none for 604/610, the spec's
card-tournament Top read for teams): after the Swiss rounds the best ``size`` teams of the
standings are seeded into a single-elimination bracket (``rules.top``: 1 against ``size``, …);
each Top match is a team match like any other (two boards, the deciding game of 604.4 by
match). **Default**: a Top match that ends level (equal sums, a deciding game drawn, by sum or
in 610 equal points) goes to the higher seed, as the Swiss placed it higher. The Swiss
standings count the Swiss rounds only; the final places are the bracket's, then the rest by
the standings (``rules.places.final_places``).

Every game is a rated game of its two players (spec §1: per player, per game; the coefficient
counts the players): boards 1 and 2 and a deciding game that counts, a technical loss set by a
penalty included (section 3: every game he played or should have played, as in the Swiss); a
double loss and a bye are never rated (``rules.card_rating.rated_games``). A deciding game
that a correction made moot (no clean split any more, or a split between other players) is
void: it is neither counted nor rated, and a deciding game newly due reopens the match until
it is recorded.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from rules.places import final_places
from rules.results import MatchRecord, Outcome, PlayerId, opposite
from rules.swiss.score_groups import pairing_score
from rules.teams.boards import Assignment, assign_boards, boards
from rules.teams.events import (
    DECIDING,
    TeamEvent,
    TmBegin,
    TmCancel,
    TmDrop,
    TmExtend,
    TmFinish,
    TmGame,
    TmPods,
    TmRemove,
    TmRound,
    TmSwap,
    TmTeam,
    TmTop,
)
from rules.teams.pairing import TeamPairing, pair_teams
from rules.teams.scoring import (
    TeamMatchResult,
    TeamOutcome,
    bye,
    deciding_game_due,
    score_match,
)
from rules.teams.settings import Scoring
from rules.teams.standings import TeamRecord, TeamRow, team_standings
from rules.teams.teams import Team, TeamError, TeamId
from rules.top import top_state

__all__ = [
    "DecidingGameNotDue",
    "PlayerGame",
    "Round",
    "State",
    "StateError",
    "TeamMatch",
    "UnknownGame",
    "apply",
    "pair_next",
    "replay",
]


class StateError(ValueError):
    """An event does not fit the state (a round before the start, a team after it, …)."""


class UnknownGame(StateError):
    """A result for a round, table or board that does not exist."""


class DecidingGameNotDue(StateError):
    """A deciding game recorded where none is due (604.4: only on a clean split, by match)."""


@dataclass(frozen=True, slots=True)
class Game:
    """A recorded game: team A's player's outcome, whether a penalty set it."""

    outcome_a: Outcome
    penalty: bool = False


@dataclass(frozen=True, slots=True)
class Decider:
    """A recorded deciding game: who played it (A's winner, B's winner) and A's outcome."""

    players: tuple[PlayerId, PlayerId]
    game: Game


@dataclass(frozen=True, slots=True)
class TeamMatch:
    """A table of a round: team A (the higher-ranked) against team B, its boards."""

    table: int
    a: TeamId
    b: TeamId
    assignment: Assignment


@dataclass(frozen=True, slots=True)
class PlayerGame:
    """One game a player played (or should have), from his side."""

    round: int
    table: int
    #: 1, 2 or :data:`rules.teams.events.DECIDING`
    board: int
    player: PlayerId
    opponent: PlayerId
    outcome: Outcome
    rated: bool


@dataclass(slots=True)
class Round:
    number: int
    gen: int
    matches: list[TeamMatch]
    bye: TeamId | None
    games: dict[tuple[int, int], Game] = field(default_factory=dict)
    deciders: dict[int, Decider] = field(default_factory=dict)
    ends_at: str | None = None

    def match(self, table: int) -> TeamMatch:
        """The match at ``table`` (tables count from 1; :class:`UnknownGame` otherwise)."""
        if not 1 <= table <= len(self.matches):
            raise UnknownGame(f"round {self.number} has no table {table}")
        return self.matches[table - 1]


@dataclass(slots=True)
class State:
    teams: dict[TeamId, Team] = field(default_factory=dict)
    #: the teams in the event, in registration order (``tm_begin``)
    entrants: list[TeamId] = field(default_factory=list)
    scoring: Scoring = Scoring.BY_MATCH
    swap: bool = False
    seed: int = 0
    planned_rounds: int = 0
    #: the players' ratings at the start (cents), for 610.6 and ``rules.card_rating``
    ratings: dict[PlayerId, int] = field(default_factory=dict)
    rounds: list[Round] = field(default_factory=list)
    dropped: set[TeamId] = field(default_factory=set)
    #: Team Draft's tables, each in seat order (``tm_pods``), and their published seed
    pods: list[list[PlayerId]] = field(default_factory=list)
    pods_seed: str = ""
    #: the teams entered late (``tm_team`` with ``late``) and the round they play from
    late: dict[TeamId, int] = field(default_factory=dict)
    #: the Top of teams in seed order (``tm_top``), and the number of its first round
    seeds: list[TeamId] = field(default_factory=list)
    top_from: int = 0
    begun: bool = False
    finished: bool = False
    cancelled: bool = False
    #: who did not come to each game, by (round, table, board) (``tm_game``'s ``absent``; a
    #: correction replaces it): the no-shows (``rules.no_shows``)
    absent: dict[tuple[int, int, int], tuple[int, ...]] = field(default_factory=dict)

    # -- rounds and games -----------------------------------------------------------------

    @property
    def current(self) -> Round | None:
        return self.rounds[-1] if self.rounds else None

    def round(self, number: int) -> Round:
        if not 1 <= number <= len(self.rounds):
            raise UnknownGame(f"no round {number}")
        return self.rounds[number - 1]

    def deciding_players(self, number: int, table: int) -> tuple[PlayerId, PlayerId] | None:
        """604.4: the two board winners (A's, B's) when a deciding game is due, else ``None``."""
        rnd = self.round(number)
        match = rnd.match(table)
        first, second = rnd.games.get((table, 1)), rnd.games.get((table, 2))
        if first is None or second is None:
            return None
        if not deciding_game_due(self.scoring, first.outcome_a, second.outcome_a):
            return None
        won, lost = match.assignment.boards
        if first.outcome_a is not Outcome.CLEAN_WIN:
            won, lost = lost, won
        return won.player_a, lost.player_b

    def players_of(self, number: int, table: int, board: int) -> tuple[PlayerId, PlayerId] | None:
        """(team A's player, team B's player) of a game: a board's (crossed or not, 610.4), or
        the deciding game's while it is due; ``None`` for a deciding game not due."""
        if board == DECIDING:
            return self.deciding_players(number, table)
        if board not in (1, 2):
            raise UnknownGame(f"no board {board}")
        played = self.round(number).match(table).assignment.boards[board - 1]
        return played.player_a, played.player_b

    def match_result(self, number: int, table: int) -> TeamMatchResult | None:
        """The settled result of a team match; ``None`` while it is open (a board not in, or a
        deciding game due and not recorded)."""
        rnd = self.round(number)
        rnd.match(table)
        first, second = rnd.games.get((table, 1)), rnd.games.get((table, 2))
        if first is None or second is None:
            return None
        decider = self._counted_decider(number, table)
        outcome = None if decider is None else decider.game.outcome_a
        return score_match(self.scoring, first.outcome_a, second.outcome_a, outcome)

    def _counted_decider(self, number: int, table: int) -> Decider | None:
        due = self.deciding_players(number, table)
        decider = self.round(number).deciders.get(table)
        if due is None or decider is None or decider.players != due:
            return None
        return decider

    def open_games(self, number: int) -> list[tuple[int, int]]:
        """(table, board) of the round's games still to be recorded, deciding games due too."""
        rnd = self.round(number)
        missing: list[tuple[int, int]] = []
        for match in rnd.matches:
            if match.a in self.dropped and match.b in self.dropped:
                continue
            missing += [(match.table, b) for b in (1, 2) if (match.table, b) not in rnd.games]
            due = self.deciding_players(number, match.table)
            if due is not None and self._counted_decider(number, match.table) is None:
                missing.append((match.table, DECIDING))
        return missing

    def complete(self, number: int) -> bool:
        """Whether every team match of the round is settled."""
        rnd = self.round(number)
        return all(self.match_result(number, m.table) is not None for m in rnd.matches)

    # -- what the standings and the pairing read ------------------------------------------

    def swiss_rounds(self) -> list[Round]:
        """The Swiss rounds (all of them before a Top is seeded)."""
        return self.rounds[: self.top_from - 1] if self.seeds else list(self.rounds)

    def top_rounds(self) -> list[Round]:
        return self.rounds[self.top_from - 1 :] if self.seeds else []

    def in_top(self, number: int) -> bool:
        return bool(self.seeds) and number >= self.top_from

    def top_winner(self, number: int, table: int) -> TeamId | None:
        """The team a settled Top match sends on (level: the higher seed, team A)."""
        match = self.round(number).match(table)
        result = self.match_result(number, table)
        if result is None:
            return None
        return match.b if result.outcome_a is TeamOutcome.LOSS else match.a

    def top_winners(self) -> list[TeamId]:
        """The Top's winners so far, match by match, round after round (``rules.top``)."""
        winners = []
        for rnd in self.top_rounds():
            for match in rnd.matches:
                winner = self.top_winner(rnd.number, match.table)
                if winner is not None:
                    winners.append(winner)
        return winners

    def top_pairs(self) -> tuple[list[tuple[TeamId, TeamId]], TeamId | None]:
        """The next Top round's pairs (higher seed first), or ([], the champion)."""
        top = top_state(self.seeds, self.top_winners())
        if top.champion is not None:
            return [], int(top.champion)
        return [(int(a), int(b)) for a, b in top.pairs], None

    def final_order(self) -> list[TeamId]:
        """Every entrant team in final-place order: the Top's bracket, then the standings."""
        ranked = [row.team for row in self.standings()]
        return final_places(ranked, self.seeds, self.top_winners())

    def records(self) -> list[TeamRecord]:
        """Every settled team match and every bye of the Swiss rounds, round by round."""
        made: list[TeamRecord] = []
        for rnd in self.swiss_rounds():
            for match in rnd.matches:
                result = self.match_result(rnd.number, match.table)
                if result is not None:
                    made.append(
                        TeamRecord(
                            rnd.number,
                            match.a,
                            match.b,
                            result.points_a,
                            result.points_b,
                            result.game_points_a,
                            result.game_points_b,
                            result.outcome_a,
                        )
                    )
            if rnd.bye is not None:
                given = bye(self.scoring)
                points, games, win = given.points, given.game_points, TeamOutcome.WIN
                made.append(TeamRecord(rnd.number, rnd.bye, None, points, 0, games, 0, win))
        return made

    def standings(self) -> list[TeamRow]:
        """The team standings (``rules.teams.standings``), every entrant, dropped ones too."""
        return team_standings(self.entrants, self.records(), seed=self.seed)

    def active(self) -> list[TeamId]:
        """The teams still paired, in standings order (the next round's ranking)."""
        return [row.team for row in self.standings() if row.team not in self.dropped]

    def pairing_scores(self) -> dict[TeamId, int]:
        """Each team's score group (tenths): by match its match results as wins (3) and draws
        (1); by sum and in 610 its games' wins and draws (``rules.swiss.score_groups``: a
        technical win is a win); a bye a win (by match) or two (by sum, 610)."""
        scores = dict.fromkeys(self.entrants, 0)
        per_win = pairing_score(Outcome.CLEAN_WIN)
        for rnd in self.swiss_rounds():
            if rnd.bye is not None:
                scores[rnd.bye] += per_win if self.scoring is Scoring.BY_MATCH else 2 * per_win
            for match in rnd.matches:
                result = self.match_result(rnd.number, match.table)
                if result is None:
                    continue
                if self.scoring is Scoring.BY_MATCH:
                    scores[match.a] += {TeamOutcome.WIN: per_win, TeamOutcome.DRAW: 10}.get(
                        result.outcome_a, 0
                    )
                    scores[match.b] += {TeamOutcome.WIN: per_win, TeamOutcome.DRAW: 10}.get(
                        result.outcome_b, 0
                    )
                    continue
                for board in (1, 2):
                    outcome = rnd.games[(match.table, board)].outcome_a
                    scores[match.a] += pairing_score(outcome)
                    scores[match.b] += pairing_score(opposite(outcome))
        return scores

    def played(self) -> set[frozenset[TeamId]]:
        """The pairs of teams that met (in any round paired so far)."""
        return {frozenset((m.a, m.b)) for rnd in self.rounds for m in rnd.matches}

    def had_bye(self) -> set[TeamId]:
        return {rnd.bye for rnd in self.rounds if rnd.bye is not None}

    def mean_rating(self, team: TeamId) -> float:
        """610.6: the mean of the team's two players' ratings at the start (cents)."""
        first, second = self.teams[team].players
        return (self.ratings.get(first, 0) + self.ratings.get(second, 0)) / 2

    def bye_order(self) -> list[TeamId]:
        """610.6: the active teams lowest by mean rating first; **Default** ties: the
        lower-ranked team first."""
        ranking = self.active()
        rank = {team: i for i, team in enumerate(ranking)}
        return sorted(ranking, key=lambda team: (self.mean_rating(team), -rank[team]))

    def team_of(self, player: PlayerId) -> Team | None:
        """The team ``player`` plays for (``None``: he is in none)."""
        return next((t for t in self.teams.values() if player in t.players), None)

    def team_places(self) -> dict[TeamId, int]:
        """Each entrant team's final place: the standings' (shared places kept), or with a Top
        the bracket's then the standings' order."""
        if not self.seeds:
            return {row.team: row.place for row in self.standings()}
        return {team: place for place, team in enumerate(self.final_order(), start=1)}

    def player_places(self) -> dict[PlayerId, tuple[int, TeamId]]:
        """Each entrant player's place, his team's (spec §1: places are per team; a player's
        history shows his team's), with the team's number."""
        places: dict[PlayerId, tuple[int, TeamId]] = {}
        for team, place in self.team_places().items():
            for player in self.teams[team].players:
                places[player] = (place, team)
        return places

    # -- the players' games ---------------------------------------------------------------

    def player_games(self) -> list[PlayerGame]:
        """Every recorded game from both players' sides, round by round, table by table,
        board 1, board 2, then the deciding game (a void one left out)."""
        made: list[PlayerGame] = []
        for rnd in self.rounds:
            for match in rnd.matches:
                for board in match.assignment.boards:
                    game = rnd.games.get((match.table, board.number))
                    if game is not None:
                        players = (board.player_a, board.player_b)
                        made += _both(rnd.number, match.table, board.number, players, game)
                decider = self._counted_decider(rnd.number, match.table)
                if decider is not None:
                    made += _both(rnd.number, match.table, DECIDING, decider.players, decider.game)
        return made

    def rated_records(self) -> list[MatchRecord]:
        """The rated games as one-game records from A's side, for
        ``rules.card_rating.rating_changes``: every game a player played or should have played,
        a penalty's technical loss included (section 3, as ``rules.card_rating.rated_games``
        rates the individual Swiss); a double loss has no winner and is left out."""
        return [
            MatchRecord(g.round, g.player, g.opponent, g.outcome)
            for g in self.player_games()
            if g.rated and _is_side_a(g, self)
        ]


def _is_side_a(game: PlayerGame, state: State) -> bool:
    match = state.round(game.round).match(game.table)
    return game.player in state.teams[match.a].players


def _both(
    number: int, table: int, board: int, players: tuple[PlayerId, PlayerId], game: Game
) -> list[PlayerGame]:
    a, b = players
    rated = game.outcome_a is not Outcome.DOUBLE_LOSS
    return [
        PlayerGame(number, table, board, a, b, game.outcome_a, rated),
        PlayerGame(number, table, board, b, a, opposite(game.outcome_a), rated),
    ]


# -- replay ---------------------------------------------------------------------------------


def replay(events: Iterable[TeamEvent]) -> State:
    """The state after ``events``, in log order."""
    state = State()
    for event in events:
        apply(state, event)
    return state


def apply(state: State, event: TeamEvent) -> None:
    """Apply one event (:class:`StateError` when it does not fit)."""
    match event:
        case TmTeam():
            if state.begun and not event.late:
                raise StateError("teams register before the start")
            if event.team in state.teams:
                raise TeamError(f"team number {event.team} is taken")
            decks = (event.deck_first, event.deck_second)
            team = Team(event.team, event.name, event.first, event.second, *decks)
            taken = {p for t in state.teams.values() for p in t.players}
            if taken & set(team.players):
                raise TeamError("a player is in two teams")
            state.teams[event.team] = team
            if state.begun:  # a late entry: it plays from the next round (0 for the missed)
                state.entrants.append(event.team)
                for player, rating in event.ratings.items():
                    state.ratings[player] = rating
                state.late[event.team] = len(state.rounds) + 1
        case TmRemove():
            if state.begun:
                raise StateError("a team is removed before the start; after it, it drops")
            if state.teams.pop(event.team, None) is None:
                raise StateError(f"no team {event.team}")
        case TmPods():
            state.pods = [list(pod) for pod in event.pods]
            state.pods_seed = event.seed
        case TmSwap():
            _swap(state, event)
        case TmTop():
            if not state.begun or any(team not in state.entrants for team in event.seeds):
                raise StateError("the Top seeds teams of the event")
            state.seeds = list(event.seeds)
            state.top_from = len(state.rounds) + 1
        case TmExtend():
            state.round(event.round).ends_at = event.ends_at
        case TmBegin():
            unknown = [t for t in event.teams if t not in state.teams]
            if unknown:
                raise StateError(f"unknown teams {unknown!r}")
            state.begun = True
            state.seed, state.planned_rounds = event.seed, event.rounds
            state.scoring, state.swap = Scoring(event.scoring), event.swap
            state.ratings = {player: rating for player, rating in event.ratings.items()}
            state.entrants = list(event.teams)
        case TmRound():
            _round(state, event)
        case TmGame():
            _game(state, event)
            state.absent[(event.round, event.table, event.board)] = event.absent
        case TmDrop():
            if event.team not in state.entrants:
                raise StateError(f"team {event.team} is not in the event")
            state.dropped.add(event.team)
        case TmFinish():
            state.finished = True
        case TmCancel():
            state.cancelled = True


def _round(state: State, event: TmRound) -> None:
    if not state.begun:
        raise StateError("a round before the start")
    if event.round == len(state.rounds):
        state.rounds.pop()  # the judge's re-pairing of the current round
    elif event.round != len(state.rounds) + 1:
        raise StateError(f"round {event.round} does not follow round {len(state.rounds)}")
    seen = [t for pair in event.tables for t in pair]
    seen += [] if event.bye is None else [event.bye]
    if len(set(seen)) != len(seen) or any(t not in state.entrants for t in seen):
        raise StateError("a team twice, or not in the event, in the round")
    matches = [
        TeamMatch(
            table,
            a,
            b,
            boards(state.teams[a], state.teams[b], crossed=table in event.crossed),
        )
        for table, (a, b) in enumerate(event.tables, start=1)
    ]
    state.rounds.append(Round(event.round, event.gen, matches, event.bye, ends_at=event.ends_at))


def _swap(state: State, event: TmSwap) -> None:
    """A judge's swap: team B of ``table`` and of ``other`` change places (neither has a
    game recorded); each match's boards assigned anew (crossed when that avoids a mirror and
    the event allows it, 610.4). The round's ``gen`` does not change: the other tables'
    games keep their keys."""
    rnd = state.round(event.round)
    first, second = rnd.match(event.table), rnd.match(event.other)
    if event.table == event.other:
        raise StateError("a swap needs two tables")
    played = {table for table, _ in rnd.games} | set(rnd.deciders)
    if {event.table, event.other} & played:
        raise StateError("a table that played keeps its opponents")
    for match, b in ((first, second.b), (second, first.b)):
        team_a, team_b = state.teams[match.a], state.teams[b]
        assignment = assign_boards(team_a, team_b, swap=state.swap)
        rnd.matches[match.table - 1] = TeamMatch(match.table, match.a, b, assignment)


def _game(state: State, event: TmGame) -> None:
    rnd = state.round(event.round)
    rnd.match(event.table)
    game = Game(event.outcome_a, event.penalty)
    if event.outcome_a is Outcome.BYE:
        raise UnknownGame("a bye is no game")
    if event.board in (1, 2):
        rnd.games[(event.table, event.board)] = game
        return
    if event.board != DECIDING:
        raise UnknownGame(f"no board {event.board}")
    due = state.deciding_players(event.round, event.table)
    if due is None:
        raise DecidingGameNotDue(f"round {event.round}, table {event.table}: no deciding game")
    rnd.deciders[event.table] = Decider(due, game)


def pair_next(state: State) -> TeamPairing:
    """The pairing of the round after the last one paired (``rules.teams.pairing``): the active
    teams by the standings, their score groups, the teams that met, the byes so far; the bye by
    rating in a duel-set release (610.6), by rank otherwise (604); boards crossed as 610.4
    needs when the event allows its players to swap (``tm_begin``'s ``swap``)."""
    if not state.begun:
        raise StateError("the event has not begun")
    number = len(state.rounds) + 1
    return pair_teams(
        list(state.teams.values()),
        state.active(),
        state.pairing_scores(),
        state.played(),
        state.had_bye(),
        state.seed,
        round_number=number,
        bye_order=state.bye_order() if state.scoring is Scoring.DUEL else None,
        swap=state.swap,
    )
