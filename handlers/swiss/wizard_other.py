"""Another format's steps of the ``/new`` wizard (611; ``handlers.swiss.wizard``).

«Другой формат» at the format step asks four text answers, each a reply to its question
(``handlers.prompts``): the format's name, its rules as text, its banned cards (by commas or
lines; «-» for none) and the start, at least three days away (611.2: an earlier one is refused
naming the first possible day, ``rules.card_formats.check_notice``). Then the wizard goes on
with the strictness as for Constructed, which pairs it (611: «paired as Constructed»). The
settings: ``format`` ``constructed``, ``custom_format`` (name, rules, banned) and
``starts_at`` (ISO, in the club's time zone); the registration message carries the rules and
the bans.
"""

from __future__ import annotations

import re
from datetime import date, datetime, tzinfo
from typing import Any

from bot.errors import UserError
from bot.formats import day, moment
from bot.texts import Html, Translate, escape
from rules.ahead import StartError, parse_start
from rules.card_formats import TooSoon, check_notice, first_start
from rules.text import visible

#: the format button's value
OTHER = "other"
#: the text steps, in order (their answers are kept in the wizard's data under these keys)
STEPS = ("other_name", "other_rules", "other_bans", "other_start")
MAX_NAME, MAX_RULES, MAX_BANS, MAX_CARD = 60, 1500, 60, 80
NONE_WORDS = frozenset({"-", "—", "нет", "none", "no"})


def question(t: Translate, step: str, today: date) -> str:
    values = {"max": {"other_name": MAX_NAME, "other_rules": MAX_RULES}.get(step, MAX_BANS)}
    return t(f"swiss.wiz_{step}", **values, first=day(first_start(today)))


def take(step: str, text: str, now: datetime, zone: tzinfo) -> Any:
    """The answer of ``step`` as stored, or ``UserError`` saying what is wrong with it."""
    if step == "other_bans":
        return banned_cards(text)
    # what draws nothing goes (``rules.text.visible``); the rules keep their lines
    text = "\n".join(visible(line) for line in text.splitlines()).strip()
    if step == "other_name":
        if text.startswith("/") or "\n" in text or not 1 <= len(text) <= MAX_NAME:
            raise UserError("swiss.wiz_other_name_bad", max=MAX_NAME)
        return text
    if step == "other_rules":
        if text.startswith("/") or not 1 <= len(text) <= MAX_RULES:
            raise UserError("swiss.wiz_other_rules_bad", max=MAX_RULES)
        return text
    return start(text, now, zone)


def banned_cards(text: str) -> list[str]:
    """The names by commas, semicolons or lines, each once; none for «-» or «нет»."""
    if text.strip().casefold() in NONE_WORDS:
        return []
    names = [visible(name).strip() for name in re.split(r"[,;\n]", text)]
    names = [name for name in names if name]
    unique = list(dict.fromkeys(names))
    if not unique or len(unique) > MAX_BANS or any(len(n) > MAX_CARD for n in unique):
        raise UserError("swiss.wiz_other_bans_bad", max=MAX_BANS)
    return unique


def start(text: str, now: datetime, zone: tzinfo) -> str:
    """The start as ISO, at least three days after today (611.2), read as every start is
    (``rules.ahead.parse_start``: «12.12 19:00», «в пятницу 19:00», …)."""
    try:
        found = parse_start(text, now, zone)
    except StartError as unread:
        raise UserError("swiss.wiz_other_start_bad") from unread
    try:
        check_notice(found.date(), now.astimezone(zone).date())
    except TooSoon as soon:
        raise UserError("swiss.wiz_other_too_soon", first=day(soon.first)) from soon
    return found.isoformat()


def lines(t: Translate, data: dict[str, Any], zone: tzinfo) -> list[str]:
    """The wizard message's lines of the answers so far."""
    found = []
    for step in STEPS:
        if step not in data:
            continue
        value = data[step]
        if step == "other_bans":
            value = ", ".join(value) or t("swiss.other_no_bans")
        elif step == "other_start":
            value = moment_text(str(value), zone)
        elif step == "other_rules":
            value = t("swiss.other_rules_given", count=len(str(value)))
        found.append(t("swiss.wiz_answer", what=t(f"swiss.wiz_said_{step}"), answer=value))
    return found


def moment_text(value: str, zone: tzinfo) -> str:
    return moment(datetime.fromisoformat(value), zone)


def settings(data: dict[str, Any]) -> dict[str, Any]:
    """What another format adds to the tournament's settings (nothing for a listed one)."""
    if data.get("fmt") != OTHER:
        return {}
    return {
        "custom_format": {
            "name": data["other_name"],
            "rules": data["other_rules"],
            "banned": list(data["other_bans"]),
        },
        "starts_at": data["other_start"],
    }


def summary(t: Translate, options: dict[str, Any], zone: tzinfo) -> str:
    """The registration message's lines of another format: its start, rules and bans."""
    custom = options.get("custom_format")
    if not isinstance(custom, dict):
        return ""
    bans = ", ".join(escape(name) for name in custom.get("banned") or [])
    return "\n" + t(
        "swiss.other_announced",
        start=moment_text(str(options["starts_at"]), zone),
        rules=custom["rules"],
        bans=Html(bans or escape(t("swiss.other_no_bans"))),
    )
