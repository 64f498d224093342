"""King of the Hill in the chat: the commands and buttons (``commands``), the judge's commands
(``judge``), their button data (``bot.koth.buttons``) and what they share (``common``)."""

from handlers.koth.commands import commands, routes

__all__ = ["commands", "routes"]
