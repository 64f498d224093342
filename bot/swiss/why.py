"""``/why``: a player's pairing of the current Swiss round explained (``rules.swiss.explain``).

The round is explained from the arguments its pairing was made with, rebuilt from the log: the
players it seated (a draft's: those of the player's pod), ranked by the standings of the rounds
before it, their score groups, who met and who had a bye before it, its seed. **Default**: a
result corrected after the round was paired counts as it stands now (808: the pairing stands,
the standings change), so the explanation weighs the pairing the bot made against the
pairings the corrected standings would allow — truthfully, even where it would now pair
otherwise.
"""

from __future__ import annotations

import asyncio
from dataclasses import replace

from bot.explained import asker, bye_lines, table_lines
from bot.swiss.core import SwissCore, T
from bot.swiss.play import play_of
from bot.swiss.views import Names
from db.tournaments import Tournament
from rules.swiss import SWISS, Round, State
from rules.swiss.explain import ByeWhy, Explanation, TableWhy, explain


async def why_text(core: SwissCore, tournament_id: int, telegram_id: int, lang: str) -> str:
    """The asker's explanation of his pairing this round, in ``lang``."""
    t = core.t(lang)
    async with core.db.read() as tx:
        player = await asker(tx, telegram_id)
        snap = await core.snapshot(tx, tournament_id)
    state, tournament = snap.state, snap.tournament
    current = state.current
    if current is None:
        return t("swiss.why_no_round", tournament=tournament.name)
    if current.stage != SWISS:
        return t("swiss.why_top", tournament=tournament.name)
    if player.id in current.auto:
        return t("swiss.why_auto", tournament=tournament.name, round=current.number)
    explanation = explained(core, tournament, state, current, snap.everyone, player.id)
    # each counterfactual is a pairing of the round: off the event loop, as /need's walk
    why = None if explanation is None else await asyncio.to_thread(explanation.of, player.id)
    if why is None:
        return t("swiss.why_not_paired", tournament=tournament.name, round=current.number)
    if isinstance(why, ByeWhy):
        return bye_text(t, tournament.name, current.number, why, snap.names)
    return table_text(t, (tournament.name, current.number), why, snap.names)


def explained(
    core: SwissCore,
    tournament: Tournament,
    state: State,
    rnd: Round,
    everyone: list[int],
    player: int,
) -> Explanation[int] | None:
    """The round's pairing explained with the arguments it was made with (``None``: the
    player has no seat in it)."""
    seated = {p for pair in rnd.tables for p in pair} | set(rnd.byes)
    if player not in seated:
        return None
    pod = next((set(p) for p in state.pods if player in p), None)
    in_pods = pod is not None and play_of(tournament).in_pods(tournament)
    if pod is not None and in_pods and all((a in pod) == (b in pod) for a, b in rnd.tables):
        seated &= pod  # a draft's round is paired inside each pod (601.5.4)
    before = before_round(state, rnd)
    rows = core.standings(tournament, before, everyone)
    ranking = [int(row.player) for row in rows if int(row.player) in seated]
    scores = before.pairing_scores()
    pairs = [(a, b) for a, b in rnd.tables if a in seated]
    bye = next((p for p in rnd.byes if p in seated), None)
    return explain(
        ranking,
        {p: scores.get(p, 0) for p in ranking},
        before.played(),
        before.had_bye(),
        pairs,
        bye,
        seed=state.seed + rnd.number * 1000 + rnd.gen,
        round_number=rnd.number,
    )


def before_round(state: State, rnd: Round) -> State:
    """The state as the rounds before ``rnd`` leave it (its late entrants' missed rounds up
    to it)."""
    missed = {
        player: (outcome, [n for n in numbers if n < rnd.number])
        for player, (outcome, numbers) in state.missed.items()
    }
    rounds = [r for r in state.rounds if r.number < rnd.number]
    return replace(state, rounds=rounds, missed=missed)


def table_text(t: T, at: tuple[str, int], why: TableWhy[int], names: Names) -> str:
    tournament, number = at
    opponent = names[why.opponent]
    lines = [t("swiss.why_title", tournament=tournament, round=number, opponent=opponent)]
    lines += table_lines(t, "swiss", why, names.__getitem__)
    if why.avoided:
        avoided = ", ".join(names[p] for p in why.avoided)
        lines.append(t("swiss.why_avoided", count=len(why.avoided), names=avoided))
    return "\n".join(lines)


def bye_text(t: T, tournament: str, number: int, why: ByeWhy[int], names: Names) -> str:
    lines = [t("swiss.why_bye_rank", tournament=tournament, round=number)]
    return "\n".join(lines + bye_lines(t, "swiss", why, names.__getitem__))
