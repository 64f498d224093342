"""What a tournament announced ahead keeps of its start (``bot.ahead``), read by its parts.

The start is ``starts_at`` in the tournament's settings (ISO 8601; stored in UTC by
``bot.ahead.Ahead``, read with any offset: a wizard may store it in the club's time zone), and
``check_in`` whether its players check in before round 1.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from db import tournaments
from db.database import Tx
from db.tournaments import Tournament

#: the settings' keys (every kind's settings ignore keys they do not name)
STARTS_AT = "starts_at"
CHECK_IN = "check_in"


def starts_of(tournament: Tournament) -> datetime | None:
    """The start the tournament was announced for (``None``: none, or unreadable)."""
    stored = tournament.settings.get(STARTS_AT)
    if not isinstance(stored, str):
        return None
    try:
        found = datetime.fromisoformat(stored)
    except ValueError:
        return None
    return found if found.tzinfo is not None else found.replace(tzinfo=UTC)


def checks_in(tournament: Tournament) -> bool:
    """Whether its players check in before round 1: on by default once announced ahead
    (``Ahead.announce_at`` stores it; a start stored by a wizard alone asks no check-in until
    announced: nobody was asked)."""
    return starts_of(tournament) is not None and tournament.settings.get(CHECK_IN) is True


async def registered(tx: Tx, tournament_id: int) -> list[int]:
    """The players on the list (active), in the order they joined."""
    return [
        p.player_id
        for p in await tournaments.participants(tx, tournament_id)
        if p.status == "active"
    ]


def stamp(starts: datetime) -> int:
    """The start in an outbox key: a moved start's messages are new ones."""
    return int(starts.timestamp())


def minutes(span: timedelta) -> int:
    return int(span.total_seconds() // 60)
