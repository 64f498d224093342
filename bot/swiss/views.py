"""What the Swiss boards and standings look like (pure functions over the replayed state)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bot.formats import OUTCOME_MARKS, Decimal2, Points, Readable, Share
from bot.notices import Phrase, phrase, spoken
from bot.swiss.settings import card
from bot.texts import Html, Translate
from db.tournaments import Tournament
from rules.standings import DEFAULT_TIE_BREAKS, TieBreak
from rules.swiss import SWISS, TOP, Result, Round, State

SHORT = {
    TieBreak.BUCHHOLZ: "bh",
    TieBreak.MEDIAN_BUCHHOLZ: "mbh",
    TieBreak.CLEAN_WINS: "cw",
    TieBreak.HEAD_TO_HEAD: "h2h",
    TieBreak.SONNEBORN_BERGER: "sb",
    TieBreak.OMW: "omw",
    TieBreak.GW: "gw",
    TieBreak.OGW: "ogw",
}


@dataclass(frozen=True, slots=True)
class Names:
    names: dict[int, str]

    def __getitem__(self, player: int) -> str:
        return self.names.get(player, f"#{player}")


def tie_breaks_of(tournament: Tournament) -> list[TieBreak]:
    return [TieBreak(v) for v in card(tournament).tie_breaks] or list(DEFAULT_TIE_BREAKS)


def fmt_value(kind: TieBreak, value: Any) -> Readable | str:
    """A tie-break value as people read it: percentages, a count, or points (tenths)."""
    if kind in (TieBreak.OMW, TieBreak.GW, TieBreak.OGW):
        return Share(float(value))
    if kind is TieBreak.CLEAN_WINS:
        return str(int(value))
    return Points(int(value)) if value == int(value) else Decimal2(float(value) / 10)


def result_mark(result: Result | None, pending: bool, t: Translate) -> str:
    if result is None:
        return t("swiss.status_pending") if pending else t("swiss.status_open")
    games = f" {result.games[0]}:{result.games[1]}" if result.games else ""
    code = OUTCOME_MARKS.get(result.outcome_a, "")
    return t("swiss.status_done", result=code + games)


def round_pods(state: State, rnd: Round, *, in_pods: bool) -> dict[int, int]:
    """Each seated player's draft table (pod, 1, 2, …) when the round is played inside the
    pods of a draft of more than one table (601.5.4); else empty (nothing to tell apart)."""
    if not in_pods or rnd.stage != SWISS or len(state.pods) < 2:
        return {}
    return {player: n for n, pod in enumerate(state.pods, start=1) for player in pod}


def render_board(
    t: Translate,
    tournament: Tournament,
    state: State,
    rnd: Round,
    names: Names,
    pending: set[int],
    ends: str,
    pods: Mapping[int, int] | None = None,
) -> str:
    """The live board of one round (names escaped by ``t``): the round's end («до 21:50»)
    only when one is known; in the Top each player's seed (#1 … #8), not his Swiss points;
    with ``pods`` (``round_pods``) a heading before each draft table's games."""
    lines = [board_title(t, tournament, state, rnd, ends)]
    before = points_before(state, rnd.number)
    seeds = {pid: n for n, pid in enumerate(state.seeds or [], start=1)}
    pod = 0
    for table, (a, b) in enumerate(rnd.tables, start=1):
        if pods and pods.get(a, pod) != pod:
            pod = pods[a]
            lines.append(t("limited.board_pod", pod=pod))
        status = Html(result_mark(rnd.results.get(table), table in pending, t))
        if rnd.stage == TOP:
            sides: dict[str, object] = {"sa": seeds.get(a, 0), "sb": seeds.get(b, 0)}
        else:
            sides = {"pa": Points(before.get(a, 0)), "pb": Points(before.get(b, 0))}
        key = "swiss.board_line_top" if rnd.stage == TOP else "swiss.board_line"
        lines.append(t(key, table=table, a=names[a], b=names[b], status=status, **sides))
    for bye in rnd.byes:
        lines.append(t("swiss.board_bye", name=names[bye]))
    if rnd.auto:
        privileged = ", ".join(names[p] for p in rnd.auto)
        lines.append(t("swiss.board_privileged", names=privileged))
    return "\n".join(lines)


def board_title(t: Translate, tournament: Tournament, state: State, rnd: Round, ends: str) -> str:
    """The board's first line: the tournament, the round, «до 21:50» when the end is known."""
    values: dict[str, object] = {"name": tournament.name}
    if ends:
        values["ends"] = ends
    suffix = "" if ends else "_no_end"
    if rnd.stage == TOP:
        return t("swiss.board_top_title" + suffix, round=round_name(t, rnd), **values)
    return t("swiss.board_title" + suffix, round=rnd.number, total=state.total_rounds, **values)


TOP_STAGES = {1: "final", 2: "semi_final", 4: "quarter_final", 8: "eighth_final"}


def top_stage(tables: int) -> str:
    """The name (a locale key suffix) of a Top round of ``tables`` tables: final, semi-final…"""
    return TOP_STAGES.get(tables, "top_round")


def round_phrase(rnd: Round) -> Phrase:
    """ "Тур 3" / "Round 3" for a Swiss round, "ТОП: полуфинал" / "Top: semi-final" in the Top."""
    if rnd.stage != TOP:
        return phrase("swiss.round_name", round=rnd.number)
    stage = phrase(f"swiss.stage_{top_stage(len(rnd.tables))}", players=2 * len(rnd.tables))
    return phrase("swiss.top_name", stage=stage)


def round_name(t: Translate, rnd: Round) -> str:
    """``round_phrase`` through the text getter ``t``."""
    return spoken(t, round_phrase(rnd))


def points_before(state: State, number: int) -> dict[int, int]:
    earlier = State(rounds=[r for r in state.rounds if r.number < number])
    return earlier.points()


def parse_key(key: str) -> tuple[int, int]:
    """(round, table) of a game key ``r2t3p0``."""
    rest = key[1:]
    number, rest = rest.split("t", 1)
    table = rest.split("p", 1)[0]
    return int(number), int(table)
