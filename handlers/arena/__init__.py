"""The Arena (605) in the chat: the creation wizard (``wizard``), challenges, results, the
judges' buttons and ``/arena`` (``play``); their button data is ``bot.arena.buttons``."""

from handlers.arena.play import commands, routes

__all__ = ["commands", "routes"]
