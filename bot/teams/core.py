"""What every part of the team events' service shares: the kind's names, its event codec, the
state replayed from the log in a transaction, and writing an event.

A team event is its settings plus its event log (``rules.teams.events``); everything else (the
teams, the rounds, the deciding games, the standings) is ``rules.teams.replay`` of the log.
Team offers waiting for the partner's confirmation are events of the log too (``tm_offer``,
``tm_offer_off``), which the replay does not read: a team is in only once ``tm_team`` is.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bot.event_core import EventCore, EventSnapshot
from bot.texts import pick_language
from db import players, tournaments
from db.codec import Codec
from db.database import Tx
from db.models import Player
from db.tournaments import Tournament
from rules.results import PlayerId
from rules.teams import EVENTS, State, TeamEvent, replay
from rules.teams.settings import DEFAULT_ROUND_MINUTES, Scoring, TeamFormat

if TYPE_CHECKING:
    from bot.infra import Infra
    from bot.results import ResultFlow

KIND = "teams"
DISCIPLINE = "berserk"
#: its ``/new`` button (``KindSpec.entry``): a Berserk event of its own kind
ENTRY = "berserk_teams"
OFFER, OFFER_OFF, OFFER_DECK = "tm_offer", "tm_offer_off", "tm_offer_deck"
CODEC: Codec[TeamEvent] = Codec(EVENTS)
#: the formats ``/new`` offers
OFFERED = (TeamFormat.TEAM_SEALED, TeamFormat.TEAM_DRAFT, TeamFormat.DUEL_SETS)
#: the most decks a duel-set release lists (each is a button) and a deck name's length
MAX_DECKS, MAX_DECK_NAME = 12, 30
ROUND_CHOICES = ("auto", "3", "4", "5", "6", "7")
#: the Top of teams after the Swiss rounds: none, a final of two, 4 or 8 teams
TOP_CHOICES = ("0", "2", "4", "8")
MINUTE_CHOICES = ("50", "60", "70", "80", "90")
assert str(DEFAULT_ROUND_MINUTES) in MINUTE_CHOICES


@dataclass(frozen=True, slots=True)
class Offer:
    """A team offer waiting for the partner: its event id, who offered, whom, the name."""

    id: int
    first: int
    second: int
    name: str
    #: in a duel-set release, the deck each of the two chose (by player)
    decks: dict[int, str] = field(default_factory=dict)
    #: the partner said yes
    accepted: bool = False


@dataclass(frozen=True, slots=True)
class Snapshot(EventSnapshot[State, PlayerId]):
    """A team event read in one transaction: the tournament, its state, the players' names."""

    def team_name(self, team: int) -> str:
        return self.state.teams[team].name

    def members(self, team: int) -> str:
        first, second = self.state.teams[team].players
        return f"{self.names.get(first, '?')}, {self.names.get(second, '?')}"


def decks_of(tournament: Tournament) -> list[str]:
    """The decks of a duel-set release's set(s), as the organiser listed them (610.3)."""
    return [str(deck) for deck in tournament.settings.get("decks") or []]


def team_format(tournament: Tournament) -> TeamFormat:
    """The event's format (an unknown stored value: Team Sealed)."""
    try:
        return TeamFormat(tournament.settings.get("format", TeamFormat.TEAM_SEALED.value))
    except ValueError:
        return TeamFormat.TEAM_SEALED


def is_duel(tournament: Tournament) -> bool:
    return tournament.settings.get("format") == TeamFormat.DUEL_SETS.value


def scoring_of(tournament: Tournament) -> Scoring:
    if tournament.settings.get("format") == TeamFormat.DUEL_SETS.value:
        return Scoring.DUEL
    return Scoring(tournament.settings.get("scoring", Scoring.BY_MATCH.value))


class TeamsCore(EventCore[TeamEvent, Snapshot]):
    """The infrastructure, the result flow, and the reads and writes every part uses."""

    def __init__(self, infra: Infra, flow: ResultFlow) -> None:
        super().__init__(infra, KIND, CODEC)
        self.flow = flow

    async def state(self, tx: Tx, tournament_id: int) -> State:
        return replay(await self.events(tx, tournament_id))

    async def offers(self, tx: Tx, tournament_id: int) -> list[Offer]:
        """The offers still waiting (neither withdrawn, declined nor taken up)."""
        stored = await tournaments.events(tx, tournament_id)
        made: dict[int, Offer] = {}
        for event in stored:
            if event.kind == OFFER:
                p = event.payload
                made[event.id] = Offer(event.id, p["first"], p["second"], p["name"])
            elif event.kind == OFFER_OFF:
                made.pop(int(event.payload["offer"]), None)
            elif event.kind == OFFER_DECK and int(event.payload["offer"]) in made:
                offer = made[int(event.payload["offer"])]
                if event.payload.get("deck") is not None:
                    offer.decks[int(event.payload["player"])] = str(event.payload["deck"])
                if int(event.payload["player"]) == offer.second:
                    made[offer.id] = Offer(
                        offer.id, offer.first, offer.second, offer.name, offer.decks, True
                    )
        return list(made.values())

    async def snapshot(self, tx: Tx, tournament_id: int) -> Snapshot:
        tournament = await self.tournament(tx, tournament_id)
        state = await self.state(tx, tournament_id)
        ids = [int(p) for team in state.teams.values() for p in team.players]
        found = await players.many(tx, ids)
        names: dict[PlayerId, str] = {
            pid: found[pid].display_name if pid in found else f"#{pid}" for pid in ids
        }
        return Snapshot(tournament, state, names)

    async def player(self, tx: Tx, player_id: int) -> Player | None:
        return await players.by_id(tx, player_id)

    async def lang_of(self, tx: Tx, telegram_id: int | None) -> str:
        user = await players.tg_user(tx, telegram_id) if telegram_id else None
        return pick_language(user.language_code if user else None, self.texts.default)
