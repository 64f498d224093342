"""``/repair``: what happens to a round's old pairing when the judge pairs it again.

The new pairing is stored and broadcast as any other (``bot.swiss.rounds``): its ``sw_round``
event, with a higher generation, is what makes the old one superseded (``superseded``, read from
the event log: a press of one of its buttons is answered «пересобраны»). The old one must not be
played by mistake: in the repair's transaction its open reports are made void; after the commit
its board and every player's private message are edited to «❌ Пары тура N пересобраны — см.
новые», without buttons, by a durable job stored with the repair (``VOID_JOB``): a crash after
the commit only delays them to the restart.
"""

from __future__ import annotations

import logging

from bot.sender import Unreachable
from bot.swiss.broadcast import round_key, seated
from bot.swiss.core import SwissCore
from db import deadlines, event_log, outbox, players, reports
from db.database import Tx
from db.models import Deadline
from db.tournaments import Tournament
from rules.swiss import Round, parse_game_key

log = logging.getLogger(__name__)


#: The durable job that edits the old pairing's messages (its board and private messages).
VOID_JOB = "job:swiss_void"


async def supersede(core: SwissCore, tx: Tx, tournament: Tournament, rnd: Round) -> int:
    """Void the open reports of ``rnd``'s pairing (see the module docstring); the durable job
    that edits its messages (run it after the commit, before the new pairing's broadcast)."""
    for table in range(1, len(rnd.tables) + 1):
        await reports.void_game(tx, tournament.id, rnd.key(table))
    payload: dict[str, object] = {"round": rnd.number, "gen": rnd.gen, "players": seated(rnd)}
    return await deadlines.add(tx, VOID_JOB, tournament.id, core.now(), payload)


async def void_job(core: SwissCore, deadline: Deadline) -> None:
    """``VOID_JOB``: the old board and each player's old pairing edited to the void note
    (an edit to the same text again, after a crash, changes nothing)."""
    number, gen = deadline.payload.get("round"), deadline.payload.get("gen")
    seated_ids = deadline.payload.get("players")
    if not isinstance(number, int) or not isinstance(gen, int) or not isinstance(seated_ids, list):
        return
    prefix = round_key(deadline.ref_id, number, gen)
    async with core.db.read() as tx:
        board = await outbox.sent(tx, f"{prefix}:board")
        more: list[
            tuple[int, int]
        ] = []  # a board of several messages (``broadcast.post_board``): its other parts
        while board and (part := await outbox.sent(tx, f"{prefix}:board:{len(more) + 1}")):
            more.append(part)
        found = await players.many(tx, [int(p) for p in seated_ids])
        private = []  # (telegram id, where)
        for pid, player in found.items():
            sent = await outbox.sent(tx, f"{prefix}:p{pid}")
            if sent is not None and player.telegram_id is not None:
                private.append((player.telegram_id, sent))
    if board is not None:
        for where in (board, *more):
            await mark(core, where, core.t()("swiss.repaired_void", round=number))
    for telegram_id, where in private:
        t = core.t(await core.lang(telegram_id))
        await mark(core, where, t("swiss.repaired_void", round=number))


async def mark(core: SwissCore, where: tuple[int, int], text: str) -> None:
    """One old message replaced by the void note, its buttons gone; never raises."""
    try:
        await core.sender.edit(where[0], where[1], text)
    except Unreachable:
        log.info("the old pairing message %s could not be edited", where)
    except Exception:  # one old message must not stop the others, nor the new pairing
        log.warning("the old pairing message %s could not be edited", where, exc_info=True)


async def superseded(tx: Tx, tournament_id: int, game_key: str) -> int | None:
    """The round number when ``game_key`` is a table of a pairing ``/repair`` replaced."""
    parsed = parse_game_key(game_key)
    if parsed is None:
        return None
    number, _table, gen = parsed
    return number if await event_log.repaired(tx, tournament_id, number, gen) else None
