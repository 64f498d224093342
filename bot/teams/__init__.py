"""Team events (604 Team Sealed; 610 duel sets and Team Draft to come) in the chat: the
service its handlers get (``service``), what its parts share (``core``), what people read
(``views``), its button data (``buttons``) and its place in the registry (``spec``)."""

from bot.teams.service import TeamsDesk, TeamsService

__all__ = ["TeamsDesk", "TeamsService"]
