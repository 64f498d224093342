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

#: What players do with a tournament (every chat).
PLAYING = ("join", "drop", "report", "pairings", "standings", "queue")
#: What organisers and judges do with a tournament.
MANAGING = (
    "new",
    "open",
    "add",
    "privileged",
    "invite",
    "norms",
    "draw",
    "begin",
    "next_round",
    "top",
    "result",
    "void",
    "eliminate",
    "reinstate",
    "extend",
    "penalty",
    "finish",
    "cancel",
    "log",
    "export",
    "judge",
)
PRIVATE = (
    "start",
    "help",
    "register",
    "profile",
    "rating",
    "tournaments",
    *PLAYING,
    "deck",
    "cancel",
)
GROUP = ("help", "register", "rating", "tournaments", *PLAYING)
ADMIN = (*GROUP, *MANAGING)
#: Commands that need an open tournament (answered "no open tournament" when none claims them).
TOURNAMENT_COMMANDS = tuple(
    name for name in (*PLAYING, *MANAGING, "deck") if name not in ("new", "judge", "cancel")
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
