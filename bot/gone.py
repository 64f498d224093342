"""A group the bot can no longer write to (deleted, the bot removed: «chat not found»).

Telegram's answer will not change however often the bot tries, so the chat is marked gone
(``db.chats``; cleared when the chat writes to the bot again), the jobs that post there give up
(``Sender.send`` raises ``Unreachable``), and the organisers of its open tournaments are told
privately, once.
"""

from __future__ import annotations

import logging

from bot.clock import Clock
from bot.sender import Sender, Unreachable
from bot.texts import Texts, pick_language
from db import chats, players, tournaments
from db.database import Database

log = logging.getLogger(__name__)


async def chat_gone(
    db: Database, texts: Texts, clock: Clock, sender: Sender, chat_id: int, reason: str
) -> None:
    """Mark the group gone; the first time, tell the organisers of its open tournaments."""
    log.warning("group %s is gone (%s): its posts are given up", chat_id, reason)
    async with db.transaction() as tx:
        if not await chats.mark_gone(tx, chat_id, reason, clock.now().isoformat()):
            return
        title = await chats.title(tx, chat_id)
        open_here = await tournaments.open_in_chat(tx, chat_id)
        organisers = sorted({t.created_by for t in open_here})
        langs = {}
        for user_id in organisers:
            user = await players.tg_user(tx, user_id)
            langs[user_id] = pick_language(user.language_code if user else None, texts.default)
    for user_id in organisers:
        lang = langs[user_id]
        names = ", ".join(texts.plain(lang, "tournament.quoted", name=t.name) for t in open_here)
        text = texts.get(lang, "chat.gone", title=title or chat_id, reason=reason, names=names)
        try:
            await sender.send(user_id, text)
        except Unreachable:
            log.warning("organiser %s could not be told that group %s is gone", user_id, chat_id)
