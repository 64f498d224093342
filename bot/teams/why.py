"""``/why`` in a team event: why the asker's team meets its opponent this round, or has the
bye (``rules.teams.pairing.explain_team_round``), from the state the round was paired in: the
log replayed up to that round's pairing (its last ``tm_round``: a judge's re-pairing counts)."""

from __future__ import annotations

import asyncio

from bot.explained import asker, bye_lines, table_lines
from bot.teams.core import CODEC, TeamsCore
from bot.texts import Html, Translate
from db import tournaments
from rules.swiss.explain import ByeWhy, Explanation
from rules.teams import State, TeamEvent, TmRound, replay
from rules.teams.pairing import explain_team_round
from rules.teams.settings import Scoring
from rules.teams.teams import TeamId


async def why_text(core: TeamsCore, tid: int, telegram_id: int, lang: str) -> str:
    """The asker's explanation, in ``lang``."""
    t = core.tr(lang)
    async with core.db.read() as tx:
        player = await asker(tx, telegram_id)
        name = (await core.tournament(tx, tid)).name
        stored = await tournaments.events(tx, tid)
    events: list[TeamEvent] = list(CODEC.typed((e.kind, e.payload) for e in stored))
    state = replay(events)
    team = state.team_of(player.id)
    rnd = state.current
    if team is None:
        return t("teams.why_no_team", tournament=name)
    if rnd is None:
        return t("teams.why_no_round", tournament=name)
    explanation = await asyncio.to_thread(explained, events, rnd.number)
    why = await asyncio.to_thread(explanation.of, team.id)
    if why is None:
        return t("teams.why_not_paired", tournament=name, round=rnd.number)
    at = {"tournament": name, "round": rnd.number}

    def team_name(other: TeamId) -> str:
        return state.teams[other].name

    if isinstance(why, ByeWhy):
        key = "teams.why_bye_rating" if why.rule == "rating" else "teams.why_bye_rank"
        return "\n".join([t(key, **at), *bye_lines(t, "teams", why, team_name)])
    opponent = team_name(why.opponent)
    lines = [t("teams.why_title", team=team.name, opponent=opponent, **at)]
    lines += table_lines(t, "teams", why, team_name)
    lines += avoided_lines(t, state, explanation, why.avoided, team.id)
    return "\n".join(lines)


def explained(events: list[TeamEvent], number: int) -> Explanation[TeamId]:
    """Round ``number`` explained with the state its pairing was made in."""
    last = max(i for i, e in enumerate(events) if isinstance(e, TmRound) and e.round == number)
    before, paired = replay(events[:last]), events[last]
    assert isinstance(paired, TmRound)
    return explain_team_round(
        list(before.teams.values()),
        before.active(),
        before.pairing_scores(),
        before.played(),
        before.had_bye(),
        before.seed,
        (list(paired.tables), paired.bye),
        round_number=number,
        bye_order=before.bye_order() if before.scoring is Scoring.DUEL else None,
        swap=before.swap,
    )


def avoided_lines(
    t: Translate,
    state: State,
    explanation: Explanation[TeamId],
    avoided: tuple[TeamId, ...],
    team: TeamId,
) -> list[str]:
    """The teams kept apart from the asker's: those it met, and those a mirror game would
    have kept it from (610.4)."""
    met = {other for other in avoided if frozenset((team, other)) in state.played()}
    mirrors = [o for o in avoided if o not in met and frozenset((team, o)) in explanation.forbidden]
    lines = []
    if met:
        names = ", ".join(
            t("teams.why_named", team=state.teams[o].name) for o in avoided if o in met
        )
        lines.append(t("teams.why_avoided", count=len(met), names=Html(names)))
    if mirrors:
        names = ", ".join(t("teams.why_named", team=state.teams[o].name) for o in mirrors)
        lines.append(t("teams.why_mirrors", count=len(mirrors), names=Html(names)))
    return lines
