"""A tournament's settings are read as its kind's typed object (``db.codec.parse_settings``),
parsed once per read of the tournament: the stored shape, the defaults of what an older row
lacks, and a value that does not fit read as its default instead of failing the read."""

from __future__ import annotations

from typing import Any

from bot.swiss.settings import card
from db.tournaments import Tournament
from rules.koth.settings import KothSettings
from rules.swiss.settings import CardSettings


def stored(kind: str, **settings: Any) -> Tournament:
    return Tournament(1, -1, "berserk", kind, "Кубок", "running", settings, None, (), 9, None)


def test_a_card_tournament_reads_as_the_wizard_stored_it() -> None:
    found = card(
        stored(
            "swiss",
            format="draft",
            boosters=[12, 12],
            rounds=None,
            best_of=3,
            privileged=["4", 5],
            heroes_given={"3": "Лесник"},
            seed=77,
            note_for_later="kept, not read",
        )
    )
    assert (found.format, found.boosters, found.rounds, found.best_of) == (
        "draft",
        (12, 12),
        None,
        3,
    )
    assert found.privileged == (4, 5) and found.heroes_given == {3: "Лесник"} and found.seed == 77
    assert (found.round_minutes, found.late, found.strictness) == (50, "zero", "amateur")


def test_a_value_that_does_not_fit_reads_as_its_default() -> None:
    found = card(stored("swiss", best_of="three", rounds=4, boosters="twelve"))
    assert (found.best_of, found.rounds, found.boosters) == (1, 4, ())


def test_settings_are_parsed_once_per_read_of_the_tournament() -> None:
    tournament = stored("swiss", rounds=5)
    assert card(tournament) is card(tournament)
    assert stored("swiss", rounds=5).settings_as(CardSettings) == card(tournament)


def test_a_king_of_the_hill_reads_its_choices() -> None:
    found = stored("koth", fee=3000, table="Стол 1", drawn=[2, 1], norm_overrides=[[2, 3]])
    kept = found.settings_as(KothSettings)
    assert (kept.fee, kept.table, kept.drawn, dict(kept.norm_overrides)) == (
        3000,
        "Стол 1",
        (2, 1),
        {2: 3},
    )
