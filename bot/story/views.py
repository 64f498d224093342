"""What people read of a Story tournament: the live board (both sides, who waits, who is in,
out, in reserve, the captains, the round's pairs), the standings and the end."""

from __future__ import annotations

from bot.formats import OUTCOME_MARKS, Points, RatingChange
from bot.story.core import Snapshot
from bot.texts import Translate
from rules.story import SIDES, Robin, Round, State


def halves(points: int) -> str:
    """Round-robin points counted in halves, as people write them: 0, ½, 1, 1½."""
    whole, half = divmod(points, 2)
    if not half:
        return str(whole)
    return f"{whole}½" if whole else "½"


def robin_lines(t: Translate, snap: Snapshot) -> list[str]:
    """607.4.6's round robins: their tables and results (none: no lines)."""
    lines: list[str] = []
    for robin in snap.state.robins:
        lines += ["", t("story.robin_head")]
        lines += [robin_line(t, snap, robin, table) for table in range(1, len(robin.pairs) + 1)]
    return lines


def robin_line(t: Translate, snap: Snapshot, robin: Robin, table: int) -> str:
    a, b = robin.pairs[table - 1]
    outcome = robin.results.get(table)
    mark = OUTCOME_MARKS[outcome] if outcome is not None else "…"
    return t("story.robin_line", table=table, a=snap.name(a), b=snap.name(b), mark=mark)


def status_of(state: State, rnd: Round | None, player: int) -> str:
    """A player's word on the board: out, playing at a table, through, reserve, waiting."""
    if player in state.out():
        return "out"
    if rnd is None:
        return "in"
    table = rnd.table_of(player)
    if table is not None:
        return "through" if table in rnd.results else "playing"
    if player in state.reserves(rnd):
        return "reserve"
    if player in rnd.players[0] or player in rnd.players[1]:
        return "waiting"
    return "in"


def side_block(t: Translate, snap: Snapshot, side: int) -> list[str]:
    state = snap.state
    rnd = state.current
    role = "attack" if side == state.attacking else "defence"
    head = t(
        f"story.side_{role}" if state.begun else "story.side_head",
        side=snap.side_name(side),
        count=len(state.alive(side)) if state.begun else len(state.members[side]),
    )
    lines = [head]
    for player in state.members[side]:
        status = status_of(state, rnd, player)
        table = rnd.table_of(player) if rnd is not None else None
        lines.append(
            t(
                "story.member_line",
                mark="👑 " if state.captains.get(side) == player else "",
                name=snap.name(player),
                status=t(f"story.status_{status}", table=table or 0),
            )
        )
    return lines


def pair_line(t: Translate, snap: Snapshot, rnd: Round, table: int) -> str:
    a, d = rnd.pairs[table - 1]
    outcome = rnd.results.get(table)
    return t(
        "story.pair_line",
        table=table,
        a=snap.name(a),
        b=snap.name(d),
        side_a=snap.side_name(snap.state.attacking),
        side_b=snap.side_name(snap.state.defending),
        mark=OUTCOME_MARKS[outcome] if outcome is not None else "…",
    )


def waiting_line(t: Translate, snap: Snapshot) -> str:
    """Whose turn it is while a round is being paired ("" when it is paired)."""
    state = snap.state
    side = state.waiting_side()
    rnd = state.current
    if side is None or rnd is None:
        return ""
    captain = snap.name(state.captains[side])
    if rnd.nominee is None:
        return t("story.wait_name", side=snap.side_name(side), captain=captain)
    return t(
        "story.wait_answer",
        side=snap.side_name(side),
        captain=captain,
        nominee=snap.name(rnd.nominee),
    )


def board_text(t: Translate, snap: Snapshot, until: str = "") -> str:
    """The live board (``until``: the round's end, HH:MM)."""
    state = snap.state
    rnd = state.current
    name = snap.tournament.name
    if rnd is None:
        lines = [t("story.board_registration", name=name)]
    else:
        title = t("story.board_title", name=name, round=rnd.number)
        if until and not state.complete(rnd) and state.pairing_done(rnd):
            title += t("story.board_until", time=until)
        lines = [title]
        waiting = waiting_line(t, snap)
        if waiting:
            lines.append(waiting)
        lines += [pair_line(t, snap, rnd, table) for table in range(1, len(rnd.pairs) + 1)]
        reserves = state.reserves(rnd)
        if reserves:
            lines.append(t("story.reserve_line", names=", ".join(snap.name(p) for p in reserves)))
    for side in SIDES:
        lines.append("")
        lines += side_block(t, snap, side)
    lines += robin_lines(t, snap)
    if state.ended:
        winner = state.winner
        over = (
            t("story.board_over_none")
            if winner is None
            else t("story.board_over", side=snap.side_name(winner))
        )
        lines += ["", over]
    return "\n".join(lines)


def standings_text(t: Translate, snap: Snapshot) -> str:
    """The places (607.4.5–607.4.6): undefeated first, then by points and side."""
    state = snap.state
    if not state.begun:
        return board_text(t, snap)
    lines = [t("story.standings_title", name=snap.tournament.name)]
    robin = state.robin_points()
    for row in state.standings():
        line = t(
            "story.standing_line_out" if row.defeated else "story.standing_line",
            place=row.place,
            name=snap.name(row.player),
            side=snap.side_name(row.side),
            points=Points(row.points),
        )
        if row.player in robin:
            line += t("story.standing_robin", points=halves(robin[row.player]))
        lines.append(line)
    return "\n".join(lines)


def final_text(t: Translate, snap: Snapshot, changes: dict[int, int]) -> str:
    winner = snap.state.winner
    title = (
        t("story.final_title_none", name=snap.tournament.name)
        if winner is None
        else t("story.final_title", name=snap.tournament.name, side=snap.side_name(winner))
    )
    lines = [
        title,
        *standings_text(t, snap).splitlines()[1:],
        "",
        t("story.final_ratings"),
    ]
    for row in snap.state.standings():
        lines.append(
            t(
                "story.final_rating_line",
                name=snap.name(row.player),
                change=RatingChange(changes.get(row.player, 0)),
            )
        )
    return "\n".join(lines)


def log_text(t: Translate, snap: Snapshot) -> str:
    """Every round's pairs and results, the reserves."""
    lines = [t("story.log_title", name=snap.tournament.name)]
    for rnd in snap.state.rounds:
        lines.append(t("story.log_round", round=rnd.number))
        lines += [pair_line(t, snap, rnd, table) for table in range(1, len(rnd.pairs) + 1)]
        reserves = snap.state.reserves(rnd)
        if reserves:
            lines.append(t("story.reserve_line", names=", ".join(snap.name(p) for p in reserves)))
    lines += robin_lines(t, snap)
    return "\n".join(lines) if len(lines) > 1 else board_text(t, snap)
