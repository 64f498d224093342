"""The King-of-the-Hill service logic the rules engine does not cover: the stored-event
translation (voids, corrections, keys) and the board (escaping, eliminations)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from bot.koth.board import MainClock, clock_text, render_board
from bot.koth.events import (
    contributions,
    decoded,
    engine_events,
    game_key,
    game_number,
    live_games,
    main_due,
)
from bot.texts import Texts, load_locale
from db.codec import parse_settings
from db.tournaments import Event
from rules.koth import replay
from rules.koth.events import Expired, Played
from rules.koth.settings import KothSettings
from tests.e2e.emulator_html import parse_html

ORDER = [1, 2, 3, 4, 5]
NORMS = {1: 4, 2: 3, 3: 4, 4: 4, 5: 4}
NAMES = {1: "Ann", 2: "<b>Bob</b> & Co", 3: "Cid", 4: "Dan", 5: "Eve"}


def log(*items: tuple[str, dict[str, Any]]) -> list[Event]:
    return [Event(i, kind, payload, None, "") for i, (kind, payload) in enumerate(items, 1)]


def test_void_drops_the_game_and_the_next_game_gets_a_new_key() -> None:
    stored = log(
        ("begin", {}),
        ("game", {"w": 1, "l": 2}),
        ("judge_decision", {"game": "g2v0"}),
        ("game", {"w": 3, "l": 1}),
        ("void", {"target": 4}),
    )
    assert engine_events(stored) == [("game", 1, 2)]
    assert [e.id for e in live_games(stored)] == [2]
    assert game_key(stored) == "g2v1"
    assert game_key(stored[:4]) == "g3v0"
    assert game_key(stored[:3]) == "g2v0" != game_key(stored)
    assert game_number("g2v1") == 2 and game_number("junk") == 0


def test_correction_replaces_winner_and_keeps_other_events() -> None:
    stored = log(
        ("game", {"w": 1, "l": 2}),
        ("game", {"w": 1, "l": 3}),
        ("correct", {"target": 2, "w": 3, "l": 1}),
        ("expire", {}),
        ("leave", {"p": 4}),
        ("extend", {"minutes": 30}),
    )
    assert engine_events(stored) == [
        ("game", 1, 2),
        ("game", 3, 1),
        ("expire",),
        ("leave", 4),
    ]
    state = replay(ORDER, NORMS, engine_events(stored[:3]))
    assert state.king == 3 and state.wins[3] == 1


def test_contributions_are_read_from_the_log_and_change_no_game() -> None:
    stored = log(
        ("contribution", {"amount": 500, "note": "sponsor"}),
        ("begin", {}),
        ("game", {"w": 1, "l": 2}),
        ("contribution", {"amount": 300, "note": ""}),
    )
    assert contributions(stored, KothSettings()) == [500, 300]
    assert engine_events(stored) == [("game", 1, 2)]
    assert game_key(stored) == "g2v0"


def test_contributions_kept_in_old_settings_still_count() -> None:
    stored = log(("contribution", {"amount": 300, "note": ""}))
    kept = parse_settings(KothSettings, {"fee": 3000, "contributions": [200]})
    assert contributions(stored, kept) == [200, 300]
    assert contributions([], parse_settings(KothSettings, {"contributions": []})) == []


def test_board_escapes_names_and_shows_eliminations() -> None:
    texts = Texts("ru")

    def t(key: str, **values: object) -> str:
        return texts.get("ru", key, **values)

    events = [("game", 1, 2), ("game", 1, 3), ("game", 1, 4), ("expire",), ("leave", 4)]
    state = replay(ORDER, NORMS, events)
    board = render_board(t, "Friday <i>", state, NAMES, "914.02", None)
    assert "&lt;b&gt;Bob&lt;/b&gt; &amp; Co" in board
    assert "<b>Bob</b>" not in board
    assert "«Friday &lt;i&gt;»" in board
    assert "⏰ Последний круг" in board
    out = "<s>4. Dan: 0 / 4 / 4</s> — вне борьбы: поражение в последнем круге, остаток 4 > 1"
    assert out in board
    assert "(отказ от доп. игр)" in board
    assert "Сейчас за столом: Ann 👑 — Eve" in board
    assert "1. Ann 👑: 3 / 4 / 1  ← Лидер" in board


def test_board_in_main_time_shows_time_left() -> None:
    texts = Texts("en")

    def t(key: str, **values: object) -> str:
        return texts.get("en", key, **values)

    state = replay(ORDER, NORMS, [("game", 2, 1)])
    clock = MainClock(timedelta(hours=3, minutes=5), "23:00")
    board = render_board(t, "Fri", state, NAMES, "914.02", clock)
    assert "main time until 23:00 (3:05 left)" in board
    assert "Next: Dan → Eve │ end of circle" in board
    assert "Leader" not in board  # 6.8: Leaders exist from the last circle on
    assert clock_text(timedelta(seconds=-5)) == "0:00"


def ru_t(key: str, **values: object) -> str:
    return Texts("ru").get("ru", key, **values)


def test_a_final_says_why_and_shows_the_king_first_with_the_crown() -> None:
    # Expiry first. a beats b, c beats a, d beats c: W = d (rem 4) behind the Leaders a, b
    # (rem 2). Extra games: c, then a: d catches up (rem 2 = 2) → a mini-tournament a, b, d.
    events = [("expire",), ("game", 1, 2), ("game", 3, 1), ("game", 4, 3)]
    events += [("game", 4, 3), ("game", 4, 1)]
    state = replay([1, 2, 3, 4], {1: 3, 2: 2, 3: 4, 4: 5}, events)
    board = render_board(ru_t, "Fri", state, NAMES, "900.00", None)
    assert "Мини-турнир на выбывание: Ann, &lt;b&gt;Bob&lt;/b&gt; &amp; Co, Dan" in board
    assert "Почему финал: остатки сравнялись — Dan: 2, Лидеры (Ann, " in board
    assert "Лидер" not in board.split("Игрок:")[1]  # finalists are no Leaders on the rows
    # a final of two where the King stays at the table: shown first, crowned
    # (norms 3, 3, 4, 5: b and c are out, a the sole Leader; d beats b and c and is level)
    events = [("expire",), ("game", 1, 2), ("game", 3, 1), ("game", 4, 3)]
    events += [("game", 4, 2), ("game", 4, 3)]
    state = replay([1, 2, 3, 4], {1: 3, 2: 3, 3: 4, 4: 5}, events)
    assert state.next_pair == (1, 4)
    board = render_board(ru_t, "Fri", state, NAMES, "900.00", None)
    assert "Финал: Dan — Ann\n" in board  # as the game is called, the King first
    assert "Почему финал: остатки сравнялись — Dan: 2, Лидер (Ann): 2." in board
    assert "Сейчас за столом: Dan 👑 — Ann" in board


def test_a_final_after_w_lost_an_extra_game_says_so() -> None:
    events = [("expire",), ("game", 1, 2), ("game", 3, 1), ("game", 4, 3)]
    events += [("game", 4, 3), ("game", 1, 4)]
    state = replay([1, 2, 3, 4], {1: 3, 2: 2, 3: 4, 4: 5}, events)
    board = render_board(ru_t, "Fri", state, NAMES, "900.00", None)
    assert "Финал: Ann — &lt;b&gt;Bob&lt;/b&gt; &amp; Co\n" in board
    assert "Почему финал: Dan — поражение в дополнительной игре и выбывание" in board


def test_locales_have_the_same_koth_keys() -> None:
    texts = Texts("ru")
    ru = {k for k in texts.keys("ru") if k.startswith("koth.")}
    en = {k for k in texts.keys("en") if k.startswith("koth.")}
    assert ru == en and len(ru) > 100


def test_every_koth_text_is_valid_telegram_html() -> None:
    """Usage texts once said ``/result <club ID>``: Telegram refused them as unknown tags."""
    for lang in ("ru", "en"):
        for key, template in sorted(load_locale(lang).items()):
            if key.startswith(("koth.", "help.", "menu.")):
                parse_html(template)  # raises EntityParseError on invalid markup


BEGUN = datetime(2026, 11, 30, 18, 0, tzinfo=UTC)


def timed(*items: tuple[str, dict[str, Any], datetime]) -> list[Event]:
    return [Event(i, k, p, None, at.isoformat()) for i, (k, p, at) in enumerate(items, 1)]


def test_main_time_ends_at_begin_plus_main_time_plus_every_extension() -> None:
    stored = timed(
        ("begin", {"order": ORDER}, BEGUN),
        ("game", {"w": 1, "l": 2}, BEGUN + timedelta(minutes=20)),
        ("extend", {"minutes": 30}, BEGUN + timedelta(hours=1)),
        ("extend", {"minutes": 15}, BEGUN + timedelta(hours=2)),
    )
    assert main_due(stored[:2]) == BEGUN + timedelta(hours=4)  # five players: 4 h (6.1)
    assert main_due(stored) == BEGUN + timedelta(hours=4, minutes=45)


def test_main_time_depends_on_the_order_fixed_at_begin_and_is_none_before() -> None:
    assert main_due([]) is None
    four = timed(("begin", {"order": [1, 2, 3, 4]}, BEGUN))
    assert main_due(four) == BEGUN + timedelta(hours=3)


def test_an_event_id_used_again_with_another_event_is_decoded_anew() -> None:
    """The decoded events are kept by id (``bot.koth.events.decoded``), checked against the
    row: an id a rolled-back transaction used (or another database's) reads as its own event."""
    first = Event(90_001, "game", {"w": 1, "l": 2}, None, "now")
    again = Event(90_001, "game", {"w": 3, "l": 4}, None, "now")
    assert decoded(first) == Played(1, 2)
    assert decoded(again) == Played(3, 4)
    assert decoded(Event(90_001, "expire", {}, None, "now")) == Expired()
