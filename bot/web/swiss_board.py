"""A card tournament's web board: the current round's tables and where each stands (playing,
awaiting confirmation, with the judge, done), the round's clock, the standings with their
tie-breaks, then the Top's bracket round by round."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from bot.formats import Points, Readable
from bot.swiss.views import SHORT, Names, fmt_value, result_mark, round_name, tie_breaks_of
from bot.texts import Translate
from bot.web.render import Board, clock, esc, row, section, table
from db.tournaments import Tournament
from rules.standings import StandingRow
from rules.swiss import TOP, Round, State


@dataclass(frozen=True, slots=True)
class SwissView:
    """What the board reads in one transaction (``bot.web.server``)."""

    tournament: Tournament
    state: State
    names: Names
    places: list[StandingRow]
    #: the game keys of the current round with an open report: "pending" or "disputed"
    reports: dict[str, str]
    lang: str


def swiss_board(t: Translate, view: SwissView, now: datetime) -> Board:
    tournament, state = view.tournament, view.state
    head = f'<header><p class="kind">{t("web.swiss")}</p><h1>{esc(tournament.name)}</h1></header>'
    rnd = state.current
    body = head + status(t, view, rnd, now) + '<div class="columns">'
    left = pairings(t, view, rnd) if rnd is not None else ""
    left += bracket(t, view)
    body += f'<div class="col">{left}</div><div class="col">{standings(t, view)}</div></div>'
    return Board(tournament.name, view.lang, body)


def status(t: Translate, view: SwissView, rnd: Round | None, now: datetime) -> str:
    tournament, state = view.tournament, view.state
    if tournament.status == "cancelled":
        line = t("web.cancelled")
    elif tournament.status == "finished":
        line = t("web.finished")
    elif rnd is None:
        line = t("web.registration", count=len(view.names.names))
    elif rnd.stage == TOP:
        line = round_name(t, rnd)
    else:
        line = t("web.round", round=rnd.number, total=state.total_rounds)
    items = [f'<p class="phase">{line}</p>']
    ends = state.ends_at.get(rnd.number) if rnd is not None else None
    if ends and tournament.status == "running" and rnd is not None and rnd.open_tables():
        items.append(clock(t("web.round_clock"), datetime.fromisoformat(ends), now))
    champion = state.top_champion() if state.seeds else None
    if champion is not None:
        items.append(f'<p class="winner">🏆 {t("web.champion", name=view.names[champion])}</p>')
    return '<div class="status">' + "".join(items) + "</div>"


def table_state(t: Translate, view: SwissView, rnd: Round, number: int) -> tuple[str, str]:
    """(the state's words, its css class) of one table."""
    result = rnd.results.get(number)
    if result is not None:
        mark = result_mark(result, False, t).removeprefix("✅ ")
        return t("web.state_done", result=mark), "done"
    report = view.reports.get(rnd.key(number))
    if report == "disputed":
        return t("web.state_judge"), "judge"
    if report == "pending":
        return t("web.state_waiting"), "waiting"
    return t("web.state_playing"), "playing"


def pairings(t: Translate, view: SwissView, rnd: Round) -> str:
    names, rows = view.names, []
    for number, (a, b) in enumerate(rnd.tables, start=1):
        words, css = table_state(t, view, rnd, number)
        pair = f"{esc(names[a])} — {esc(names[b])}"
        rows.append(row([str(number), pair, f'<span class="st">{words}</span>'], css))
    body = table([t("web.col_table"), t("web.pairings"), ""], rows)
    if rnd.bye is not None:
        body += f'<p class="bye">{t("web.bye", name=names[rnd.bye])}</p>'
    heading = round_name(t, rnd)
    return section("pairings", heading, body)


def standings(t: Translate, view: SwissView) -> str:
    if not view.state.rounds:
        names = "".join(f"<li>{esc(n)}</li>" for n in view.names.names.values())
        return section("standings", t("web.players"), f'<ol class="queue">{names}</ol>')
    kinds = tie_breaks_of(view.tournament)
    head = [t("web.col_rank"), t("web.col_player"), t("web.col_points")]
    # short headers (full names in the tooltip): a phone's width holds every column
    head += [short_head(t, SHORT[k]) for k in kinds]
    rows = []
    for found in view.places:
        player = int(found.player)
        values = [esc(readable(fmt_value(k, found.tie_breaks[k]), view.lang)) for k in kinds]
        name = esc(view.names[player])
        css = "out" if player in view.state.dropped else ""
        points = esc(Points(found.points).text(view.lang))
        rows.append(row([str(found.rank), name, points, *values], css))
    return section("standings", t("web.standings"), table(head, rows, paged=True))


def short_head(t: Translate, short: str) -> str:
    return f'<abbr title="{t(f"swiss.tb_{short}")}">{t(f"web.tb_{short}")}</abbr>'


def readable(value: Readable | str, lang: str) -> str:
    return value if isinstance(value, str) else value.text(lang)


def bracket(t: Translate, view: SwissView) -> str:
    """The Top round by round: each match, its result once played."""
    rounds = view.state.top_rounds()
    if not rounds:
        return ""
    names, parts = view.names, []
    for rnd in rounds:
        items = []
        for number, (a, b) in enumerate(rnd.tables, start=1):
            result = rnd.results.get(number)
            mark = result_mark(result, False, t).removeprefix("✅ ") if result else ""
            items.append(f"<li>{esc(names[a])} — {esc(names[b])} <b>{mark}</b></li>")
        parts.append(
            f'<div class="stage"><h3>{round_name(t, rnd)}</h3><ul>{"".join(items)}</ul></div>'
        )
    return section("bracket", t("web.top"), '<div class="stages">' + "".join(parts) + "</div>")
