"""aiogram routers, one module per feature; ``build_router`` includes them in order."""

from __future__ import annotations

from aiogram import Router


def build_router() -> Router:
    """All routers, most specific first; the fallback router is always last."""
    from handlers import (
        chat_events,
        common,
        fallback,
        profile,
        ratings,
        registration,
        results,
        tournaments,
    )

    root = Router(name="root")
    root.include_routers(
        chat_events.router,
        common.router,
        registration.router,
        profile.router,
        ratings.router,
        results.router,
        tournaments.router,
    )
    for extra in _feature_routers():
        root.include_router(extra)
    root.include_router(fallback.router)
    return root


def _feature_routers() -> list[Router]:
    """Tournament features (King of the Hill, Swiss), added as they are built."""
    return []
