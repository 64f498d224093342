"""A King of the Hill's settings, typed: what the organiser chose (the fee, the table, the draw,
his changes of norms) and, for tournaments of older versions, what they kept there. What
``/begin`` fixed is its event's (``rules.koth.events.Begun``)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class KothSettings:
    fee: int = 0
    table: str = ""
    #: the order ``/draw`` fixed (club IDs, seat by seat)
    drawn: tuple[int, ...] = ()
    #: the organiser's norms: ``[[club ID, norm], …]``
    norm_overrides: tuple[tuple[int, int], ...] = ()
    #: voluntary contributions a tournament of an older version kept here (7.1, rubles)
    contributions: tuple[int, ...] = ()
    #: the main time's end an older version kept here (ISO time)
    main_due: str | None = None
