"""aiogram routers, one module per feature; ``build_router`` includes them in order."""

from __future__ import annotations

from aiogram import Router

_root: Router | None = None


def build_router() -> Router:
    """All routers, most specific first; the fallback router is always last.

    Routers live at module level (one per feature module) and can be attached to one parent
    only, so the tree is built once per process and handed to each new dispatcher: a restart
    inside one process (the end-to-end tests do that) detaches it from the old one.
    """
    global _root
    if _root is None:
        _root = _assemble()
    _root._parent_router = None  # the previous dispatcher is gone
    return _root


def _assemble() -> Router:
    from handlers import (
        chat_events,
        common,
        errors,
        fallback,
        profile,
        ratings,
        registration,
        results,
        tournaments,
    )

    root = Router(name="root")
    # The result buttons first: they are most of the traffic in a busy round, and no other
    # router claims their callback data.
    root.include_routers(
        results.router,
        errors.router,
        chat_events.router,
        common.router,
        registration.router,
        profile.router,
        ratings.router,
        tournaments.router,
    )
    for extra in _feature_routers():
        root.include_router(extra)
    root.include_router(fallback.router)
    return root


def _feature_routers() -> list[Router]:
    """The tournament kinds; each claims only commands about its own tournaments."""
    from handlers import koth, swiss

    return [koth.router, swiss.router]
