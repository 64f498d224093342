"""Deck lists in the chat (issue 13): a player's list, a judge's edit, the club's card list and
banned lists, the highest strictness's check at ``/begin`` and the Top's lists published.

Choices where the regulation is silent:

- **Stored lists.** A list is stored only when it passes the checks; one with errors is
  answered with them and the earlier list (if any) stays. The text is stored as sent and read
  again by the rules when shown, so a card list loaded later shows its facts.
- **When** (``rules.decks.window``). Constructed lists open with registration and lock when
  ``/begin`` pairs round 1; a Limited format's open when its pool exists (the Sealed product
  opened, the draft seated; not while a booster is picked) and lock when round 1 is paired,
  where the highest strictness checks them. After that only a judge of the tournament
  (organisers are judges of every tournament) edits one, and the player is told privately what
  changed. Nothing changes after the finish.
- **Who sees.** The player and the tournament's judges (707, 001 9.2: «игроки не имеют право
  просмотра дэк-листов, кроме своих собственных»); once the tournament is over, the organiser
  may publish the Top's lists in the group (001 9.2: «дэк-листы победителей могут быть
  опубликованы»).
- **The card list and the banned lists** are the club's (one bot, one club): any organiser
  loads or changes them.
- **Which tournaments.** Those of a kind whose ``KindSpec.deck_lists`` is set; its service is
  the ``bot.kind.DeckHost`` asked who plays, the window, a player's own restriction (a side's
  card list, a team's pool), the log of a judge's edit and the final places.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from bot.decks import views
from bot.errors import UserError
from bot.texts import Html, Translate, pick_language
from db import decks as stored_decks
from db import players, tournaments
from db.database import Tx
from db.models import Player
from db.tournaments import Tournament
from rules.decks import (
    CardList,
    Change,
    DeckRules,
    Problem,
    SubFormat,
    Verdict,
    changes,
    check_list,
    parse_list,
    read_card_list,
)
from rules.decks import deck_rules as rules_of
from rules.decks.window import Window
from rules.text import visible

if TYPE_CHECKING:
    from bot.infra import Infra
    from bot.kind import DeckHost

log = logging.getLogger(__name__)

SUB_FORMATS = tuple(sub.value for sub in SubFormat)
"""The Constructed sub-formats, each with its banned list (``rules.decks.SubFormat``)."""
TOP_WITHOUT_BRACKET = 4
"""The lists published when a tournament had no Top: its first four places."""


@dataclass(frozen=True, slots=True)
class Submitted:
    """A list sent for a player: its verdict, whether it was stored, what it changed."""

    verdict: Verdict
    rules: DeckRules
    stored: bool
    changed: list[Change]


class DeckService:
    """What the deck handlers call."""

    def __init__(self, infra: Infra, hosts: Mapping[str, DeckHost]) -> None:
        self.infra = infra
        self.db = infra.db
        self.clock = infra.clock
        self.notifier = infra.notifier
        #: the service of each kind that takes deck lists, by ``Tournament.kind``
        self.hosts = hosts
        #: the club's card list as last read (``None``: none loaded); ``_unread`` until then
        self._cards: CardList | None = None
        self._unread = True

    # -- the club's card list and banned lists
    async def card_list(self, tx: Tx) -> CardList | None:
        """The club's card list, read once and kept: read for each check, 20 000 cards made a
        ``/deck`` check take 100–390 ms (issue 29); only ``load_cards`` changes it."""
        if self._unread:
            self._cards, self._unread = await stored_decks.card_list(tx), False
        return self._cards

    async def load_cards(self, text: str) -> tuple[int, list[Problem]]:
        """Replace the card list by a CSV's cards (nothing changes when it has none). Read in a
        worker thread: a large file does not hold up the presses meanwhile."""
        cards, problems = await asyncio.to_thread(read_card_list, text)
        if len(cards):
            async with self.db.transaction() as tx:
                await stored_decks.replace_card_list(tx, cards)
            self._cards, self._unread = cards, False
        return len(cards), problems

    async def banned(self, sub_format: str) -> list[str]:
        async with self.db.read() as tx:
            return await stored_decks.banned_names(tx, sub_format)

    async def change_banned(self, sub_format: str, names: list[str], add: bool, actor: int) -> int:
        """Add (or remove) cards of a banned list; how many changed it."""
        now = self.clock.now().isoformat()
        done = 0
        async with self.db.transaction() as tx:
            for name in names:
                if add:
                    done += await stored_decks.ban(tx, sub_format, name, actor, now)
                else:
                    done += await stored_decks.unban(tx, sub_format, name) is not None
        return done

    def host(self, tournament: Tournament) -> DeckHost:
        """The service of the tournament's kind (``DeckHost``)."""
        return self.hosts[tournament.kind]

    def t(self, lang: str | None = None) -> Translate:
        language = lang or self.infra.texts.default

        def t(key: str, **values: object) -> str:
            return self.infra.texts.get(language, key, **values)

        return t

    async def lang(self, telegram_id: int) -> str:
        async with self.db.read() as tx:
            user = await players.tg_user(tx, telegram_id)
        return pick_language(user.language_code if user else None, self.infra.texts.default)

    async def names(self, tx: Tx, ids: list[int]) -> dict[int, str]:
        found = await players.many(tx, ids)
        return {pid: p.display_name for pid, p in found.items()}

    async def rules(
        self, tx: Tx, tournament: Tournament, player_id: int | None = None
    ) -> DeckRules:
        """The rules of the tournament's lists; with ``player_id``, his list's own (the
        kind's restriction: ``DeckHost.deck_restriction``)."""
        banned = await stored_decks.banned(tx)
        cards = await self.card_list(tx)
        options = self.host(tournament).deck_options(tournament)
        rules = rules_of(options, tournament.discipline, banned, cards)
        if player_id is None:
            return rules
        restriction = await self.host(tournament).deck_restriction(tx, tournament, player_id)
        return rules if restriction is None else replace(rules, restriction=restriction)

    # -- a player's list
    async def submit(
        self, tournament: Tournament, player: Player, text: str, actor: int, *, judge: bool
    ) -> Submitted:
        """Check a list and store it when it passes. A player's own list only while the
        window is open (``rules.decks.window``); a judge's edit while the tournament is open.
        The text loses what draws nothing (``rules.text.visible``: a card's name as names
        are)."""
        text = "\n".join(visible(line) for line in text.splitlines())
        async with self.db.transaction() as tx:
            found = await tournaments.get(tx, tournament.id)
            if found is None or not found.is_open:
                raise UserError("decks.closed", name=tournament.name)
            if not judge and (key := await self.refusal(tx, found)) is not None:
                raise UserError(key, name=tournament.name)
            if not await self.plays(tx, found, player.id):
                raise UserError("decks.not_in", name=tournament.name)
            rules = await self.rules(tx, found, player.id)
            verdict = check_list(text, rules)
            earlier = await stored_decks.stored(tx, found.id, player.id)
            if not verdict.valid:
                return Submitted(verdict, rules, False, [])
            before = parse_list(earlier.text)[0] if earlier else parse_list("")[0]
            changed = changes(before, verdict.deck)
            now = self.clock.now().isoformat()
            await stored_decks.store(tx, found.id, player.id, text, True, actor, now)
            if judge and player.telegram_id != actor:
                await self.host(found).deck_edited(tx, found.id, player.id, actor)
        return Submitted(verdict, rules, True, changed)

    async def refusal(self, tx: Tx, tournament: Tournament) -> str | None:
        """Why a player's own list is not taken now (a text's key), ``None`` when it is: the
        tournament's window (``rules.decks.window``); over: ``decks.closed``."""
        if not tournament.is_open:
            return "decks.closed"
        window = await self.host(tournament).deck_window(tx, tournament)
        return None if window is Window.OPEN else f"decks.window_{window.value}"

    async def own_list_refusal(self, tournament: Tournament, *, judge: bool) -> str | None:
        """What ``/deck`` answers instead of asking for a list (a text's key), ``None`` when
        it asks: a judge until the finish, a player in the window."""
        if judge:
            return None if tournament.is_open else "decks.closed"
        async with self.db.read() as tx:
            return await self.refusal(tx, tournament)

    async def plays(self, tx: Tx, tournament: Tournament, player_id: int) -> bool:
        """Whether the player is in the tournament (dropped players keep their list)."""
        return player_id in await self.host(tournament).entrants(tx, tournament.id)

    async def tell_player(
        self, tournament: Tournament, player: Player, changed: list[Change]
    ) -> None:
        """A judge changed his list: tell him privately what changed (never in the group)."""
        if player.telegram_id is None:
            return
        t = self.t(await self.lang(player.telegram_id))
        async with self.db.read() as tx:
            rules = await self.rules(tx, tournament, player.id)
        lines = views.change_lines(t, rules, changed) or [t("decks.change_none")]
        text = t("decks.told_edit", name=tournament.name, changes=Html("\n".join(lines)))
        await self.notifier.to_user(
            player.telegram_id, player.display_name, text, fallback_chat=None
        )

    def edited_text(
        self, lang: str, tournament: Tournament, player: Player, sent: Submitted
    ) -> str:
        """The judge's answer after his edit: whose list, and what changed."""
        t = self.t(lang)
        lines = views.change_lines(t, sent.rules, sent.changed) or [t("decks.change_none")]
        return t("decks.edited", player=player.display_name, changes=Html("\n".join(lines)))

    async def view(self, tournament: Tournament, player: Player, lang: str) -> str | None:
        """A player's stored list as text; ``None`` when he has none."""
        t = self.t(lang)
        async with self.db.read() as tx:
            listed = await stored_decks.stored(tx, tournament.id, player.id)
            rules = await self.rules(tx, tournament, player.id)
        if listed is None:
            return None
        verdict = check_list(listed.text, rules)
        head = t(
            "decks.shown",
            player=player.display_name,
            name=tournament.name,
            fmt=views.format_name(t, rules),
        )
        shown = f"{head}\n\n{views.deck_text(t, rules, verdict.deck)}"
        if listed.valid and verdict.pending is not None:  # still awaiting the judge's check
            shown += "\n\n" + t("decks.note_horde_unknown", names=verdict.pending)
        return shown

    def verdict_text(self, lang: str, tournament: Tournament, sent: Submitted) -> str:
        """The answer to a list: understood and stored, or the numbered errors."""
        t = self.t(lang)
        verdict, rules = sent.verdict, sent.rules
        fmt = views.format_name(t, rules)
        if not sent.stored:
            errors = "\n".join(views.errors_text(t, rules, verdict))
            head = t("decks.refused", count=len(verdict.errors), name=tournament.name, fmt=fmt)
            parts = [head, errors]
        elif verdict.pending is not None:
            head = t("decks.accepted_pending", name=tournament.name, fmt=fmt, names=verdict.pending)
            parts = [head, views.deck_text(t, rules, verdict.deck)]
        else:
            head = t("decks.accepted", name=tournament.name, fmt=fmt)
            parts = [head, views.deck_text(t, rules, verdict.deck)]
        notes = views.notes_text(t, rules, verdict, told=verdict.pending is not None)
        if notes:
            parts.append("\n".join(notes))
        return "\n\n".join(parts)

    # -- the tournament's lists

    async def status(self, tournament: Tournament, lang: str) -> str:
        """The judges' ``/decks``: who has a list, whose waits for the judge's check (4–5
        copies the card list cannot vouch for, read again with today's lists) and who has
        none."""
        t = self.t(lang)
        async with self.db.read() as tx:
            active = await self.host(tournament).active(tx, tournament.id)
            valid = await stored_decks.valid_players(tx, tournament.id)
            names = await self.names(tx, active)
            pending: dict[int, str] = {}
            for player in sorted(valid & set(active)):
                rules = await self.rules(tx, tournament, player)
                listed = await stored_decks.stored(tx, tournament.id, player)
                cards = check_list(listed.text, rules).pending if listed else None
                if cards is not None:
                    pending[player] = cards
        lines = []
        for p in active:
            if p in pending:
                line = t("decks.status_pending", player=names[p], id=p, names=pending[p])
            else:
                mark = "✅" if p in valid else "—"
                line = t("decks.status_line", mark=mark, player=names[p], id=p)
            lines.append(line)
        done = sum(p in valid for p in active)
        head = t("decks.status", name=tournament.name, done=done, count=len(active))
        if pending:
            head += "\n" + t("decks.status_pending_count", count=len(pending))
        return "\n".join([head, *lines])

    async def publish(self, tournament: Tournament) -> None:
        """Post the Top's lists in the tournament's group (the tournament is over)."""
        text = await self.published(tournament, self.infra.group_lang())
        await self.infra.sender.send(tournament.chat_id, text)

    async def published(self, tournament: Tournament, lang: str) -> str:
        """The Top's lists, best place first, for the group (the tournament is over)."""
        if tournament.status != "finished":
            raise UserError("decks.publish_running", name=tournament.name)
        t = self.t(lang)
        async with self.db.read() as tx:
            rows, size = await self.host(tournament).final_places(tx, tournament)
            names = await self.names(tx, [row.player for row in rows[:size]])
            rules = await self.rules(tx, tournament)
            blocks = [t("decks.published", name=tournament.name)]
            for row in rows[:size]:
                pid = row.player
                listed = await stored_decks.stored(tx, tournament.id, pid)
                title = t("decks.published_place", place=row.place, player=names[pid])
                if listed is None:
                    blocks.append(f"{title}\n{t('decks.published_none')}")
                    continue
                deck = parse_list(listed.text)[0]
                blocks.append(f"{title}\n{views.deck_text(t, rules, deck)}")
        return "\n\n".join(blocks)

    async def rules_for(self, tournament: Tournament) -> DeckRules:
        """The deck rules of ``tournament`` (its format and the club's lists)."""
        async with self.db.read() as tx:
            return await self.rules(tx, tournament)

    async def tournaments_for(self, player_id: int, wanted: int | None) -> list[Tournament]:
        """The card tournaments a deck list may be for: the one numbered, else the player's
        open ones."""
        async with self.db.read() as tx:
            if wanted is not None:
                found = await tournaments.get(tx, wanted)
                return [found] if found is not None and found.kind in self.hosts else []
            playing = await tournaments.open_for_player(tx, player_id)
        return [x for x in playing if x.kind in self.hosts]

    async def awaited(self, tournament_id: int, player_id: int) -> tuple[Tournament, Player] | None:
        """The tournament and the player of a list the bot waits for (``None``: gone)."""
        async with self.db.read() as tx:
            tournament = await tournaments.get(tx, tournament_id)
            target = await players.by_id(tx, player_id)
        return None if tournament is None or target is None else (tournament, target)

    async def player_by_telegram(self, telegram_id: int) -> Player | None:
        async with self.db.read() as tx:
            return await players.by_telegram(tx, telegram_id)

    async def find_player(self, arg: str) -> Player | None:
        """The player ``/deck @username`` or ``/deck <club ID>`` names."""
        return await self.infra.registry.find_player(arg)
