"""The Top's bracket as a picture (``bot.pictures.bracket``): ``/bracket``, and posted in the
group when the Top's first round is paired and with the final results.

The group's posts are sent once each by their outbox keys (``sw:<id>:bracket:started`` /
``:final``), by the durable jobs of the round's broadcast and of the end: a re-run after a
crash neither draws nor sends them twice. A picture that fails to draw or to send is logged
and never stops the job's other messages.
"""

from __future__ import annotations

import logging
from typing import Literal

from bot.pictures import canvas
from bot.pictures.bracket import bracket_picture, draw_bracket
from bot.swiss.core import SwissCore

log = logging.getLogger(__name__)

Moment = Literal["started", "final"]


async def bracket_png(core: SwissCore, tournament_id: int, lang: str | None = None) -> bytes | None:
    """The bracket as it stands, drawn off the event loop; ``None`` before the Top is seeded."""
    async with core.db.read() as tx:
        snap = await core.snapshot(tx, tournament_id)
    language = lang or core.texts.default

    def plain(key: str, **values: object) -> str:
        return core.texts.plain(language, key, **values)

    picture = bracket_picture(plain, snap.tournament.name, snap.state, snap.names.names)
    return None if picture is None else await canvas.render(draw_bracket, picture)


async def post_bracket(
    core: SwissCore, tournament_id: int, chat_id: int, name: str, moment: Moment
) -> None:
    """The bracket in the group, once per ``moment`` (see the module docstring)."""

    async def draw() -> tuple[bytes, str] | None:
        png = await bracket_png(core, tournament_id)
        return None if png is None else (png, core.t()(f"pictures.bracket_{moment}", name=name))

    key = f"sw:{tournament_id}:bracket:{moment}"
    try:
        await core.outbox.send_photo_once(key, chat_id, draw, filename="bracket.png")
    except Exception:  # a picture must not stop the round's or the end's other messages
        log.exception("the bracket of tournament %s (%s) was not posted", tournament_id, moment)
