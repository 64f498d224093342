"""The Arena (605) in the chat: the service its handlers get (``service``), what its parts share
(``core``), what people read (``views``), its button data (``buttons``) and its place in the
registry (``spec``)."""

from bot.arena.service import ArenaDesk, ArenaService

__all__ = ["ArenaDesk", "ArenaService"]
