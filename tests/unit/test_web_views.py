"""What the web board shows of a card tournament (``bot.web.swiss_board``): each table's state,
the standings, the Top's bracket, names escaped once, both languages."""

from datetime import UTC, datetime, timedelta
from fractions import Fraction

from bot.koth.core import KothSnapshot
from bot.swiss.views import Names
from bot.texts import Texts
from bot.web.koth_board import koth_board
from bot.web.render import hms
from bot.web.swiss_board import SwissView, swiss_board
from db.tournaments import Tournament
from rules.koth import replay
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


def test_king_of_the_hill_in_the_last_circle() -> None:
    """Ann beat Bob, the main time ran out, Cat beat Ann: Bob is out (remainder 5 > 4), Ann and
    Cat are the Leaders, Cat (King) plays Dan, Eve is the circle's last challenger."""
    events = [("game", 1, 2), ("expire",), ("game", 3, 1)]
    state = replay((1, 2, 3, 4, 5), dict.fromkeys(range(1, 6), 5), events)
    names = {1: "Ann", 2: "<b>Bob</b>", 3: "Cat", 4: "Dan", 5: "Eve"}
    settings = {"order": [1, 2, 3, 4, 5], "fee": 1000}
    koth = Tournament(
        3, -100, "billiards", "koth", "Пятничный", "running", settings, None, (), 999, None
    )
    snap = KothSnapshot(koth, [], state, names, "ru")

    def t(key: str, **values: object) -> str:
        return TEXTS.get("ru", key, **values)

    html = koth_board(t, snap, NOW).html
    assert "Последний круг" in html and "Круг 1" in html and 'class="clock"' not in html
    assert '<span class="role">Король</span><span class="name">👑 Cat</span>' in html
    assert '<ol class="queue"><li>Eve</li><li class="boundary">конец круга</li></ol>' in html
    out = '<tr class="out"><td>2</td><td><s>&lt;b&gt;Bob&lt;/b&gt;</s> <span class="reason">'
    assert out + "поражение в последнем круге, остаток 5 > 4</span>" in html
    assert '<tr class="leader"><td>1</td><td>Ann <span class="mark">Лидер</span>' in html
    assert "Лидеры: Ann, Cat" in html
