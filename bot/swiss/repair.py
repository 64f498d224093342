"""``/repair``: what happens to a round's old pairing when the judge pairs it again.

The new pairing is stored and broadcast as any other (``bot.swiss.rounds``). The old one must
not be played by mistake: in the repair's transaction its open reports are made void and the
pairing is marked superseded (an outbox key, ``void_key``: a press of one of its buttons is
answered «пересобраны», ``superseded``); after the commit its board and every player's private
message are edited to «❌ Пары тура N пересобраны — см. новые», without buttons. Those edits
are not durable: after a crash between the commit and them, the old messages keep their text,
and their buttons still answer that the round was re-paired.
"""

from __future__ import annotations

import logging

from bot.sender import Unreachable
from bot.swiss.broadcast import round_key, seated
from bot.swiss.core import AfterCommit, Core
from db import outbox, players, reports
from db.database import Tx
from db.tournaments import Tournament
from rules.swiss import Round, parse_game_key

log = logging.getLogger(__name__)


def void_key(tournament_id: int, number: int, gen: int) -> str:
    """The outbox key that marks a pairing (round and generation) superseded."""
    return round_key(tournament_id, number, gen) + ":void"


async def supersede(core: Core, tx: Tx, tournament: Tournament, rnd: Round) -> AfterCommit:
    """Mark ``rnd``'s pairing superseded (see the module docstring); the step that edits its
    messages after the commit."""
    for table in range(1, len(rnd.tables) + 1):
        await reports.void_game(tx, tournament.id, rnd.key(table))
    prefix = round_key(tournament.id, rnd.number, rnd.gen)
    board = await outbox.sent(tx, f"{prefix}:board")
    chat, message = board or (tournament.chat_id, 0)
    await outbox.record(tx, void_key(tournament.id, rnd.number, rnd.gen), chat, message, "")
    found = await players.many(tx, seated(rnd))
    private: list[tuple[int, int, int]] = []  # (telegram id, chat, message)
    for pid, player in found.items():
        sent = await outbox.sent(tx, f"{prefix}:p{pid}")
        if sent is not None and player.telegram_id is not None:
            private.append((player.telegram_id, *sent))

    async def edit() -> None:
        if board is not None:
            await mark(core, board, core.t()("swiss.repaired_void", round=rnd.number))
        for telegram_id, *where in private:
            t = core.t(await core.lang(telegram_id))
            await mark(core, (where[0], where[1]), t("swiss.repaired_void", round=rnd.number))

    return edit


async def mark(core: Core, where: tuple[int, int], text: str) -> None:
    """One old message replaced by the void note, its buttons gone; never raises."""
    try:
        await core.app.sender.edit(where[0], where[1], text)
    except Unreachable:
        log.info("the old pairing message %s could not be edited", where)
    except Exception:  # one old message must not stop the others, nor the new pairing
        log.warning("the old pairing message %s could not be edited", where, exc_info=True)


async def superseded(core: Core, tournament_id: int, game_key: str) -> int | None:
    """The round number when ``game_key`` is a table of a pairing ``/repair`` replaced."""
    parsed = parse_game_key(game_key)
    if parsed is None:
        return None
    number, _table, gen = parsed
    return number if await core.app.outbox.sent(void_key(tournament_id, number, gen)) else None
