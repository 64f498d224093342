"""Story Constructed (607): two sides, captains who choose the pairs, a knockout to the last
side standing. The service is ``bot.story.service``; its pure rules are ``rules.story``."""

from bot.story.service import StoryService

__all__ = ["StoryService"]
