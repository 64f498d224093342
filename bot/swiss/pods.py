"""A drafted tournament's seating in the chat (601.5): the pods, their announcement, and the
rounds and Top they decide.

- ``/begin`` of a Draft, a Heroes tournament or a Marathon closes registration and seats draft
  1 at random (``rules.limited.pods``: a ``secrets`` seed, published with how to re-check it);
  round 1 is not paired then: the draft and deck building come first, and the organiser's
  ``/next_round`` pairs it. A Marathon's ``/next_round`` before round ``k ≤ N`` seats draft
  ``k`` by the standings first (601.5.6, 608), and pairs the round at the next ``/next_round``.
- The seating is the ``sw_pods`` event; what it tells (the group: every table in seat order,
  the seed; each player privately: his table, seat, left and right neighbours) is a durable
  job (``SEATING_JOB``), each message once by its outbox key: a crash only delays them.
- Draft and Heroes tournament: the Swiss is played inside the pods of draft 1 (601.5.4) and
  the Top takes the same number from each (601.5.5, ``top_from_pods``). A Marathon pairs the
  whole field (``rules.limited.marathon`` says why) and seeds the usual Top.
"""

from __future__ import annotations

import secrets

from bot.swiss.broadcast import Notice, deliver_in_turn
from bot.swiss.core import SwissCore, T
from bot.swiss.play import play_of
from bot.swiss.settings import card
from bot.swiss.views import Names
from bot.texts import Html, pick_language
from db import deadlines, players, tournaments
from db.database import Tx
from db.models import Deadline
from db.tournaments import Tournament
from rules.decks.window import Window, list_window
from rules.limited.boosters import plan_name
from rules.limited.clock import Phase, replay_clock
from rules.limited.marathon import draft_due, first_sealed_round, seating_of_draft
from rules.limited.pods import (
    Seat,
    pod_top_size,
    seat_by_standings,
    seat_randomly,
    seats,
    table_sizes,
    top_from_pods,
)
from rules.swiss import State
from rules.tournament_size import Sizes, fitting_top, max_swiss_rounds, tournament_size

#: The durable job (``bot.deadlines``) that announces a seating.
SEATING_JOB = "job:swiss_seating"


def new_seed() -> str:
    """A fresh published seed for a random seating: 16 random bytes from ``secrets``, hex (the
    rules take the seed as an argument: ``rules.limited.pods``)."""
    return secrets.token_hex(16)


def drafted(tournament: Tournament) -> bool:
    """Whether the tournament opens with a draft (so a seating at ``/begin``)."""
    return play_of(tournament).drafted


def in_pods(tournament: Tournament) -> bool:
    """Whether its Swiss is played inside the pods and its Top drawn from them."""
    return play_of(tournament).in_pods(tournament)


def marathon_drafts(tournament: Tournament) -> int:
    """A Marathon's drafts (before its first N rounds); 0 for any other format."""
    return play_of(tournament).drafts(tournament)


def sizes(tournament: Tournament, people: int) -> tuple[Sizes, Sizes]:
    """(chosen, what fits) of a drafted tournament's Swiss rounds and Top, by its tables.

    Rounds: a Draft's always by 601.5.4 (3 when every table has under 8, else 4; the wizard
    does not ask them); the others' the organiser's, or (auto) by the tables (a Heroes
    tournament 3, 609.7; a Marathon the usual table for its field); the most a table can play
    without a rematch.
    Top: the organiser's or (auto) the usual one for the field, raised to at least two from
    each table (601.5.5) when played in pods."""
    tables = table_sizes(people)
    usual = tournament_size(max(people, 4))
    rounds = card(tournament).rounds
    if rounds is None or play_of(tournament).own_rounds:  # a Draft's: 601.5.4, never chosen
        rounds = play_of(tournament).auto_rounds(usual, tables)
    wanted = card(tournament).top
    top = usual.top_size if wanted is None else int(wanted)
    if in_pods(tournament):
        top = pod_top_size(len(tables), top)
    smallest = min(tables) if in_pods(tournament) else people
    chosen = (int(rounds), top)
    return chosen, (min(int(rounds), max_swiss_rounds(smallest)), min(top, fitting_top(people)))


async def booster_under_way(core: SwissCore, tx: Tx, tournament: Tournament) -> int | None:
    """The booster of the current draft whose picks or review minute still run on the pick
    clock (``bot.draft``), so no round is paired yet; ``None`` when no booster runs (a draft
    held without the bot's clock is the judge's to call over)."""
    if not drafted(tournament):
        return None
    events = await tournaments.events(tx, tournament.id)
    booster = replay_clock((e.kind, e.payload) for e in events).current
    state = await core.state(tx, tournament.id)
    if booster is None or booster.draft != max(state.drafts, 1):
        return None
    return None if booster.at(core.now()).phase is Phase.DONE else booster.number


async def deck_window(core: SwissCore, tx: Tx, tournament: Tournament) -> Window:
    """Whether a player's own deck list is taken now (``rules.decks.window``): a Limited
    format's from its start (its pool exists), not while its draft runs on the pick clock (a
    booster picked, or more to come), until round 1."""
    started = tournament.status != "registration"
    state = await core.state(tx, tournament.id)
    drafting = False
    if started and drafted(tournament):
        events = await tournaments.events(tx, tournament.id)
        clock = replay_clock((e.kind, e.payload) for e in events)
        boosters = len(card(tournament).boosters)
        drafting = clock.drafting(max(state.drafts, 1), boosters, core.now())
    fmt = play_of(tournament).format
    return list_window(fmt, started=started, round_one_paired=bool(state.rounds), drafting=drafting)


def draft_before_round(tournament: Tournament, state: State) -> bool:
    """Whether a Marathon's next Swiss round waits for its draft's seating (608.3, 608.6):
    ``/next_round`` seats draft ``k`` before round ``k ≤ N``, then pairs the round."""
    if state.seeds is not None or len(state.swiss_rounds()) >= state.total_rounds:
        return False
    upcoming = len(state.swiss_rounds()) + 1
    return draft_due(upcoming, state.drafts, marathon_drafts(tournament)) is not None


def sealed_next(tournament: Tournament, state: State) -> bool:
    """Whether a Marathon's next Swiss round is its first played as Sealed (608.4): the round
    complete before it tells the group so."""
    drafts = marathon_drafts(tournament)
    if not drafts or state.seeds is not None:
        return False
    played = len(state.swiss_rounds())
    return played < state.total_rounds and first_sealed_round(played + 1, drafts)


async def seat(
    core: SwissCore, tx: Tx, tournament: Tournament, state: State, actor: int | None
) -> int:
    """Seat the next draft (the first at random, later ones by the standings), store it
    (``sw_pods``) with the durable job that announces it; that job's id, to run after the
    commit."""
    draft = state.drafts + 1
    how = seating_of_draft(draft)
    active = await core.active(tx, tournament.id)
    payload: dict[str, object] = {"draft": draft, "how": how}
    if how == "random":
        seed = new_seed()
        payload |= {"pods": seat_randomly(active, seed), "seed": seed}
    else:
        rows = core.standings(tournament, state, await core.everyone(tx, tournament.id))
        ranked = [int(row.player) for row in rows if int(row.player) in set(active)]
        payload["pods"] = seat_by_standings(ranked)
    await core.event(tx, tournament.id, "sw_pods", payload, actor)
    await core.audit(tx, tournament.id, actor, "seating", {"draft": draft, "how": how})
    return await deadlines.add(tx, SEATING_JOB, tournament.id, core.now(), {"draft": draft})


def top_seeds(tournament: Tournament, state: State, ranked: list[int], size: int) -> list[int]:
    """The Top's seeds: from the pods (601.5.5) when played in them, else the best ``size``
    (also when a table has too few players still in: the best of the field then)."""
    if in_pods(tournament) and len(state.pods) > 1:
        found = top_from_pods(state.pods, ranked, size)
        if found is not None:
            return found
    return ranked[:size]


async def seating_job(core: SwissCore, deadline: Deadline) -> None:
    """Announce a seating: the group's list and each player's private seat (once each)."""
    draft = deadline.payload.get("draft")
    async with core.db.read() as tx:
        tournament = await tournaments.get(tx, deadline.ref_id)
        if tournament is None or not isinstance(draft, int):
            return
        state = await core.state(tx, tournament.id)
        if state.drafts != draft:
            return  # a later seating stands
        everyone = [p for pod in state.pods for p in pod]
        names = await core.names(tx, everyone)
        found = await players.many(tx, everyone)
        langs: dict[int, str] = {}
        for pid, player in found.items():
            user = await players.tg_user(tx, player.telegram_id) if player.telegram_id else None
            langs[pid] = pick_language(user.language_code if user else None, core.texts.default)
        seed = await seed_of(tx, tournament.id, draft)
    key = f"sw:{tournament.id}:draft{draft}"
    group = group_text(core, tournament, state, names, seed)
    await core.outbox.send_once(f"{key}:group", tournament.chat_id, group)
    notices = [
        Notice(
            f"{key}:p{pid}",
            found[pid].telegram_id or 0,
            names[pid],
            seat_text(core, langs[pid], tournament, draft, seat, names),
            None,
        )
        for pid, seat in seats(state.pods).items()
        if pid in found
    ]
    await deliver_in_turn(core, notices, tournament.chat_id)


async def seed_of(tx: Tx, tournament_id: int, draft: int) -> str | None:
    """The published seed of draft ``draft``'s seating (``None``: seated by the standings)."""
    for event in reversed(await tournaments.events(tx, tournament_id)):
        if event.kind == "sw_pods" and event.payload.get("draft") == draft:
            seed = event.payload.get("seed")
            return None if seed is None else str(seed)
    return None


def group_text(
    core: SwissCore, tournament: Tournament, state: State, names: Names, seed: str | None
) -> str:
    """The seating for the group: the tables, the seed and how to re-check it, what next."""
    t = core.t()
    sizes = " + ".join(str(len(pod)) for pod in state.pods)
    lines = [t("limited.seating_head", name=tournament.name, draft=state.drafts, sizes=sizes)]
    for table, pod in enumerate(state.pods, start=1):
        people = ", ".join(
            t("limited.seating_seat", seat=n, name=names[p], id=p) for n, p in enumerate(pod, 1)
        )
        lines.append(t("limited.seating_table", table=table, players=Html(people)))
    if seed is None:
        lines.append(t("limited.seating_by_standings"))
    else:
        lines.append(t("limited.seating_seed", seed=seed))
    boosters = list(card(tournament).boosters)
    if boosters:
        lines.append(t("limited.seating_boosters", plan=plan_name(boosters)))
    lines.append(t("limited.seating_next", round=len(state.swiss_rounds()) + 1))
    return "\n".join(lines)


def seat_text(
    core: SwissCore, lang: str, tournament: Tournament, draft: int, seat: Seat, names: Names
) -> str:
    t = core.t(lang)
    left = names[seat.left] if seat.left is not None else "—"
    right = names[seat.right] if seat.right is not None else "—"
    return t(
        "limited.your_seat",
        name=tournament.name,
        draft=draft,
        table=seat.table,
        seat=seat.seat,
        on_left=left,
        on_right=right,
    )


def standings_by_table(
    t: T, tournament: Tournament, state: State, ranked: list[int], names: Names
) -> list[str]:
    """Under a Draft's standings before its Top: each table's players in the order of the
    standings, since the Top takes the same number from each table (601.5.5); nothing for
    one table or a tournament not played in pods."""
    if not in_pods(tournament) or len(state.pods) < 2 or state.seeds:
        return []
    place = {player: index for index, player in enumerate(ranked)}
    lines = [t("limited.standings_tables")]
    for table, pod in enumerate(state.pods, start=1):
        order = sorted((p for p in pod if p in place), key=place.__getitem__)
        people = ", ".join(t("limited.standings_seat", name=names[p]) for p in order)
        lines.append(t("limited.seating_table", table=table, players=Html(people)))
    return lines
