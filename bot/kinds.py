"""The registry of kinds of tournament: one line each (see ``bot.kind`` for what a kind is)."""

from __future__ import annotations

from bot.arena.spec import SPEC as ARENA
from bot.kind import KindSpec
from bot.koth.spec import SPEC as KING_OF_THE_HILL
from bot.swiss.spec import SPEC as SWISS_AND_TOP
from bot.teams.spec import SPEC as TEAM_EVENTS

KINDS: tuple[KindSpec, ...] = (
    KING_OF_THE_HILL,
    SWISS_AND_TOP,
    TEAM_EVENTS,
    ARENA,
)

BY_NAME = {spec.name: spec for spec in KINDS}
BY_DISCIPLINE = {spec.new_button: spec for spec in KINDS}
