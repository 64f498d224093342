"""Tournament features plug their services into the application here."""

from __future__ import annotations

from datetime import timedelta
from functools import partial
from typing import TYPE_CHECKING

from bot import decks, draft, koth, swiss
from bot.judges import Judges
from bot.late import tell_late_job
from bot.results import ASK_JOB, ResultFlow
from bot.results.notices import ResultNotices

if TYPE_CHECKING:
    from bot.app import App


def install_features(app: App) -> None:
    """Create each feature's services, add them to ``app.extra`` and register their timers."""
    flow = ResultFlow(
        app.db, app.clock, app.deadlines, timedelta(minutes=app.settings.confirmation_minutes)
    )
    notices = ResultNotices(app.db, app.texts, app.notifier, flow, app.settings, app.outbox)
    app.deadlines.on_durable(ASK_JOB, notices.ask_job)
    judges = Judges(app.db, app.clock, flow)
    app.extra.update(flow=flow, notices=notices, judges=judges)
    koth.install(app, flow, notices)
    swiss.install(app, flow, notices)
    decks.install(app)
    draft.install(app)
    app.deadlines.on_late_job = partial(tell_late_job, app)
