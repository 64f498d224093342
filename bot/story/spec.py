"""Story Constructed in the registry of kinds (``bot.kinds``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.kind import KindSpec, NamedBy, Rule
from bot.roles import Role
from bot.story.buttons import StCaptainCb, StJoinCb, StOrderCb, StPickCb, StVoteCb, StWizCb
from bot.story.core import DISCIPLINE, ENTRY, KIND
from bot.story.service import StoryService

if TYPE_CHECKING:
    from bot.infra import Infra
    from bot.results import ResultFlow
    from bot.results.notices import ResultNotices


def build(infra: Infra, flow: ResultFlow, notices: ResultNotices) -> StoryService:
    return StoryService(infra, flow)


SPEC = KindSpec(
    name=KIND,
    discipline=DISCIPLINE,
    entry=ENTRY,
    handlers="handlers.story",
    build=build,
    buttons={
        StWizCb: Rule(Role.ORGANISER, NamedBy.NONE),
        StJoinCb: Role.PLAYER,
        StVoteCb: Role.PLAYER,
        StCaptainCb: Role.ORGANISER,
        # a captain's own choice, or a judge's for him: the service tells which
        StPickCb: Role.PLAYER,
        StOrderCb: Role.PLAYER,
    },
    commands=("captain", "elect", "pick", "story_rules", "export"),
    shown_in_registration=True,
    deck_lists=True,
)
