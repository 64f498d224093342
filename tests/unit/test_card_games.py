"""The two card games (``rules.card_games``): disciplines and how a Top game ends after time."""

from __future__ import annotations

from rules.card_games import Game, TopTimeCall, game_of, top_time_call


def test_each_game_is_its_own_discipline_and_old_tournaments_are_classic() -> None:
    assert game_of("heroes") is Game.HEROES and game_of("berserk") is Game.CLASSIC
    assert game_of("anything else") is Game.CLASSIC
    assert {g.value for g in Game} == {"berserk", "heroes"}


def test_001_heroes_top_goes_to_the_hero_with_more_life() -> None:
    assert top_time_call(Game.HEROES) is TopTimeCall.MORE_LIFE_WINS


def test_classic_berserk_has_no_hero_life_its_top_plays_to_a_result() -> None:
    assert top_time_call(Game.CLASSIC) is TopTimeCall.PLAY_TO_RESULT
