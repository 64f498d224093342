"""A player who deletes his data (``Registry.delete``) is gone from every open web board at
once: the deletion is a change of each tournament he played in (issue 20, item 8)."""

from __future__ import annotations

from bot.swiss import SwissService
from tests.service.conftest import GROUP, ORGANISER, Club


async def test_an_open_page_gets_the_board_without_the_deleted_name(club: Club) -> None:
    swiss = club.services.service(SwissService)
    options = {"rounds": 2, "top": 0, "round_minutes": 50}
    tid = await swiss.create(GROUP, "Кубок", options, ORGANISER)
    ids = []
    for number, name in enumerate(("Анна", "Борис", "Вера", "Глеб"), 1):
        player = await club.services.registry.ensure_player(1000 + number, name, "Секретов")
        assert await swiss.join(tid, player.id) == "joined"
        ids.append(player.id)
    await swiss.begin(tid, ORGANISER)
    boards, live = club.services.web_boards, club.services.live
    seen, board = await boards.board(tid)  # what an open page shows now
    assert "Анна" in repr(board)
    await club.services.registry.delete(ids[0])
    assert live.version(tid) > seen  # the open pages are woken
    _, after = await boards.board(tid)
    assert "Анна" not in repr(after) and "Борис" in repr(after)
