"""The two card games (``rules.card_games``): disciplines and how a Top game ends after time."""

from __future__ import annotations

from rules.card_games import CardGame, TopTimeCall, game_of, top_time_call


def test_each_game_is_its_own_discipline_and_old_tournaments_are_classic() -> None:
    assert game_of("heroes") is CardGame.HEROES and game_of("berserk") is CardGame.CLASSIC
    assert game_of("anything else") is CardGame.CLASSIC
    assert {g.value for g in CardGame} == {"berserk", "heroes"}


def test_001_heroes_top_goes_to_the_hero_with_more_life() -> None:
    assert top_time_call(CardGame.HEROES) is TopTimeCall.MORE_LIFE_WINS


def test_classic_berserk_has_no_hero_life_its_top_plays_to_a_result() -> None:
    assert top_time_call(CardGame.CLASSIC) is TopTimeCall.PLAY_TO_RESULT
