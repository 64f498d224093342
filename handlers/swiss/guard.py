"""Checks shared by the Swiss handlers: who may do what, and running a service's change."""

from __future__ import annotations

from collections.abc import Awaitable

from aiogram.types import CallbackQuery, Message

from bot.roles import Role, Roles
from bot.swiss import AfterCommit
from bot.texts import Tr
from db.tournaments import Tournament


async def run(action: Awaitable[AfterCommit]) -> None:
    """Await ``action`` (returns an after-commit step) and run it. A refusal (``UserError``)
    reaches the error router, which replies with its text."""
    after = await action
    await after()


async def actor(
    message: Message, roles: Roles, tournament: Tournament, need: Role, t: Tr
) -> int | None:
    """The sender's Telegram id when he has the role ``need`` here; else a reply and ``None``."""
    assert message.from_user is not None
    user_id = message.from_user.id
    if await roles.can(user_id, need, chat_id=tournament.chat_id, tournament_id=tournament.id):
        return user_id
    key = "common.organisers_only" if need is Role.ORGANISER else "common.not_allowed"
    await message.reply(t(key))
    return None


async def organiser_press(
    query: CallbackQuery, t: Tr, roles: Roles, tournament_id: int | None = None
) -> Message | None:
    """The pressed message when an organiser pressed a live button; else an alert and ``None``."""
    message = query.message
    if not isinstance(message, Message):
        await query.answer(t("common.stale_button"), show_alert=True)
        return None
    chat = message.chat.id
    if not await roles.can(
        query.from_user.id, Role.ORGANISER, chat_id=chat, tournament_id=tournament_id
    ):
        await query.answer(t("common.organisers_only"), show_alert=True)
        return None
    return message
