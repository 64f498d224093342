"""Service messages: a group became a supergroup; admin status changed."""

from __future__ import annotations

from aiogram import F, Router
from aiogram.types import ChatMemberUpdated, Message

from bot.clock import Clock
from bot.roles import Roles
from db import chats
from db.database import Database

router = Router(name=__name__)


@router.message(F.migrate_to_chat_id)
async def migrated(message: Message, db: Database, clock: Clock) -> None:
    assert message.migrate_to_chat_id is not None
    async with db.transaction() as tx:
        await chats.migrate(
            tx, message.chat.id, message.migrate_to_chat_id, clock.now().isoformat()
        )


@router.message(F.migrate_from_chat_id)
async def migrated_here(message: Message) -> None:
    """The new supergroup's twin of the message above: already handled."""


@router.chat_member()
async def member_changed(update: ChatMemberUpdated, roles: Roles) -> None:
    roles.forget(update.chat.id, update.new_chat_member.user.id)
