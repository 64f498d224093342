"""King of the Hill in the registry of kinds (``bot.kinds``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.kind import KindSpec
from bot.koth import KothService
from bot.koth.buttons import KothCancelCb, KothConsentCb, KothJoinCb, KothRatingCb, KothStayCb
from bot.koth.core import DISCIPLINE, KIND
from bot.roles import Role

if TYPE_CHECKING:
    from bot.infra import Infra
    from bot.results import ResultFlow
    from bot.results.notices import ResultNotices


def build(infra: Infra, flow: ResultFlow, notices: ResultNotices) -> KothService:
    return KothService(infra)


SPEC = KindSpec(
    name=KIND,
    discipline=DISCIPLINE,
    handlers="handlers.koth",
    build=build,
    buttons={
        KothJoinCb: Role.PLAYER,
        KothConsentCb: Role.PLAYER,
        KothStayCb: Role.PLAYER,
        KothCancelCb: Role.ORGANISER,
        KothRatingCb: Role.ORGANISER,
    },
    commands=("norms", "draw", "eliminate", "reinstate", "void"),
    # before /begin its /queue lists who registered
    shown_in_registration=True,
)
