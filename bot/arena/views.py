"""What people read of an Arena (values go through ``Translate``, which escapes them; only
``map_text`` puts names in itself): the standings with the map of Laar in words, a player's own
view, the log of changes (the picture is ``bot.pictures.laar``)."""

from __future__ import annotations

from html import escape

from bot.arena.core import Snapshot
from bot.formats import rating_change
from bot.texts import Html, Translate
from rules.arena import (
    WEEKS,
    ArAnswer,
    ArApprove,
    ArCancel,
    ArChallenge,
    ArChoice,
    ArDayEnd,
    ArDisqualify,
    ArenaEvent,
    ArEntry,
    ArExcuse,
    ArFinish,
    ArResult,
    ArStart,
    ArVoid,
    ArWeekEnd,
    Exit,
    Status,
)


def standings_text(t: Translate, snap: Snapshot, day: int) -> str:
    """The group's view (``/arena``, ``/standings``): who holds how many sectors, who left
    with what, the neutral sectors, the results waiting for a judge."""
    state = snap.state
    lines = [t("arena.title", tournament=snap.tournament.name)]
    if state.finished:
        lines.append(t("arena.over"))
    elif not state.started:
        lines.append(t("arena.not_started", count=len(state.active)))
    else:
        lines.append(t("arena.day", day=min(day, 27) + 1, week=min(day // 7, WEEKS - 1) + 1))
    for place, player, total in state.places():
        held = state.count(player)
        mark = "" if state.is_in(player) else " " + t("arena.left_mark")
        lines.append(
            t(
                "arena.row",
                place=place,
                name=snap.name(player),
                sectors=held,
                total=total,
            )
            + mark
        )
    for player in sorted(state.disqualified):
        lines.append(t("arena.row_dq", name=snap.name(player)))
    lines.append(t("arena.neutral", count=len(state.neutral()), all=len(state.owner)))
    waiting = state.waiting()
    if waiting:
        lines.append(t("arena.waiting", count=len(waiting)))
    return "\n".join(lines)


def map_words(snap: Snapshot) -> str:
    """The map of Laar in words, plain text: each sector's number and its owner's initial
    (· neutral)."""
    cells = []
    for sector, owner in sorted(snap.state.owner.items()):
        mark = "·" if owner is None else snap.name(owner)[:2]
        cells.append(f"{sector}:{mark}")
    return " ".join(cells)


def map_text(snap: Snapshot) -> str:
    """The map of Laar in words, as HTML text (``map_words`` escaped)."""
    return escape(map_words(snap), quote=False)


def my_text(t: Translate, snap: Snapshot, player: int, day: int, hours_left: int) -> str:
    """A player's own view (issue 25 item 8): his sectors, open challenges, whom he may still
    challenge today, his refusals, the week's remaining time."""
    state = snap.state
    lines = [t("arena.title", tournament=snap.tournament.name)]
    if not state.is_in(player):
        lines.append(t("arena.me_out"))
        return "\n".join(lines)
    lines.append(t("arena.me_sectors", count=state.count(player)))
    for c in state.open_challenges(player):
        other = c.challenged if c.challenger == player else c.challenger
        key = "arena.me_to_play" if c.status is Status.ACCEPTED else "arena.me_open"
        lines.append(t(key, id=c.id, name=snap.name(other)))
    free = [
        p for p in sorted(state.active) if p != player and state.pair_today(player, p, day) is None
    ]
    names = ", ".join(snap.name(p) for p in free) or "—"
    lines.append(t("arena.me_may_challenge", names=names))
    refused = sorted(state.refused.get(player, set()))
    lines.append(t("arena.me_refusals", count=len(refused)))
    lines.append(t("arena.me_week_left", hours=hours_left))
    return "\n".join(lines)


def final_text(t: Translate, lang: str, snap: Snapshot, changes: dict[int, int]) -> str:
    """The end (605.5): places by the total sectors, prize cards, rating changes."""
    lines = [t("arena.final", tournament=snap.tournament.name)]
    prizes: dict[int, int] = {}
    for entry in snap.state.entries:
        if entry.exit is not Exit.DISQUALIFIED:
            prizes[entry.player] = prizes.get(entry.player, 0) + entry.prize
    for place, player, total in snap.state.places():
        lines.append(
            t(
                "arena.final_row",
                place=place,
                name=snap.name(player),
                total=total,
                cards=prizes.get(player, 0),
                delta=rating_change(changes.get(player, 0), lang),
            )
        )
    return "\n".join(lines)


def log_lines(t: Translate, snap: Snapshot, events: list[tuple[str, ArenaEvent]]) -> list[str]:
    """``/log``: every change of the Arena, oldest first, each with its moment (``time``, as
    the club's clock shows it); a format named before the result is in the result's line."""
    lines = []
    for time, event in events:
        said = log_line(t, snap, event, time)
        if said:
            lines.append(said)
    return lines


def log_line(t: Translate, snap: Snapshot, event: ArenaEvent, time: str) -> str:
    match event:
        case ArEntry(player=player):
            return t("arena.log_entry", time=time, name=snap.name(player))
        case ArStart():
            return t("arena.log_start", time=time)
        case ArChallenge(id=number, challenger=a, challenged=b):
            return t("arena.log_challenge", time=time, id=number, a=snap.name(a), b=snap.name(b))
        case ArAnswer(challenge=number, accepted=accepted):
            key = "arena.log_accepted" if accepted else "arena.log_refused"
            return t(key, time=time, id=number)
        case ArResult(challenge=number, winner=winner, format=fmt):
            c = snap.state.challenges[number]
            first, second = snap.name(c.challenger), snap.name(c.challenged)
            said = Html(t(f"arena.format_{fmt}"))
            if winner is None:
                result = t("arena.result_draw", a=first, b=second, format=said)
            else:
                won, lost = (first, second) if winner == c.challenger else (second, first)
                result = t("arena.result_win", winner=won, loser=lost, format=said)
            return t("arena.log_result", time=time, id=number, result=Html(result))
        case ArApprove(challenge=number):
            return t("arena.log_approve", time=time, id=number)
        case ArDayEnd(day=day):
            return t("arena.log_day_end", time=time, day=day + 1)
        case ArExcuse(player=player, day=day):
            return t("arena.log_excuse", time=time, day=day + 1, name=snap.name(player))
        case ArWeekEnd(week=week):
            return t("arena.log_week_end", time=time, week=week + 1)
        case ArChoice(player=player, leave=leave):
            key = "arena.log_leave" if leave else "arena.log_stay"
            return t(key, time=time, name=snap.name(player))
        case ArVoid(challenge=number):
            return t("arena.log_void", time=time, id=number)
        case ArDisqualify(player=player):
            return t("arena.log_disqualify", time=time, name=snap.name(player))
        case ArFinish():
            return t("arena.log_finish", time=time)
        case ArCancel():
            return t("arena.log_cancel", time=time)
    return ""
