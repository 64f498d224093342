"""The Swiss service's own logic: replaying the event log, claims, board rendering, exports."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.swiss.registration import missed_rounds
from bot.swiss.views import Names, parse_key, render_board, round_name, top_stage
from bot.texts import Texts
from db.tournaments import Tournament
from handlers.swiss.entry import csv_chunks
from rules.results import Claim, Outcome
from rules.swiss import SWISS, TOP, Result, Round, points_text, replay, result_from_claim


def tournament(name: str = "Cup") -> Tournament:
    return Tournament(1, -1, "berserk", "swiss", name, "running", {}, None, 999, None)


def begin(players: list[int]) -> tuple[str, dict[str, Any]]:
    return "sw_begin", {
        "seed": 7,
        "rounds": 3,
        "top": 2,
        "ratings": {str(p): 120_000 for p in players},
    }


def round_event(
    number: int, tables: list[list[int]], bye: int | None, gen: int = 0, stage: str = SWISS
) -> tuple[str, dict[str, Any]]:
    return "sw_round", {"round": number, "stage": stage, "gen": gen, "tables": tables, "bye": bye}


def result(number: int, table: int, outcome: Outcome) -> tuple[str, dict[str, Any]]:
    return "sw_result", {
        "round": number,
        "table": table,
        "outcome_a": outcome.value,
        "games": None,
    }


def test_replay_gives_points_played_pairs_and_byes() -> None:
    state = replay(
        [
            begin([1, 2, 3, 4, 5]),
            round_event(1, [[1, 2], [3, 4]], 5),
            result(1, 1, Outcome.CLEAN_WIN),
            result(1, 2, Outcome.DRAW),
            round_event(2, [[1, 3], [5, 2]], 4),
            result(2, 1, Outcome.TECHNICAL_LOSS),
        ]
    )
    assert state.started and state.total_rounds == 3 and state.top_size == 2
    assert state.points() == {1: 30, 2: 0, 3: 35, 4: 39, 5: 29}
    assert state.played() == {frozenset(p) for p in ((1, 2), (3, 4), (1, 3), (5, 2))}
    assert state.had_bye() == {5, 4}
    current = state.current
    assert current is not None and current.open_tables() == [2] and not current.complete
    assert current.key(2) == "r2t2p0" and parse_key("r2t2p0") == (2, 2)
    records = state.records()
    assert [r.round_number for r in records] == [1, 1, 1, 2, 2]
    assert state.find_game("r2t2p0") == (current, 2)
    # Anything but a key the state made finds nothing: forged or mistyped button data.
    for forged in ("r02t2p0", "r2t02p0", "r2t3p0", "r2t0p0", "r9t1p0", "r2t2p1", "r2t2", "x"):
        assert state.find_game(forged) is None, forged


def test_a_correction_replaces_the_result_and_a_repairing_replaces_the_round() -> None:
    state = replay(
        [
            begin([1, 2, 3, 4]),
            round_event(1, [[1, 2], [3, 4]], None),
            result(1, 1, Outcome.CLEAN_WIN),
            result(1, 1, Outcome.LOSS),  # the judge's correction
            round_event(2, [[1, 3], [2, 4]], None),
            round_event(2, [[1, 4], [2, 3]], None, gen=1),  # re-paired before any result
            ("sw_drop", {"player": 4}),
        ]
    )
    assert state.points() == {1: 0, 2: 30}
    assert len(state.rounds) == 2
    current = state.current
    assert current is not None and current.gen == 1 and current.tables == [(1, 4), (2, 3)]
    assert state.find_game("r2t1p0") is None  # the old key is dead
    assert state.find_game("r2t1p1") is not None
    assert state.dropped == {4}


def test_top_winners_and_champion() -> None:
    state = replay(
        [
            begin([1, 2, 3, 4]),
            ("sw_top", {"seeds": [3, 1, 4, 2]}),
            round_event(4, [[3, 2], [1, 4]], None, stage=TOP),
            result(4, 1, Outcome.CLEAN_WIN),
            result(4, 2, Outcome.LOSS),
        ]
    )
    assert state.top_winners() == [3, 4]
    assert state.top_champion() is None
    state = replay(
        [
            begin([1, 2, 3, 4]),
            ("sw_top", {"seeds": [3, 1, 4, 2]}),
            round_event(4, [[3, 2], [1, 4]], None, stage=TOP),
            result(4, 1, Outcome.CLEAN_WIN),
            result(4, 2, Outcome.LOSS),
            round_event(5, [[3, 4]], None, stage=TOP),
            result(5, 1, Outcome.TECHNICAL_LOSS),
        ]
    )
    assert state.top_champion() == 4
    assert state.points() == {}  # the Top adds no Swiss points


def test_late_entrant_keeps_his_rating_at_entry() -> None:
    state = replay([begin([1, 2]), ("sw_join", {"player": 9, "rating": 130_000})])
    assert state.ratings[9] == 130_000


def test_claims_become_outcomes_of_player_a() -> None:
    win_b = Claim(winner=2, games=(1, 2))
    assert result_from_claim(win_b, 1) == Result(Outcome.LOSS, (1, 2))
    tech_a = Claim(winner=1, technical=True)
    assert result_from_claim(tech_a, 1) == Result(Outcome.TECHNICAL_WIN, None)
    agreed = Claim(draw=True, agreed=True)
    assert result_from_claim(agreed, 1).outcome_a is Outcome.AGREED_DRAW


def test_points_text() -> None:
    assert [points_text(v) for v in (0, 29, 30, 55, 120)] == ["0", "2.9", "3", "5.5", "12"]


def test_board_escapes_names_and_shows_status_and_bye() -> None:
    texts = Texts("en")

    def t(key: str, **values: object) -> str:
        return texts.get("en", key, **values)

    state = replay(
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


def test_csv_is_split_at_line_boundaries() -> None:
    text = "\n".join(f"{i},name{i},3" for i in range(1000))
    chunks = csv_chunks(text, limit=500)
    assert all(len(chunk) <= 500 for chunk in chunks)
    assert "\n".join(chunks) == text


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
    state = replay([begin([1, 2, 3, 4]), ("sw_top", {"seeds": [1, 2, 3, 4]})])
    state.rounds.append(semis)
    board = render_board(en, tournament(), state, semis, Names({}), set(), "20:00")
    assert board.startswith("<b>Cup</b> · Top: semi-final · until 20:00")
    assert "round 5" not in board.lower()


def test_late_entrants_missed_rounds_become_records_without_an_opponent() -> None:
    events = [
        begin([1, 2, 3, 4]),
        round_event(1, [[1, 2], [3, 4]], None),
        result(1, 1, Outcome.CLEAN_WIN),
        result(1, 2, Outcome.CLEAN_WIN),
        round_event(2, [[1, 3], [2, 4]], None),
        ("sw_join", {"player": 8, "rating": 120_000, "missed": [1, 2], "as": "bye"}),
        ("sw_join", {"player": 9, "rating": 120_000, "missed": [1, 2], "as": "loss"}),
        ("sw_join", {"player": 7, "rating": 120_000, "missed": [], "as": "zero"}),
        ("sw_join", {"player": 6, "rating": 120_000}),  # an entrant logged before the setting
    ]
    state = replay(events)
    missed = {(r.round_number, r.player_a, r.outcome_a) for r in state.missed_records()}
    assert missed == {
        (1, 8, Outcome.BYE),
        (2, 8, Outcome.BYE),
        (1, 9, Outcome.TECHNICAL_LOSS),
        (2, 9, Outcome.TECHNICAL_LOSS),
    }
    points = state.points()
    assert points[8] == 58 and points[9] == 0 and 7 not in points and 6 not in points
    assert all(r.player_b is None for r in state.missed_records())
    assert state.had_bye() == set()  # a missed round is not the pairing's bye
    assert len(state.records(TOP)) == 0


def test_missed_rounds_are_the_rounds_without_a_seat() -> None:
    state = replay(
        [
            begin([1, 2, 3]),
            round_event(1, [[1, 2]], 3),
            round_event(2, [[3, 1]], 2),
        ]
    )
    assert missed_rounds(state, 9) == [1, 2]
    assert missed_rounds(state, 3) == []  # a bye is not a missed round
