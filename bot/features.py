"""Tournament features plug their services into the application here."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.app import App


def install_features(app: App) -> None:
    """Create each feature's services, add them to ``app.extra`` and register their timers."""
