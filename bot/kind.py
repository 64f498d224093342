"""The kind contract: what the shared code asks of a kind of tournament.

A kind (King of the Hill, Swiss + Top, …) is its own folders — ``rules/<kind>/`` (its events and
state, pure), ``bot/<kind>/`` (its service, notices and timers), ``handlers/<kind>/`` (its
routers) and its locale files — plus one line in the registry, ``bot.kinds``. The registry holds
each kind's ``KindSpec``; the shared code (the button access rules, the command menus and
``/help``, ``/new``, ``/tournaments``, the web board, the router tree, the assembly in
``bot.main``) reads it and never tests a kind by name.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Protocol, TypeVar, runtime_checkable

from aiogram.filters.callback_data import CallbackData

from bot.roles import Role

if TYPE_CHECKING:
    from bot.infra import Infra
    from bot.results import ResultFlow
    from bot.results.notices import ResultNotices
    from bot.web.render import Board
    from bot.web.server import PageSource
    from db.database import Tx
    from db.tournaments import Tournament
    from rules.decks import Restriction
    from rules.decks.window import Window
    from rules.memory import Played


class NamedBy(enum.Enum):
    """How a button names its tournament."""

    TOURNAMENT = "t"  #: the field ``t`` is the tournament's id
    REPORT = "r"  #: the field ``r`` is a report's id (the report names the tournament)
    NONE = ""  #: no tournament: a chat's own business (its organisers) or the presser's own


@dataclass(frozen=True, slots=True)
class Rule:
    """What pressing a button needs (``bot.access``)."""

    need: Role
    names: NamedBy = NamedBy.TOURNAMENT
    #: the kind of tournament the button is for (``None``: any); a Swiss button forged with a
    #: King-of-the-Hill id is stale, not a Swiss action on the wrong tournament
    kind: str | None = None


class KindService(Protocol):
    """A kind's service as the engine calls it.

    The whole contract, and where each part lives:

    - *replay*: its state is replayed from its typed events (``rules/<kind>/events.py``, one
      ``db.codec.Codec``), by its core, under the tournament's lock in a transaction;
    - *open games and a result*: its ``bot.results.GameDesk``, registered with the result flow
      (``register``): the flow finds a game, takes reports and confirmations and calls the
      desk to record the final result;
    - *the board*: the group's live board through ``bot.boards.Boards``; the web page's from
      ``web_board`` (a picture on it, ``bot.web.render.Picture``, is drawn after the read);
    - *the notices an event causes*: ``bot.notices.Notice`` data, stored in the event's
      transaction through ``bot.outbox.Outbox.tell`` (one durable job for every kind), or a
      durable job of its own registered in ``register`` where what it tells is drawn when sent
      (a round's pictures, a board edited in place);
    - *timers*: its deadlines' handlers, registered in ``register`` (``Deadlines.on``, each
      with what it does when late);
    - *buttons and commands*: its ``KindSpec`` (the role each button needs; the commands only
      it has) and ``handlers/<kind>``'s ``KindCommands`` for the commands every kind has;
    - *the wizard*: ``handlers/<kind>``'s routers, entered from ``/new`` by its
      ``KindSpec.discipline``;
    - *the club's memory*: ``played``, its games and final places as ``rules.memory`` says
      them (head-to-head and the nemesis, ``bot.memory``; the seasons, ``bot.seasons``; the
      evening's recap, ``bot.recap``, with the reigns of a kind played at one table).
    """

    def register(self, flow: ResultFlow) -> None:
        """Register its result desk with the flow and its timers and jobs with the deadlines."""

    async def web_board(self, tx: Tx, tournament_id: int, now: datetime) -> Board:
        """The tournament's web board now, read in ``tx``, in its group's language; a picture
        on it is data and a drawing (``Board.pictures``), drawn by the server after the read."""

    def handler_data(self) -> Mapping[str, object]:
        """The services its handlers ask for by name (``koth: KothService``)."""

    async def played(self, tx: Tx, tournament: Tournament) -> Played:
        """Its games played at the table so far, in order, and once it is finished each
        player's final place (``rules.memory``), read in ``tx``."""


@dataclass(frozen=True, slots=True)
class Placed:
    """A player's final place (``DeckHost.final_places``)."""

    place: int
    player: int


@runtime_checkable
class DeckHost(Protocol):
    """What the shared deck lists (``bot.decks.DeckService``: ``/deck``, ``/decks``, a judge's
    edit, the Top's lists published) ask of a kind whose ``KindSpec.deck_lists`` is set; its
    service (the one ``KindSpec.build`` makes) provides it. Players are club ids."""

    async def entrants(self, tx: Tx, tournament_id: int) -> list[int]:
        """Everyone in the tournament, dropped players too (they keep their list)."""

    async def active(self, tx: Tx, tournament_id: int) -> list[int]:
        """The players still playing: ``/decks`` lists them, the highest strictness needs
        their lists."""

    async def deck_window(self, tx: Tx, tournament: Tournament) -> Window:
        """Whether a player's own list is taken now (``rules.decks.window``)."""

    def deck_options(self, tournament: Tournament) -> Mapping[str, object]:
        """The settings its lists are checked by (``rules.decks.deck_rules``: ``format`` —
        a ``rules.card_formats.Format`` value —, ``sub_format``, ``boosters``)."""

    async def deck_restriction(
        self, tx: Tx, tournament: Tournament, player_id: int
    ) -> Restriction | None:
        """The cards the player's list may hold beyond the format's rules (a side's card
        list, a team's pool), ``None``: no more than the format's rules."""

    async def deck_edited(self, tx: Tx, tournament_id: int, player_id: int, actor: int) -> None:
        """A judge changed the player's list: the kind's log (and the audit) says so."""

    async def final_places(self, tx: Tx, tournament: Tournament) -> tuple[list[Placed], int]:
        """The final places, best first, and how many of them ``/decks publish`` shows."""


@dataclass(frozen=True, slots=True)
class DraftSeating:
    """A drafted tournament's current draft as its kind seats it (``DraftHost``)."""

    #: the draft's number (a Marathon drafts more than once), from 1
    number: int
    #: each pod's players in seating order (one table of the active players before seating)
    pods: list[list[int]]


@runtime_checkable
class DraftHost(Protocol):
    """What the shared pick clock (``bot.draft.DraftClockService``: ``/draft``,
    ``/deckbuilding``) asks of a kind whose ``KindSpec.pick_clock`` is set. The boosters and
    the deck-building minutes are the tournament's ``boosters`` and ``deckbuilding_minutes``
    settings (``bot.draft.model``)."""

    async def draft_seating(self, tx: Tx, tournament: Tournament) -> DraftSeating:
        """The current draft's pods; ``UserError("pickclock.not_draft", format=…)`` when the
        tournament's format drafts nothing."""


@runtime_checkable
class WebPages(Protocol):
    """A kind's service that serves pages that are no tournament's board (the Swiss kind's
    Overlord series tables): the web server routes each path to its source."""

    def web_pages(self) -> Mapping[str, PageSource]:
        """The paths ("/series") and what serves their pages by token."""


@runtime_checkable
class Withdraws(Protocol):
    """A kind whose registered players can be taken off its list before the start, by the
    organiser (the check-in's «drop those not here», ``bot.ahead``). A kind without it (a team
    event, whose entries are teams) still has its check-in; the organiser then begins with
    everyone or takes them off his own way."""

    async def withdraw_registrants(
        self, tournament_id: int, player_ids: Sequence[int], actor: int
    ) -> None:
        """Take ``player_ids`` off the list of a tournament still in its registration
        (``UserError`` once it began)."""


class EntryGate(Protocol):
    """What a kind asks when a player enters one of its tournaments by himself (the no-shows,
    ``bot.no_shows.NoShows``)."""

    async def entering(self, tournament: Tournament, player: int) -> bool:
        """Tell whom it concerns of the player (at most once per reason); ``True`` when his
        entry must wait for an organiser's approval."""


@runtime_checkable
class GatesEntries(Protocol):
    """A kind whose players' own entries can wait for an organiser's approval (the Swiss:
    its late entry's request and «accept» button); it asks its gate at each own entry."""

    def gate_entries(self, gate: EntryGate) -> None:
        """Ask ``gate`` from now on."""


#: builds a kind's service from the infrastructure and the result flow (``bot.main``)
Build = Callable[["Infra", "ResultFlow", "ResultNotices"], KindService]


@dataclass(frozen=True, slots=True)
class KindSpec:
    """A kind of tournament as the registry knows it."""

    #: ``Tournament.kind``
    name: str
    #: what ``/new`` asks for it with (``NewCb.discipline``); its ``tournament.kind_<name>``
    #: locale key names it there and in ``/tournaments``
    discipline: str
    #: the module of its routers (``handlers.<kind>``, with a ``routes``)
    handlers: str
    build: Build
    #: its buttons and the role pressing one needs (the access check, ``bot.access``); a
    #: ``Rule`` for a button that names no tournament (its wizard's: ``NamedBy.NONE``)
    buttons: Mapping[type[CallbackData], Role | Rule] = field(default_factory=dict)
    #: the commands only it has: ``/help`` shows them only where such a tournament is open
    commands: tuple[str, ...] = ()
    #: what its ``/new`` button carries (``NewCb.discipline``) when it is not ``discipline``:
    #: two kinds of one discipline (a Berserk Swiss and a Berserk team event) each have their
    #: own button and wizard, and both rate in the discipline's pool
    entry: str = ""
    #: its service is a ``DeckHost``: ``/deck`` and ``/decks`` take its tournaments' lists
    deck_lists: bool = False
    #: its service is a ``DraftHost``: ``/draft`` and ``/deckbuilding`` run its drafts' clock
    pick_clock: bool = False
    #: before its start, ``/queue``, ``/standings`` and ``/pairings`` show it (its registrants);
    #: otherwise they show the group's last finished one of the kind
    shown_in_registration: bool = False
    #: it lives for weeks beside the evening tournaments of its group (an Arena, 605): a
    #: command that names no tournament means an open evening one first, this one only when
    #: none is open (its own commands find it by kind: ``bot.directory.current``)
    lasts_weeks: bool = False
    #: who may appoint its judges with ``/judge`` (an Arena's judge authorises a person to
    #: record results, 605.6)
    appoints_judges: Role = Role.ORGANISER

    @property
    def new_button(self) -> str:
        """What its ``/new`` button carries (``NewCb.discipline``)."""
        return self.entry or self.discipline

    @property
    def title(self) -> str:
        """The locale key of its name."""
        return f"tournament.kind_{self.name}"

    @property
    def help_note(self) -> str:
        """The locale key of its block of notes in the judges' and organisers' ``/help``."""
        return f"help.{self.name}"

    def rules(self) -> dict[type[CallbackData], Rule]:
        return {
            button: need if isinstance(need, Rule) else Rule(need, kind=self.name)
            for button, need in self.buttons.items()
        }


H = TypeVar("H")


def _hosts(
    specs: tuple[KindSpec, ...],
    services: Mapping[str, KindService],
    wanted: Callable[[KindSpec], bool],
    host: type[H],
) -> dict[str, H]:
    """The services of the kinds ``wanted`` picks, each checked to be a ``host``, by kind."""
    found: dict[str, H] = {}
    for spec in specs:
        service = services[spec.name]
        if not wanted(spec):
            continue
        if not isinstance(service, host):
            raise TypeError(f"{spec.name}'s service is no {host.__name__}")
        found[spec.name] = service
    return found


def deck_hosts(
    specs: tuple[KindSpec, ...], services: Mapping[str, KindService]
) -> dict[str, DeckHost]:
    """The services of the kinds that take deck lists (``KindSpec.deck_lists``), by kind."""
    return _hosts(specs, services, lambda spec: spec.deck_lists, DeckHost)  # type: ignore[type-abstract]


def draft_hosts(
    specs: tuple[KindSpec, ...], services: Mapping[str, KindService]
) -> dict[str, DraftHost]:
    """The services of the kinds whose drafts run on the pick clock (``KindSpec.pick_clock``)."""
    return _hosts(specs, services, lambda spec: spec.pick_clock, DraftHost)  # type: ignore[type-abstract]
