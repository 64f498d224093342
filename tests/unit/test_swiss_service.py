"""The Swiss service's own logic: board rendering, round names, exports."""

from __future__ import annotations

from collections.abc import Callable

from bot.swiss.games import game_of
from bot.swiss.views import Names, parse_key, render_board, round_name, top_stage
from bot.texts import Texts
from db.tournaments import Tournament
from rules.results import Outcome
from rules.swiss import SWISS, TOP, Round
from tests.unit.swiss_events import begin, replay_log, result, round_event


def tournament(name: str = "Cup") -> Tournament:
    return Tournament(1, -1, "berserk", "swiss", name, "running", {}, None, (), 999, None)


def test_board_escapes_names_and_shows_status_and_bye() -> None:
    texts = Texts("en")

    def t(key: str, **values: object) -> str:
        return texts.get("en", key, **values)

    state = replay_log(
        [
            begin([1, 2, 3]),
            round_event(1, [[1, 2]], 3),
            result(1, 1, Outcome.CLEAN_WIN),
            round_event(2, [[3, 1]], 2),
        ]
    )
    names = Names({1: "<b>Bob</b> & Co", 2: "Ann", 3: "<i>Eve</i>"})
    rnd = state.current
    assert rnd is not None
    board = render_board(t, tournament("<Cup>"), state, rnd, names, {1}, "19:00")
    assert "&lt;b&gt;Bob&lt;/b&gt; &amp; Co (3)" in board
    assert "&lt;i&gt;Eve&lt;/i&gt; (2.9)" in board
    assert "<b>&lt;Cup&gt;</b> · Round 2 of 3 · until 19:00" in board
    assert "⏳ awaiting confirmation" in board
    assert "Auto-win (bye): Ann" in board
    first = state.rounds[0]
    board1 = render_board(t, tournament(), state, first, names, set(), "")
    assert "✅ 1:0" in board1


def translator(lang: str) -> Callable[..., str]:
    texts = Texts(lang)

    def t(key: str, **values: object) -> str:
        return texts.get(lang, key, **values)

    return t


def test_top_rounds_are_named_by_their_stage() -> None:
    assert [top_stage(n) for n in (1, 2, 4, 8, 3)] == [
        "final",
        "semi_final",
        "quarter_final",
        "eighth_final",
        "top_round",
    ]
    semis = Round(5, TOP, 0, [(1, 4), (2, 3)], None)
    final = Round(6, TOP, 0, [(1, 2)], None)
    swiss = Round(2, SWISS, 0, [(1, 2)], None)
    ru, en = translator("ru"), translator("en")
    assert [round_name(ru, r) for r in (semis, final, swiss)] == [
        "ТОП: полуфинал",
        "ТОП: финал",
        "Тур 2",
    ]
    assert [round_name(en, r) for r in (semis, final, swiss)] == [
        "Top: semi-final",
        "Top: final",
        "Round 2",
    ]
    state = replay_log([begin([1, 2, 3, 4]), ("sw_top", {"seeds": [1, 2, 3, 4]})])
    state.rounds.append(semis)
    board = render_board(en, tournament(), state, semis, Names({}), set(), "20:00")
    assert board.startswith("<b>Cup</b> · Top: semi-final · until 20:00")
    assert "round 5" not in board.lower()


def test_game_keys_read_back_as_round_and_table() -> None:
    assert parse_key("r2t2p0") == (2, 2)
    assert parse_key("r12t3p1") == (12, 3)


def test_the_games_of_the_top_cannot_be_drawn_and_carry_their_stage() -> None:
    swiss = game_of(Round(2, SWISS, 0, [(1, 2), (3, 4)], None), 2)
    assert (swiss.key, swiss.a, swiss.b, swiss.draws, swiss.stage) == ("r2t2p0", 3, 4, True, "")
    semis = game_of(Round(5, TOP, 1, [(1, 4), (2, 3)], None), 1)
    assert (semis.key, semis.draws, semis.stage) == ("r5t1p1", False, "semi_final")
    final = game_of(Round(6, TOP, 0, [(1, 2)], None), 1)
    assert (final.draws, final.stage) == (False, "final")
