"""The tournaments the club's memory reads (``bot.memory``): the ones two players took part
in, one player's, and a group's finished ones. Their games and places are each kind's to say
(``bot.kind.KindService.played``)."""

from __future__ import annotations

from db.database import Tx
from db.tournaments import Tournament, get

#: a tournament that has begun holds games (a cancelled one counts for nothing)
PLAYED = ("running", "finished")


async def _tournaments(tx: Tx, sql: str, args: tuple[object, ...]) -> list[Tournament]:
    found = []
    for row in await tx.all(sql, args):
        tournament = await get(tx, int(row["id"]))
        if tournament is not None:
            found.append(tournament)
    return found


async def shared(tx: Tx, one: int, other: int) -> list[Tournament]:
    """The tournaments both players took part in that have begun, oldest first."""
    return await _tournaments(
        tx,
        """SELECT t.id FROM tournaments t
           JOIN participants a ON a.tournament_id = t.id AND a.player_id = ?
           JOIN participants b ON b.tournament_id = t.id AND b.player_id = ?
           WHERE t.status IN (?, ?) AND t.started_at IS NOT NULL ORDER BY t.id""",
        (one, other, *PLAYED),
    )


async def of_player(tx: Tx, player: int) -> list[Tournament]:
    """The tournaments the player took part in that have begun, oldest first."""
    return await _tournaments(
        tx,
        """SELECT t.id FROM tournaments t
           JOIN participants p ON p.tournament_id = t.id AND p.player_id = ?
           WHERE t.status IN (?, ?) AND t.started_at IS NOT NULL ORDER BY t.id""",
        (player, *PLAYED),
    )


async def finished_in(tx: Tx, chat_id: int) -> list[tuple[Tournament, str]]:
    """The group's finished tournaments with when each finished (ISO), in that order."""
    rows = await tx.all(
        """SELECT id, finished_at FROM tournaments
           WHERE chat_id = ? AND status = 'finished' AND finished_at IS NOT NULL
           ORDER BY finished_at, id""",
        (chat_id,),
    )
    found = []
    for row in rows:
        tournament = await get(tx, int(row["id"]))
        if tournament is not None:
            found.append((tournament, str(row["finished_at"])))
    return found


async def last_event(tx: Tx, tournament_id: int) -> int:
    """The id of the tournament's last stored event (0: none): what it says changes with it."""
    found = await tx.value("SELECT MAX(id) FROM events WHERE tournament_id = ?", (tournament_id,))
    return 0 if found is None else int(found)
