"""King of the Hill's events, typed: what its log stores (``bot.koth.events`` says how the engine
sees them). Each is a frozen dataclass; ``NAME`` is its kind in the log, its fields the
payload's keys (``db.codec`` reads and writes them). Other kinds in the log (``judge_decision``,
``draw``, ``cancel``, …) are notes for ``/log``: the rules never read them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar


@dataclass(frozen=True, slots=True)
class Begun:
    """What ``/begin`` fixed: the order of play (4.1), each player's norm of wins (3.3, the
    organiser's changes included), the starting ratings the norms come from (hundredths, the
    bonuses counted: 3.2) and their average as the norms table showed it. The norms and ratings
    are stored as ``[[club ID, value], …]`` (a JSON object's keys would be strings)."""

    NAME: ClassVar[str] = "begin"
    order: tuple[int, ...]
    norms: tuple[tuple[int, int], ...] = ()
    ratings: tuple[tuple[int, int], ...] = ()
    average: str = "0"

    @property
    def norm_of(self) -> Mapping[int, int]:
        return dict(self.norms)

    @property
    def rating_of(self) -> Mapping[int, int]:
        return dict(self.ratings)


@dataclass(frozen=True, slots=True)
class Played:
    """A game won by ``w`` against ``l`` (``key``: the game's key when it was reported)."""

    NAME: ClassVar[str] = "game"
    w: int
    l: int  # noqa: E741 - the stored key
    key: str | None = None


@dataclass(frozen=True, slots=True)
class Expired:
    """The main time is over: the last circle begins (6.2)."""

    NAME: ClassVar[str] = "expire"


@dataclass(frozen=True, slots=True)
class Left:
    NAME: ClassVar[str] = "leave"
    p: int


@dataclass(frozen=True, slots=True)
class Stayed:
    NAME: ClassVar[str] = "stay"
    p: int


@dataclass(frozen=True, slots=True)
class Eliminated:
    NAME: ClassVar[str] = "eliminate"
    p: int


@dataclass(frozen=True, slots=True)
class Reinstated:
    NAME: ClassVar[str] = "reinstate"
    p: int


@dataclass(frozen=True, slots=True)
class Declared:
    """The judge declares the winner (``/finish``)."""

    NAME: ClassVar[str] = "declare"
    p: int


@dataclass(frozen=True, slots=True)
class Voided:
    """The judge voids the game event ``target``."""

    NAME: ClassVar[str] = "void"
    target: int


@dataclass(frozen=True, slots=True)
class Corrected:
    """The judge corrects the game event ``target``: ``w`` won against ``l``."""

    NAME: ClassVar[str] = "correct"
    target: int
    w: int
    l: int  # noqa: E741 - the stored key


@dataclass(frozen=True, slots=True)
class Extended:
    """The judge extends the main time."""

    NAME: ClassVar[str] = "extend"
    minutes: int


@dataclass(frozen=True, slots=True)
class Contributed:
    """A voluntary contribution to the prize fund (7.1), in rubles."""

    NAME: ClassVar[str] = "contribution"
    amount: int
    note: str = ""


#: a player's own choice or the judge's ruling about him (the engine's player events)
PlayerEvent = Left | Stayed | Eliminated | Reinstated | Declared
KothEvent = Begun | Played | Expired | PlayerEvent | Voided | Corrected | Extended | Contributed
EVENTS: tuple[type[KothEvent], ...] = (
    Begun,
    Played,
    Expired,
    Left,
    Stayed,
    Eliminated,
    Reinstated,
    Declared,
    Voided,
    Corrected,
    Extended,
    Contributed,
)
