"""The judge's ``/pending``: the current round's open tables, and a nudge to just their players.

A table is open until its result is final. The list says, per table, both players and where it
stands: no result yet, a report waiting for the opponent's confirmation (and whose), or a
dispute waiting for the judge. The nudge (one button under the list, pressed by a judge or an
organiser of the tournament: ``bot.access``) reminds privately, read when pressed:

- both players of a table with no report, with the result buttons of their pairing;
- the opponent of a waiting report, with the confirm / dispute buttons of the request;
- nobody at a disputed table (the judge decides it: the list tells him so).

Each press sends the reminders again (a judge presses when he wants people to hurry); a
private message that cannot go is posted in the group with a mention.
"""

from __future__ import annotations

from dataclasses import dataclass

from aiogram.types import InlineKeyboardMarkup
from aiogram.utils.keyboard import InlineKeyboardBuilder

from bot.buttons import ConfirmCb
from bot.notices import render
from bot.swiss.broadcast import report_keyboard
from bot.swiss.core import SwissCore, T
from bot.swiss.games import game_of
from bot.swiss.views import Names, round_name
from db import players, reports, tournaments
from db.reports import Report
from db.tournaments import Tournament
from rules.swiss import Round


@dataclass(frozen=True, slots=True)
class OpenTable:
    """An open table of the current round and its unresolved reports (oldest first)."""

    table: int
    a: int
    b: int
    waiting: list[Report]

    @property
    def disputed(self) -> bool:
        return any(r.status == "disputed" for r in self.waiting)


@dataclass(frozen=True, slots=True)
class Pending:
    tournament: Tournament
    rnd: Round | None
    tables: list[OpenTable]
    names: Names


async def pending(core: SwissCore, tournament_id: int) -> Pending:
    """The current round's open tables, read now."""
    async with core.db.read() as tx:
        tournament = await tournaments.get(tx, tournament_id)
        assert tournament is not None
        rnd = (await core.state(tx, tournament_id)).current
        unresolved = await reports.unresolved(tx, tournament_id)
        seated = [p for pair in rnd.tables for p in pair] if rnd else []
        names = await core.names(tx, seated)
    tables = []
    for table in rnd.open_tables() if rnd else []:
        assert rnd is not None
        a, b = rnd.tables[table - 1]
        key = rnd.key(table)
        tables.append(OpenTable(table, a, b, [r for r in unresolved if r.game_key == key]))
    return Pending(tournament, rnd, tables, names)


def status(t: T, found: OpenTable, names: Names) -> str:
    if found.disputed:
        return t("swiss.pending_waits_judge")
    if found.waiting:
        return t("swiss.pending_waits_confirmation", name=names[found.waiting[0].reporter_id])
    return t("swiss.pending_no_report")


def pending_text(core: SwissCore, lang: str, view: Pending) -> str:
    """«Кубок · Тур 2: открытые столы (2):» and a line per table; or «все результаты внесены»."""
    t = core.t(lang)
    if view.rnd is None:
        return t("swiss.no_round_yet")
    name = round_name(t, view.rnd)
    if not view.tables:
        return t("swiss.pending_none", round=name)
    head = t("swiss.pending_title", name=view.tournament.name, round=name, count=len(view.tables))
    lines = [head]
    for found in view.tables:
        a, b = view.names[found.a], view.names[found.b]
        state = status(t, found, view.names)
        lines.append(t("swiss.pending_line", table=found.table, a=a, b=b, status=state))
    return "\n".join(lines)


def to_nudge(found: OpenTable) -> list[tuple[int, Report | None]]:
    """Whom a table's nudge reaches: (player, the report he is asked to confirm, if any)."""
    if found.disputed:
        return []
    if found.waiting:
        report = found.waiting[0]
        opponent = found.b if report.reporter_id == found.a else found.a
        return [(opponent, report)]
    return [(found.a, None), (found.b, None)]


async def nudge(core: SwissCore, tournament_id: int) -> int:
    """Remind the players of the open tables (see the module docstring); how many were sent."""
    view = await pending(core, tournament_id)
    sent = 0
    for found in view.tables:
        for pid, report in to_nudge(found):
            sent += await nudge_one(core, view, found, pid, report)
    return sent


async def nudge_one(
    core: SwissCore, view: Pending, found: OpenTable, pid: int, report: Report | None
) -> bool:
    """One player reminded of his open table, with the buttons he needs; True when sent."""
    rnd, tournament = view.rnd, view.tournament
    async with core.db.read() as tx:
        player = (await players.many(tx, [pid])).get(pid)
    if rnd is None or player is None or player.telegram_id is None:
        return False
    lang = await core.lang(player.telegram_id)
    t = core.t(lang)
    game = game_of(rnd, found.table)
    values: dict[str, object] = {
        "name": tournament.name,
        "game": render(core.texts, lang, core.flow.desks[tournament.kind].label(tournament, game)),
        "opponent": view.names[game.opponent(pid)],
    }
    if report is None:
        text = t("swiss.nudge", **values)
        markup = report_keyboard(t, tournament, rnd, found.table)
    else:
        names = {p: view.names[p] for p in (game.a, game.b)}
        claim = core.notices.describe(lang, game, report.claim, names)
        text = t("swiss.nudge_confirm", claim=claim, **values)
        markup = confirm_keyboard(t, report)
    message = await core.notifier.to_user(
        player.telegram_id, player.display_name, text, markup, fallback_chat=tournament.chat_id
    )
    return message is not None


def confirm_keyboard(t: T, report: Report) -> InlineKeyboardMarkup:
    """The confirmation request's own buttons (``bot.results.notices``) for ``report``."""
    builder = InlineKeyboardBuilder()
    builder.button(text=t("results.confirm"), callback_data=ConfirmCb(r=report.id, ok=True))
    builder.button(text=t("results.dispute"), callback_data=ConfirmCb(r=report.id, ok=False))
    return builder.as_markup()
