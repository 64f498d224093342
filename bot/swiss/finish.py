"""The end of a tournament: finishing with the rating (at the end, or early), and cancelling.

What the end tells (the final standings and the winner, each player's rating change, or that
the tournament was cancelled) is sent by a durable job (``END_JOB``) stored with the end itself:
each message once by its outbox key, and a crash only delays them to the restart.
"""

from __future__ import annotations

import bot.swiss.timers as timers
from bot import rating_pool
from bot.deadlines import AfterCommit
from bot.formats import Rating, RatingChange
from bot.roles import vouchers as roles_vouchers
from bot.swiss.bracket import post_bracket
from bot.swiss.broadcast import Notice, deliver_in_turn
from bot.swiss.core import SwissCore, SwissSnapshot
from bot.swiss.play import play_of
from bot.swiss.queries import standings_text
from db import deadlines, players, tournaments
from db.database import Tx
from db.models import Deadline
from db.tournaments import Tournament
from rules.card_rating import START_RATING_CENTS, rating_changes
from rules.results import PlayerId
from rules.swiss import State
from rules.swiss.events import (
    SwCancel,
    SwFinish,
)

#: The durable job (``bot.deadlines``) that announces a tournament's end.
END_JOB = "job:swiss_end"


async def finish(
    core: SwissCore,
    tx: Tx,
    tournament: Tournament,
    state: State,
    champion: int | None,
    *,
    early: bool = False,
) -> AfterCommit:
    """Apply the rating changes of every result so far, close the tournament, stop its timers."""
    everyone = await core.everyone(tx, tournament.id)
    starts: dict[PlayerId, float] = {
        pid: state.ratings.get(pid, START_RATING_CENTS) / 100 for pid in everyone
    }
    changes = rating_changes(
        starts,
        state.rated_records(),  # every game played or that should have been (§3)
        participants=len(everyone),
        base_k=base_k(core, tournament),
    )
    who = await vouchers(core, tx, tournament)
    if who is not None:  # another group's: only those who vouched for a result are rated
        changes = {pid: delta for pid, delta in changes.items() if int(pid) in who}
    unrated = who is not None and not changes
    now = core.now().isoformat()
    await rating_pool.apply(tx, tournament, changes, now)
    ended = SwFinish(champion, {int(k): v for k, v in changes.items()}, early, unrated)
    await core.record(tx, tournament.id, ended, None)
    await tournaments.set_status(tx, tournament.id, "finished", now)
    rearm = await timers.cancel_all(tx, tournament.id)
    job = await deadlines.add(tx, END_JOB, tournament.id, core.now())
    heard = await told_listeners(core, tx, tournament, state, everyone)

    async def after() -> None:
        rearm.apply(core)
        await core.deadlines.run(job)  # the announcement (again at the restart if killed)
        for follow_up in heard:  # a series' crystals and challenge, after the end's message
            await core.deadlines.run(follow_up)

    return after


async def told_listeners(
    core: SwissCore, tx: Tx, tournament: Tournament, state: State, everyone: list[int]
) -> list[int]:
    """The listeners told of the end (``bot.swiss.listeners``) with the final places, the
    disqualified left out (no place, no prize); the durable jobs they want run after it."""
    rows = core.places(tournament, state, everyone)
    placed = [int(row.player) for row in rows if int(row.player) not in state.disqualified]
    jobs = []
    for listener in core.listeners:
        if (found := await listener.finished(tx, tournament, placed, len(everyone))) is not None:
            jobs.append(found)
    return jobs


async def vouchers(core: SwissCore, tx: Tx, tournament: Tournament) -> set[int] | None:
    """Whose ratings its results may move (``bot.roles.vouchers``; ``None``: everyone's)."""
    settings = core.settings
    return await roles_vouchers(tx, settings.organizer_ids, settings.club_groups, tournament)


def base_k(core: SwissCore, tournament: Tournament) -> float:
    """The tournament's base K, chosen in the wizard; ``BERSERK_K`` for the tournaments
    created before it was a setting."""
    return float(tournament.settings.get("base_k") or core.settings.berserk_k)


async def finish_early(core: SwissCore, tournament_id: int, actor: int) -> AfterCommit:
    """The organiser ends a running tournament now: standings and ratings as they stand."""
    async with core.db.transaction() as tx:
        tournament = await core.tournament(tx, tournament_id, ("running",), "swiss.not_running")
        state = await core.state(tx, tournament_id)
        rnd = state.current
        open_tables = rnd.open_tables() if rnd is not None else []
        await core.audit(tx, tournament_id, actor, "finish", {"open_tables": open_tables})
        return await finish(core, tx, tournament, state, state.top_champion(), early=True)


async def cancel(core: SwissCore, tournament_id: int, actor: int) -> AfterCommit:
    """The organiser cancels a tournament in registration or running: no rating changes."""
    async with core.db.transaction() as tx:
        tournament = await core.tournament(
            tx, tournament_id, ("registration", "running"), "swiss.not_open"
        )
        await core.record(tx, tournament_id, SwCancel(), actor)
        await tournaments.set_status(tx, tournament_id, "cancelled", core.now().isoformat())
        rearm = await timers.cancel_all(tx, tournament_id)
        job = await deadlines.add(tx, END_JOB, tournament_id, core.now())
        await core.audit(tx, tournament_id, actor, "cancel", {"status": tournament.status})

    async def after() -> None:
        rearm.apply(core)
        await core.deadlines.run(job)  # the announcement (again at the restart if killed)

    return after


async def end_job(core: SwissCore, deadline: Deadline) -> None:
    """The durable job of the end: the final announcement, or that the tournament was cancelled."""
    async with core.db.read() as tx:
        tournament = await tournaments.get(tx, deadline.ref_id)
    if tournament is None:
        return
    if tournament.status == "finished":
        await announce_final(core, tournament.id)
    elif tournament.status == "cancelled":
        text = core.t()("swiss.cancelled", name=tournament.name)
        await core.outbox.send_once(f"sw:{tournament.id}:cancelled", tournament.chat_id, text)
    await core.close_registration(tournament)


async def announce_final(core: SwissCore, tournament_id: int) -> None:
    """The final standings and rating changes in the group; each player told privately; each
    message once by its outbox key."""
    async with core.db.read() as tx:
        snap = await core.snapshot(tx, tournament_id)
        found = await players.many(tx, snap.everyone)
        pool = snap.tournament.discipline
        ratings = {pid: await players.rating(tx, pid, pool) for pid in snap.everyone}
        extra = [
            line
            for listener in core.listeners
            for line in await listener.final_lines(tx, core.t(), snap.tournament)
        ]
    chat, tid = snap.tournament.chat_id, snap.tournament.id
    final = "\n".join([final_text(core, snap), *extra])
    await core.outbox.send_once(f"sw:{tid}:final", chat, final)
    if snap.state.seeds:  # the Top was played: its final bracket under the results
        await post_bracket(core, tid, chat, snap.tournament.name, "final")
    notices = []
    rows = core.places(snap.tournament, snap.state, snap.everyone)
    places = {int(row.player): row.rank for row in rows}
    for pid in snap.everyone:
        player = found.get(pid)
        if player is None or player.telegram_id is None:
            continue
        t = core.t(await core.lang(player.telegram_id))
        text = t("swiss.unrated_private", name=snap.tournament.name)
        if pid in snap.state.changes:  # not: he vouched for no result (``vouchers``)
            text = t(
                "swiss.rating_private",
                name=snap.tournament.name,
                delta=RatingChange(snap.state.changes.get(pid, 0)),
                discipline=t(f"discipline.{snap.tournament.discipline}"),
                rating=Rating(ratings[pid] or 0),
            )
        if pid in snap.state.disqualified:  # no place, no prize (rules.penalties)
            text += "\n" + t("penalties.your_place_dq")
        else:
            text += "\n" + t("swiss.your_place", place=places[pid], count=len(places))
        key = f"sw:{tid}:rating:p{pid}"
        notices.append(Notice(key, player.telegram_id, snap.names[pid], text, None))
    await deliver_in_turn(core, notices, chat)


def final_text(core: SwissCore, snap: SwissSnapshot) -> str:
    t = core.t()
    state, names = snap.state, snap.names
    key = "swiss.finished_early" if state.early else "swiss.finished"
    lines = [t(key, name=snap.tournament.name)]
    if state.champion is not None:
        lines.append(t("swiss.winner", name=names[int(state.champion)]))
    lines += play_of(snap.tournament).final_lines(t, snap)
    lines.append(standings_text(core, t, snap))
    game = t(f"discipline.{snap.tournament.discipline}")
    lines.append(t("swiss.rating_title", discipline=game, k=f"{base_k(core, snap.tournament):g}"))
    if state.unrated:
        lines.append(t("swiss.unrated"))
        return "\n".join(lines)
    # By final place, as the standings above: the disqualified last (``places``).
    placed = [int(row.player) for row in core.places(snap.tournament, state, snap.everyone)]
    everyone = set(snap.everyone)
    order = [pid for pid in placed if pid in everyone]
    order += [pid for pid in snap.everyone if pid not in set(order)]
    for pid in order:
        if pid not in state.changes:  # he vouched for no result of another group's (vouchers)
            lines.append(t("swiss.rating_line_unrated", name=names[pid]))
            continue
        delta = RatingChange(state.changes[pid])
        lines.append(t("swiss.rating_line", name=names[pid], delta=delta))
    return "\n".join(lines)
