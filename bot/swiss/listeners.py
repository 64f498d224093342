"""The Swiss kind's extension point: what a competition made of Swiss tournaments (the Overlord
series, ``bot.series``) hears of their creation, start and end, without the Swiss knowing it.

A listener is registered once (``SwissCore.listen``, in the kind's assembly ``bot.swiss.spec``)
and called inside the tournament's own transactions, so what it records is stored with the
change or not at all; a ``UserError`` it raises refuses the change (the week's limit of a
series, 606.5).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from bot.texts import Translate
    from db.database import Tx
    from db.tournaments import Tournament


class SwissListener(Protocol):
    async def created(self, tx: Tx, tournament: Tournament) -> None:
        """A tournament was created (its settings as the wizard chose them); may refuse it."""

    def minimum_field(self, tournament: Tournament) -> int:
        """The fewest players it may begin with by this listener's rules (0: no rule)."""

    async def finished(
        self, tx: Tx, tournament: Tournament, placed: Sequence[int], field: int
    ) -> int | None:
        """It finished with the final order ``placed`` (club player ids, the disqualified left
        out) of ``field`` participants: a durable job to run after the end's announcement, or
        ``None``."""

    async def final_lines(self, tx: Tx, t: Translate, tournament: Tournament) -> list[str]:
        """Lines the final announcement carries (in the group's language)."""
