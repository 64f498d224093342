"""aiogram routers, one module per feature; ``build_router`` includes them in order.

Each feature module records its handlers in a ``handlers.routes.Routes``; ``build_router`` makes
a new router tree of them for each dispatcher (an aiogram router has one parent for life, and a
process may run the bot more than once: the end-to-end tests restart it in one process).
"""

from __future__ import annotations

import importlib

from aiogram import Router

from bot.kinds import KINDS
from handlers.routes import Routes


def build_router() -> Router:
    """A new tree of all routers, most specific first; the fallback router is always last."""
    root = Routes("root")
    root.include(*_routes())
    return root.router()


def _routes() -> list[Routes]:
    from handlers import (
        ahead,
        board,
        chat_events,
        common,
        deck_admin,
        decks,
        draft_clock,
        errors,
        fallback,
        memory,
        no_shows,
        profile,
        ratings,
        recap,
        registration,
        report,
        results,
        seasons,
        shared_commands,
        tournaments,
    )

    # The result buttons first: they are most of the traffic in a busy round, and no other
    # router claims their callback data. The tournament kinds (each claims only commands about
    # its own tournaments) come after the common commands, then the commands every kind has
    # (``handlers.shared_commands``: a kind's wizard in progress sees its texts first), the
    # fallback last.
    return [
        results.routes,
        errors.routes,
        chat_events.routes,
        common.routes,
        registration.routes,
        profile.routes,
        ratings.routes,
        memory.routes,
        seasons.routes,
        recap.routes,
        no_shows.routes,
        report.routes,
        decks.routes,
        deck_admin.routes,
        tournaments.routes,
        board.routes,
        ahead.routes,
        *kind_routes(),
        shared_commands.routes,
        draft_clock.routes,
        fallback.routes,
    ]


def kind_routes() -> list[Routes]:
    """Each registered kind's routers (``KindSpec.handlers``), in the registry's order."""
    return [importlib.import_module(spec.handlers).routes for spec in KINDS]
