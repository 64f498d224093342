"""Swiss rounds and the Top in the chat: registration and views (``entry``), the creation
wizard (``wizard``), the rounds (``rounds``), ``/finish`` and ``/cancel`` (``manage``) and the
organiser's checks (``guard``); their button data is ``bot.swiss.buttons``."""

from handlers.swiss.entry import routes

__all__ = ["routes"]
