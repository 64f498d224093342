"""Team events (604 Team Sealed / Team Draft, 610 duel-set releases): the pure rules, one
import for callers.

- the teams, their fixed seats and the default rounds: ``rules.teams.teams``
- the settings the organiser chose: ``rules.teams.settings``
- who plays whom inside a team match, no mirror game (610.4): ``rules.teams.boards``
- a game's key and what a report of it means: ``rules.teams.games``
- scoring a team match, the deciding game, the bye: ``rules.teams.scoring``
- pairing a round (the Swiss with teams as the unit): ``rules.teams.pairing``
- the standings and places: ``rules.teams.standings`` (the Top of teams: ``rules.teams.state``)
- Team Draft's seating, teammates never side by side: ``rules.teams.pods``
- the events, and the state replayed from them: ``rules.teams.events``, ``rules.teams.state``
"""

from __future__ import annotations

from rules.teams.boards import Assignment, Board, assign_boards, mirror_bound
from rules.teams.events import (
    DECIDING,
    EVENTS,
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
from rules.teams.games import game_key, outcome_from_claim, parse_game_key
from rules.teams.pairing import NoLegalPairing, PairingError, TeamPairing, pair_teams
from rules.teams.scoring import (
    MAX_ROUND_POINTS,
    Bye,
    TeamMatchResult,
    TeamOutcome,
    bye,
    deciding_game_due,
    game_points,
    score_match,
)
from rules.teams.settings import Scoring, TeamFormat, TeamSettings
from rules.teams.standings import TeamRecord, TeamRow, team_standings
from rules.teams.state import (
    DecidingGameNotDue,
    PlayerGame,
    State,
    StateError,
    UnknownGame,
    apply,
    pair_next,
    replay,
)
from rules.teams.teams import (
    MIN_TEAMS,
    Seat,
    Team,
    TeamError,
    TeamId,
    TooFewTeams,
    check_teams,
    default_rounds,
)

__all__ = [
    "DECIDING",
    "EVENTS",
    "MAX_ROUND_POINTS",
    "MIN_TEAMS",
    "Assignment",
    "Board",
    "Bye",
    "DecidingGameNotDue",
    "NoLegalPairing",
    "PairingError",
    "PlayerGame",
    "Scoring",
    "Seat",
    "State",
    "StateError",
    "Team",
    "TeamError",
    "TeamEvent",
    "TeamFormat",
    "TeamId",
    "TeamMatchResult",
    "TeamOutcome",
    "TeamPairing",
    "TeamRecord",
    "TeamRow",
    "TeamSettings",
    "TmBegin",
    "TmCancel",
    "TmDrop",
    "TmExtend",
    "TmFinish",
    "TmGame",
    "TmPods",
    "TmRemove",
    "TmRound",
    "TmSwap",
    "TmTeam",
    "TmTop",
    "TooFewTeams",
    "UnknownGame",
    "apply",
    "assign_boards",
    "bye",
    "check_teams",
    "deciding_game_due",
    "default_rounds",
    "game_key",
    "game_points",
    "mirror_bound",
    "outcome_from_claim",
    "pair_next",
    "pair_teams",
    "parse_game_key",
    "replay",
    "score_match",
    "team_standings",
]
