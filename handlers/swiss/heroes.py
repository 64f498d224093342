"""``/heroes``: a Heroes tournament's secret heroes (609, ``bot.swiss.heroes``).

- ``/heroes`` — a judge (organisers too) gets the set and who has which hero, a player his own
  hero; always in the private chat: asked in the group, the answer goes there privately and
  the group reads only that it did (heroes are never shown in the group, 609.4).
- ``/heroes Name1; Name2; …; Name8`` — the organiser names the set before the start.
- ``/heroes give <player> <hero>`` — a judge gives a hero by hand (the footnote to 609.4);
  the player as for ``/add`` (@username, club id, or a reply to his message: then only the
  hero follows), the hero by name or number 1–8. Best sent in the private chat; in the group
  the answer names no hero.
"""

from __future__ import annotations

from aiogram.filters import Command, CommandObject
from aiogram.types import Message

from bot.registry import Registry
from bot.roles import Role, Roles
from bot.swiss import SwissService
from bot.swiss.heroes import Gift, find_hero, hero_set, is_heroes
from bot.texts import Tr
from db.models import Player
from db.tournaments import Tournament
from handlers.filters import CurrentTournament
from handlers.guard import permitted
from handlers.routes import Routes
from handlers.swiss.guard import named_player, replied_user
from rules.limited.heroes import MAX_NAME, parse_set

routes = Routes(__name__)
SWISS = CurrentTournament("swiss")


@routes.message(Command("heroes"), SWISS)
async def heroes(
    message: Message,
    command: CommandObject,
    t: Tr,
    tournament: Tournament,
    swiss: SwissService,
    registry: Registry,
    roles: Roles,
) -> None:
    if not is_heroes(tournament):
        await message.reply(t("heroes.not_heroes", tournament=tournament.name))
        return
    args = (command.args or "").strip()
    if not args:
        await look(message, t, tournament, swiss, roles)
    elif args.split()[0].lower() == "give":
        await give(message, args.split(maxsplit=1)[1:], t, tournament, swiss, registry, roles)
    else:
        await name(message, args, t, tournament, swiss, roles)


async def look(
    message: Message, t: Tr, tournament: Tournament, swiss: SwissService, roles: Roles
) -> None:
    """The heroes the asker may see, in his private chat."""
    assert message.from_user is not None
    user = message.from_user.id
    judge = await roles.refusal(user, Role.JUDGE, tournament, where=message.chat.id) is None
    if message.chat.id > 0:
        await message.answer(await swiss.heroes_view(tournament, t.lang, user, judge))
        return
    sent = await swiss.tell_heroes_view(tournament, user, judge)
    await message.reply(t("heroes.sent_private" if sent else "heroes.open_private"))


async def name(
    message: Message, args: str, t: Tr, tournament: Tournament, swiss: SwissService, roles: Roles
) -> None:
    """The organiser names the set's eight heroes (public: the set is no secret)."""
    if (who := await permitted(message, roles, tournament, Role.ORGANISER, t)) is None:
        return
    names = parse_set(args)
    if names is None:
        await message.reply(t("heroes.set_usage", max=MAX_NAME))
        return
    named = await swiss.name_heroes(tournament.id, names, who)
    lines = [t("heroes.set_title", tournament=named.name)]
    lines += [t("heroes.set_line", number=n, hero=h) for n, h in enumerate(names, start=1)]
    await message.reply("\n".join(lines))


async def give(
    message: Message,
    rest: list[str],
    t: Tr,
    tournament: Tournament,
    swiss: SwissService,
    registry: Registry,
    roles: Roles,
) -> None:
    """The judge gives a hero by hand; in the group the answer names no hero."""
    if (who := await permitted(message, roles, tournament, Role.JUDGE, t)) is None:
        return
    player, hero_text = await gift_args(message, rest[0] if rest else "", swiss, registry)
    if player is None or not hero_text:
        await message.reply(t("heroes.give_usage"))
        return
    hero = find_hero(tournament, hero_text)
    if hero is None:
        await message.reply(t("heroes.give_no_hero", heroes="; ".join(hero_set(tournament))))
        return
    gift = await swiss.give_hero(tournament.id, player.id, hero, who)
    await message.reply(await gift_answer(t, gift, player, message.chat.id < 0, swiss))


async def gift_args(
    message: Message, args: str, swiss: SwissService, registry: Registry
) -> tuple[Player | None, str]:
    """The player (the replied-to author, else the first word) and the hero's text."""
    if replied_user(message) is not None:
        return await named_player(message, None, swiss, registry), args.strip()
    words = args.split(maxsplit=1)
    if len(words) < 2:
        return None, ""
    return await named_player(message, words[0], swiss, registry), words[1]


async def gift_answer(t: Tr, gift: Gift, player: Player, group: bool, swiss: SwissService) -> str:
    """What the judge reads: in the group, no hero named (except a refusal's own words)."""
    if gift.status == "not_player":
        return t("heroes.give_no_player")
    if gift.status == "too_late":
        return t("heroes.swap_too_late", round=gift.round)
    if group:
        return t("heroes.given_group")
    if gift.status == "same":
        return t("heroes.swap_same", player=player.display_name, hero=gift.hero)
    if gift.status == "given":
        return t("heroes.given_before", player=player.display_name, hero=gift.hero)
    assert gift.other is not None
    other = await swiss.find_player(str(gift.other))
    return t(
        "heroes.swapped",
        player=player.display_name,
        hero=gift.hero,
        other=other.display_name if other else str(gift.other),
        theirs=gift.theirs,
    )
