"""How a deadline applied late says so (``bot.deadlines``, ``Late.APPLY``): one line before its
announcement, "⚠️ Late: the bot was offline from 30.11.2026 21:40 to 01.12.2026 06:30; the main
time ended at 30.11.2026 23:00."

Moments are written in the club's time zone (``settings.zone``) as ``bot.formats.moment``, the
format of moments in the tournament log (``/log``): a downtime may span midnight, so the time of
day alone would not say which day.
"""

from __future__ import annotations

from datetime import datetime, tzinfo
from typing import TYPE_CHECKING, Any

from bot import formats
from bot.deadlines import Overdue
from bot.notices import Phrase, Value, phrase, spoken
from bot.texts import Translate
from db import tournaments
from db.models import Deadline

if TYPE_CHECKING:
    from bot.infra import Infra


def late_phrase(overdue: Overdue, zone: tzinfo, what: str, **values: Value) -> Phrase:
    """The line saying why a deadline comes late; ``what`` is the locale key naming it, given
    its moment as ``due`` (and ``values``)."""
    named = phrase(what, due=formats.moment(overdue.due_at, zone), **values)
    until = formats.moment(overdue.back_at, zone)
    if overdue.down_since is None:
        return phrase("late.offline_since_unknown", until=until, what=named)
    since = formats.moment(overdue.down_since, zone)
    return phrase("late.offline", since=since, until=until, what=named)


def late_note(t: Translate, overdue: Overdue, zone: tzinfo, what: str, **values: Value) -> str:
    """``late_phrase`` through the text getter ``t``."""
    return spoken(t, late_phrase(overdue, zone, what, **values))


def to_payload(overdue: Overdue) -> dict[str, Any]:
    """As JSON, for an event applied late (its announcement is sent by a durable job)."""
    since = overdue.down_since
    return {
        "due_at": overdue.due_at.isoformat(),
        "down_since": since.isoformat() if since else None,
        "back_at": overdue.back_at.isoformat(),
    }


def from_payload(value: Any) -> Overdue | None:
    if not isinstance(value, dict):
        return None
    since = value.get("down_since")
    return Overdue(
        datetime.fromisoformat(value["due_at"]),
        datetime.fromisoformat(since) if since else None,
        datetime.fromisoformat(value["back_at"]),
    )


async def tell_late_job(infra: Infra, deadline: Deadline, overdue: Overdue) -> None:
    """A durable job runs late: its tournament's group is told why first (once, by key).

    Every durable job is a tournament's (its ``ref_id``)."""
    async with infra.db.read() as tx:
        tournament = await tournaments.get(tx, deadline.ref_id)
        if tournament is None:
            return
    lang = infra.group_lang()

    def t(key: str, **values: object) -> str:
        return infra.texts.get(lang, key, **values)

    text = late_note(t, overdue, infra.settings.zone, "late.job")
    await infra.outbox.send_once(f"late:{deadline.id}", tournament.chat_id, text)
