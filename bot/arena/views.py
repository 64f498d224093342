"""What people read of an Arena (values go through ``Translate``, which escapes them; only
``map_text`` puts names in itself): the standings with the map of Laar in words, a player's own
view, the log of changes (the picture is ``bot.pictures.laar``)."""

from __future__ import annotations

from html import escape

from bot.arena.core import Snapshot
from bot.formats import rating_change
from bot.texts import Translate
from rules.arena import WEEKS, Exit, Status


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


def map_text(snap: Snapshot) -> str:
    """The map of Laar in words: each sector's number and its owner's initial (· neutral)."""
    cells = []
    for sector, owner in sorted(snap.state.owner.items()):
        mark = "·" if owner is None else escape(snap.name(owner)[:2])
        cells.append(f"{sector}:{mark}")
    return " ".join(cells)


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
