from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.results import MatchRecord, Outcome
from rules.standings import DEFAULT_TIE_BREAKS, TieBreak, compute_standings


def pairing(round_number: int, a: str, b: str, result: str) -> MatchRecord:
    """``result`` as A's game score, e.g. "2-1"; "bye" for a bye of A."""
    if result == "bye":
        return MatchRecord(round_number, a, None, Outcome.BYE)
    games_a, games_b = (int(x) for x in result.split("-"))
    outcome = {1: Outcome.CLEAN_WIN, 0: Outcome.DRAW, -1: Outcome.LOSS}[
        (games_a > games_b) - (games_a < games_b)
    ]
    return MatchRecord(round_number, a, b, outcome, games_a, games_b)


RECORDS = [
    pairing(1, "a", "b", "2-0"),
    pairing(1, "c", "d", "2-1"),
    MatchRecord(1, "e", None, Outcome.BYE),
    pairing(2, "a", "c", "2-1"),
    pairing(2, "e", "b", "1-1"),
    MatchRecord(2, "d", None, Outcome.BYE),
]


def test_points_and_buchholz_ignore_the_bye_as_opponent() -> None:
    rows = {row.player: row for row in compute_standings(list("abcde"), RECORDS, seed=1)}
    assert rows["a"].points == 60
    assert rows["e"].points == 39
    assert rows["e"].tie_breaks[TieBreak.BUCHHOLZ] == rows["b"].points == 10
    assert rows["a"].tie_breaks[TieBreak.BUCHHOLZ] == 10 + 30
    assert rows["a"].tie_breaks[TieBreak.CLEAN_WINS] == 2


def test_order_by_points_first() -> None:
    rows = compute_standings(list("abcde"), RECORDS, seed=1)
    assert [row.player for row in rows][:2] == ["a", "e"]
    assert [row.rank for row in rows] == [1, 2, 3, 4, 5]


def test_head_to_head_decides_between_tied_players() -> None:
    records = [
        pairing(1, "a", "b", "0-2"),
        pairing(2, "a", "c", "2-0"),
        pairing(2, "b", "d", "0-2"),
    ]
    rows = compute_standings(list("abcd"), records, seed=3, tie_breaks=[TieBreak.HEAD_TO_HEAD])
    order = [row.player for row in rows]
    assert order.index("b") < order.index("a")


def test_mtg_percentages_have_a_third_floor() -> None:
    records = [pairing(1, "a", "b", "2-0"), pairing(2, "a", "c", "2-1")]
    rows = {
        row.player: row
        for row in compute_standings(
            list("abc"), records, seed=1, tie_breaks=[TieBreak.OMW, TieBreak.GW, TieBreak.OGW]
        )
    }
    assert rows["a"].tie_breaks[TieBreak.OMW] == Fraction(1, 3)
    assert rows["a"].tie_breaks[TieBreak.GW] == Fraction(4, 5)
    assert rows["c"].tie_breaks[TieBreak.OGW] == Fraction(4, 5)


@st.composite
def tournaments(draw: st.DrawFn) -> tuple[list[str], list[MatchRecord]]:
    players = [chr(ord("a") + i) for i in range(draw(st.integers(2, 8)))]
    records = []
    for round_number in range(1, draw(st.integers(1, 4)) + 1):
        order = draw(st.permutations(players))
        for a, b in zip(order[::2], order[1::2], strict=False):
            games = draw(st.sampled_from(["2-0", "2-1", "1-1", "0-2", "1-2"]))
            records.append(pairing(round_number, a, b, games))
        if len(order) % 2:
            records.append(MatchRecord(round_number, order[-1], None, Outcome.BYE))
    return players, records


breaks = st.lists(st.sampled_from([t for t in TieBreak if t is not TieBreak.HEAD_TO_HEAD]))


@settings(max_examples=100, deadline=None)
@given(tournaments(), breaks, st.integers(0, 100))
def test_ordering_follows_the_tie_break_list(
    case: tuple[list[str], list[MatchRecord]], tie_breaks: list[TieBreak], seed: int
) -> None:
    players, records = case
    rows = compute_standings(players, records, seed=seed, tie_breaks=tie_breaks)
    keys = [(row.points, *(row.tie_breaks[t] for t in tie_breaks), -row.lot) for row in rows]
    assert keys == sorted(keys, reverse=True)
    assert compute_standings(players, records, seed=seed, tie_breaks=tie_breaks) == rows


def test_default_list_is_buchholz_median_clean_wins_head_to_head() -> None:
    assert DEFAULT_TIE_BREAKS == (
        TieBreak.BUCHHOLZ,
        TieBreak.MEDIAN_BUCHHOLZ,
        TieBreak.CLEAN_WINS,
        TieBreak.HEAD_TO_HEAD,
    )


def test_sonneborn_berger_counts_a_beaten_opponent_whole_and_a_drawn_one_half() -> None:
    # Points: a 3 + 1 = 4, b 0 + 3 = 3, c 0, d 3 + 1 = 4, e 0 + 2.9 = 2.9. By hand:
    # SB(a) = 3 (b, beaten) + ½ × 4 (d, drawn) = 5 (the old ⅓ weight gave 3 + 4/3 = 4.33);
    # SB(d) = 2.9 (e, beaten) + ½ × 4 (a, drawn) = 4.9.
    records = [
        MatchRecord(1, "a", "b", Outcome.CLEAN_WIN, 2, 0),
        MatchRecord(1, "d", "e", Outcome.CLEAN_WIN, 2, 1),
        MatchRecord(2, "a", "d", Outcome.DRAW, 1, 1),
        MatchRecord(2, "b", "c", Outcome.CLEAN_WIN, 2, 0),
        MatchRecord(2, "e", None, Outcome.BYE),
    ]
    rows = {
        row.player: row
        for row in compute_standings(
            list("abcde"), records, seed=1, tie_breaks=[TieBreak.SONNEBORN_BERGER]
        )
    }
    assert rows["b"].points == 30 and rows["d"].points == 40
    assert rows["a"].tie_breaks[TieBreak.SONNEBORN_BERGER] == 30 + Fraction(40, 2)  # 5 points
    assert rows["d"].tie_breaks[TieBreak.SONNEBORN_BERGER] == 29 + Fraction(40, 2)
    # b beat c (0 points) and lost to a: 0; e lost to d, his bye is no opponent: 0.
    assert rows["b"].tie_breaks[TieBreak.SONNEBORN_BERGER] == 0
    assert rows["e"].tie_breaks[TieBreak.SONNEBORN_BERGER] == 0


def test_game_win_uses_the_real_game_counts_and_a_double_loss_counts_zero_two() -> None:
    # a: 2–1 win, 1–1 draw, then a double loss: 3 of 5 played games, and 0–2 → 3/7.
    records = [
        MatchRecord(1, "a", "b", Outcome.CLEAN_WIN, 2, 1),
        MatchRecord(2, "a", "c", Outcome.DRAW, 1, 1),
        MatchRecord(3, "a", "b", Outcome.DOUBLE_LOSS),
    ]
    rows = {
        row.player: row
        for row in compute_standings(list("abc"), records, seed=1, tie_breaks=[TieBreak.GW])
    }
    assert rows["a"].tie_breaks[TieBreak.GW] == Fraction(3, 7)
    assert rows["a"].points == 40 and rows["b"].points == 0
    assert rows["b"].tie_breaks[TieBreak.GW] == Fraction(1, 3)  # 1 of 5 → the ⅓ floor
