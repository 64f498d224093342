"""Team events in the registry of kinds (``bot.kinds``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.kind import KindSpec, NamedBy, Rule
from bot.roles import Role
from bot.teams.buttons import TmLateCb, TmOkCb, TmWizCb
from bot.teams.core import DISCIPLINE, ENTRY, KIND
from bot.teams.service import TeamsService

if TYPE_CHECKING:
    from bot.infra import Infra
    from bot.results import ResultFlow
    from bot.results.notices import ResultNotices


def build(infra: Infra, flow: ResultFlow, notices: ResultNotices) -> TeamsService:
    return TeamsService(infra, flow)


SPEC = KindSpec(
    name=KIND,
    discipline=DISCIPLINE,
    entry=ENTRY,
    handlers="handlers.teams",
    build=build,
    buttons={
        TmWizCb: Rule(Role.ORGANISER, NamedBy.NONE),
        TmOkCb: Role.PLAYER,
        TmLateCb: Role.ORGANISER,
    },
    commands=(
        "team",
        "next_round",
        "export",
        "pending",
        "deck",
        "decks",
        "draft",
        "deckbuilding",
        "penalty",
        "swap",
        "why",
    ),
    deck_lists=True,
    pick_clock=True,
    shown_in_registration=True,
)
