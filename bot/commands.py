"""Command menus per scope and language (``set_my_commands``)."""

from __future__ import annotations

import logging

from aiogram import Bot
from aiogram.exceptions import TelegramAPIError
from aiogram.types import (
    BotCommand,
    BotCommandScopeAllChatAdministrators,
    BotCommandScopeAllGroupChats,
    BotCommandScopeAllPrivateChats,
    BotCommandScopeDefault,
)

from bot.texts import LANGUAGES, Texts

log = logging.getLogger(__name__)

PRIVATE = (
    "start",
    "help",
    "register",
    "profile",
    "rating",
    "tournaments",
    "join",
    "drop",
    "report",
    "pairings",
    "standings",
    "queue",
    "deck",
    "cancel",
)
GROUP = (
    "help",
    "register",
    "rating",
    "tournaments",
    "join",
    "drop",
    "report",
    "pairings",
    "standings",
    "queue",
)
ADMIN = (
    *GROUP,
    "new",
    "open",
    "add",
    "norms",
    "draw",
    "begin",
    "next_round",
    "result",
    "void",
    "extend",
    "penalty",
    "finish",
    "cancel",
    "log",
    "export",
    "judge",
)


def menu(texts: Texts, lang: str, names: tuple[str, ...]) -> list[BotCommand]:
    return [BotCommand(command=name, description=texts.get(lang, f"menu.{name}")) for name in names]


async def register_commands(bot: Bot, texts: Texts) -> None:
    scopes = (
        (BotCommandScopeDefault(), GROUP),
        (BotCommandScopeAllPrivateChats(), PRIVATE),
        (BotCommandScopeAllGroupChats(), GROUP),
        (BotCommandScopeAllChatAdministrators(), ADMIN),
    )
    try:
        for scope, names in scopes:
            for lang in LANGUAGES:
                code = None if lang == texts.default else lang
                await bot.set_my_commands(menu(texts, lang, names), scope=scope, language_code=code)
    except TelegramAPIError as exc:
        log.warning("could not register the command menus: %s", exc)
