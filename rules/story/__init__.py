"""Story Constructed (607): the pure rules, one import for callers.

- sides, the minimum of players and the captains' election: ``rules.story.sides``
- whom a captain may name while a round is paired (607.4.2, 607.4.7): ``rules.story.pairing``
- points and places (607.4.5–607.4.6): ``rules.story.places``; the round robin among level
  undefeated winners (607.4.6): ``rules.story.robin``
- the tournament's own rules announced ahead (607.1): ``rules.story.announce``
- the events, and the state replayed from them: ``rules.story.events``, ``rules.story.state``
"""

from __future__ import annotations

from rules.story.announce import NOTICE, RulesTooLate, check_rules_change
from rules.story.events import (
    EVENTS,
    StAnswer,
    StBegin,
    StCancel,
    StCaptain,
    StFinish,
    StGame,
    StJoin,
    StLeave,
    StName,
    StOrder,
    StoryEvent,
    StRobin,
    StRobinGame,
    StVote,
)
from rules.story.places import PlayerRow, story_points
from rules.story.sides import MIN_PLAYERS, SIDES, Election, elect, other
from rules.story.state import (
    AgreedDraw,
    NotYourTurn,
    Robin,
    Round,
    State,
    StateError,
    UnknownGame,
    apply,
    replay,
)

__all__ = [
    "EVENTS",
    "MIN_PLAYERS",
    "NOTICE",
    "SIDES",
    "AgreedDraw",
    "Election",
    "NotYourTurn",
    "PlayerRow",
    "Robin",
    "Round",
    "RulesTooLate",
    "StAnswer",
    "StBegin",
    "StCancel",
    "StCaptain",
    "StFinish",
    "StGame",
    "StJoin",
    "StLeave",
    "StName",
    "StOrder",
    "StRobin",
    "StRobinGame",
    "StVote",
    "State",
    "StateError",
    "StoryEvent",
    "UnknownGame",
    "apply",
    "check_rules_change",
    "elect",
    "other",
    "replay",
    "story_points",
]
