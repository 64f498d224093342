"""Score groups for pairing (spec section 4): wins and draws, not the exact points.

The points keep tenths (a clean win 3, a bye 2.9, a technical win 2.5) and still rank the
standings. Paired by those points, a bye-holder on 2.9 would be a group of his own below the
3-pointers and float like a player a whole win behind. So for pairing every win counts the
same: a clean win, a technical win, a bye and a missed round credited as a bye are a win (3);
a draw (timed or agreed) is 1; a loss, a technical loss, a double loss and a missed round
counted as a loss are 0. Players with as many wins and draws are one score group.
"""

from __future__ import annotations

from collections.abc import Iterable

from rules.results import MatchRecord, Outcome, PlayerId, points

__all__ = ["pairing_score", "pairing_scores"]

_WIN = points(Outcome.CLEAN_WIN)


def pairing_score(outcome: Outcome) -> int:
    """What one round's outcome adds to a player's score group, in tenths like the points."""
    match outcome:
        case Outcome.CLEAN_WIN | Outcome.TECHNICAL_WIN | Outcome.BYE:
            return _WIN
        case Outcome.DRAW | Outcome.AGREED_DRAW:
            return points(outcome)
        case Outcome.LOSS | Outcome.TECHNICAL_LOSS | Outcome.DOUBLE_LOSS:
            return 0


def pairing_scores(
    players: Iterable[PlayerId], records: Iterable[MatchRecord]
) -> dict[PlayerId, int]:
    """Every player's score for pairing (0 for one without a record yet)."""
    scores = dict.fromkeys(players, 0)
    for record in records:
        scores[record.player_a] = scores.get(record.player_a, 0) + pairing_score(record.outcome_a)
        if record.player_b is not None:
            gained = pairing_score(record.outcome_b)
            scores[record.player_b] = scores.get(record.player_b, 0) + gained
    return scores
