"""What a player who reported is told about his report, and both players about a judge's
decision (issue 12, item 13).

- The opponent confirms (or reports the same result himself): the reporter learns the result
  is in (``CONFIRMED_JOB``, a durable job stored with the result).
- The opponent disputes, or reports another result: the reporter learns a judge decides
  (``disputes``, after the press is answered; once per report by its outbox key).
- A judge decides a dispute with his buttons: both players are told, exactly as of a judge's
  ``/result`` (``RULING_JOB``, the job ``bot.swiss.corrections`` runs for its results).

Each message goes once (``bot.outbox``): privately, or in the group with a mention.
"""

from __future__ import annotations

from bot.results import Game
from bot.swiss.broadcast import Notice, deliver
from bot.swiss.core import SwissCore
from bot.swiss.games import game_of
from db import deadlines, players, reports, tournaments
from db.database import Tx
from db.models import Deadline
from db.reports import Report
from db.tournaments import Tournament
from rules.results import Claim

#: The durable job that tells both players of a judge's result (``bot.swiss.corrections``).
RULING_JOB = "job:swiss_ruling"
#: The durable job that tells the reporter his opponent confirmed.
CONFIRMED_JOB = "job:swiss_confirmed"


async def store_confirmed(
    core: SwissCore, tx: Tx, tournament: Tournament, game: Game, claim: Claim
) -> int | None:
    """The job telling the first reporter of a game just confirmed (run it after the commit);
    ``None`` when no report of it was confirmed (a judge's result)."""
    stored = await reports.for_game(tx, tournament.id, game.key)
    first = next((r for r in stored if r.status == "confirmed"), None)
    if first is None:
        return None
    payload: dict[str, object] = {"game": game.key, "report": first.id}
    return await deadlines.add(tx, CONFIRMED_JOB, tournament.id, core.now(), payload)


async def store_ruling(core: SwissCore, tx: Tx, tournament_id: int, event_id: int) -> int:
    """The job telling both players of the judge's result ``event_id`` (run after the commit)."""
    return await deadlines.add(tx, RULING_JOB, tournament_id, core.now(), {"event": event_id})


async def confirmed_job(core: SwissCore, deadline: Deadline) -> None:
    """``CONFIRMED_JOB``: «Соперник подтвердил результат (стол 2, тур 1): …» to the reporter."""
    report_id = deadline.payload.get("report")
    if not isinstance(report_id, int):
        return
    async with core.db.read() as tx:
        tournament = await tournaments.get(tx, deadline.ref_id)
        report = await reports.get(tx, report_id)
    if tournament is None or report is None:
        return
    game = await played_game(core, tournament, report.game_key)
    if game is not None:
        await tell(core, tournament, game, report, "swiss.told_confirmed", report.claim)


async def disputes(core: SwissCore, tournament: Tournament, game: Game) -> None:
    """After a dispute: its reporter told that a judge decides. One report disputed: the
    opponent pressed «Оспорить»; two: the opponent reported another result (the first
    reporter is told it, the second saw his answer on the button)."""
    async with core.db.read() as tx:
        stored = await reports.for_game(tx, tournament.id, game.key)
    disputed = [r for r in stored if r.status == "disputed"]
    if len(disputed) == 1:
        report = disputed[0]
        await tell(core, tournament, game, report, "swiss.told_disputed", report.claim)
    elif len(disputed) == 2:
        first, second = disputed
        await tell(core, tournament, game, first, "swiss.told_other_claim", second.claim)


async def played_game(core: SwissCore, tournament: Tournament, key: str) -> Game | None:
    """The game of ``key`` (open or settled) in the tournament's current log."""
    async with core.db.read() as tx:
        state = await core.state(tx, tournament.id)
    found = state.find_game(key)
    return None if found is None else game_of(*found)


async def tell(
    core: SwissCore, tournament: Tournament, game: Game, report: Report, key: str, claim: Claim
) -> None:
    """The reporter of ``report`` told ``key`` about ``claim``, once (by the report's id)."""
    async with core.db.read() as tx:
        found = await players.many(tx, [game.a, game.b])
    reporter = found.get(report.reporter_id)
    if reporter is None or reporter.telegram_id is None:
        return
    names = {
        pid: (found[pid].display_name if pid in found else f"#{pid}") for pid in (game.a, game.b)
    }
    lang = await core.lang(reporter.telegram_id)
    desk = core.flow.desks[tournament.kind]
    text = core.t(lang)(
        key,
        game=desk.label(tournament, game, lang),
        claim=core.notices.describe(lang, game, claim, names),
    )
    what = key.rsplit("_", 1)[-1]
    notice = Notice(
        f"sw:{tournament.id}:told{report.id}:{what}",
        reporter.telegram_id,
        names[report.reporter_id],
        text,
        None,
    )
    await deliver(core, notice, tournament.chat_id)
