"""Team events in the chat: the creation wizard (``wizard``), the teams and the rounds
(``play``); their button data is ``bot.teams.buttons``."""

from handlers.teams.play import commands, routes

__all__ = ["commands", "routes"]
