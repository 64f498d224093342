"""No-shows across tournaments (issue 27, item 7).

A no-show is a technical loss for absence, as each kind records it and says it through the
kind contract (``rules.memory.Played.no_shows``, ``bot.memory.ClubMemory.played``); nothing is
kept apart from the tournaments' own logs, so a judge's correction corrects the count too.
``rules.no_shows`` counts them (one per tournament, a window of 60 days).

What it does with them, and nothing more (nothing is automatic beyond the notice):

- an organiser's ``/profile`` of a player lists his no-shows (``profile_text``);
- when a player with his third no-show in 60 days enters a tournament by himself, the
  tournament's organiser is told privately, once per no-show that flagged him (a new no-show
  tells again at the next entry); a player's own entry never learns of it;
- a group's organisers may require their approval for such a player's entries
  (``/noshows approval on``, off by default): his entry then waits for an organiser's
  «accept» as a late entry does (a kind whose entries can wait: ``bot.kind.GatesEntries``).
"""

from __future__ import annotations

from datetime import datetime, tzinfo

from bot import formats
from bot.clock import Clock
from bot.errors import UserError
from bot.memory import ClubMemory, named_player
from bot.notify import Notifier
from bot.outbox import Outbox
from bot.texts import Texts, Tr, pick_language
from db import memory, no_shows, players
from db.database import Database, Tx
from db.tournaments import Tournament
from rules.no_shows import WINDOW, NoShow, flagged, per_tournament, recent


class NoShows:
    """See the module docstring."""

    def __init__(
        self,
        db: Database,
        texts: Texts,
        memory: ClubMemory,
        notifier: Notifier,
        outbox: Outbox,
        clock: Clock,
        zone: tzinfo,
    ) -> None:
        self._db = db
        self._texts = texts
        self._memory = memory
        self._notifier = notifier
        self._outbox = outbox
        self._clock = clock
        self._zone = zone

    async def of_player(self, tx: Tx, player: int) -> list[NoShow]:
        """Every no-show of the player, one per tournament, oldest first."""
        return list(await self._named(tx, player))

    async def _named(self, tx: Tx, player: int) -> dict[NoShow, str]:
        """The player's no-shows (oldest first) and their tournaments' names."""
        found: dict[NoShow, str] = {}
        for tournament in await memory.of_player(tx, player):
            said = await self._memory.played(tx, tournament)
            if player not in said.no_shows or tournament.started_at is None:
                continue
            at = datetime.fromisoformat(tournament.started_at)
            found[NoShow(at, tournament.id, player)] = tournament.name
        return {each: found[each] for each in per_tournament(found)}

    async def profile_text(self, player: int, lang: str, now: datetime) -> str:
        """The no-shows' block of an organiser's ``/profile`` of the player."""
        async with self._db.read() as tx:
            named = await self._named(tx, player)
        found = list(named)
        t = Tr(self._texts, lang)
        if not found:
            return t("noshow.profile_none")
        lines = [
            t(
                "noshow.profile_title",
                count=len(found),
                recent=len(recent(found, player, now)),
                days=WINDOW.days,
            )
        ]
        for each in reversed(found):  # the latest first
            when = formats.day(each.at.astimezone(self._zone).date())
            lines.append(t("noshow.profile_line", day=when, tournament=named[each]))
        return "\n".join(lines)

    async def approval(self, chat_id: int) -> bool:
        async with self._db.read() as tx:
            return await no_shows.approval(tx, chat_id)

    async def set_approval(self, chat_id: int, on: bool) -> None:
        async with self._db.transaction() as tx:
            await no_shows.set_approval(tx, chat_id, on)

    async def entering(self, tournament: Tournament, player: int) -> bool:
        """``bot.kind.EntryGate``: the player enters ``tournament`` by himself. With his third
        no-show in 60 days the organiser who created it is told (once per flagging no-show);
        ``True`` when the group requires approval for such entries."""
        now = self._clock.now()
        async with self._db.read() as tx:
            found = flagged(await self.of_player(tx, player), player, now)
            if not found:
                return False
            held = await no_shows.approval(tx, tournament.chat_id)
            who = await players.by_id(tx, player)
            organiser = await players.tg_user(tx, tournament.created_by)
        name = who.display_name if who is not None else f"#{player}"
        if await self._notifier.reachable(tournament.created_by):
            lang = pick_language(
                organiser.language_code if organiser else None, self._texts.default
            )
            t = Tr(self._texts, lang)
            told = t(
                "noshow.organiser_told",
                name=name,
                club_id=player,
                count=len(found),
                days=WINDOW.days,
            )
            then = t(
                "noshow.organiser_held" if held else "noshow.organiser_not_held",
                tournament=tournament.name,
            )
            text = f"{told}\n{then}"
            key = f"noshow:{tournament.created_by}:{player}:{found[-1].tournament}"
            await self._outbox.send_once(key, tournament.created_by, text)
        return held

    async def player_text(self, telegram_id: int | None, arg: str | None, lang: str) -> str:
        """An organiser's ``/profile`` of another player (replied to, ``@username`` or a club
        number): who he is and his no-shows; ``UserError`` when there is no such player."""
        async with self._db.read() as tx:
            found = await named_player(tx, telegram_id, arg)
        if found is None:
            raise UserError("noshow.profile_unknown")
        head = Tr(self._texts, lang)("noshow.profile_of", name=found.display_name, club_id=found.id)
        return head + "\n\n" + await self.profile_text(found.id, lang, self._clock.now())
