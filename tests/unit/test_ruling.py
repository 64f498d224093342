"""``/result [round] <table> <result> [score] [reason]`` as a judge types it."""

import pytest

from bot.errors import UserError
from bot.results import Claim, Game
from bot.swiss.corrections import Ruling, parse, ruling_claim

GAME = Game("r1t3p0", 10, 20)
TOP_GAME = Game("r4t1p0", 10, 20, draws=False, stage="final")


@pytest.mark.parametrize(
    ("args", "ruling"),
    [
        ("3 a", Ruling(None, 3, "a", None, "")),
        ("1 3 B", Ruling(1, 3, "b", None, "")),
        ("1 3 b 2:1 ошибка  в отчёте", Ruling(1, 3, "b", (2, 1), "ошибка в отчёте")),
        ("2 dl оба не пришли", Ruling(None, 2, "dl", None, "оба не пришли")),
        ("4 draw 0:0", Ruling(None, 4, "draw", (0, 0), "")),
    ],
)
def test_round_is_optional_score_and_reason_too(args: str, ruling: Ruling) -> None:
    assert parse(args) == ruling


@pytest.mark.parametrize("args", [None, "", "a", "1", "1 2", "1 2 3 a", "1 x", "1 2 win"])
def test_anything_else_is_not_a_ruling(args: str | None) -> None:
    assert parse(args) is None


def test_out_of_range_numbers_and_control_characters_are_refused_by_name() -> None:
    with pytest.raises(UserError) as table:
        parse("1000 a")
    assert table.value.key == "numbers.table"
    with pytest.raises(UserError) as number:
        parse("100 1 a")
    assert number.value.key == "numbers.round"
    with pytest.raises(UserError):
        parse("1 a \u202eзеркально")


def test_a_match_needs_the_winners_score_in_either_order() -> None:
    def claim(args: str, *, match: bool = True, game: Game = GAME) -> Claim | None:
        ruling = parse(args)
        assert ruling is not None
        return ruling_claim(ruling, game, match=match)

    assert claim("3 b 2:1") == claim("3 b 1:2") == Claim(winner=20, games=(1, 2))
    assert claim("3 a 2:0") == Claim(winner=10, games=(2, 0))
    assert claim("3 a") is None and claim("3 a 3:0") is None and claim("3 a 1:1") is None
    assert claim("3 draw") == Claim(draw=True, games=(1, 1))
    assert claim("3 ta") == Claim(winner=10, technical=True)
    assert claim("3 dl") == Claim(double_loss=True)
    assert claim("3 a", match=False) == Claim(winner=10)
    assert claim("3 a 2:0", match=False) is None  # a single game has no score
    assert claim("1 draw", game=TOP_GAME) is None and claim("1 dl", game=TOP_GAME) is None
    assert claim("1 b 2:0", game=TOP_GAME) == Claim(winner=20, games=(0, 2))


def test_an_absence_is_a_technical_result_that_names_who_did_not_come() -> None:
    assert parse("3 na опоздал") == Ruling(None, 3, "tb", None, "опоздал", absent="a")
    assert parse("1 3 NB") == Ruling(1, 3, "ta", None, "", absent="b")
    assert parse("3 nn") == Ruling(None, 3, "dl", None, "", absent="ab")
    na, nb, nn = parse("3 na"), parse("3 nb"), parse("3 nn")
    assert na is not None and nb is not None and nn is not None
    assert ruling_claim(na, GAME, match=False) == Claim(winner=20, technical=True)
    assert ruling_claim(nb, GAME, match=True) == Claim(winner=10, technical=True)
    assert ruling_claim(nn, GAME, match=False) == Claim(double_loss=True)
    assert ruling_claim(nn, TOP_GAME, match=False) is None  # no double loss in the Top
