"""The Overlord series' step of the ``/new`` wizard (606; ``handlers.swiss.wizard``).

A Constructed or Draft tournament (606.2) of a group with a running series is asked last
whether it belongs to one: «Нет» or each running series by its deck and city. Choosing one
checks the week's limit at once (606.5: a third is refused naming the two, and the question
stays); the creation checks it again in its transaction (``bot.series``'s listener). The
answer stores ``series`` (its id) in the settings.
"""

from __future__ import annotations

from typing import Any

from bot.formats import day
from bot.series import FORMATS, SeriesService
from bot.swiss.play import play_named
from bot.texts import Translate

STEP = "ser"
NO = "no"
#: the wizard's data: the series offered (id → "deck, city"), kept for the labels
OFFERED = "ser_offered"
#: the wizard's data: the offered series past their official end (id → that day)
LATE = "ser_late"


async def offer(series: SeriesService, chat_id: int, data: dict[str, Any]) -> bool:
    """Whether to ask the step now (a series format, a running series in the group, not asked
    yet); the series offered are kept in ``data``."""
    if STEP in data or OFFERED in data:
        return False
    if play_named(data.get("fmt")).format.value not in FORMATS or data.get("fmt") == "other":
        return False
    running = await series.running_in_chat(chat_id)
    if not running:
        return False
    data[OFFERED] = {str(s.id): f"{s.deck}, {s.city}" for s in running}
    today = series.today()
    # an extended series after its official end: only the cards released before it (606.11)
    data[LATE] = {str(s.id): day(s.ends_on) for s in running if today > s.ends_on}
    return True


def values(data: dict[str, Any]) -> tuple[str, ...]:
    return (NO, *data.get(OFFERED, {}))


def label(t: Translate, value: str, data: dict[str, Any]) -> str:
    if value == NO:
        return t("swiss.wiz_ser_no")
    return t("swiss.wiz_ser_one", series=data.get(OFFERED, {}).get(value, value))


def late_note(t: Translate, data: dict[str, Any]) -> str:
    """The registration message's note when its series is past its official end (606.11)."""
    official = data.get(LATE, {}).get(str(data.get(STEP)))
    return "" if official is None else t("series.late_cards", official=official)


def settings(data: dict[str, Any]) -> dict[str, Any]:
    chosen = data.get(STEP)
    return {"series": int(chosen)} if chosen and chosen != NO else {}
