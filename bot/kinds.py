"""The registry of kinds of tournament: one line each (see ``bot.kind`` for what a kind is)."""

from __future__ import annotations

from bot.arena.spec import SPEC as ARENA
from bot.kind import KindSpec
from bot.koth.spec import SPEC as KING_OF_THE_HILL
from bot.story.spec import SPEC as STORY_CONSTRUCTED
from bot.swiss.spec import SPEC as SWISS_AND_TOP
from bot.teams.spec import SPEC as TEAM_EVENTS

KINDS: tuple[KindSpec, ...] = (
    KING_OF_THE_HILL,
    SWISS_AND_TOP,
    TEAM_EVENTS,
    STORY_CONSTRUCTED,
    ARENA,
)

BY_NAME = {spec.name: spec for spec in KINDS}
BY_DISCIPLINE = {spec.new_button: spec for spec in KINDS}

#: the kinds whose tournaments take deck lists (``KindSpec.deck_lists``: ``bot.decks``)
DECK_LISTS = frozenset(spec.name for spec in KINDS if spec.deck_lists)
#: the kinds whose drafts run on the pick clock (``KindSpec.pick_clock``: ``bot.draft``)
PICK_CLOCK = frozenset(spec.name for spec in KINDS if spec.pick_clock)
