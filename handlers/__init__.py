"""aiogram routers, one module per feature; ``build_router`` includes them in order.

Each feature module records its handlers in a ``handlers.routes.Routes``; ``build_router`` makes
a new router tree of them for each dispatcher (an aiogram router has one parent for life, and a
process may run the bot more than once: the end-to-end tests restart it in one process).
"""

from __future__ import annotations

from aiogram import Router

from handlers.routes import Routes


def build_router() -> Router:
    """A new tree of all routers, most specific first; the fallback router is always last."""
    root = Routes("root")
    root.include(*_routes())
    return root.router()


def _routes() -> list[Routes]:
    from handlers import (
        board,
        chat_events,
        common,
        deck_admin,
        decks,
        draft_clock,
        errors,
        fallback,
        koth,
        profile,
        ratings,
        registration,
        report,
        results,
        swiss,
        tournaments,
    )
    from handlers.swiss import repaired

    # The result buttons first: they are most of the traffic in a busy round, and no other
    # router claims their callback data. The tournament kinds (each claims only commands about
    # its own tournaments) come after the common commands, the fallback last.
    # A result button of a re-paired round is answered as such before the flow sees it.
    return [
        repaired.routes,
        results.routes,
        errors.routes,
        chat_events.routes,
        common.routes,
        registration.routes,
        profile.routes,
        ratings.routes,
        report.routes,
        decks.routes,
        deck_admin.routes,
        tournaments.routes,
        board.routes,
        koth.routes,
        swiss.routes,
        draft_clock.routes,
        fallback.routes,
    ]
