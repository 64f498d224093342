"""King of the Hill (billiards): the pure rules, one import for callers.

- ``norms`` / ``average_display`` / bonuses / ``tournament_elo_cents``: ``rules.koth.rating``
- participants, main time and money: ``rules.koth.money``
- the tournament itself, replayed from events: ``rules.koth.engine`` over ``rules.koth.state``

The state is a pure function of the order, the norms and the event list (spec §6)::

    state = replay(order, norms, [("game", "ann", "bob"), ("expire",), ("leave", "cid")])
    state.next_pair, state.phase, state.leaders, state.winner, state.decided_by
"""

from __future__ import annotations

from rules.elo import elo_delta
from rules.koth.engine import (
    Event,
    apply_event,
    extra_turn_passed,
    next_challenger,
    replay,
    replay_from,
    start,
)
from rules.koth.errors import (
    ContributionError,
    EntryFeeError,
    ExpiryError,
    InvalidSetupError,
    JudgeActionError,
    KothError,
    LeaveError,
    ParticipantCountError,
    RatingInputError,
    TournamentFinishedError,
    UnknownEventError,
    UnknownPlayerError,
    WrongPairError,
)
from rules.koth.money import (
    FundSplit,
    check_entry_fee,
    check_participants,
    main_time,
    prize_fund,
    split_fees,
    table_time_share,
)
from rules.koth.rating import (
    BONUS,
    active_bonuses,
    average_display,
    average_exact,
    bonus_expiry,
    effective_rating,
    norm_for,
    norms,
    tournament_elo_cents,
)
from rules.koth.state import (
    DecidedBy,
    Elimination,
    EliminationReason,
    GameRecord,
    KothState,
    Phase,
    PlayerId,
)

__all__ = [
    "BONUS",
    "ContributionError",
    "DecidedBy",
    "Elimination",
    "EliminationReason",
    "EntryFeeError",
    "Event",
    "ExpiryError",
    "FundSplit",
    "GameRecord",
    "InvalidSetupError",
    "JudgeActionError",
    "KothError",
    "KothState",
    "LeaveError",
    "ParticipantCountError",
    "Phase",
    "PlayerId",
    "RatingInputError",
    "TournamentFinishedError",
    "UnknownEventError",
    "UnknownPlayerError",
    "WrongPairError",
    "active_bonuses",
    "apply_event",
    "average_display",
    "average_exact",
    "bonus_expiry",
    "check_entry_fee",
    "check_participants",
    "effective_rating",
    "elo_delta",
    "extra_turn_passed",
    "main_time",
    "next_challenger",
    "norm_for",
    "norms",
    "prize_fund",
    "replay",
    "replay_from",
    "split_fees",
    "start",
    "table_time_share",
    "tournament_elo_cents",
]
