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

if TYPE_CHECKING:
    from bot.app import App
    from bot.results import ResultFlow
    from bot.results.notices import ResultNotices

__all__ = ["KothService", "install"]


class KothService:
    """The parts of the King-of-the-Hill service, wired together (what handlers receive)."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.core = KothCore(app)
        self.board = Announcer(self.core)
        self.finishing = Finishing(self.core)
        self.desk = Desk(self.core, self.board, self.finishing)
        self.timers = Timers(self.core, self.board, self.desk)
        self.registration = Registration(self.core)
        self.preparation = Preparation(self.core, self.timers, self.board)
        self.judging = Judging(self.core, self.desk, self.board)


def install(app: App, flow: ResultFlow, notices: ResultNotices) -> None:
    """Create the King of the Hill services, register its desk and its timers."""
    service = KothService(app)
    app.extra["koth"] = service
    flow.desks[KIND] = service.desk
    # After downtime (``bot.deadlines.Late``): the warning before the end of the main time is
    # dropped; the expiry starts the last circle and the bonus check changes effective ratings,
    # so both are applied and told late. A late board refresh is dropped too, but dropping it
    # resumes the refresh (the board shows the time left now, the next refresh is armed).
    timers = service.timers
    app.deadlines.on(WARN, timers.on_warning, late=Late.DROP)
    app.deadlines.on(EXPIRE, timers.on_expire, late=Late.APPLY)
    app.deadlines.on(BOARD_TICK, timers.on_board_tick, late=Late.DROP, dropped=timers.on_board_tick)
    app.deadlines.on(BONUS_CHECK, service.finishing.on_bonus_check, late=Late.APPLY)
    app.deadlines.on_durable(ANNOUNCE_JOB, service.board.run_job)
