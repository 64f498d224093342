"""What every part of the Story Constructed service shares: the kind's names, its event codec,
its settings, the state replayed from the log in a transaction, and writing an event.

A Story tournament is its settings plus its event log (``rules.story.events``); everything else
(the sides, captains, rounds, who is out, the places) is ``rules.story.replay`` of the log.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from bot.event_core import EventCore, EventSnapshot
from db import players
from db.codec import Codec
from db.database import Tx
from db.tournaments import Tournament
from rules.story import EVENTS, SIDES, State, StoryEvent, replay

if TYPE_CHECKING:
    from bot.infra import Infra
    from bot.results import ResultFlow

KIND = "story"
DISCIPLINE = "berserk"
#: its ``/new`` button (``KindSpec.entry``): a Berserk tournament of its own kind
ENTRY = "berserk_story"
CODEC: Codec[StoryEvent] = Codec(EVENTS)
MINUTE_CHOICES = ("40", "50", "60")
STRICTNESS = ("amateur", "professional", "highest")
#: the reminder to a captain who has not named anyone (spec: a setting, default 3 minutes)
CAPTAIN_MINUTES = 3
MAX_SIDE_NAME = 30


@dataclass(frozen=True, slots=True)
class Snapshot(EventSnapshot[State, int]):
    """A Story tournament read in one transaction: the tournament, its state, names."""

    def name(self, player: int) -> str:
        return self.names.get(player, f"#{player}")

    def side_name(self, side: int) -> str:
        return side_names(self.tournament)[side]


def side_names(tournament: Tournament) -> tuple[str, str]:
    first, second = tournament.settings.get("sides") or ("A", "B")
    return str(first), str(second)


def start_of(tournament: Tournament) -> datetime | None:
    start = tournament.settings.get("start")
    return datetime.fromisoformat(str(start)) if start else None


def captain_minutes(tournament: Tournament) -> int:
    return int(tournament.settings.get("captain_minutes") or CAPTAIN_MINUTES)


class StoryCore(EventCore[StoryEvent, Snapshot]):
    """The infrastructure, the result flow, and the reads and writes every part uses."""

    def __init__(self, infra: Infra, flow: ResultFlow) -> None:
        super().__init__(infra, KIND, CODEC)
        self.flow = flow

    async def state(self, tx: Tx, tournament_id: int) -> State:
        return replay(await self.events(tx, tournament_id))

    async def snapshot(self, tx: Tx, tournament_id: int) -> Snapshot:
        tournament = await self.tournament(tx, tournament_id)
        state = await self.state(tx, tournament_id)
        ids = [p for side in SIDES for p in state.members[side]]
        found = await players.many(tx, ids)
        names = {pid: found[pid].display_name for pid in ids if pid in found}
        return Snapshot(tournament, state, names)
