"""What the result desks (``bot.results.GameDesk``) of the kinds built on the event log share:
a game's three report buttons («won», «lost», «draw by time»: no agreed draw is offered), as a
notice's buttons and as ``/report``'s keyboard, and the answers such a desk gives alike (no note
on a closed game, draws allowed, no game score, the board refreshed while a report waits)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, Generic, TypeVar

from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup

from bot.buttons import ReportCb
from bot.event_core import EventCore
from bot.notices import Button, phrase
from bot.results import Game
from db.database import Tx
from db.tournaments import Tournament

C = TypeVar("C", bound=EventCore[Any, Any])


def report_codes(kind: str) -> tuple[tuple[str, str], ...]:
    """A player's report buttons: (the label's text key, the code of ``ReportCb``)."""
    return ((f"{kind}.btn_won", "w"), (f"{kind}.btn_lost", "l"), (f"{kind}.btn_draw", "d"))


def report_buttons(kind: str, tid: int, key: str) -> tuple[tuple[Button, ...], ...]:
    """The game's report buttons in one row of a notice."""
    return (
        tuple(
            Button(label=phrase(label), data=ReportCb(t=tid, g=key, c=code).pack())
            for label, code in report_codes(kind)
        ),
    )


class EventDesk(Generic[C]):
    """The shared half of such a desk; a kind adds ``open_game``, ``record``,
    ``current_game`` and ``label``."""

    def __init__(self, core: C, refresh: Callable[[int], Awaitable[None]]) -> None:
        self._core = core
        self._refresh = refresh

    async def closed_note(self, tx: Tx, tournament: Tournament, game_key: str) -> str | None:
        return None

    async def on_pending(self, tournament: Tournament, game: Game) -> None:
        await self._refresh(tournament.id)

    async def report_markup(
        self, tx: Tx, tournament: Tournament, game: Game, lang: str
    ) -> InlineKeyboardMarkup:
        t = self._core.tr(lang)
        row = [
            InlineKeyboardButton(
                text=t(label), callback_data=ReportCb(t=tournament.id, g=game.key, c=code).pack()
            )
            for label, code in report_codes(self._core.kind)
        ]
        return InlineKeyboardMarkup(inline_keyboard=[row])

    def draws_allowed(self, tournament: Tournament, game: Game) -> bool:
        return True  # a draw by time (804)

    def match_format(self, tournament: Tournament) -> bool:
        return False
