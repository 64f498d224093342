"""An Overlord series' web page (``/series/<token>``): the same table as ``/series`` — crystals per
player, tournaments held of 15, the challenges and their results, the period and the status —
for a phone or the club's TV (``bot.web.page``)."""

from __future__ import annotations

from collections.abc import Mapping

from bot.series.views import status_text
from bot.texts import Html, Translate
from bot.web.render import Board, esc, row, section, table
from db.series import Series
from rules.series import MIN_HELD, SeriesState


def series_board(
    t: Translate,
    lang: str,
    found: Series,
    state: SeriesState,
    names: Mapping[int, str],
    tournaments: Mapping[int, str],
) -> Board:
    """``t``: the group's texts (HTML-escaped values)."""
    head = (
        f'<header><p class="kind">{t("series.web_kind")}</p>'
        f"<h1>{esc(found.deck)} · {esc(found.city)}</h1></header>"
    )
    status = (
        '<div class="status">'
        f'<p class="phase">{status_text(t, found, state, names)}</p>'
        f'<p class="circle">{t("series.held", count=len(state.held), need=MIN_HELD)}</p>'
        f'<p class="fund">{t("series.overlord", name=names.get(found.overlord, "?"))}</p></div>'
    )
    challengers = {duel.player for duel in state.duels.values()}
    rows = [
        row(
            [str(place), esc(names.get(pid, "?")), str(count)],
            "leader" if pid in challengers else "",
        )
        for place, (pid, count) in enumerate(state.table(), start=1)
    ]
    head_cells = [t("series.col_place"), t("web.col_player"), t("series.picture_crystals")]
    body = head + status + '<div class="columns"><div class="col">'
    body += section("standings", t("series.table_title"), table(head_cells, rows, paged=True))
    body += '</div><div class="col">' + duels(t, state, names, tournaments) + "</div></div>"
    return Board(f"{found.deck} · {found.city}", lang, body)


def duels(
    t: Translate, state: SeriesState, names: Mapping[int, str], tournaments: Mapping[int, str]
) -> str:
    if not state.duels:
        return ""
    items = []
    for tid, duel in state.duels.items():
        result = (
            duel.result.value if duel.result is not None else ("asked" if duel.asked else "open")
        )
        items.append(
            "<li>"
            + t(
                "series.duel_row",
                tournament=tournaments.get(tid, f"#{tid}"),
                name=names.get(duel.player, "?"),
                result=Html(t(f"series.duel_{result}")),
                used=duel.used,
            )
            + "</li>"
        )
    return section("duels", t("series.duels_title"), f"<ul>{''.join(items)}</ul>")
