"""The Arena (605) in the chat: the service its handlers get (``service``), what its parts share
(``core``), what people read (``views``), its button data (``buttons``) and its place in the
registry (``spec``)."""

from bot.arena.desk import ArenaDesk
from bot.arena.service import ArenaService

__all__ = ["ArenaDesk", "ArenaService"]
