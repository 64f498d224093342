"""How a series reads: its table (``/series``), its tournament's crystals, its end."""

from __future__ import annotations

from collections.abc import Mapping

from bot.formats import day
from bot.pictures.series_table import SeriesTable, series_table
from bot.texts import Html, Translate, escape
from db.series import Series
from rules.series import MIN_HELD, Ending, SeriesState


def status_text(t: Translate, series: Series, state: SeriesState, names: Mapping[int, str]) -> str:
    if state.ending is None:
        return t("series.status_running", until=day(state.ends_on))
    if state.ending is Ending.BEATEN:
        return t("series.status_beaten", name=names.get(state.winner or 0, "?"))
    return t(f"series.status_{state.ending.value}", overlord=names.get(series.overlord, "?"))


def table_text(
    t: Translate,
    series: Series,
    state: SeriesState,
    names: Mapping[int, str],
    tournaments: Mapping[int, str],
) -> str:
    """The series' table: crystals per player, tournaments held (of 15), the challenges."""
    lines = [
        t("series.title", id=series.id, deck=series.deck, city=series.city),
        t("series.period", start=day(series.starts_on), end=day(state.ends_on)),
        t("series.overlord", name=names.get(series.overlord, "?")),
        status_text(t, series, state, names),
        t("series.held", count=len(state.held), need=MIN_HELD),
    ]
    if state.extended:
        lines.append(t("series.extended_note", official=day(state.official_end)))
    lines.append("")
    lines.append(t("series.table_title"))
    rows = state.table()
    for place, (pid, count) in enumerate(rows, start=1):
        lines.append(t("series.table_row", place=place, name=names.get(pid, "?"), count=count))
    if not rows:
        lines.append(t("series.table_empty"))
    if state.duels:
        lines.append("")
        lines.append(t("series.duels_title"))
    for tid, duel in state.duels.items():
        result = (
            duel.result.value if duel.result is not None else ("asked" if duel.asked else "open")
        )
        lines.append(
            t(
                "series.duel_row",
                tournament=tournaments.get(tid, f"#{tid}"),
                name=names.get(duel.player, "?"),
                result=Html(t(f"series.duel_{result}")),
                used=duel.used,
            )
        )
    return "\n".join(lines)


def crystals_line(
    t: Translate, series: Series, crystals: Mapping[int, int], names: Mapping[int, str]
) -> str:
    """What a series tournament's end says of its crystals (606.2)."""
    given = ", ".join(
        t("series.crystals_one", name=names.get(pid, "?"), count=count)
        for pid, count in sorted(crystals.items(), key=lambda item: -item[1])
    )
    return t("series.crystals_given", deck=series.deck, given=Html(given or escape("—")))


def picture(
    t: Translate, series: Series, state: SeriesState, names: Mapping[int, str]
) -> SeriesTable:
    """What the table's picture shows (``t``: texts without markup)."""
    subtitle = t(
        "series.picture_subtitle",
        start=day(series.starts_on),
        end=day(state.ends_on),
        count=len(state.held),
        need=MIN_HELD,
    )
    challengers = {duel.player for duel in state.duels.values()}
    title = t("series.picture_title", deck=series.deck, city=series.city)
    footer = status_text(t, series, state, names)
    return series_table(t, title, subtitle, state.table(), names, challengers, footer)
