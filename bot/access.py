"""Who may press which button, checked in one place before any handler runs, and messages sent
on behalf of a chat turned away.

``ButtonAccess`` (an outer middleware of callback queries) reads every button's data, finds the
tournament it is about (its ``t`` field, or the report ``r`` belongs to) and asks
``Roles.require`` with the chat the button sits in: the rights are those of the tournament's
own group, and a button of one group's tournament pressed in another group is refused. So a
handler never checks a button's role itself, and a forged ``swm:1:finish`` from an attacker's
own group finishes nothing. Each button kind has its ``Rule`` in ``RULES`` (a tournament
kind's buttons from its ``KindSpec``); a kind missing
there is refused as stale (and a test lists every kind), so a new button cannot slip past.

``ChatSenders`` (an outer middleware of updates) answers a message sent as a group or a channel
(an anonymous administrator, "send as channel", a channel's automatic forward): such a message
has no person behind it, so it must never become a player nor act with an administrator's
rights; the sender is asked to write as himself.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

from aiogram import BaseMiddleware
from aiogram.filters.callback_data import CallbackData
from aiogram.types import CallbackQuery, Message, TelegramObject, Update

from bot.buttons import (
    AheadBeginCb,
    AheadDropCb,
    ConfirmCb,
    DecideCb,
    H2hCb,
    HereCb,
    NewCb,
    ProfileCb,
    ReportCb,
    WithdrawCb,
)
from bot.draft.buttons import DraftClockCb
from bot.errors import UserError
from bot.kind import NamedBy, Rule
from bot.kinds import KINDS
from bot.roles import Role, Roles
from bot.swiss.buttons import SwWizCb
from bot.texts import Tr
from db import reports, tournaments
from db.database import Database
from db.tournaments import Tournament

log = logging.getLogger(__name__)

#: The ``from`` of messages with no person behind them: an anonymous group administrator
#: (GroupAnonymousBot), a message sent as a channel (Channel_Bot), a channel post forwarded
#: into its discussion group (Telegram's service account).
CHAT_SENDERS = frozenset({1087968824, 136817688, 777000})
#: SQLite's integers end here; a forged id beyond cannot name anything (and would not bind).
MAX_ID = 2**63 - 1
STALE = "common.stale_button"


#: Every button kind and what pressing it needs (``bot.kind.Rule``). The player-level checks
#: (is it your game, your report, your profile) stay with the services; here: the role and the
#: right chat.
RULES: dict[type[CallbackData], Rule] = {
    ProfileCb: Rule(Role.PLAYER, NamedBy.NONE),
    # the presser's own record against a player: nothing of anybody else's (``bot.memory``)
    H2hCb: Rule(Role.PLAYER, NamedBy.NONE),
    NewCb: Rule(Role.ORGANISER, NamedBy.NONE),
    SwWizCb: Rule(Role.ORGANISER, NamedBy.NONE),
    ReportCb: Rule(Role.PLAYER),
    ConfirmCb: Rule(Role.PLAYER, NamedBy.REPORT),
    WithdrawCb: Rule(Role.PLAYER, NamedBy.REPORT),
    DecideCb: Rule(Role.JUDGE),
    # the shared pick clock's panel (``bot.draft``: a kind with ``KindSpec.pick_clock``)
    DraftClockCb: Rule(Role.JUDGE),
    # a tournament announced ahead, any kind (``bot.ahead``)
    HereCb: Rule(Role.PLAYER),
    AheadBeginCb: Rule(Role.ORGANISER),
    AheadDropCb: Rule(Role.ORGANISER),
    # each kind's own buttons, from the registry (``bot.kind.KindSpec.buttons``)
    **{button: rule for spec in KINDS for button, rule in spec.rules().items()},
}


def parse(data: str | None) -> tuple[CallbackData, Rule] | None:
    """The button kind ``data`` unpacks to, with its rule; ``None`` for data of no kind."""
    for kind, rule in RULES.items():
        try:
            return kind.unpack(data or ""), rule
        except (ValueError, TypeError):
            continue
    return None


class ButtonAccess(BaseMiddleware):
    """Refuses (with the error router's alert) a press its presser may not make where he
    made it; lets the rest through to the handlers."""

    def __init__(self, roles: Roles, db: Database) -> None:
        self._roles = roles
        self._db = db

    async def __call__(
        self,
        handler: Callable[[TelegramObject, dict[str, Any]], Awaitable[Any]],
        event: TelegramObject,
        data: dict[str, Any],
    ) -> Any:
        assert isinstance(event, CallbackQuery)
        parsed = parse(event.data)
        if parsed is not None:
            await self.check(event, *parsed)
        return await handler(event, data)

    async def check(self, query: CallbackQuery, button: CallbackData, rule: Rule) -> None:
        user = query.from_user.id
        where = query.message.chat.id if query.message is not None else None
        if rule.names is NamedBy.NONE:
            if rule.need is Role.PLAYER:
                return
            # A chat's own tournaments-to-be: only its group's organisers, only in a group.
            if where is None or where > 0:
                raise UserError(STALE)
            if not await self._roles.can(user, rule.need, chat_id=where):
                raise UserError("common.organisers_only")
            return
        tournament = await self.tournament(button, rule.names)
        if tournament is None or rule.kind not in (None, tournament.kind):
            raise UserError(STALE)
        await self._roles.require(user, rule.need, tournament, where=where)

    async def tournament(self, button: CallbackData, names: NamedBy) -> Tournament | None:
        """The tournament a button is about (``None``: no such tournament or report)."""
        ref = getattr(button, names.value)
        if not isinstance(ref, int) or not 0 < ref <= MAX_ID:
            return None
        async with self._db.read() as tx:
            if names is NamedBy.REPORT:
                report = await reports.get(tx, ref)
                if report is None:
                    return None
                ref = report.tournament_id
            return await tournaments.get(tx, ref)


def sent_as_chat(update: Update) -> bool:
    """The update comes from a group or channel identity, not from a person. Service messages
    (a group's migration to a supergroup comes from GroupAnonymousBot) carry no text and still
    reach their handlers."""
    message = update.message or update.edited_message
    if message is not None:
        if message.text is None and message.caption is None:
            return False
        author = message.from_user
        return message.sender_chat is not None or (author is not None and author.id in CHAT_SENDERS)
    query = update.callback_query
    return query is not None and query.from_user.id in CHAT_SENDERS


class ChatSenders(BaseMiddleware):
    """Answers a command or a press sent on behalf of a chat with "write as yourself" and lets
    no handler see it (other such messages, e.g. a channel's forwarded posts, are ignored)."""

    async def __call__(
        self,
        handler: Callable[[TelegramObject, dict[str, Any]], Awaitable[Any]],
        event: TelegramObject,
        data: dict[str, Any],
    ) -> Any:
        assert isinstance(event, Update)
        if not sent_as_chat(event):
            return await handler(event, data)
        t: Tr = data["t"]
        if event.callback_query is not None:
            await event.callback_query.answer(t("common.as_chat"), show_alert=True)
        elif isinstance(message := event.message, Message) and is_command(message):
            await message.reply(t("common.as_chat"))
        log.info("update %s was sent on behalf of a chat; not handled", event.update_id)
        return None


def is_command(message: Message) -> bool:
    return (message.text or message.caption or "").startswith("/")
