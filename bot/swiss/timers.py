"""Round timers: armed with each round, extended for the round or one table, and fired.

Deadlines live in the database (``db.deadlines``); the scheduler is told after the commit.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from bot.deadlines import AfterCommit, Overdue, Rearm
from bot.errors import UserError
from bot.late import late_phrase
from bot.notices import Notice, Phrase, ToChat, phrase
from bot.swiss.broadcast import refresh_board
from bot.swiss.core import TABLE_TIME, TIME, TIMERS, WARN, SwissCore
from bot.swiss.views import round_phrase
from db import deadlines, tournaments
from db.database import Tx
from db.models import Deadline
from rules.card_games import game_of, top_time_call
from rules.swiss import TOP, Round
from rules.swiss.events import (
    SwExtend,
)

WARNING = timedelta(minutes=10)


async def arm_round(
    core: SwissCore, tx: Tx, tid: int, rnd_key: dict[str, object], ends: datetime
) -> Rearm:
    """Cancel every timer of the tournament and arm the warning and the time of a new round."""
    rearm = Rearm(await deadlines.cancel_for(tx, tid, TIMERS))
    await _arm_round_end(core, tx, tid, rnd_key, ends, rearm)
    return rearm


async def cancel_all(tx: Tx, tid: int) -> Rearm:
    return Rearm(await deadlines.cancel_for(tx, tid, TIMERS))


async def _arm_round_end(
    core: SwissCore, tx: Tx, tid: int, timer: dict[str, object], ends: datetime, rearm: Rearm
) -> None:
    if ends - WARNING > core.now():
        warn = ends - WARNING
        rearm.armed.append((await deadlines.add(tx, WARN, tid, warn, timer), warn))
    rearm.armed.append((await deadlines.add(tx, TIME, tid, ends, timer), ends))


async def extend(
    core: SwissCore, tournament_id: int, table: int | None, minutes: int, actor: int
) -> tuple[AfterCommit, str]:
    """More time for the round or one table; returns the new end (local time)."""
    async with core.db.transaction() as tx:
        state = await core.state(tx, tournament_id)
        rnd = state.current
        if rnd is None or state.finished:
            raise UserError("swiss.not_running")
        if table is not None and not 1 <= table <= len(rnd.tables):
            raise UserError("swiss.no_such_table", table=table)
        if table is None:
            new_due, rearm = await _extend_round(core, tx, tournament_id, rnd, minutes)
        else:
            new_due, rearm = await _extend_table(core, tx, tournament_id, rnd, table, minutes)
        ends_at = new_due.isoformat() if table is None else None
        await core.record(tx, tournament_id, SwExtend(rnd.number, minutes, table, ends_at), actor)
        payload: dict[str, object] = {"round": rnd.number, "table": table, "minutes": minutes}
        if ends_at is not None:
            payload["ends_at"] = ends_at
        await core.audit(tx, tournament_id, actor, "extend", payload)
    until = core.local_time(new_due)

    async def after() -> None:
        rearm.apply(core)
        if table is None:
            await refresh_board(core, tournament_id)

    return after, until


async def _extend_round(
    core: SwissCore, tx: Tx, tid: int, rnd: Round, minutes: int
) -> tuple[datetime, Rearm]:
    now = core.now()
    stored = await deadlines.pending_for(tx, tid, (WARN, TIME))
    due = max((datetime.fromisoformat(d.due_at) for d in stored if d.kind == TIME), default=now)
    new_due = max(due, now) + timedelta(minutes=minutes)
    rearm = Rearm(await deadlines.cancel_for(tx, tid, (WARN, TIME)))
    await _arm_round_end(core, tx, tid, {"round": rnd.number, "gen": rnd.gen}, new_due, rearm)
    return new_due, rearm


async def _extend_table(
    core: SwissCore, tx: Tx, tid: int, rnd: Round, table: int, minutes: int
) -> tuple[datetime, Rearm]:
    stored = await deadlines.pending_for(tx, tid, (TIME, TABLE_TIME))
    mine = [
        datetime.fromisoformat(d.due_at)
        for d in stored
        if d.kind == TIME or d.payload.get("table") == table
    ]
    new_due = max([core.now(), *mine]) + timedelta(minutes=minutes)
    rearm = Rearm(
        [d.id for d in stored if d.kind == TABLE_TIME and d.payload.get("table") == table]
    )
    for deadline_id in rearm.cancelled:
        await deadlines.cancel(tx, deadline_id)
    payload: dict[str, object] = {"round": rnd.number, "gen": rnd.gen, "table": table}
    rearm.armed.append((await deadlines.add(tx, TABLE_TIME, tid, new_due, payload), new_due))
    return new_due, rearm


async def on_timer(core: SwissCore, tx: Tx, deadline: Deadline) -> AfterCommit | None:
    """A round's warning, its time, or one table's extra time: the text for the group."""
    tournament = await tournaments.get(tx, deadline.ref_id)
    if tournament is None or tournament.status != "running":
        return None
    state = await core.state(tx, tournament.id)
    rnd = state.current
    payload = deadline.payload
    if rnd is None or rnd.number != payload.get("round") or rnd.gen != payload.get("gen"):
        return None
    if rnd.complete:
        return None
    said = await _timer_text(core, tx, deadline, rnd, tournament.discipline)
    if said is None:
        return None
    lines = [said]
    overdue = core.deadlines.overdue(deadline.id)
    if overdue is not None:  # the bot was down when it came (``bot.deadlines.Late``)
        lines.insert(0, _late_line(core, deadline, overdue))
    notice = Notice(
        key=f"deadline:{deadline.id}", to=ToChat(chat=tournament.chat_id), lines=tuple(lines)
    )
    if deadline.kind == WARN:
        # A warning whose moment passed is dropped (``Late.WARN``): not stored to be sent at
        # a restart, it goes only now.
        async def send() -> None:
            await core.outbox.deliver(notice)

        return send
    job = await core.outbox.tell(tx, tournament.id, [notice])

    async def say() -> None:
        await core.deadlines.run(job)  # again at the restart if killed

    return say


async def _timer_text(
    core: SwissCore, tx: Tx, deadline: Deadline, rnd: Round, game: str
) -> Phrase | None:
    """What the time call says; in the Top it follows the game (``game``: the tournament's
    discipline, ``rules.card_games``)."""
    name = round_phrase(rnd)
    stage = "swiss"
    if rnd.stage == TOP:
        stage = f"top_{top_time_call(game_of(game)).value}"
    open_tables = rnd.open_tables()
    if deadline.kind == WARN:
        return phrase("swiss.ten_minutes", round=name)
    if deadline.kind == TIME:
        pending = await deadlines.pending_for(tx, deadline.ref_id, (TABLE_TIME,))
        extended = {_as_int(d.payload.get("table")) for d in pending}
        timed = [n for n in open_tables if n not in extended]
        tables = ", ".join(str(n) for n in timed)
        if not timed:
            return None
        return phrase(f"swiss.time_{stage}", round=name, tables=tables, count=len(timed))
    table = _as_int(deadline.payload.get("table"))
    if table not in open_tables:
        return None
    return phrase(f"swiss.table_time_{stage}", round=name, table=table)


def _late_line(core: SwissCore, deadline: Deadline, overdue: Overdue) -> Phrase:
    zone = core.settings.zone
    if deadline.kind == TABLE_TIME:
        table = _as_int(deadline.payload.get("table"))
        return late_phrase(overdue, zone, "swiss.late_table_time", table=table)
    return late_phrase(overdue, zone, "swiss.late_time")


def _as_int(value: object) -> int:
    return value if isinstance(value, int) else 0
