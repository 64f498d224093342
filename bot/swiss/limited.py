"""Sealed's messages (603): its product's name, and what its start tells the group and each
player — the product, the deck of 30+ (603.6), the hand of 15 (603.7) and that the pool is
registered with ``/deck``, each card marked used or not (603.3). How Sealed plays, like every
format, is ``bot.swiss.play``.
"""

from __future__ import annotations

from bot.swiss.core import SwissCore, T
from bot.swiss.settings import card
from db import players
from db.tournaments import Tournament
from rules.limited import sealed


def product_text(t: T, value: object) -> str:
    return t(f"swiss.wiz_product_{sealed.sealed_product(value).value}")


async def tell_sealed(core: SwissCore, tournament: Tournament) -> None:
    """The group, then each player privately (the group already has it: no mention there)."""
    values = {"deck": sealed.DECK_MINIMUM, "hand": sealed.HAND, "tournament": tournament.name}
    t = core.t()
    product = product_text(t, card(tournament).sealed_product)
    text = t("heroes.sealed_group", product=product, **values)
    await core.outbox.send_once(f"sw:{tournament.id}:sealed", tournament.chat_id, text)
    async with core.db.read() as tx:
        found = await players.many(tx, await core.active(tx, tournament.id))
    for pid, player in found.items():
        if player.telegram_id is None:
            continue
        t = core.t(await core.lang(player.telegram_id))
        product = product_text(t, card(tournament).sealed_product)
        text = t("heroes.sealed_private", product=product, **values)
        key = f"sw:{tournament.id}:sealed:p{pid}"
        await core.outbox.notify_once(
            key, player.telegram_id, player.display_name, text, fallback_chat=None
        )
