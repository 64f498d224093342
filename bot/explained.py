"""``/why``'s answer in words, for every kind whose rounds the Swiss engine pairs (a Swiss, a
team event): the lines of a table's or a bye's explanation (``rules.swiss.explain``), each
text under the kind's own prefix (``swiss.why_*``, ``teams.why_*``) so that each kind names
its unit (a player, a team) as it does everywhere else; and who may ask it (or ``/need``)."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TypeVar

from bot.errors import UserError
from bot.formats import Points
from bot.texts import Translate
from db import players
from db.database import Tx
from db.models import Player
from rules.swiss.explain import BYE_HAD_ONE, REMATCH, ByeWhy, TableWhy

P = TypeVar("P", bound=Hashable)


async def asker(tx: Tx, telegram_id: int) -> Player:
    """Who asks a question about his own pairing or chances (``/why``, ``/need``): a player
    who has not registered is told to (``UserError``)."""
    player = await players.by_telegram(tx, telegram_id)
    if player is None:
        raise UserError("profile.not_registered")
    return player


def table_lines(t: Translate, prefix: str, why: TableWhy[P], name: Callable[[P], str]) -> list[str]:
    """The groups, who floated, the cost term that decided (the first that differs)."""
    opponent = name(why.opponent)
    lines = [t(f"{prefix}.why_drawn")] if why.drawn else []
    lines.append(
        t(
            f"{prefix}.why_groups",
            my_group=Points(why.group),
            size=why.group_size,
            their_group=Points(why.opponent_group),
            their_size=why.opponent_group_size,
            opponent=opponent,
        )
    )
    if why.floated:
        down = why.group > why.opponent_group
        lines.append(t(f"{prefix}.why_floated_me" if down else f"{prefix}.why_floated_opponent"))
    if why.reasons == (REMATCH,):
        lines.append(t(f"{prefix}.why_only_legal"))
    elif not why.reasons or why.alternative is None:
        lines.append(t(f"{prefix}.why_tie"))
    elif why.reasons[0] == "floats":
        floats, without = why.chosen.floats, why.alternative.floats
        lines.append(t(f"{prefix}.why_floats", floats=floats, without=without))
    else:
        lines.append(t(f"{prefix}.why_squares"))
    return lines


def bye_lines(t: Translate, prefix: str, why: ByeWhy[P], name: Callable[[P], str]) -> list[str]:
    """Who was passed over for the bye, and why."""
    lines = [t(f"{prefix}.why_bye_second")] if why.second else []
    for other, reason in why.below:
        key = f"{prefix}.why_bye_had" if reason == BYE_HAD_ONE else f"{prefix}.why_bye_blocked"
        lines.append(t(key, name=name(other)))
    return lines
