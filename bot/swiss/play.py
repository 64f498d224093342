"""How each card format plays (section 6 of the regulation): one object per format.

``Play`` is Constructed's way (602), every other format's starting point; ``Draft`` (601),
``Sealed`` (603), ``Marathon`` (608) and ``HeroesTournament`` (609) say only where they differ.
The rest of the Swiss code asks the tournament's play (``play_of``) what to do — whether it opens
with a draft, plays inside its pods, fixes its own rounds, what its start tells, who is its
champion — and never tests a format by name: a new format is one class here and its line in
``PLAYS``.

What a start tells is a durable job (``BEGIN_JOB``) stored with the start itself: each message
once by its outbox key, so a crash only delays them to the restart.
"""

from __future__ import annotations

from typing import Any, ClassVar

import bot.swiss.heroes as heroes
import bot.swiss.limited as limited
from bot.errors import UserError
from bot.swiss.core import SwissCore, SwissSnapshot, T
from bot.swiss.settings import card
from db import deadlines, tournaments
from db.database import Tx
from db.models import Deadline
from db.tournaments import Tournament
from rules.card_formats import Format, format_of
from rules.limited import heroes as heroes_rules
from rules.limited import sealed
from rules.limited.boosters import DRAFT_PLANS, MARATHON_PLANS
from rules.limited.marathon import DEFAULT_DRAFTS
from rules.limited.pods import pod_rounds
from rules.swiss import State
from rules.tournament_size import TournamentSize

#: The durable job (``bot.deadlines``) that tells the group and the players about the start.
BEGIN_JOB = "job:limited_begin"


class Play:
    """Constructed (602): each player brings his deck; nothing is drafted or opened."""

    format: ClassVar[Format] = Format.CONSTRUCTED
    #: it opens with a draft: ``/begin`` seats draft 1, round 1 comes after (601.5)
    drafted: ClassVar[bool] = False
    #: its pool is opened at the start: ``/begin`` pairs no round, ``/next_round`` pairs round 1
    #: once the decks are built (and their lists written: ``rules.decks.window``)
    pool_first: ClassVar[bool] = False
    #: the wizard's step after the format: Constructed's sub-format, whose banned list
    #: applies (612)
    first_step: ClassVar[str] = "sub"
    #: the wizard's step after the booster plan (a drafted format; ``None``: the strictness)
    after_boosters: ClassVar[str | None] = None
    #: it fixes its own rounds and Top: the wizard does not ask them (609.7)
    own_sizes: ClassVar[bool] = False
    #: its rounds follow its draft's tables (601.5.4): the wizard does not ask them
    own_rounds: ClassVar[bool] = False
    #: a draft of one or two boosters makes it an amateur tournament (601.4): no strictness
    amateur_plans: ClassVar[bool] = True

    def in_pods(self, tournament: Tournament) -> bool:
        """Its Swiss is played inside the pods of its draft, its Top drawn from them."""
        return False

    def drafts(self, tournament: Tournament) -> int:
        """A Marathon's drafts, before its first rounds (608.6); 0 for the others."""
        return 0

    def auto_rounds(self, usual: TournamentSize, tables: list[int]) -> int:
        """A drafted format's Swiss rounds when the organiser left them to the bot (or, with
        ``own_rounds``, always): by the tables of its draft (601.5.4)."""
        return pod_rounds(tables)

    def plans(self) -> tuple[str, ...]:
        """The booster plans the wizard offers a drafted format (``rules.limited.boosters``)."""
        return tuple(DRAFT_PLANS)

    def plans_note(self, t: T) -> str:
        """What the booster plans' question adds about the plans it leaves out ("": none)."""
        return ""

    def rounds_text(self, t: T) -> str | None:
        """How the registration message names its rounds when the wizard does not ask them;
        ``None``: the settings' number (or «авто»)."""
        return None

    def wizard_settings(self, data: dict[str, Any]) -> dict[str, Any]:
        """What it adds to the settings from the wizard's answers."""
        return {}

    def summary_lines(self, t: T, options: dict[str, Any]) -> list[str]:
        """The lines it adds to the registration message."""
        return []

    def plan_note(self, t: T, options: dict[str, Any]) -> str:
        """What the registration message adds after a drafted format's booster plan."""
        return ""

    def fixed_sizes(self, tournament: Tournament, players: int) -> tuple[int, int] | None:
        """(Swiss rounds, Top) it fixes whatever the settings say; ``None``: the settings'."""
        return None

    def check_field(self, tournament: Tournament, players: int) -> None:
        """Refuse (``UserError``) a field it does not admit."""

    def check_top(self, tournament: Tournament) -> None:
        """Refuse (``UserError``) a Top where it has none."""

    async def at_begin(
        self, core: SwissCore, tx: Tx, tournament: Tournament, people: list[int], actor: int
    ) -> int | None:
        """At the start, in its transaction: what it deals, and the job that tells about the
        start (its id: run it after the commit); ``None`` when its start tells nothing."""
        return None

    async def tell_begin(self, core: SwissCore, tournament: Tournament) -> None:
        """What ``BEGIN_JOB`` tells."""

    def champion(self, tournament: Tournament, state: State) -> int | None:
        """Its champion without a Top; ``None``: the Top's or the standings' first."""
        return None

    def final_lines(self, t: T, snap: SwissSnapshot) -> list[str]:
        """What it adds to the final announcement."""
        return []


class Draft(Play):
    """Draft (601): pods draft boosters, then build; the Swiss inside the pods (601.5.4)."""

    format = Format.DRAFT
    drafted = True
    first_step = "boosters"
    own_rounds = True

    def in_pods(self, tournament: Tournament) -> bool:
        return True

    def wizard_settings(self, data: dict[str, Any]) -> dict[str, Any]:
        return {"rounds": None}  # 601.5.4 decides at /begin, by the tables

    def rounds_text(self, t: T) -> str | None:
        return t("limited.draft_rounds")


class Sealed(Play):
    """Sealed (603): each player opens his product (603.2); nobody is seated (603.4). The
    start tells the group and each player the product, the deck of 30+ (603.6), the hand of
    15 (603.7) and that the pool is registered with ``/deck`` (603.3)."""

    format = Format.SEALED
    first_step = "product"
    pool_first = True

    def wizard_settings(self, data: dict[str, Any]) -> dict[str, Any]:
        return {"sealed_product": sealed.sealed_product(data.get("product")).value}

    def summary_lines(self, t: T, options: dict[str, Any]) -> list[str]:
        product = limited.product_text(t, options.get("sealed_product"))
        values = {"product": product, "hand": sealed.HAND}
        return [t("heroes.summary_sealed", deck=sealed.DECK_MINIMUM, **values)]

    async def at_begin(
        self, core: SwissCore, tx: Tx, tournament: Tournament, people: list[int], actor: int
    ) -> int | None:
        return await deadlines.add(tx, BEGIN_JOB, tournament.id, core.now())

    async def tell_begin(self, core: SwissCore, tournament: Tournament) -> None:
        await limited.tell_sealed(core, tournament)


class Marathon(Play):
    """Marathon (608): a draft before each of the first rounds (608.6), the whole field paired
    (``rules.limited.marathon``), the usual rounds and Top for its field."""

    format = Format.MARATHON
    drafted = True
    first_step = "boosters"
    after_boosters = "drafts"
    #: two-booster drafts, then Sealed: asked its strictness like the others
    amateur_plans = False

    def drafts(self, tournament: Tournament) -> int:
        return card(tournament).drafts or DEFAULT_DRAFTS

    def plan_note(self, t: T, options: dict[str, Any]) -> str:
        return " " + t("limited.created_marathon", drafts=int(options.get("drafts") or 0))

    def plans(self) -> tuple[str, ...]:
        return tuple(MARATHON_PLANS)  # 608.7

    def auto_rounds(self, usual: TournamentSize, tables: list[int]) -> int:
        return usual.swiss_rounds


class HeroesTournament(Play):
    """The Heroes tournament (609): a draft of exactly 8 (a unifying one: a multiple of 8,
    609.8), each player with a secret hero dealt at the start (``bot.swiss.heroes``); three
    rounds (a unifying one: as many as its field needs) and no Top (609.7); its champion won
    every round."""

    format = Format.HEROES_TOURNAMENT
    drafted = True
    first_step = "boosters"
    after_boosters = "unify"
    own_sizes = True

    def in_pods(self, tournament: Tournament) -> bool:
        # A unifying one drafts at several tables but pairs its whole field: one winner.
        return not heroes.unifying(tournament)

    def auto_rounds(self, usual: TournamentSize, tables: list[int]) -> int:
        return heroes_rules.ROUNDS

    def plans(self) -> tuple[str, ...]:
        # 609.5: a deck of 30 cards + the hero: only plans that draft 30 cards or more.
        return tuple(
            name for name, plan in DRAFT_PLANS.items() if heroes_rules.plan_makes_deck(plan)
        )

    def plans_note(self, t: T) -> str:
        return t("limited.wiz_heroes_plans", deck=heroes_rules.DECK_MINIMUM)

    def wizard_settings(self, data: dict[str, Any]) -> dict[str, Any]:
        unifying = data.get("unify") == "yes"
        rounds = None if unifying else heroes_rules.ROUNDS
        return {"unifying": unifying, "rounds": rounds, "top": 0}

    def summary_lines(self, t: T, options: dict[str, Any]) -> list[str]:
        key = "heroes.summary_unifying" if options.get("unifying") else "heroes.summary_heroes"
        return [t(key, deck=heroes_rules.DECK_MINIMUM)]

    def fixed_sizes(self, tournament: Tournament, players: int) -> tuple[int, int] | None:
        return heroes_rules.rounds_for(players, unifying=heroes.unifying(tournament)), 0

    def check_field(self, tournament: Tournament, players: int) -> None:
        problem = heroes_rules.field_problem(players, unifying=heroes.unifying(tournament))
        if problem is not None:
            raise UserError(f"heroes.field_{problem}", count=players)

    def check_top(self, tournament: Tournament) -> None:
        # ``/top 0``, finishing on the standings, stays possible.
        raise UserError("heroes.no_top")

    async def at_begin(
        self, core: SwissCore, tx: Tx, tournament: Tournament, people: list[int], actor: int
    ) -> int | None:
        await heroes.deal_heroes(core, tx, tournament, people, actor)
        return await deadlines.add(tx, BEGIN_JOB, tournament.id, core.now())

    async def tell_begin(self, core: SwissCore, tournament: Tournament) -> None:
        await heroes.tell_heroes(core, tournament)

    def champion(self, tournament: Tournament, state: State) -> int | None:
        found = heroes_rules.champion(state.records(), state.total_rounds)
        return None if found is None else int(found)

    def final_lines(self, t: T, snap: SwissSnapshot) -> list[str]:
        """Its champion (609.7), or that nobody won every round and the places are the
        standings."""
        if snap.state.early or snap.state.seeds:
            return []
        if snap.state.champion is None:
            return [t("heroes.no_champion")]
        return [t("heroes.champion", player=snap.names[int(snap.state.champion)])]


PLAYS: dict[Format, Play] = {
    play.format: play for play in (Play(), Draft(), Sealed(), Marathon(), HeroesTournament())
}
assert set(PLAYS) == set(Format), "every format plays"


def play_named(value: object) -> Play:
    """The play of the format a setting or a wizard answer names (unknown: Constructed)."""
    return PLAYS[format_of(value)]


def play_of(tournament: Tournament) -> Play:
    return play_named(card(tournament).format)


async def begin_job(core: SwissCore, deadline: Deadline) -> None:
    """``BEGIN_JOB``: what the start of the tournament's format tells."""
    async with core.db.read() as tx:
        tournament = await tournaments.get(tx, deadline.ref_id)
    if tournament is not None and tournament.status == "running":
        await play_of(tournament).tell_begin(core, tournament)
