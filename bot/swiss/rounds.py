"""Starting the tournament and pairing its rounds (Swiss, then the Top), then the broadcast.

A pairing is stored with the durable job that broadcasts it (``bot.swiss.broadcast``), so a
crash after the commit cannot lose the players' tables: the job runs again at the restart.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import timedelta

import bot.swiss.finish as finish
import bot.swiss.pods as pods
import bot.swiss.repair as repair
import bot.swiss.timers as timers
import bot.swiss.top as top
from bot.deadlines import AfterCommit, Rearm
from bot.errors import UserError
from bot.swiss.broadcast import match_format, store_round_job
from bot.swiss.core import SwissCore
from bot.swiss.play import play_of
from bot.swiss.settings import card
from db import decks, players, tournaments
from db.database import Tx
from db.tournaments import Tournament
from rules.admission import TournamentKind, too_many_privileged, tournament_kind
from rules.card_formats import LIMITED, minimum_field
from rules.card_rating import START_RATING_CENTS
from rules.decks.window import checked_at_begin
from rules.limited.pods import pair_in_pods
from rules.swiss import SWISS, TOP, NoLegalPairing, State, pair_round
from rules.swiss.events import (
    SwRound,
)
from rules.tournament_size import (
    MIN_PARTICIPANTS,
    Sizes,
    default_top,
    fitted,
    tournament_size,
)

Pairs = list[tuple[int, int]]


class FieldDoesNotFit(Exception):
    """The chosen rounds or Top do not fit the field: more Swiss rounds than it can play
    without a rematch, or a Top bigger than it. ``fits``: (rounds, Top) that do fit."""

    def __init__(
        self, tournament_id: int, players: int, chosen: Sizes, fits: Sizes, override: bool
    ) -> None:
        super().__init__(f"{chosen} does not fit {players} players")
        self.tournament_id = tournament_id
        self.players = players
        self.chosen = chosen
        self.fits = fits
        self.override = override  #: ``/begin override``: the one tap keeps it


async def begin(
    core: SwissCore,
    tournament_id: int,
    actor: int,
    chosen: Sizes | None = None,
    *,
    override: bool = False,
) -> AfterCommit:
    """Close registration (at least four players; a Limited format's own minimum, a Heroes
    tournament's exact field) and pair round 1, or, for a drafted format, seat its first draft
    (``/next_round`` pairs round 1 after the draft). The organiser's rounds and
    Top (or ``chosen``: his one-tap answer to ``FieldDoesNotFit``) must fit the field: it is
    known only now, so this, not the wizard, is where a misfit is refused. At the highest
    strictness every active player needs a valid deck list (503), unless the organiser
    ``override``s it (logged): here for Constructed; a Limited format's lists are written
    after the start, from the pool, and checked when round 1 is paired (``next_round``;
    ``rules.decks.window``). Sealed pairs no round either: the product is opened and the decks
    built first, and ``/next_round`` pairs round 1."""
    async with core.db.transaction() as tx:
        tournament = await core.tournament(
            tx, tournament_id, ("registration",), "swiss.not_in_registration"
        )
        people = await core.active(tx, tournament_id)
        field_admitted(tournament, len(people))
        for listener in core.listeners:  # a series tournament begins with 6 or more (606.1)
            if len(people) < (need := listener.minimum_field(tournament)):
                raise UserError("swiss.too_few", count=len(people), need=need, format="")
        # The lists first: a one-tap answer to a misfit below keeps ``override`` (SwBeginCb.o).
        await lists_required(core, tx, tournament, people, actor, override=override)
        rounds, top_size = fitting_sizes(tournament, len(people), chosen, override)
        fixed = Privileges.of(tournament)
        if too_many_privileged(fixed.kind, fixed.auto_rounds, fixed.privileged, people):
            raise UserError("swiss.too_many_privileged", count=len(people))
        ratings = {}
        for pid in people:
            pool = await players.rating(tx, pid, tournament.discipline)
            ratings[str(pid)] = pool or START_RATING_CENTS
        await tournaments.set_status(tx, tournament_id, "running", core.now().isoformat())
        seed = card(tournament).seed
        assert seed is not None, "every card tournament gets its seed at creation"
        payload = {"seed": seed, "rounds": rounds, "top": top_size, "ratings": ratings}
        payload.update(fixed.payload())
        await core.event(tx, tournament_id, "sw_begin", payload, actor)
        await core.audit(tx, tournament_id, actor, "begin", {"players": len(people)})
        told = await play_of(tournament).at_begin(core, tx, tournament, people, actor)
        if play_of(tournament).drafted:  # the draft first: /next_round pairs round 1
            paired = await seat_draft(core, tx, tournament_id, actor)
        elif play_of(tournament).pool_first:  # the product opened first: /next_round pairs
            paired = nothing
        else:
            paired = await pair_next(core, tx, tournament_id, actor)

    async def after() -> None:
        # The format's news (the heroes, the product) before round 1 or the draft's seating:
        # a player reads his hero, then his seat (609.4, 609.5). Stored first, the job keeps
        # that order at a restart too (pending jobs run by due time, then id).
        if told is not None:
            await core.deadlines.run(told)
        await paired()

    return after


async def nothing() -> None:
    """What a start that pairs nothing does after its commit."""


def field_admitted(tournament: Tournament, players: int) -> None:
    """Refuse (``UserError``) a field the format does not start with: too few players (four; a
    Limited format's own minimum), or a Heroes tournament's field that is not its 8."""
    play_of(tournament).check_field(tournament, players)
    fmt = play_of(tournament).format
    if players < (need := max(MIN_PARTICIPANTS, minimum_field(fmt))):
        key = "limited.too_few" if fmt in LIMITED else "swiss.too_few"
        raise UserError(key, count=players, need=need, format=fmt.value)


def fitting_sizes(
    tournament: Tournament, players: int, chosen: Sizes | None, override: bool
) -> Sizes:
    """The rounds and Top the tournament starts with (``chosen``: the organiser's one-tap
    answer): the settings' or a drafted format's by its tables, refused
    (``FieldDoesNotFit``, with what fits) when the field cannot play them."""
    rounds, top_size = chosen or sizes(tournament, players)
    fits = fitted(players, (rounds, top_size))
    play = play_of(tournament)
    if play.drafted and play.fixed_sizes(tournament, players) is None:
        wanted, fits = pods.sizes(tournament, players)
        rounds, top_size = chosen or wanted
    if fits != (rounds, top_size):
        raise FieldDoesNotFit(tournament.id, players, (rounds, top_size), fits, override)
    return rounds, top_size


async def seat_draft(core: SwissCore, tx: Tx, tournament_id: int, actor: int | None) -> AfterCommit:
    """Seat the next draft (``bot.swiss.pods``) and announce it after the commit."""
    tournament = await tournaments.get(tx, tournament_id)
    assert tournament is not None
    job = await pods.seat(core, tx, tournament, await core.state(tx, tournament_id), actor)

    async def after() -> None:
        await core.deadlines.run(job)  # the announcement (again at the restart if killed)

    return after


async def lists_required(
    core: SwissCore,
    tx: Tx,
    tournament: Tournament,
    people: list[int],
    actor: int,
    *,
    override: bool,
    round_one: bool = False,
) -> None:
    """503: at the highest strictness the tournament starts only when every active player has a
    valid deck list; the refusal names who has none. The organiser may drop them or start
    anyway (``override``): then the players without a list are written in the log and audit.
    ``round_one``: checked at round 1's pairing (a Limited format), not at ``/begin``."""
    if card(tournament).strictness != "highest":
        return
    if checked_at_begin(play_of(tournament).format) == round_one:
        return
    valid = await decks.valid_players(tx, tournament.id)
    missing = [p for p in people if p not in valid]
    if not missing:
        return
    names = await core.names(tx, missing)
    if not override:
        who = ", ".join(names[p] for p in missing)
        key = "decks.round_one_missing" if round_one else "decks.begin_missing"
        raise UserError(key, count=len(missing), names=who)
    await core.event(tx, tournament.id, "sw_lists_waived", {"players": missing}, actor)
    await core.audit(tx, tournament.id, actor, "lists_waived", {"players": missing})


@dataclass(frozen=True, slots=True)
class Privileges:
    """The kind and the privileged players' auto-wins (402), as ``sw_begin`` fixes them."""

    kind: TournamentKind
    privileged: list[int]
    auto_rounds: int

    @classmethod
    def of(cls, tournament: Tournament) -> Privileges:
        settings = card(tournament)
        return cls(
            tournament_kind(settings.kind),
            list(settings.privileged),
            settings.auto_rounds,
        )

    def payload(self) -> dict[str, object]:
        return {
            "kind": self.kind.value,
            "privileged": self.privileged,
            "auto_rounds": self.auto_rounds,
        }


def sizes(tournament: Tournament, people: int) -> Sizes:
    """Swiss rounds and Top size: the organiser's settings, or (auto) the spec's table for the
    field (4–5 players: a final of two, 6–8: Top 4, ...); a format may fix them
    (``bot.swiss.limited``: a Heroes tournament)."""
    fixed = play_of(tournament).fixed_sizes(tournament, people)
    if fixed is not None:
        return fixed
    size = tournament_size(people)
    rounds = card(tournament).rounds
    wanted = card(tournament).top
    return (
        size.swiss_rounds if rounds is None else int(rounds),
        size.top_size if wanted is None else int(wanted),
    )


async def next_round(
    core: SwissCore,
    tournament_id: int,
    actor: int,
    *,
    again: bool = False,
    override: bool = False,
) -> AfterCommit:
    """Pair the next round (refused while a table is open), or re-pair this one (``again``).
    A Limited format's round 1 at the highest strictness needs every active player's accepted
    deck list, unless the organiser ``override``s it (503: ``lists_required``)."""
    async with core.db.transaction() as tx:
        await core.tournament(tx, tournament_id, ("running",), "swiss.not_running")
        rnd = (await core.state(tx, tournament_id)).current
        if again:
            if rnd is None or rnd.results:
                raise UserError("swiss.repair_too_late")
            await core.audit(tx, tournament_id, actor, "repair", {"round": rnd.number})
            tournament = await tournaments.get(tx, tournament_id)
            assert tournament is not None
            void = await repair.supersede(core, tx, tournament, rnd)
            paired = await pair_next(core, tx, tournament_id, actor, repair=True)

            async def after() -> None:
                await core.deadlines.run(void)  # the old messages marked first
                await paired()

            return after
        tournament = await tournaments.get(tx, tournament_id)
        assert tournament is not None
        if rnd is not None and not rnd.complete:
            raise top.round_open(rnd, match=match_format(tournament))
        if (booster := await pods.booster_under_way(core, tx, tournament)) is not None:
            raise UserError("limited.draft_running", booster=booster)
        await core.audit(tx, tournament_id, actor, "next_round", {})
        state = await core.state(tx, tournament_id)
        if pods.draft_before_round(tournament, state):
            return await seat_draft(core, tx, tournament_id, actor)
        if not state.rounds:  # round 1: a Limited format's lists lock now (rules.decks.window)
            people = await core.active(tx, tournament_id)
            await lists_required(
                core, tx, tournament, people, actor, override=override, round_one=True
            )
        return await pair_next(core, tx, tournament_id, actor)


async def pair_next(
    core: SwissCore, tx: Tx, tournament_id: int, actor: int | None, *, repair: bool = False
) -> AfterCommit:
    """Pair the next round (or the current one again); finish when nothing is left to play."""
    tournament = await tournaments.get(tx, tournament_id)
    assert tournament is not None
    state = await core.state(tx, tournament_id)
    current = state.current
    if repair:
        assert current is not None
        number, gen, stage = current.number, current.gen + 1, current.stage
    else:
        number, gen = (current.number + 1 if current else 1), 0
        swiss_over = state.seeds is not None or len(state.swiss_rounds()) >= state.total_rounds
        stage = TOP if swiss_over else SWISS
    if stage == TOP and not repair and state.seeds is None:
        if state.top_size < 2:
            champion = play_of(tournament).champion(tournament, state)
            return await finish.finish(core, tx, tournament, state, champion)
        await top.seed(core, tx, tournament, state, actor, state.top_size)
    if stage == SWISS:
        seats = await swiss_pairs(core, tx, tournament, state, number, gen)
    else:
        pairs, champion = state.top_pairs(number)
        if champion is not None:
            return await finish.finish(core, tx, tournament, state, champion)
        seats = Seats(pairs)
    rearm, job = await store_round(core, tx, tournament, (number, stage, gen), seats, actor)

    async def after() -> None:
        rearm.apply(core)
        await core.deadlines.run(job)  # the broadcast (again at the restart if killed)

    return after


async def start_top(
    core: SwissCore, tournament_id: int, actor: int, size: int | None
) -> AfterCommit:
    """End the Swiss now (the current round complete) and pair the Top's first round: of
    ``size`` players, or the tournament's Top size, or (no Top chosen) the size the table
    gives the players still in. ``size`` 0: finish on the Swiss standings instead."""
    async with core.db.transaction() as tx:
        tournament = await core.tournament(tx, tournament_id, ("running",), "swiss.not_running")
        if size != 0:  # a format without a Top says so before round 1 as after it (609.7)
            play_of(tournament).check_top(tournament)
        state = await core.state(tx, tournament_id)
        top.swiss_boundary(state, match=match_format(tournament))
        early = len(state.swiss_rounds()) < state.total_rounds
        if size == 0:
            await core.audit(tx, tournament_id, actor, "finish_swiss", {"early": early})
            return await finish.finish(core, tx, tournament, state, None, early=early)
        if size is None:
            ranked = await top.eligible(core, tx, tournament, state)
            size = state.top_size if state.top_size >= 2 else default_top(len(ranked))
        await core.audit(tx, tournament_id, actor, "top", {"size": size, "early": early})
        await top.seed(core, tx, tournament, state, actor, size)
        return await pair_next(core, tx, tournament_id, actor)


async def swiss_pairs(
    core: SwissCore, tx: Tx, tournament: Tournament, state: State, number: int, gen: int
) -> Seats:
    """The pairing engine over the active players ranked by the standings (exact points),
    grouped by wins and draws (``rules.swiss.score_groups``: a 2.9 bye is a win), but for the
    privileged players' auto-wins (402), who sit out this round with 2.9. A Draft's rounds are
    paired inside its pods (601.5.4), a bye for each odd one."""
    active = set(await core.active(tx, tournament.id))
    auto = state.auto_winners(number, active)
    points = state.pairing_scores()
    rows = core.standings(tournament, state, await core.everyone(tx, tournament.id))
    order = [int(r.player) for r in rows if int(r.player) in active - set(auto)]
    scores = {p: points.get(p, 0) for p in order}
    seed = state.seed + number * 1000 + gen
    try:
        if play_of(tournament).in_pods(tournament) and state.pods:
            pairs, byes = pair_in_pods(
                state.pods,
                order,
                scores,
                state.played(),
                state.had_bye(),
                seed,
                round_number=number,
            )
            return Seats(pairs, byes[0] if byes else None, auto, byes[1:])
        pairs, bye = pair_round(
            order, scores, state.played(), state.had_bye(), seed, round_number=number
        )
    except NoLegalPairing as exc:
        raise UserError("swiss.no_legal_pairing", round=number) from exc
    return Seats(pairs, bye, auto)


@dataclass(frozen=True, slots=True)
class Seats:
    """A round's tables, its bye and its privileged auto-wins."""

    pairs: Pairs
    bye: int | None = None
    auto: list[int] = field(default_factory=list)
    #: the byes of a Draft's other odd pods (601.5.4: one bye per odd table)
    more_byes: list[int] = field(default_factory=list)


async def store_round(
    core: SwissCore,
    tx: Tx,
    tournament: Tournament,
    which: tuple[int, str, int],
    seats: Seats,
    actor: int | None,
) -> tuple[Rearm, int]:
    """The ``sw_round`` event, the round's timers (armed after the commit) and the durable job
    that broadcasts it (run after the commit); the old board is no board of this round."""
    number, stage, gen = which
    ends = core.now() + timedelta(minutes=card(tournament).round_minutes)
    paired = SwRound(
        number,
        stage,
        gen,
        tuple((a, b) for a, b in seats.pairs),
        seats.bye,
        tuple(seats.auto),
        tuple(seats.more_byes),
        ends.isoformat(),
    )
    await core.record(tx, tournament.id, paired, actor)
    await tournaments.set_board(tx, tournament.id, None)
    rearm = await timers.arm_round(core, tx, tournament.id, {"round": number, "gen": gen}, ends)
    return rearm, await store_round_job(core, tx, tournament.id, number, gen)
