"""A kind's live board in its tournament's group: posted (and pinned, ``bot.boards``) when play
starts, edited in place after each change, let go at the end. What it shows is the kind's
``render`` (its tournament and text, read fresh each time)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from bot.infra import KindCore
from db import tournaments
from db.tournaments import Tournament

Render = Callable[[int], Awaitable[tuple[Tournament, str]]]


class GroupBoard:
    def __init__(self, core: KindCore, prefix: str, render: Render) -> None:
        self._core = core
        self._prefix = prefix
        self._render = render

    def name(self, tid: int) -> str:
        """The board's name for ``bot.boards`` (``story:12``)."""
        return f"{self._prefix}:{tid}"

    async def post(self, tid: int) -> None:
        tournament, text = await self._render(tid)
        sent = await self._core.sender.post_board(tournament.chat_id, text)
        if not sent:
            return
        ids = tuple(m.message_id for m in sent)
        async with self._core.db.transaction() as tx:
            await tournaments.set_board(tx, tid, ids[0], ids[1:])

        async def repost() -> None:
            await self.post(tid)

        await self._core.boards.posted(tournament.chat_id, self.name(tid), ids[0], repost)

    async def refresh(self, tid: int) -> None:
        tournament, _ = await self._render(tid)
        if not tournament.board_ids:
            return

        async def render() -> tuple[str, None]:
            return (await self._render(tid))[1], None

        await self._core.sender.edit_rendered(tournament.chat_id, tournament.board_ids, render)

    def forget(self, chat_id: int, tid: int) -> None:
        self._core.boards.forget(chat_id, self.name(tid))
