"""Table 5 (606.2): the golden crystals a series tournament's final places earn, by its field.

| place | 7 or fewer | 8–15 | 16–31 | 32 or more |
|---|---|---|---|---|
| 1 | 1 | 2 | 3 | 4 |
| 2 | – | 1 | 2 | 3 |
| 3 | – | – | 1 | 2 |
| 4 | – | – | – | 1 |

The field is every player who took part (the dropped too: they were its participants); the
places are the final ones the Swiss computes, the Top's included (``bot.swiss.core.places``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

#: (the largest field of the column, the crystals of places 1, 2, …); the last column is open
COLUMNS: tuple[tuple[int | None, tuple[int, ...]], ...] = (
    (7, (1,)),
    (15, (2, 1)),
    (31, (3, 2, 1)),
    (None, (4, 3, 2, 1)),
)


class CrystalsError(ValueError):
    """A place below 1 or a field smaller than the place."""


def column(field: int) -> tuple[int, ...]:
    """The crystals of places 1, 2, … in a field of ``field`` players."""
    for largest, crystals in COLUMNS:
        if largest is None or field <= largest:
            return crystals
    raise AssertionError("the last column is open")  # pragma: no cover


def crystals(place: int, field: int) -> int:
    """The crystals of ``place`` (1-based) in a field of ``field`` players (0 below the table)."""
    if place < 1 or field < place:
        raise CrystalsError(f"place {place} in a field of {field}")
    row = column(field)
    return row[place - 1] if place <= len(row) else 0


def awarded(placed: Sequence[int], field: int | None = None) -> Mapping[int, int]:
    """Each player's crystals from the final order ``placed`` (first place first); those who
    earn none are left out. ``field``: the participants (default: everyone placed)."""
    size = len(placed) if field is None else field
    found = {pid: crystals(place, size) for place, pid in enumerate(placed, start=1)}
    return {pid: count for pid, count in found.items() if count}
