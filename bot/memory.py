"""The club's memory of who played whom (issue 27, item 4): ``/h2h`` (two players' record over
every tournament and discipline, ``rules.h2h``) and the nemesis on ``/profile``.

The games are read from what is stored, through the kind contract: each tournament both
players took part in (``db.memory``) says its games (``KindService.played``, replayed from its
events: a judge's void or correction is already applied), and one pure function counts them.
Nothing is kept apart from the tournaments' own logs, so a corrected result corrects the
record too.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Mapping
from typing import TYPE_CHECKING

from bot import numbers
from bot.errors import UserError
from bot.roles import club_groups_in
from bot.texts import Texts, Tr
from db import memory, players, reports
from db.database import Database, Tx
from db.models import Player
from db.tournaments import Tournament
from rules.h2h import Mark, Meeting, Nemesis, Record, head_to_head, nemesis
from rules.memory import Played

if TYPE_CHECKING:
    from bot.kind import KindService

#: how many tournaments' games are kept (``ClubMemory.played``): a club's few years
KEPT = 4096
#: how each meeting reads in «the last five» (the same in every language)
MARKS = {Mark.WIN: "✅", Mark.DRAW: "🤝", Mark.LOSS: "❌"}


class ClubMemory:
    """See the module docstring."""

    def __init__(
        self,
        db: Database,
        texts: Texts,
        kinds: Mapping[str, KindService],
        club: tuple[frozenset[int], frozenset[int]] = (frozenset(), frozenset()),
    ) -> None:
        """``club``: ``ORGANIZER_IDS`` and ``CLUB_GROUPS`` (whose tournaments count whole)."""
        self._db = db
        self._texts = texts
        self._kinds = kinds
        self._listed, self._club = club
        #: what each tournament said, by the last event and the status it was read at: a read
        #: over many past tournaments replays each once, not at every ``/h2h`` (``benchmarks.
        #: club_memory``); a new event or status reads it again
        self._said: OrderedDict[int, tuple[tuple[int, str], Played]] = OrderedDict()

    def forget(self) -> None:
        """Drop what is kept (the next read replays every tournament: a cold read)."""
        self._said.clear()

    async def played(self, tx: Tx, tournament: Tournament) -> Played:
        """The tournament's games and places (``KindService.played``), kept while its log
        and status stay as they are."""
        version = (await memory.last_event(tx, tournament.id), tournament.status)
        kept = self._said.get(tournament.id)
        if kept is not None and kept[0] == version:
            self._said.move_to_end(tournament.id)
            return kept[1]
        kind = self._kinds.get(tournament.kind)
        said = Played() if kind is None else await kind.played(tx, tournament)
        self._said[tournament.id] = (version, said)
        while len(self._said) > KEPT:
            self._said.popitem(last=False)
        return said

    async def meetings(self, tx: Tx, found: list[Tournament]) -> list[Meeting]:
        """Every game of ``found`` as a meeting (ordered by the tournament's start).

        As for the ratings (``bot.roles.vouchers``, issue 29): a tournament held outside the
        club's groups counts only the games between two players who each vouched for a result
        of it themselves (reported or confirmed one); results another group's organiser typed
        in make nobody anybody's nemesis."""
        club = await club_groups_in(tx, self._listed, self._club)
        out: list[Meeting] = []
        for tournament in found:
            played = await self.played(tx, tournament)
            who = None if tournament.chat_id in club else await reports.vouchers(tx, tournament.id)
            when = tournament.started_at or ""
            out += [
                Meeting(when, tournament.id, number, g.a, g.b, g.winner)
                for number, g in enumerate(played.games, start=1)
                if who is None or {g.a, g.b} <= who
            ]
        return out

    async def opponent(self, me: int, *, telegram_id: int | None, arg: str | None) -> Player:
        """Whom ``/h2h`` asks about: the Telegram user replied to (``telegram_id``), else
        ``@username`` or a club number (``arg``); ``UserError`` when nobody or himself."""
        async with self._db.read() as tx:
            found = await named_player(tx, telegram_id, arg)
        if found is None:
            raise UserError("h2h.unknown" if telegram_id or arg else "h2h.usage")
        if found.id == me:
            raise UserError("h2h.yourself")
        return found

    async def record(self, me: int, them: int) -> tuple[Record, Mapping[int, str]]:
        """``me``'s record against ``them``, and the names of the tournaments it shows."""
        async with self._db.read() as tx:
            found = await memory.shared(tx, me, them)
            games = await self.meetings(tx, found)
        return head_to_head(games, me, them), {t.id: t.name for t in found}

    async def h2h_text(self, me: int, them: Player, lang: str) -> str:
        """The ``/h2h`` answer: games, wins, draws, losses, who leads, the last five."""
        record, names = await self.record(me, them.id)
        t = Tr(self._texts, lang)
        if record.games == 0:
            return t("h2h.never", name=them.display_name)
        lines = [
            t("h2h.title", name=them.display_name, games=record.games),
            t("h2h.score", wins=record.wins, draws=record.draws, losses=record.losses),
            self._leader(t, record, them.display_name),
            t("h2h.last", count=len(record.last)),
        ]
        for meeting, seen in record.last:
            tournament = names.get(meeting.tournament, "")
            lines.append(t("h2h.last_line", mark=MARKS[seen], tournament=tournament))
        return "\n".join(lines)

    @staticmethod
    def _leader(t: Tr, record: Record, name: str) -> str:
        lead = abs(record.wins - record.losses)
        if record.leader is None:
            return t("h2h.level")
        if record.leader == record.me:
            return t("h2h.you_lead", lead=lead)
        return t("h2h.they_lead", name=name, lead=lead)

    async def nemesis_of(self, player: int) -> tuple[Nemesis, str] | None:
        """The player's nemesis (``rules.h2h.nemesis``) and his name; ``None``: nobody."""
        async with self._db.read() as tx:
            games = await self.meetings(tx, await memory.of_player(tx, player))
            found = nemesis(games, player)
            if found is None:
                return None
            other = await players.by_id(tx, found.player)
        return found, other.display_name if other is not None else f"#{found.player}"

    async def nemesis_text(self, player: int, lang: str) -> str | None:
        """The ``/profile`` line naming the nemesis; ``None`` when there is none."""
        found = await self.nemesis_of(player)
        if found is None:
            return None
        rival, name = found
        record = rival.record
        return Tr(self._texts, lang)(
            "h2h.nemesis",
            name=name,
            losses=record.losses,
            games=record.games,
            club_id=rival.player,
        )


async def named_player(tx: Tx, telegram_id: int | None, arg: str | None) -> Player | None:
    """The player a command names: the Telegram user replied to (``telegram_id``), else the
    first word of ``arg``, ``@username`` or a club number; ``None``: nobody such."""
    words = (arg or "").split()[:1]
    if telegram_id is not None:
        return await players.by_telegram(tx, telegram_id)
    if not words:
        return None
    word = words[0]
    if word.startswith("@"):
        user = await players.tg_user_by_username(tx, word[1:])
        return None if user is None else await players.by_telegram(tx, user.id)
    if numbers.is_whole(word.lstrip("#")) and len(word) < 10:
        return await players.by_id(tx, int(word.lstrip("#")))
    return None
