"""The Heroes tournament's secret heroes in the chat (609, rules in ``rules.limited.heroes``).

- **The set**: the organiser names the eight heroes before the start (``/heroes A; B; …``,
  setting ``heroes``); unnamed, they are «#1» … «#8».
- **The deal** (``deal_heroes``), at ``/begin``, before the draft (609.4, 609.5): what it
  tells goes before the seating's news (``bot.swiss.rounds.begin``), so a player reads his hero,
  then his seat; round 1 is paired after the draft (``/next_round``). ``secrets.randbelow``
  shuffles them; the assignment is the ``sw_heroes`` event of the tournament's log (so it
  survives restarts). Each player is told ONLY his own hero, privately and never in the group
  (a player the bot cannot write to is asked in the group to open the private chat and send
  ``/heroes``); the organiser and the judges get the whole list privately.
- **The judge's hand** (the footnote to 609.4, ``give``): before the deal a hero is *given*
  (setting ``heroes_given``, honoured by the deal, one player per hero); after it, until the
  first result is in (before any game is played), a *swap*: a new ``sw_heroes`` with ``swap``;
  both players are told privately. During the draft nobody else is (round 1's reveal, when it
  is paired, shows the heroes as swapped); when a round is already paired (its reveal sent)
  the players of their tables get the reveal again. The judges' list marks «given by the
  judge» the heroes the judge's hand gave that their players still hold (``rules.by_hand``).
  Either is in the audit log, the swap in ``/log`` too (who with whom, never which heroes:
  ``/log`` may be read in the group).
- **The reveal** (609.6, ``reveal``): when a round is broadcast, each seated player learns,
  privately, his hero and his opponent's, with the hand of 15 (+ the hero); nobody else does.
- **Looking** (``view``, ``/heroes``): a judge sees every hero, a player only his own, and only
  in the private chat (asked in the group, the answer goes there privately).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from bot.swiss.core import SwissCore, T
from bot.swiss.settings import card
from bot.swiss.staff import staff_of
from bot.swiss.views import Names
from db import players, tournaments
from db.database import Tx
from db.tournaments import Tournament
from rules.card_formats import Format, format_of
from rules.limited import heroes as rules

__all__ = [
    "Gift",
    "deal_heroes",
    "give",
    "hero_set",
    "is_heroes",
    "log_line",
    "name_set",
    "reveal",
    "tell_heroes",
    "unifying",
    "view",
]


def is_heroes(tournament: Tournament) -> bool:
    return format_of(card(tournament).format) is Format.HEROES_TOURNAMENT


def unifying(tournament: Tournament) -> bool:
    """A unifying Heroes tournament (609.8): its field is any multiple of 8."""
    return card(tournament).unifying


def hero_set(tournament: Tournament) -> list[str]:
    """The set's eight heroes as the organiser named them, else «#1» … «#8»."""
    named = card(tournament).heroes
    return [str(h) for h in named] if named else rules.numbered_set()


def given_heroes(tournament: Tournament) -> dict[int, str]:
    """The heroes the judge gave by hand before the deal: player → hero."""
    return dict(card(tournament).heroes_given)


async def deal_heroes(
    core: SwissCore, tx: Tx, tournament: Tournament, people: list[int], actor: int
) -> dict[int, str]:
    """Deal the heroes (609.4) over ``people`` and log the ``sw_heroes`` event."""
    given = {p: h for p, h in given_heroes(tournament).items() if p in people}
    chosen = hero_set(tournament)
    dealt = rules.deal(people, chosen, secrets.randbelow, given)
    payload = {
        "heroes": {str(p): h for p, h in dealt.items()},
        "set": chosen,
        "given": {str(p): h for p, h in given.items()},
    }
    await core.event(tx, tournament.id, "sw_heroes", payload, actor)
    return dealt


@dataclass(frozen=True, slots=True)
class Person:
    """A player to tell something: his Telegram id, his name."""

    telegram_id: int
    name: str


async def people(core: SwissCore, ids: list[int]) -> dict[int, Person]:
    """The players of ``ids`` the bot can address (those with a Telegram account)."""
    async with core.db.read() as tx:
        found = await players.many(tx, ids)
    return {
        pid: Person(p.telegram_id, p.display_name)
        for pid, p in found.items()
        if p.telegram_id is not None
    }


async def tell_heroes(core: SwissCore, tournament: Tournament) -> None:
    """The deal told: the group (no hero named), each player his own privately, the staff all."""
    async with core.db.read() as tx:
        state = await core.state(tx, tournament.id)
    tid, deck = tournament.id, rules.DECK_MINIMUM
    text = core.t()("heroes.dealt_group", tournament=tournament.name, deck=deck)
    await core.outbox.send_once(f"sw:{tid}:heroes", tournament.chat_id, text)
    for pid, person in (await people(core, list(state.heroes))).items():
        t = core.t(await core.lang(person.telegram_id))
        mine = t("heroes.your_hero", tournament=tournament.name, hero=state.heroes[pid], deck=deck)
        sent = await core.outbox.notify_once(
            f"sw:{tid}:hero:p{pid}", person.telegram_id, person.name, mine, fallback_chat=None
        )
        if sent is None:  # never in the group: there he is only asked to open the private chat
            ask = core.t()("heroes.unreachable", player=person.name)
            await core.outbox.send_once(f"sw:{tid}:hero:p{pid}:ask", tournament.chat_id, ask)
    for user_id in await staff_of(core, tournament):
        t = core.t(await core.lang(user_id))
        text = await staff_list(core, t, tournament)
        await core.outbox.notify_once(
            f"sw:{tid}:heroes:staff:{user_id}", user_id, "", text, fallback_chat=None
        )


async def staff_list(core: SwissCore, t: T, tournament: Tournament) -> str:
    """Every player's hero, for the judges (by the players' names)."""
    async with core.db.read() as tx:
        state = await core.state(tx, tournament.id)
        events = await tournaments.events(tx, tournament.id)
        names = await core.names(tx, list(state.heroes))
    given = by_hand([e.payload for e in events if e.kind == "sw_heroes"], state.heroes)
    lines = [t("heroes.staff_title", tournament=tournament.name)]
    for pid in sorted(state.heroes, key=lambda p: names[p].casefold()):
        key = "heroes.staff_given" if pid in given else "heroes.staff_line"
        lines.append(t(key, player=names[pid], hero=state.heroes[pid]))
    return "\n".join(lines)


def by_hand(changes: list[dict[str, Any]], heroes: dict[int, str]) -> set[int]:
    """Who holds a hero the judge's hand gave, from the ``sw_heroes`` payloads (the deal's
    ``given``, then each swap's named player and the hero he got)."""
    if not changes:
        return set()
    given = {int(p): str(h) for p, h in (changes[0].get("given") or {}).items()}
    swaps = [
        (int(c["swap"][0]), str(c["heroes"][str(c["swap"][0])])) for c in changes if c.get("swap")
    ]
    return rules.by_hand(given, swaps, heroes)


async def reveal(
    core: SwissCore, tournament_id: int, which: tuple[int, int], again: tuple[int, ...] = ()
) -> None:
    """609.6: each seated player of round ``which`` (number, generation) learns privately his
    hero and his opponent's, once; nothing when it is no Heroes tournament, the pairing is no
    longer current, or nobody has a hero. A player the bot cannot write to sees them at the
    table: the group is never told. ``again`` (the players of a judge's swap): only their
    tables, told again (the heroes changed)."""
    async with core.db.read() as tx:
        tournament = await tournaments.get(tx, tournament_id)
        if tournament is None or not is_heroes(tournament):
            return
        state = await core.state(tx, tournament_id)
        rnd = state.current
        if rnd is None or (rnd.number, rnd.gen) != which:
            return
        names = await core.names(tx, [p for pair in rnd.tables for p in pair])
    tables = {p: n for n, pair in enumerate(rnd.tables, start=1) for p in pair}
    found = await people(core, list(tables))
    shown = [pair for pair in rnd.tables if not again or set(pair) & set(again)]
    for player, opponent, own, theirs in rules.reveals(shown, state.heroes):
        if player not in found:
            continue
        t = core.t(await core.lang(found[player].telegram_id))
        text = t(
            "heroes.reveal",
            tournament=tournament.name,
            round=rnd.number,
            table=tables[player],
            hero=own,
            other=names[opponent],
            theirs=theirs,
            hand=rules.HAND,
            hand_hero=rules.HAND + 1,
        )
        key = f"sw:{tournament_id}:r{rnd.number}g{rnd.gen}:hero:p{player}"
        key += f":{'-'.join(map(str, again))}:{state.hero_changes}" if again else ""
        person = found[player]
        await core.outbox.notify_once(
            key, person.telegram_id, person.name, text, fallback_chat=None
        )


async def view(core: SwissCore, t: T, tournament: Tournament, telegram_id: int, judge: bool) -> str:
    """``/heroes`` for the private chat: a judge gets the set and who has which hero (before
    the deal: the heroes given by hand), a player his own hero."""
    async with core.db.read() as tx:
        state = await core.state(tx, tournament.id)
        everyone = await core.everyone(tx, tournament.id)
        player = await players.by_telegram(tx, telegram_id)
    if judge and state.heroes:
        return await staff_list(core, t, tournament)
    if judge:
        return await set_text(core, t, tournament)
    player_id = None if player is None else player.id
    if player_id is None or player_id not in everyone:
        return t("heroes.not_player", tournament=tournament.name)
    if player_id not in state.heroes:
        return t("heroes.not_dealt")
    return t("heroes.your_hero_again", tournament=tournament.name, hero=state.heroes[player_id])


async def set_text(core: SwissCore, t: T, tournament: Tournament) -> str:
    """The set, numbered, with the heroes given by hand; how to name it when unnamed."""
    given = given_heroes(tournament)
    async with core.db.read() as tx:
        names = await core.names(tx, list(given))
    holder = {hero: pid for pid, hero in given.items()}
    lines = [t("heroes.set_title", tournament=tournament.name)]
    for number, hero in enumerate(hero_set(tournament), start=1):
        if hero in holder:
            line = t("heroes.set_given", number=number, hero=hero, player=names[holder[hero]])
        else:
            line = t("heroes.set_line", number=number, hero=hero)
        lines.append(line)
    if not card(tournament).heroes:
        lines.append(t("heroes.set_unnamed"))
    lines.append(t("heroes.not_dealt"))
    return "\n".join(lines)


async def name_set(core: SwissCore, tournament_id: int, names: list[str], actor: int) -> Tournament:
    """The organiser names the set (registration only); heroes given by hand that are no
    longer in it are forgotten. The tournament as it now is."""
    async with core.db.transaction() as tx:
        tournament = await core.tournament(
            tx, tournament_id, ("registration",), "heroes.set_too_late"
        )
        settings = dict(tournament.settings)
        settings["heroes"] = names
        given = {str(p): h for p, h in given_heroes(tournament).items() if h in names}
        settings["heroes_given"] = given
        await tournaments.update_settings(tx, tournament_id, settings)
        await core.audit(tx, tournament_id, actor, "heroes_set", {"heroes": names})
        found = await tournaments.get(tx, tournament_id)
    assert found is not None
    return found


def find_hero(tournament: Tournament, text: str) -> str | None:
    """The set's hero ``text`` names: its name (any case, spaces squeezed) or number 1–8."""
    wanted = " ".join(text.split()).casefold()
    chosen = hero_set(tournament)
    if wanted.isdigit() and 1 <= int(wanted) <= len(chosen):
        return chosen[int(wanted) - 1]
    return next((hero for hero in chosen if hero.casefold() == wanted), None)


@dataclass(frozen=True, slots=True)
class Gift:
    """What the judge's ``give`` did: ``given`` (before the deal), ``swapped``, ``same`` (he
    had it), or ``too_late`` (a round is paired: ``round``). ``other``: the player who gave
    his hero up in a swap, and ``theirs`` the hero he got."""

    status: str
    player: int
    hero: str
    other: int | None = None
    theirs: str = ""
    round: int = 0
    #: the round (number, generation) whose reveal the swap sent again, if one was paired
    shown: tuple[int, int] | None = None


async def give(core: SwissCore, tournament_id: int, player: int, hero: str, actor: int) -> Gift:
    """The footnote to 609.4: ``player`` gets ``hero`` by the judge's hand: before the deal
    remembered, after it a swap until the first result."""
    async with core.db.transaction() as tx:
        tournament = await core.tournament(
            tx, tournament_id, ("registration", "running"), "swiss.not_open"
        )
        if tournament.status == "registration":
            return await give_before(core, tx, tournament, player, hero, actor)
        state = await core.state(tx, tournament_id)
        played = next((r.number for r in state.rounds if r.results), None)
        if played is not None:
            return Gift("too_late", player, hero, round=played)
        if player not in state.heroes:
            return Gift("not_player", player, hero)
        after, other = rules.swap(state.heroes, player, hero)
        if other is None:
            return Gift("same", player, hero)
        payload: dict[str, Any] = {
            "heroes": {str(p): h for p, h in after.items()},
            "set": hero_set(tournament),
            "swap": [player, other],
        }
        await core.event(tx, tournament_id, "sw_heroes", payload, actor)
        details = {"player": player, "hero": hero, "other": other, "theirs": after[other]}
        await core.audit(tx, tournament_id, actor, "heroes_swap", details)
    rnd = state.current
    shown = None if rnd is None else (rnd.number, rnd.gen)
    gift = Gift("swapped", player, hero, other, after[other], shown=shown)
    await tell_swap(core, tournament, gift)
    if shown is not None:
        await reveal(core, tournament_id, shown, again=(player, other))
    return gift


async def give_before(
    core: SwissCore, tx: Tx, tournament: Tournament, player: int, hero: str, actor: int
) -> Gift:
    """Before the deal: remember the gift (one player per hero; a player one hero)."""
    if player not in await core.everyone(tx, tournament.id):
        return Gift("not_player", player, hero)
    given = {p: h for p, h in given_heroes(tournament).items() if h != hero and p != player}
    given[player] = hero
    settings = dict(tournament.settings)
    settings["heroes_given"] = {str(p): h for p, h in given.items()}
    await tournaments.update_settings(tx, tournament.id, settings)
    await core.audit(tx, tournament.id, actor, "heroes_give", {"player": player, "hero": hero})
    return Gift("given", player, hero)


async def tell_swap(core: SwissCore, tournament: Tournament, gift: Gift) -> None:
    """Both players of a swap learn their new heroes, privately only."""
    assert gift.other is not None
    found = await people(core, [gift.player, gift.other])
    for pid, hero in ((gift.player, gift.hero), (gift.other, gift.theirs)):
        if pid not in found:
            continue
        t = core.t(await core.lang(found[pid].telegram_id))
        text = t("heroes.your_new_hero", tournament=tournament.name, hero=hero)
        await core.notifier.to_user(found[pid].telegram_id, "", text, fallback_chat=None)


def log_line(t: T, payload: dict[str, Any], names: Names) -> str:
    """The ``/log`` line of a ``sw_heroes`` event: how many were dealt, or who swapped with
    whom; never which hero anyone has (``/log`` may be read in the group)."""
    swap = payload.get("swap")
    if swap:
        return t("log.sw_heroes_swap", player=names[int(swap[0])], other=names[int(swap[1])])
    return t("log.sw_heroes", count=len(payload.get("heroes") or {}))
