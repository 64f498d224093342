"""What a player who reported is told about his report, and both players about a judge's
decision (issue 12, item 13).

- The opponent confirms (or reports the same result himself): the reporter learns the result
  is in (a notice stored with the result: ``bot.outbox.Outbox.tell``).
- The opponent disputes, or reports another result: the reporter learns a judge decides
  (``disputes``, after the press is answered; once per report by its outbox key).
- A judge decides a dispute with his buttons: both players are told, exactly as of a judge's
  ``/result`` (``bot.swiss.ruling.ruling_notices``, stored with the result).

Each message goes once (``bot.outbox``): privately, or in the group with a mention.
"""

from __future__ import annotations

from bot.notices import Notice, ToPerson, phrase
from bot.results import Game
from bot.results.notices import claim_phrase
from bot.swiss.core import SwissCore
from bot.swiss.games import game_of
from db import players, reports, tournaments
from db.database import Tx
from db.models import Deadline
from db.reports import Report
from db.tournaments import Tournament
from rules.results import Claim

#: The durable job an older version stored to tell the reporter his opponent confirmed (still
#: run when one is pending in an upgraded database).
CONFIRMED_JOB = "job:swiss_confirmed"


async def store_confirmed(
    core: SwissCore, tx: Tx, tournament: Tournament, game: Game, claim: Claim
) -> int | None:
    """The notice telling the first reporter of a game just confirmed, stored (run the job
    after the commit); ``None`` when no report of it was confirmed (a judge's result)."""
    stored = await reports.for_game(tx, tournament.id, game.key)
    first = next((r for r in stored if r.status == "confirmed"), None)
    if first is None:
        return None
    notice = await told(core, tx, tournament, game, first, "swiss.told_confirmed", first.claim)
    return await core.outbox.tell(tx, tournament.id, [] if notice is None else [notice])


async def confirmed_job(core: SwissCore, deadline: Deadline) -> None:
    """``CONFIRMED_JOB``, stored by an older version: the reporter told, once."""
    report_id = deadline.payload.get("report")
    if not isinstance(report_id, int):
        return
    async with core.db.read() as tx:
        tournament = await tournaments.get(tx, deadline.ref_id)
        report = await reports.get(tx, report_id)
        if tournament is None or report is None:
            return
        game = await played_game(core, tx, tournament, report.game_key)
        if game is None:
            return
        notice = await told(
            core, tx, tournament, game, report, "swiss.told_confirmed", report.claim
        )
    if notice is not None:
        await core.outbox.deliver(notice)


async def disputes(core: SwissCore, tournament: Tournament, game: Game) -> None:
    """After a dispute: its reporter told that a judge decides. One report disputed: the
    opponent pressed «Оспорить»; two: the opponent reported another result (the first
    reporter is told it, the second saw his answer on the button)."""
    notice = None
    async with core.db.read() as tx:
        stored = await reports.for_game(tx, tournament.id, game.key)
        disputed = [r for r in stored if r.status == "disputed"]
        if len(disputed) == 1:
            report = disputed[0]
            key = "swiss.told_disputed"
            notice = await told(core, tx, tournament, game, report, key, report.claim)
        elif len(disputed) == 2:
            first, second = disputed
            key = "swiss.told_other_claim"
            notice = await told(core, tx, tournament, game, first, key, second.claim)
    if notice is not None:
        await core.outbox.deliver(notice)


async def played_game(core: SwissCore, tx: Tx, tournament: Tournament, key: str) -> Game | None:
    """The game of ``key`` (open or settled) in the tournament's current log."""
    found = (await core.state(tx, tournament.id)).find_game(key)
    return None if found is None else game_of(*found)


async def told(
    core: SwissCore,
    tx: Tx,
    tournament: Tournament,
    game: Game,
    report: Report,
    key: str,
    claim: Claim,
) -> Notice | None:
    """What the reporter of ``report`` is told (``key``) about ``claim``: sent once by the
    report's id, privately or in the group with a mention; ``None`` for a player never seen."""
    found = await players.many(tx, [game.a, game.b])
    reporter = found.get(report.reporter_id)
    if reporter is None or reporter.telegram_id is None:
        return None
    names = {
        pid: (found[pid].display_name if pid in found else f"#{pid}") for pid in (game.a, game.b)
    }
    desk = core.flow.desks[tournament.kind]
    said = phrase(key, game=desk.label(tournament, game), claim=claim_phrase(game, claim, names))
    # A confirmed result: a reporter who never opened the bot's chat pressed his table's
    # buttons in the group, and that message becomes the result's line; nothing more is said.
    to = ToPerson(
        user=reporter.telegram_id,
        name=reporter.display_name,
        fallback_chat=tournament.chat_id,
        covered=key == "swiss.told_confirmed",
    )
    what = key.rsplit("_", 1)[-1]
    return Notice(key=f"sw:{tournament.id}:told{report.id}:{what}", to=to, lines=(said,))
