"""The Arena in the registry of kinds (``bot.kinds``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.arena.buttons import (
    ArAnswerCb,
    ArApproveCb,
    ArChallengeCb,
    ArChoiceCb,
    ArEnterCb,
    ArExcuseCb,
    ArFormatCb,
    ArWizCb,
)
from bot.arena.core import DISCIPLINE, ENTRY, KIND
from bot.arena.service import ArenaService
from bot.kind import KindSpec, NamedBy, Rule
from bot.roles import Role

if TYPE_CHECKING:
    from bot.infra import Infra
    from bot.results import ResultFlow
    from bot.results.notices import ResultNotices


def build(infra: Infra, flow: ResultFlow, notices: ResultNotices) -> ArenaService:
    return ArenaService(infra, flow)


SPEC = KindSpec(
    name=KIND,
    discipline=DISCIPLINE,
    entry=ENTRY,
    handlers="handlers.arena",
    build=build,
    buttons={
        ArWizCb: Rule(Role.ORGANISER, NamedBy.NONE),
        ArEnterCb: Role.JUDGE,
        ArApproveCb: Role.JUDGE,
        ArExcuseCb: Role.JUDGE,
        ArAnswerCb: Role.PLAYER,
        ArChallengeCb: Role.PLAYER,
        ArFormatCb: Role.PLAYER,
        ArChoiceCb: Role.PLAYER,
    },
    commands=("challenge", "arena", "disqualify", "void", "export"),
    shown_in_registration=True,
    lasts_weeks=True,
    # 605.6: results are recorded before a judge or a person he authorises
    appoints_judges=Role.JUDGE,
)
