"""A player an organiser ``/add``s who is not in the tournament's group enters only with his own
yes (issue 29, as in the Swiss ``bot.swiss.registration.ask_consent``): a group's admin enters
nobody of another group, nor sets his rating, without him. The question goes to him privately,
under an outbox key naming the tournament, the player, the organiser and the rating: its being
sent is what makes the button's yes valid (forged data asks nothing, and sets no other rating).
"""

from __future__ import annotations

from decimal import Decimal

from aiogram.utils.keyboard import InlineKeyboardBuilder

from bot.formats import Rating
from bot.koth.buttons import KothConsentCb
from bot.koth.core import KothCore
from db import chats, players
from db.models import Player
from db.tournaments import Tournament


def consent_key(tournament_id: int, player_id: int, actor: int, rating: str) -> str:
    return f"koth:{tournament_id}:consent:{player_id}:{actor}:{rating}"


def rating_text(rating: Decimal | None) -> str:
    """The rating as the button carries it ("" for none)."""
    return "" if rating is None else str(rating)


async def ask_consent(
    core: KothCore, tournament: Tournament, player: Player, actor: int, rating: Decimal | None
) -> str | None:
    """``None`` when he may be added at once (he is in the group, or adds himself); else he is
    asked privately: ``asked``, or ``cannot_ask`` when the bot cannot write to him."""
    telegram_id = player.telegram_id
    if telegram_id == actor:
        return None
    if telegram_id is not None and await core.notifier.in_chat(telegram_id, tournament.chat_id):
        return None
    if telegram_id is None or not await core.notifier.reachable(telegram_id):
        return "cannot_ask"
    async with core.db.read() as tx:
        group = await chats.title(tx, tournament.chat_id)
        lang = await core.user_lang(tx, telegram_id)
    t = core.tr(lang)
    values = {"tournament": tournament.name, "group": group or "—"}
    if rating is None:
        text = t("koth.consent_ask", **values)
    else:
        text = t("koth.consent_ask_rating", rating=Rating.of(rating), **values)
    data = KothConsentCb(t=tournament.id, by=actor, r=rating_text(rating))
    builder = InlineKeyboardBuilder()
    builder.button(text=t("koth.join_button"), callback_data=data)
    key = consent_key(tournament.id, player.id, actor, data.r)
    sent = await core.outbox.send_once(key, telegram_id, text, builder.as_markup())
    return "asked" if sent is not None else "cannot_ask"


async def was_asked(core: KothCore, data: KothConsentCb, telegram_id: int) -> Player | None:
    """The player pressing ``data``'s yes, if that question was sent to him."""
    async with core.db.read() as tx:
        player = await players.by_telegram(tx, telegram_id)
    if player is None:
        return None
    asked = await core.outbox.sent(consent_key(data.t, player.id, data.by, data.r))
    return player if asked is not None else None
