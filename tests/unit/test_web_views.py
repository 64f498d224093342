"""What the web board shows of a card tournament (``bot.web.swiss_board``): each table's state,
the standings, the Top's bracket, names escaped once, both languages."""

from datetime import UTC, datetime, timedelta
from fractions import Fraction

from bot.swiss.views import Names
from bot.texts import Texts
from bot.web.render import hms
from bot.web.swiss_board import SwissView, swiss_board
from db.tournaments import Tournament
from rules.results import Outcome
from rules.standings import StandingRow, TieBreak
from rules.swiss import SWISS, TOP, Result, Round, State

TEXTS = Texts("ru")
NOW = datetime(2026, 11, 30, 18, 0, tzinfo=UTC)
NAMES = Names({1: "Ann", 2: "<b>Bob</b> & Co", 3: "Cat", 4: "Dan"})


def tournament(status: str = "running") -> Tournament:
    settings = {"tie_breaks": ["buchholz"]}
    return Tournament(
        7, -100, "berserk", "swiss", "Кубок <i>клуба</i>", status, settings, None, (), 999, None
    )


def view(state: State, reports: dict[str, str], lang: str = "ru") -> str:
    rows = [
        StandingRow(rank, player, 30 - 10 * rank, {TieBreak.BUCHHOLZ: Fraction(rank * 10)}, rank)
        for rank, player in enumerate([1, 2, 3, 4], start=1)
    ]
    found = SwissView(tournament(), state, NAMES, rows, reports, lang)

    def t(key: str, **values: object) -> str:
        return TEXTS.get(lang, key, **values)

    return swiss_board(t, found, NOW).html


def swiss_round() -> Round:
    return Round(1, SWISS, 0, [(1, 2), (3, 4)], None)


def test_each_table_says_where_it_stands() -> None:
    rnd = swiss_round()
    ends = (NOW + timedelta(minutes=42)).isoformat()
    state = State(started=True, rounds=[rnd], total_rounds=3, ends_at={1: ends})
    html = view(state, {rnd.key(1): "disputed", rnd.key(2): "pending"})
    assert "Тур 1 из 3" in html and "0:42:00" in html and f'data-until="{ends}"' in html
    assert '<tr class="judge"><td>1</td><td>Ann — &lt;b&gt;Bob&lt;/b&gt; &amp; Co</td>' in html
    assert '<tr class="waiting"><td>2</td>' in html and "ждёт подтверждения" in html
    rnd.results[1] = Result(Outcome.CLEAN_WIN)
    html = view(state, {rnd.key(2): "pending"}, lang="en")
    assert "done 1:0" in html and "awaiting confirmation" in html and "Round 1 of 3" in html
    assert "Кубок &lt;i&gt;клуба&lt;/i&gt;" in html and "<i>" not in html and "<b>Bob" not in html
    assert '<abbr title="Buchholz">Bh</abbr>' in html


def test_the_top_bracket_after_the_standings_are_set() -> None:
    done = swiss_round()
    done.results.update({1: Result(Outcome.CLEAN_WIN), 2: Result(Outcome.LOSS)})
    semi = Round(2, TOP, 0, [(1, 4), (2, 3)], None, {1: Result(Outcome.CLEAN_WIN)})
    state = State(started=True, rounds=[done, semi], total_rounds=1, seeds=[1, 2, 3, 4], top_size=4)
    html = view(state, {})
    assert "ТОП: полуфинал" in html
    assert '<section class="bracket"><h2>Топ</h2>' in html
    assert "<li>Ann — Dan <b>1:0</b></li>" in html
    assert "<li>&lt;b&gt;Bob&lt;/b&gt; &amp; Co — Cat <b></b></li>" in html


def test_clock_text() -> None:
    assert hms(timedelta(hours=1, minutes=2, seconds=3)) == "1:02:03"
    assert hms(timedelta(seconds=-5)) == "0:00:00"
