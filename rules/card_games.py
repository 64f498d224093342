"""The two card games the club runs tournaments of, each its own discipline and rating pool.

- **Classic Berserk** (``berserk``, rules 000): no hero, so a Top game still undecided when
  time is called is played to a result (the Top has no draws).
- **«Берсерк. Герои»** (``heroes``, rules 001): each player has a hero with a life total; a Top
  game still undecided goes to the hero with more life, and with equal lives play goes on until
  one hero has more (001, «Окончание матча»).

In the Swiss rounds both end alike: the player on turn finishes it, two more cycles, then a draw.
"""

from __future__ import annotations

from enum import Enum

__all__ = ["CardGame", "TopTimeCall", "game_of", "top_time_call"]


class CardGame(Enum):
    """A card game; the value is the discipline (its rating pool) tournaments store."""

    CLASSIC = "berserk"
    HEROES = "heroes"


class TopTimeCall(Enum):
    """How an undecided Top game ends after time and the two extra cycles."""

    PLAY_TO_RESULT = "play_to_result"
    MORE_LIFE_WINS = "more_life_wins"


def game_of(discipline: str) -> CardGame:
    """The game of a tournament's discipline; anything else is classic Berserk."""
    return CardGame.HEROES if discipline == CardGame.HEROES.value else CardGame.CLASSIC


def top_time_call(game: CardGame) -> TopTimeCall:
    """Only Heroes has a hero's life total to decide by."""
    return TopTimeCall.MORE_LIFE_WINS if game is CardGame.HEROES else TopTimeCall.PLAY_TO_RESULT
