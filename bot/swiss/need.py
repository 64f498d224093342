"""``/need``: what a player still needs for the Top (``rules.swiss.need``), from the real
standings, draws, byes, the open tables of the round being played and the rounds left.

The later rounds are paired as ``bot.swiss.rounds`` pairs them: the players still in, ranked by
the standings (points, then the tournament's tie-breaks) after the results so far and those
the walk supposes. The walk is pure and may take a second on a middling field: it runs in a
worker thread, off the event loop. A draft's pods (its Top takes the best of each table) and a
tournament without a Top are answered in words.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

from bot.explained import asker
from bot.formats import Points
from bot.swiss.core import SwissCore, SwissSnapshot, T
from bot.swiss.play import play_of
from bot.swiss.views import tie_breaks_of
from rules.results import MatchRecord
from rules.standings import compute_standings
from rules.swiss import SWISS, State
from rules.swiss.need import EXACT_LIMIT, Field, Need, Rank, need


async def need_text(core: SwissCore, tournament_id: int, telegram_id: int, lang: str) -> str:
    """The asker's answer, in ``lang``."""
    t = core.t(lang)
    async with core.db.read() as tx:
        player = await asker(tx, telegram_id)
        snap = await core.snapshot(tx, tournament_id)
        active = set(await core.active(tx, tournament_id))
    state, name = snap.state, snap.tournament.name
    if state.top_size < 2:
        return t("swiss.need_no_top", tournament=name)
    if state.seeds is not None or (state.current is not None and state.current.stage != SWISS):
        key = "swiss.need_in_top" if player.id in (state.seeds or []) else "swiss.need_top_seeded"
        return t(key, tournament=name, top=state.top_size)
    if not state.started:
        return t("swiss.need_not_started", tournament=name)
    if pods_used(snap):
        return t("swiss.need_pods", tournament=name)
    still_in = active - state.dropped
    if player.id not in still_in:
        return t("swiss.need_not_playing", tournament=name)
    situation, rank = field_of(core, snap, still_in)
    asked = (
        tournament_id,
        player.id,
        tuple(state.records()),
        situation.open_tables,
        frozenset(still_in),
    )
    answer = _ANSWERS.get(asked)
    if answer is None:
        # a later round with privileged auto-wins (402) is not paired as the walk pairs it:
        # the bounds hold for it (an auto-win's 2.9 is within what a round may bring)
        first_later = situation.round + 1
        auto = bool(state.auto_winners(first_later, still_in)) if situation.rounds_left else False
        limit = -1 if auto else EXACT_LIMIT
        answer = await asyncio.to_thread(need, situation, player.id, rank=rank, limit=limit)
        while len(_ANSWERS) >= _KEPT:
            del _ANSWERS[next(iter(_ANSWERS))]
        _ANSWERS[asked] = answer
    return answer_text(t, name, situation, answer)


_KEPT = 512
#: answers already walked, by what they depend on (the tournament, the player, every result so
#: far, the open tables, who is still in): asking again costs nothing until a result changes
#: (the walk may take a second or two, and the flood limit lets a player ask 20 times a minute)
_ANSWERS: dict[tuple[object, ...], Need] = {}


def pods_used(snap: SwissSnapshot) -> bool:
    return bool(snap.state.pods) and play_of(snap.tournament).in_pods(snap.tournament)


def field_of(core: SwissCore, snap: SwissSnapshot, still_in: set[int]) -> tuple[Field, Rank]:
    """The question's field and how the later rounds rank the players."""
    state = snap.state
    rnd = state.current
    open_tables: tuple[tuple[int, int], ...] = ()
    if rnd is not None and not rnd.complete:
        open_tables = tuple(rnd.tables[n - 1] for n in rnd.open_tables())
    at_open = {p for pair in open_tables for p in pair}
    counted = still_in | at_open
    totals, scores = state.points(), state.pairing_scores()
    rows = core.standings(snap.tournament, state, snap.everyone)
    order = tuple(int(row.player) for row in rows if int(row.player) in counted)
    situation = Field(
        points={p: totals.get(p, 0) for p in order},
        scores={p: scores.get(p, 0) for p in order},
        played=frozenset(state.played()),
        had_bye=frozenset(state.had_bye()),
        order=order,
        open_tables=open_tables,
        rounds_left=max(0, state.total_rounds - len(state.swiss_rounds())),
        top=state.top_size,
        round=0 if rnd is None else rnd.number,
        out=frozenset(at_open - still_in),
    )
    return situation, ranker(snap, state, order)


def ranker(snap: SwissSnapshot, state: State, order: Sequence[int]) -> Rank:
    """The standings after the results so far and the supposed ones (``core.standings``'s
    order: every participant, then anyone else in the records), of the players asked about."""
    records = state.records()
    kinds = tie_breaks_of(snap.tournament)
    known = {int(p) for r in records for p in (r.player_a, r.player_b) if p is not None}
    everyone = [*snap.everyone, *sorted(known - set(snap.everyone))]
    asked = set(order)

    def rank(extra: Sequence[MatchRecord]) -> list[int]:
        rows = compute_standings(everyone, [*records, *extra], seed=state.seed, tie_breaks=kinds)
        return [int(row.player) for row in rows if int(row.player) in asked]

    return rank


def answer_text(t: T, tournament: str, situation: Field, answer: Need) -> str:
    top = situation.top
    lines = [t("swiss.need_title", tournament=tournament, top=top)]
    if answer.already_in:
        lines.append(t("swiss.need_already_in", top=top))
    elif answer.out_of_reach:
        lines.append(t("swiss.need_out", top=top))
    else:
        lines += need_lines(t, answer)
    rounds = situation.rounds_left + (1 if situation.open_tables else 0)
    if rounds:
        lines.append(t("swiss.need_most", most=Points(answer.most), rounds=rounds))
    lines.append(t("swiss.need_exact" if answer.exact else "swiss.need_bounds"))
    return "\n".join(lines)


def need_lines(t: T, answer: Need) -> list[str]:
    lines: list[str] = []
    bound = "" if answer.exact else "_bound"
    if answer.sure_on_points == 0:
        lines.append(t("swiss.need_on_points_now"))
    if answer.sure is not None and answer.sure > 0:
        lines.append(t(f"swiss.need_sure{bound}", points=Points(answer.sure)))
    elif answer.sure is None:
        lines.append(t("swiss.need_never_sure"))
    tied = answer.sure_on_points
    if tied is not None and tied > 0 and (answer.sure is None or tied < answer.sure):
        lines.append(t("swiss.need_sure_on_points", points=Points(tied)))
    if answer.possible == 0:
        lines.append(t("swiss.need_possible_zero"))
    elif answer.possible is not None:
        lines.append(t(f"swiss.need_possible{bound}", points=Points(answer.possible)))
    ties = answer.possible_on_ties
    if ties == 0 and answer.possible != 0:
        lines.append(t("swiss.need_possible_on_ties_zero"))
    elif ties is not None and (answer.possible is None or ties < answer.possible):
        lines.append(t("swiss.need_possible_on_ties", points=Points(ties)))
    return lines
