"""Story Constructed in the chat: the creation wizard (``wizard``), the sides, captains and
rounds (``play``); their button data is ``bot.story.buttons``."""

from handlers.story.play import commands, routes

__all__ = ["commands", "routes"]
