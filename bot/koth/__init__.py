"""King of the Hill in the chat: the service the handlers get, assembled from its parts.

The tournament state is never stored: it is ``rules.koth.replay`` of the stored events
(``bot.koth.events``) over the order and norms fixed at ``/begin``. Every change appends events in
one transaction and returns an after-commit coroutine that edits the live board and sends the
announcements.

- ``bot.koth.core``: names, ``Snapshot``, the shared helpers
- ``bot.koth.registration``: creation, joining, ``/add``, prize contributions
- ``bot.koth.start``: norms, the draw, ``/begin``
- ``bot.koth.desk``: applying events; the result flow's desk
- ``bot.koth.announce``: the live board and every announcement
- ``bot.koth.timers``: main-time warning and expiry, board refresh, ``/extend``
- ``bot.koth.finish``: Elo, the +80 bonus, the bonus-expiry job
- ``bot.koth.judge``: void, correct, eliminate, reinstate, declare, leave or stay, cancel, the log
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import TYPE_CHECKING

from bot.deadlines import Late
from bot.koth.announce import ANNOUNCE_JOB, Announcer
from bot.koth.core import BOARD_TICK, BONUS_CHECK, EXPIRE, KIND, WARN, KothCore
from bot.koth.desk import Desk
from bot.koth.finish import Finishing
from bot.koth.judge import Judging
from bot.koth.registration import Registration
from bot.koth.start import Preparation
from bot.koth.timers import Timers
from bot.web.koth_board import koth_board
from bot.web.render import Board
from db.database import Tx
from db.tournaments import Tournament
from rules.koth.places import final_places
from rules.memory import Game, Played
from rules.recap import reigns_of

if TYPE_CHECKING:
    from bot.infra import Infra
    from bot.results import ResultFlow

__all__ = ["KothService"]


class KothService:
    """The parts of the King-of-the-Hill service, wired together (what handlers receive)."""

    def __init__(self, infra: Infra) -> None:
        self.core = KothCore(infra)
        self.board = Announcer(self.core)
        self.finishing = Finishing(self.core)
        self.desk = Desk(self.core, self.board, self.finishing)
        self.timers = Timers(self.core, self.board, self.desk)
        self.registration = Registration(self.core)
        self.preparation = Preparation(self.core, self.timers, self.board)
        self.judging = Judging(self.core, self.desk, self.board)

    def handler_data(self) -> Mapping[str, object]:
        return {"koth": self}

    async def withdraw_registrants(
        self, tournament_id: int, player_ids: Sequence[int], actor: int
    ) -> None:
        """Before the start: each off the list (``bot.kind.Withdraws``)."""
        await self.registration.withdraw(tournament_id, player_ids, actor)

    async def web_board(self, tx: Tx, tournament_id: int, now: datetime) -> Board:
        """The tournament's web board (``bot.web``), in its group's language."""
        snap = await self.core.snapshot(tx, tournament_id)
        return koth_board(self.core.tr(snap.lang), snap, now)

    async def played(self, tx: Tx, tournament: Tournament) -> Played:
        """Every game in order (a judge's void or correction applied: the replayed history),
        its reigns; once finished, the final table's places (``rules.koth.places``)."""
        state = (await self.core.replayed.read(tx, tournament)).state
        if state is None:
            return Played()
        games = tuple(Game(g.winner, g.loser, g.winner) for g in state.history)
        reigns = reigns_of(games)  # the king stays at the table while he wins
        if tournament.status != "finished":
            return Played(games, reigns=reigns)
        ranked = enumerate(final_places(state), start=1)
        return Played(games, tuple((player, place) for place, player in ranked), reigns)

    def register(self, flow: ResultFlow) -> None:
        """Register its desk with the result flow and its timers with the deadlines."""
        flow.desks[KIND] = self.desk
        deadlines = self.core.deadlines
        # After downtime (``bot.deadlines.Late``): the warning before the end of the main time
        # is dropped; the expiry starts the last circle and the bonus check changes effective
        # ratings, so both are applied and told late. A late board refresh is dropped too, but
        # dropping it resumes the refresh (the board shows the time left now, the next refresh
        # is armed).
        timers = self.timers
        deadlines.on(WARN, timers.on_warning, late=Late.WARN)
        deadlines.on(EXPIRE, timers.on_expire, late=Late.APPLY)
        deadlines.on(BOARD_TICK, timers.on_board_tick, late=Late.DROP, dropped=timers.on_board_tick)
        deadlines.on(BONUS_CHECK, self.finishing.on_bonus_check, late=Late.APPLY)
        deadlines.on_durable(ANNOUNCE_JOB, self.board.run_job)
