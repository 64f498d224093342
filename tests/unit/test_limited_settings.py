"""The wizard's Limited steps and what a Sealed or Heroes tournament's settings fix at the start
(``handlers.swiss.wizard``, ``bot.swiss.limited``)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.errors import UserError
from bot.swiss.play import PLAYS, play_named, play_of
from db.tournaments import Tournament
from handlers.swiss.wizard import CHOICES, chosen, next_step

ANSWERS = {
    "strict": "amateur",
    "rounds": "4",
    "top": "2",
    "time": "50",
    "tb": "default",
    "game": "berserk",
    "k": "default",
    "kind": "open",
}


def walk(fmt: str, own: dict[str, str]) -> tuple[list[str], dict[str, Any]]:
    """The steps the wizard asks after the name, and its answers."""
    data: dict[str, Any] = {"name": "Cup", "fmt": fmt}
    steps, step = ["fmt"], next_step("fmt", fmt, data)
    while step:
        steps.append(step)
        value = own.get(step) or ANSWERS[step]
        assert value in CHOICES[step][0]
        data[step] = value
        step = next_step(step, value, data)
    return steps, data


def tournament(settings: dict[str, Any]) -> Tournament:
    return Tournament(1, -1, "berserk", "swiss", "Cup", "registration", settings, None, (), 9, None)


def test_sealed_asks_its_product_after_the_format() -> None:
    steps, data = walk("sealed", {"product": "twelve"})
    assert steps[:3] == ["fmt", "product", "strict"] and "rounds" in steps
    options = chosen(data, 16)
    assert options["format"] == "sealed" and options["sealed_product"] == "twelve"
    assert (options["rounds"], options["top"]) == (4, 2)


def test_a_heroes_tournament_asks_ordinary_or_unifying_and_no_rounds_nor_top() -> None:
    steps, data = walk("heroes_tournament", {"unify": "no", "boosters": "12x4"})
    assert steps[:5] == ["fmt", "boosters", "unify", "strict", "time"]
    assert "rounds" not in steps and "top" not in steps
    options = chosen(data, 16)
    assert options["format"] == "heroes_tournament" and options["unifying"] is False
    assert (options["rounds"], options["top"]) == (3, 0)  # 609.7
    steps, data = walk("heroes_tournament", {"unify": "yes", "boosters": "12x2"})
    assert steps[:4] == ["fmt", "boosters", "unify", "time"]  # 601.4: amateur, not asked
    options = chosen(data, 16)
    assert options["unifying"] is True and (options["rounds"], options["top"]) == (None, 0)


def test_constructed_asks_as_before() -> None:
    steps, data = walk("constructed", {"sub": "classic"})
    assert steps[:4] == ["fmt", "sub", "strict", "rounds"]
    assert play_named(data.get("fmt")).wizard_settings(data) == {}


@pytest.mark.parametrize(
    ("unifying", "players", "sizes"), [(False, 8, (3, 0)), (True, 8, (3, 0)), (True, 16, (4, 0))]
)
def test_the_heroes_rounds_and_top_are_fixed(
    unifying: bool, players: int, sizes: tuple[int, int]
) -> None:
    fixed = {"format": "heroes_tournament", "unifying": unifying, "rounds": 7, "top": 4}
    heroes, sealed = tournament(fixed), tournament({"format": "sealed"})
    assert play_of(heroes).fixed_sizes(heroes, players) == sizes
    assert play_of(sealed).fixed_sizes(sealed, players) is None


def test_the_start_refuses_a_heroes_field_but_eight_or_a_multiple() -> None:
    ordinary = tournament({"format": "heroes_tournament"})
    play_of(ordinary).check_field(ordinary, 8)
    with pytest.raises(UserError) as refused:
        play_of(ordinary).check_field(ordinary, 7)
    assert refused.value.key == "heroes.field_exactly_eight" and refused.value.values == {
        "count": 7
    }
    unifying = tournament({"format": "heroes_tournament", "unifying": True})
    play_of(unifying).check_field(unifying, 24)
    with pytest.raises(UserError) as refused:
        play_of(unifying).check_field(unifying, 12)
    assert refused.value.key == "heroes.field_multiple_of_eight"
    sealed = tournament({"format": "sealed"})
    play_of(sealed).check_field(sealed, 5)  # Sealed: the usual minimum only


def test_each_format_has_one_play_and_only_it_names_formats() -> None:
    """Per-format behaviour lives in one object per format (``bot.swiss.play``): the drafted
    ones and those played in pods are theirs to say, and no other module of the bot asks a
    tournament's format by name."""
    from pathlib import Path

    from rules.card_formats import Format

    assert set(PLAYS) == set(Format)
    assert {f for f, play in PLAYS.items() if play.drafted} == {
        Format.DRAFT,
        Format.MARATHON,
        Format.HEROES_TOURNAMENT,
    }
    unifying = tournament({"format": "heroes_tournament", "unifying": True})
    assert not play_of(unifying).in_pods(unifying)
    assert play_of(tournament({"format": "draft"})).in_pods(tournament({"format": "draft"}))
    root = Path(__file__).resolve().parents[2]
    asking = [
        str(path.relative_to(root))
        for folder in ("bot", "handlers")
        for path in (root / folder).rglob("*.py")
        if "format_of(" in path.read_text(encoding="utf-8")
    ]
    # (the Heroes tournament's own module asks whether a tournament is one)
    assert sorted(asking) == ["bot/swiss/heroes.py", "bot/swiss/play.py"]
