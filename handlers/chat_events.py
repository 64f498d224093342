"""Service messages: a group became a supergroup; admin status changed."""

from __future__ import annotations

from aiogram import F
from aiogram.types import ChatMemberUpdated, Message

from bot.groups import Groups
from bot.roles import Roles
from handlers.routes import Routes

routes = Routes(__name__)


@routes.message(F.migrate_to_chat_id)
async def migrated(message: Message, groups: Groups) -> None:
    assert message.migrate_to_chat_id is not None
    await groups.migrated(message.chat.id, message.migrate_to_chat_id)


@routes.message(F.migrate_from_chat_id)
async def migrated_here(message: Message) -> None:
    """The new supergroup's twin of the message above: already handled."""


@routes.chat_member()
async def member_changed(update: ChatMemberUpdated, roles: Roles) -> None:
    roles.forget(update.chat.id, update.new_chat_member.user.id)
