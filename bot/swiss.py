"""Swiss and Top services (built in its own issue)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.app import App
    from bot.result_notices import ResultNotices
    from bot.results import ResultFlow


def install(app: App, flow: ResultFlow, notices: ResultNotices) -> None:
    """Create the Swiss and Top services, register its desk and its timers."""
