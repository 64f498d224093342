"""Card-game tournaments (Swiss rounds, then the Top): the pure rules, one import for callers.

- pairing a Swiss round (score groups, floats, one bye, never a rematch): ``rules.swiss.pairing``
- the score groups it pairs by (wins and draws, not tenths): ``rules.swiss.score_groups``
- a tournament's state replayed from its events (rounds, results, drops, late entrants, the
  Top), and what a reported result means in a round: ``rules.swiss.state``
"""

from __future__ import annotations

from rules.swiss.pairing import NoLegalPairing, Pair, PairingError, pair_round, pairing_cost
from rules.swiss.score_groups import pairing_score, pairing_scores
from rules.swiss.state import (
    LATE_POLICIES,
    SWISS,
    TOP,
    LatePolicy,
    Result,
    Round,
    State,
    apply,
    draws_allowed,
    game_key,
    late_policy,
    parse_game_key,
    points_text,
    replay,
    result_from_claim,
)

__all__ = [
    "LATE_POLICIES",
    "SWISS",
    "TOP",
    "LatePolicy",
    "NoLegalPairing",
    "Pair",
    "PairingError",
    "Result",
    "Round",
    "State",
    "apply",
    "draws_allowed",
    "game_key",
    "late_policy",
    "pair_round",
    "pairing_cost",
    "pairing_score",
    "pairing_scores",
    "parse_game_key",
    "points_text",
    "replay",
    "result_from_claim",
]
