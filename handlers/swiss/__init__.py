"""Swiss rounds and the Top in the chat: registration and views (``entry``), the creation
wizard (``wizard``), the rounds (``rounds``), ``/top`` and the offers when the field or the Top
does not fit (``top``), ``/finish`` and ``/cancel`` (``manage``) and the
organiser's checks (``guard``); their button data is ``bot.swiss.buttons``. The Overlord series
its tournaments may belong to: ``handlers.series``."""

from handlers.series import routes as series_routes
from handlers.swiss.entry import commands, routes

routes.include(series_routes)

__all__ = ["commands", "routes"]
