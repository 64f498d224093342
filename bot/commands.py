"""The commands the bot offers: its menus per scope and language (``set_my_commands``) and the
blocks of ``/help``, from one list, so a command is offered only where it works.

Registration opens when ``/new`` creates a tournament (there is no ``/open``): it is not
offered. Deck lists: ``/deck`` (players, and judges for a player's list), ``/decks`` (judges),
``/cards`` and ``/banned`` (organisers: the club's card list and banned lists, which need no
open tournament). Judges' ``/penalty`` is ``handlers.swiss.penalties``.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from aiogram import Bot
from aiogram.exceptions import TelegramAPIError
from aiogram.types import (
    BotCommand,
    BotCommandScopeAllChatAdministrators,
    BotCommandScopeAllGroupChats,
    BotCommandScopeAllPrivateChats,
    BotCommandScopeDefault,
)

from bot.directory import Directory
from bot.kind import KindSpec
from bot.kinds import KINDS
from bot.roles import Roles
from bot.texts import LANGUAGES, Texts
from rules.season import DEFAULT_BEST, DEFAULT_POINTS

log = logging.getLogger(__name__)

#: What players do with a tournament (every chat).
PLAYING = (
    "join",
    "here",
    "team",
    "challenge",
    "arena",
    "drop",
    "report",
    "pairings",
    "standings",
    "why",
    "need",
    "bracket",
    "queue",
    "deck",
    "board",
)
#: What judges do with their tournament (organisers are judges of every tournament).
JUDGING = (
    "next_round",
    "pending",
    "draft",
    "deckbuilding",
    "top",
    "result",
    "penalty",
    "void",
    "disqualify",
    "extend",
    "eliminate",
    "reinstate",
    "log",
    "export",
    "heroes",
    "decks",
    "pick",
)
#: What organisers do with a tournament (and the judges' commands).
MANAGING = (
    "new",
    "add",
    "privileged",
    "invite",
    "norms",
    "draw",
    "when",
    "begin",
    *JUDGING,
    "finish",
    "cancel",
    "judge",
    "captain",
    "elect",
    "story_rules",
    "cards",
    "banned",
    "noshows",
)
PRIVATE = (
    "start",
    "help",
    "register",
    "profile",
    "rating",
    "h2h",
    "tournaments",
    *PLAYING,
    "cancel",
)
GROUP = ("help", "register", "rating", "h2h", "season", "recap", "tournaments", "series", *PLAYING)
ADMIN = (*GROUP, *MANAGING)
#: Commands that need an open tournament (answered "no open tournament" when none claims them).
TOURNAMENT_COMMANDS = tuple(
    name
    for name in (*PLAYING, *MANAGING)
    if name not in ("new", "judge", "cancel", "deck", "cards", "banned", "noshows")
)
#: The blocks of /help: who, and the commands the block lists in a private chat / in a group.
HELP_PLAYER = {
    "private": ("register", "profile", "rating", "h2h", "tournaments", *PLAYING),
    "group": ("register", "rating", "h2h", "season", "recap", "tournaments", *PLAYING),
}
HELP_JUDGE = JUDGING
HELP_ORGANISER = MANAGING


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


#: Commands only some kinds of tournament have (``KindSpec.commands``), with those kinds; /help
#: in a chat whose open tournaments are all of other kinds leaves them out (the menus cannot:
#: they are the same for every chat).
ONE_KIND = {
    name: frozenset(spec.name for spec in KINDS if name in spec.commands)
    for kind in KINDS
    for name in kind.commands
}


@dataclass(frozen=True, slots=True)
class Helped:
    """Who asks /help in this chat: the blocks he sees and the kinds of its open tournaments
    (empty: none open, every command is shown)."""

    chat: str  #: "private" or "group"
    judge: bool
    organiser: bool
    kinds: frozenset[str]

    def shows(self, name: str) -> bool:
        kinds = ONE_KIND.get(name)
        return kinds is None or any(self.shows_kind(kind) for kind in kinds)

    def shows_kind(self, kind: str) -> bool:
        return not self.kinds or kind in self.kinds


async def helped(roles: Roles, directory: Directory, user_id: int, chat_id: int) -> Helped:
    """In a group: an organiser of that group; a judge of one of its open tournaments. In a
    private chat: an organiser of the group of any open tournament (or listed in
    ORGANIZER_IDS), a judge of any open tournament. A stranger sees the player's block."""
    shown, judged = await directory.in_scope(chat_id, user_id)
    organiser = await roles.is_organiser(user_id, None)
    for group in sorted({t.chat_id for t in shown} | ({chat_id} if chat_id < 0 else set())):
        organiser = organiser or await roles.is_organiser(user_id, group)
    kinds = frozenset(t.kind for t in shown)
    chat = "group" if chat_id < 0 else "private"
    return Helped(chat, judged and not organiser, organiser, kinds)


def help_text(texts: Texts, lang: str, who: Helped) -> str:
    """The /help answer: the player's block, then the judge's or the organiser's."""

    def block(title: str, names: tuple[str, ...], *notes: KindSpec) -> str:
        lines = [texts.get(lang, title)]
        lines += [
            texts.get(lang, "help.line", command=name, what=texts.get(lang, f"menu.{name}"))
            for name in names
            if who.shows(name)
        ]
        lines += [texts.get(lang, spec.help_note) for spec in notes if who.shows_kind(spec.name)]
        return "\n".join(lines)

    blocks = [block("help.player", HELP_PLAYER[who.chat])]
    points = " ".join(map(str, DEFAULT_POINTS))
    season_help = texts.get(lang, "help.season", points=points, best=DEFAULT_BEST)
    if who.organiser:
        # a season is the group's, not a tournament's: its note ends the organiser's block
        blocks.append(block("help.organiser", HELP_ORGANISER, *KINDS) + "\n" + season_help)
    elif who.judge:
        blocks.append(block("help.judge", HELP_JUDGE, *KINDS))
    return "\n\n".join(blocks)
