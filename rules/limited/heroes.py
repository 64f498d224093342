"""The Heroes tournament (609): eight players, eight secret heroes, three rounds.

- **The field** (609.2): exactly eight players. A *unifying* tournament (609.8), played by the
  winners of several Heroes tournaments, takes any multiple of eight.
- **The set** (609.3): the organiser names the set's eight heroes; unnamed, the bot numbers them
  «#1» … «#8» and the judge numbers the eight cards the same way (e.g. in the set's order).
- **The deal** (609.4): before the draft each player gets one hero at random, every hero with
  equal probability (a uniform shuffle: every assignment is equally likely), and nobody learns
  another's. The footnote lets the judge give an exceptionally strong hero to the least
  experienced player by hand: before the deal that hero is *given* (kept out of the shuffle,
  the rest dealt by the usual rules); once dealt, giving a hero is a *swap* (the player who
  held it gets the other's hero), allowed until the first result (before any game is played).
  A unifying tournament deals ``field / 8`` copies of the set: each hero goes to that many
  players, each player still gets any hero with probability 1/8.
- **The deck** (609.5): 30 cards or more, plus the hero; so a booster plan is offered only when
  its drafted cards can make one (``plan_makes_deck``: 3 × 12, 4 × 12, 2 × 12 + 2 × 7; not
  1 × 12, 1 × 7, 2 × 12, 2 × 7 nor 4 × 7, 7–28 cards).
- **The reveal** (609.6): at the start of each round both heroes of a table are shown to the
  two players of that table only; each draws 15 cards (16 with the hero).
- **The winner** (609.7): three rounds, no Top; the champion is the player who won every round.
  A bye counts as a won round (as it does in the score groups): a drop that leaves a bye must
  not take the title from a player who beat everyone he met. With draws or double losses
  nobody may have won them all: then there is no champion and the final places are the Swiss
  standings (points, then the tie-breaks), as in any Swiss without a Top; a champion, with
  the most points possible, is first there too.
- **A unifying tournament** (609.8): enough Swiss rounds for a single winner: ⌈log₂ field⌉
  (8 → 3, 16 → 4, 24 and 32 → 5), after which at most one player can have won them all.

Pure: the random source is an argument (the bot passes ``secrets.randbelow``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TypeVar

from rules.limited.deck_size import drafted_cards
from rules.results import MatchRecord, Outcome, PlayerId

__all__ = [
    "DECK_MINIMUM",
    "FIELD",
    "HAND",
    "ROUNDS",
    "RandomBelow",
    "by_hand",
    "champion",
    "deal",
    "field_problem",
    "numbered_set",
    "parse_set",
    "plan_makes_deck",
    "reveals",
    "rounds_for",
    "swap",
]

FIELD = 8
"""Players of a Heroes tournament, heroes in a set (609.2, 609.3)."""
ROUNDS = 3
"""Rounds of a Heroes tournament (609.7)."""
DECK_MINIMUM = 30
"""Cards of a deck, the hero not counted (609.5)."""
HAND = 15
"""Cards each player draws, the hero not counted (609.6)."""
MAX_NAME = 60
"""The longest hero name the organiser may type."""

RandomBelow = Callable[[int], int]
"""A source of randomness: ``n`` → a whole number in ``[0, n)`` (``secrets.randbelow``)."""
P = TypeVar("P")


def plan_makes_deck(boosters: Sequence[int]) -> bool:
    """Whether drafting ``boosters`` gives each player the 30 cards of a deck (609.5: 30 cards
    plus the hero, who is dealt, not drafted)."""
    return drafted_cards(boosters) >= DECK_MINIMUM


def field_problem(players: int, *, unifying: bool) -> str | None:
    """Why ``players`` cannot start the tournament (``exactly_eight`` or ``multiple_of_eight``),
    or ``None``."""
    if unifying:
        return None if players >= FIELD and players % FIELD == 0 else "multiple_of_eight"
    return None if players == FIELD else "exactly_eight"


def rounds_for(players: int, *, unifying: bool) -> int:
    """Swiss rounds: 3 (609.7); a unifying tournament ⌈log₂ players⌉ (609.8), at least 3."""
    if not unifying:
        return ROUNDS
    return max(ROUNDS, (players - 1).bit_length())


def numbered_set() -> list[str]:
    """The heroes of a set the organiser did not name: «#1» … «#8»."""
    return [f"#{n}" for n in range(1, FIELD + 1)]


def parse_set(text: str) -> list[str] | None:
    """The organiser's eight hero names, separated by «;» or new lines; ``None`` unless there
    are exactly eight, all different (ignoring case), none empty or longer than ``MAX_NAME``."""
    names = [" ".join(part.split()) for part in text.replace("\n", ";").split(";")]
    names = [name for name in names if name]
    distinct = {name.casefold() for name in names}
    if len(names) != FIELD or len(distinct) != FIELD:
        return None
    return names if all(len(name) <= MAX_NAME for name in names) else None


def shuffled(items: Sequence[P], randbelow: RandomBelow) -> list[P]:
    """A uniform random permutation (Fisher–Yates): each of the ``n!`` orders is produced by
    exactly one sequence of draws."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = randbelow(i + 1)
        out[i], out[j] = out[j], out[i]
    return out


def deal(
    players: Sequence[P],
    heroes: Sequence[str],
    randbelow: RandomBelow,
    given: Mapping[P, str] | None = None,
) -> dict[P, str]:
    """Each player's hero (609.4): the ``given`` ones as the judge gave them, the rest shuffled
    uniformly over the other players. ``len(players)`` must be a multiple of the set's size
    (copies of the set are dealt); a given hero must be of the set and each hero given at most
    as many times as there are copies (``ValueError`` otherwise)."""
    if not heroes or len(players) % len(heroes) != 0:
        raise ValueError(f"{len(players)} players cannot share {len(heroes)} heroes")
    pool = list(heroes) * (len(players) // len(heroes))
    fixed = {p: h for p, h in (given or {}).items() if p in players}
    for hero in fixed.values():
        if hero not in pool:
            raise ValueError(f"{hero!r} is not in the set (or given too often)")
        pool.remove(hero)
    rest = [p for p in players if p not in fixed]
    return {**fixed, **dict(zip(rest, shuffled(pool, randbelow), strict=True))}


def swap(heroes: Mapping[P, str], player: P, hero: str) -> tuple[dict[P, str], P | None]:
    """``player`` gets ``hero``; the player who held it gets ``player``'s (the footnote to
    609.4). The new assignment and that other player (``None``: he had it already). With
    copies of the set (a unifying tournament) the first holder in the assignment's order
    gives it up. ``ValueError`` when nobody holds ``hero`` or ``player`` has none."""
    if player not in heroes:
        raise ValueError("the player has no hero")
    if heroes[player] == hero:
        return dict(heroes), None
    holder = next((p for p, h in heroes.items() if h == hero), None)
    if holder is None:
        raise ValueError(f"nobody holds {hero!r}")
    out = dict(heroes)
    out[player], out[holder] = hero, heroes[player]
    return out, holder


def by_hand(
    given: Mapping[P, str], swaps: Iterable[tuple[P, str]], heroes: Mapping[P, str]
) -> set[P]:
    """The players who hold the hero the judge's hand gave them (the footnote to 609.4): one
    ``given`` before the deal, or got in a swap (``swaps``: the player the judge named and the
    hero he got, in order). A player who lost that hero in a later swap no longer does: the
    judges' list must not call a hero that came by the other player's swap "given"."""
    hand = dict(given)
    for player, hero in swaps:
        hand[player] = hero
    return {player for player, hero in hand.items() if heroes.get(player) == hero}


def reveals(tables: Iterable[tuple[P, P]], heroes: Mapping[P, str]) -> list[tuple[P, P, str, str]]:
    """What each seated player is shown at the start of a round (609.6): (player, opponent,
    his hero, the opponent's hero), two per table, nothing about any other table."""
    out: list[tuple[P, P, str, str]] = []
    for a, b in tables:
        if a in heroes and b in heroes:
            out += [(a, b, heroes[a], heroes[b]), (b, a, heroes[b], heroes[a])]
    return out


WON_ROUND = (Outcome.CLEAN_WIN, Outcome.TECHNICAL_WIN, Outcome.BYE)
"""What counts as a won round for the title: a win, clean or technical, or a bye."""


def champion(records: Iterable[MatchRecord], rounds: int) -> PlayerId | None:
    """The player who won every one of the ``rounds`` rounds (609.7), or ``None`` when nobody
    did (draws, double losses) or more than one did (impossible in a full Swiss of enough
    rounds, kept safe)."""
    won: dict[PlayerId, set[int]] = {}
    for record in records:
        for player, outcome in record_outcomes(record):
            if outcome in WON_ROUND:
                won.setdefault(player, set()).add(record.round_number)
    everything = set(range(1, rounds + 1))
    winners = [player for player, numbers in won.items() if numbers >= everything]
    return winners[0] if len(winners) == 1 else None


def record_outcomes(record: MatchRecord) -> list[tuple[PlayerId, Outcome]]:
    """Each side of a record with its outcome (one side for a bye)."""
    sides: list[tuple[PlayerId, Outcome]] = [(record.player_a, record.outcome_a)]
    if record.player_b is not None:
        sides.append((record.player_b, record.outcome_b))
    return sides
