"""The King of the Hill's web board: the table, the queue to the circle's end, every player's
wins / norm / remainder, the Leaders, who is out and why, the main time, the phase, the fund."""

from __future__ import annotations

from datetime import datetime

from bot.formats import Money
from bot.koth.announce import table_note
from bot.koth.board import (
    LEADER_PHASES,
    elimination_reason,
    phase_line,
    table_pair,
)
from bot.koth.core import KothSnapshot
from bot.texts import Translate
from bot.web.render import Board, clock, esc, row, section, table
from rules.koth import KothState, Phase, next_challenger


def koth_board(t: Translate, snap: KothSnapshot, now: datetime) -> Board:
    tournament, state = snap.tournament, snap.state
    head = f'<header><p class="kind">{t("web.koth")}</p><h1>{esc(tournament.name)}</h1></header>'
    if state is None:
        body = head + registration(t, snap)
    else:
        body = head + status(t, snap, state, now) + '<div class="columns">'
        body += '<div class="col">' + at_table(t, snap, state) + queue(t, snap, state) + "</div>"
        body += '<div class="col">' + players(t, snap, state) + "</div></div>"
    return Board(tournament.name, snap.lang, body)


def registration(t: Translate, snap: KothSnapshot) -> str:
    line = t("web.registration", count=len(snap.names))
    if snap.tournament.status == "cancelled":
        line = t("web.cancelled")
    names = "".join(f"<li>{esc(name)}</li>" for name in snap.names.values())
    return f'<p class="phase">{line}</p><ol class="queue">{names}</ol>'


def status(t: Translate, snap: KothSnapshot, state: KothState[int], now: datetime) -> str:
    """The phase, the circle, the main time's clock while it runs, the prize fund."""
    tournament = snap.tournament
    phase = phase_line(t, state, snap.names).replace("\n", "<br>")
    if tournament.status == "cancelled":
        phase = t("web.cancelled")
    elif tournament.status == "finished" or state.winner is not None:
        phase = t("web.finished")
    items = [f'<p class="phase">{phase}</p>']
    if state.phase in (Phase.MAIN, Phase.LAST_CIRCLE):  # extra games and a final are no circle
        items.append(f'<p class="circle">{t("web.circle", circle=state.circle)}</p>')
    due = snap.main_due
    if tournament.status == "running" and state.phase is Phase.MAIN and due is not None:
        items.append(clock(t("web.main_left"), due, now))
    items.append(f'<p class="fund">{t("web.fund", fund=Money(snap.fund))}</p>')
    return '<div class="status">' + "".join(items) + "</div>"


def at_table(t: Translate, snap: KothSnapshot, state: KothState[int]) -> str:
    if state.winner is not None:
        return section(
            "table",
            t("web.at_table"),
            f'<p class="winner">🏆 {t("web.winner", name=snap.names[state.winner])}</p>',
        )
    shown = table_pair(state)
    if shown is None:
        return ""
    a, b, crowned = shown
    first = t("web.king") if crowned else ""
    second = t("web.challenger") if crowned else ""
    pair = (
        f'<div class="pair"><div class="seat a"><span class="role">{first}</span>'
        f'<span class="name">{"👑 " if crowned else ""}{esc(snap.names[a])}</span></div>'
        f'<div class="vs">—</div><div class="seat b"><span class="role">{second}</span>'
        f'<span class="name">{esc(snap.names[b])}</span></div></div>'
    )
    note = table_note(t, snap) if snap.tournament.status == "running" else ""
    if note:
        pair += f'<p class="note">{note}</p>'
    return section("table", t("web.at_table"), pair)


def queue(t: Translate, snap: KothSnapshot, state: KothState[int]) -> str:
    """Who comes next, and the circle's boundary after the last challenger of this circle."""
    if state.winner is not None:
        return ""
    items = [f"<li>{esc(snap.names[p])}</li>" for p in state.upcoming]
    if state.phase in (Phase.MAIN, Phase.LAST_CIRCLE):
        items.append(f'<li class="boundary">{t("web.circle_end")}</li>')
    opener = next_challenger(state) if state.phase is Phase.MAIN and not state.upcoming else None
    if opener is not None:  # past the boundary: who opens the next circle, whoever wins now
        items.append(f"<li>{esc(snap.names[opener])}</li>")
    elif not state.upcoming:
        items.insert(0, f'<li class="empty">{t("web.queue_empty")}</li>')
    return section("queue", t("web.queue"), '<ol class="queue">' + "".join(items) + "</ol>")


def players(t: Translate, snap: KothSnapshot, state: KothState[int]) -> str:
    rows = []
    marking = state.phase in LEADER_PHASES
    for seat, player in enumerate(state.order, start=1):
        crown = " 👑" if player == state.king else ""
        name = esc(snap.names[player]) + crown
        css = ""
        if player in state.eliminated:
            css = "out"
            name = f"<s>{name}</s>"
            name += f' <span class="reason">{elimination_reason(t, state, player)}</span>'
        elif marking and player in state.leaders:
            css = "leader"
            name += f' <span class="mark">{t("web.leader")}</span>'
        cells = [str(seat), name, str(state.wins[player]), str(state.norms[player])]
        rows.append(row([*cells, str(state.remainder_of(player))], css))
    head = ["#", t("web.col_player"), t("web.col_wins"), t("web.col_norm"), t("web.col_left")]
    body = table(head, rows, paged=True)
    if marking and state.leaders:
        names = ", ".join(snap.names[p] for p in state.leaders)
        body += f'<p class="leaders">{t("web.leaders", count=len(state.leaders), names=names)}</p>'
    return section("players", t("web.players"), body)
