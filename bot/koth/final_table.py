"""The final table of a King of the Hill as a picture (``bot.pictures.koth_table``), posted in
the group under the winner's message, once by its outbox key (the announcement's job may run
again after a crash). A picture that fails is logged; the players' private messages still go."""

from __future__ import annotations

import logging

from bot.koth.core import KothCore, KothSnapshot
from bot.koth.finish import Finish
from bot.pictures import canvas
from bot.pictures.koth_table import KothTable, draw_koth_table, koth_table

log = logging.getLogger(__name__)


def table_of(core: KothCore, snap: KothSnapshot, finish: Finish) -> KothTable:
    """What the picture shows, in the group's language."""
    assert snap.state is not None

    def plain(key: str, **values: object) -> str:
        return core.texts.plain(snap.lang, key, **values)

    name, state, names = snap.tournament.name, snap.state, snap.names
    bonus = finish.bonus_until is not None
    return koth_table(plain, snap.lang, name, state, names, finish.changes, finish.fund, bonus)


async def post_table(core: KothCore, snap: KothSnapshot, finish: Finish, key: str) -> None:
    name = snap.tournament.name

    async def draw() -> tuple[bytes, str]:
        png = await canvas.render(draw_koth_table, table_of(core, snap, finish))
        return png, core.tr(snap.lang)("pictures.koth_caption", name=name)

    try:
        await core.outbox.send_photo_once(
            f"{key}:table", snap.tournament.chat_id, draw, filename="final-table.png"
        )
    except Exception:  # the private rating messages must still go
        log.exception("the final table of tournament %s was not posted", snap.tournament.id)
