"""Who may do what: organisers (group administrators or listed ids) and per-tournament judges.

``Roles.refusal`` (and ``Roles.require``, which raises it) is the one check of a person's right
to act on a tournament, used by every organiser/judge command and every button: the rights are
those of the tournament's OWN group (its administrators, ORGANIZER_IDS, its judges), never of
the chat the command or button came from, and a group may not act on another group's
tournament at all. ``Roles.can`` answers the same question for a chat with no tournament yet
(``/new``, ``/help``). Administrators are asked from Telegram and cached briefly (a minute), so
a demoted admin loses his rights quickly without the bot asking Telegram at every press.
"""

from __future__ import annotations

import enum
import logging
import time

from aiogram import Bot
from aiogram.exceptions import TelegramAPIError

from bot.errors import UserError
from bot.notify import Notifier
from db import players, reports, tournaments
from db.database import Database, Tx
from db.tournaments import Tournament

log = logging.getLogger(__name__)

ADMIN_CACHE_SECONDS = 60.0


class Role(enum.IntEnum):
    """What an action needs; a higher role includes the lower ones."""

    PLAYER = 0
    JUDGE = 1  #: judge of that tournament (organisers are judges of every tournament of the club)
    ORGANISER = 2  #: administrator of the tournament's group, or listed in ORGANIZER_IDS


async def club_groups(db: Database, listed: frozenset[int], club: frozenset[int]) -> set[int]:
    """The club's own groups (``club_groups_in``), read now."""
    async with db.read() as tx:
        return await club_groups_in(tx, listed, club)


async def club_groups_in(tx: Tx, listed: frozenset[int], club: frozenset[int]) -> set[int]:
    """The club's own groups: ``CLUB_GROUPS`` (``club``), and the groups of the tournaments its
    listed organisers (``ORGANIZER_IDS``) created. With neither set (a bot in one club's
    group), the groups where tournaments were held: set one of them once the bot is in another
    club's group too, or that group's admins count as the club's."""
    recent = await tournaments.recent(tx, 200)
    if not club and not listed:
        return {found.chat_id for found in recent}
    return set(club) | {t.chat_id for t in recent if t.created_by in listed}


async def of_club(tx: Tx, listed: frozenset[int], club: frozenset[int], chat_id: int) -> bool:
    """The group ``chat_id`` is one of the club's (``club_groups_in``). With neither
    ``CLUB_GROUPS`` nor ``ORGANIZER_IDS`` set, every group is (a bot in one club's groups)."""
    if not club and not listed:
        return True
    return chat_id in await club_groups_in(tx, listed, club)


async def vouchers(
    tx: Tx, listed: frozenset[int], club: frozenset[int], tournament: Tournament
) -> set[int] | None:
    """Whose ratings a finished tournament's results may move: everyone's (``None``) when it
    was played in one of the club's groups (``club_groups_in``: their judges are the club's);
    in any other group only the players who vouched for a result themselves, reporting or
    confirming it (``db.reports.vouchers``). Results another group's organiser typed in move
    nobody's rating, of any kind (issue 29: a stranger's «tournament» took club players'
    ratings up and down), and one game his two accomplices confirmed moves theirs alone."""
    if tournament.chat_id in await club_groups_in(tx, listed, club):
        return None
    return await reports.vouchers(tx, tournament.id)


class Roles:
    def __init__(
        self,
        bot: Bot,
        db: Database,
        notifier: Notifier,
        organiser_ids: frozenset[int],
        club_groups: frozenset[int] = frozenset(),
        ratings_shared: bool = True,
    ) -> None:
        self._bot = bot
        self._db = db
        self.notifier = notifier
        self._listed = organiser_ids
        self._club = club_groups
        #: ``RATINGS_TO_OTHER_GROUPS``: the rating table for anyone anywhere (``sees_ratings``)
        self._ratings_shared = ratings_shared
        self._admins: dict[tuple[int, int], tuple[float, bool]] = {}

    async def is_organiser(self, user_id: int, chat_id: int | None) -> bool:
        """An organiser of the club whose group is ``chat_id`` (listed ids everywhere)."""
        if user_id in self._listed:
            return True
        if chat_id is None or chat_id > 0:
            return False
        key = (chat_id, user_id)
        cached = self._admins.get(key)
        if cached is not None and time.monotonic() - cached[0] < ADMIN_CACHE_SECONDS:
            return cached[1]
        try:
            member = await self._bot.get_chat_member(chat_id, user_id)
            admin = member.status in ("creator", "administrator")
        except TelegramAPIError as exc:
            log.warning("cannot ask Telegram about %s in %s: %s", user_id, chat_id, exc)
            admin = False
        self._admins[key] = (time.monotonic(), admin)
        return admin

    async def club_groups(self) -> set[int]:
        """The club's own groups (``club_groups``)."""
        return await club_groups(self._db, self._listed, self._club)

    async def club_organiser(self, user_id: int, chat_id: int) -> bool:
        """May change what is the club's (the card list, the banned lists): one listed in
        ``ORGANIZER_IDS``, or an admin of one of the club's groups (``club_groups``) — in a
        group, of that group, which must be the club's; in private, of any of them. An admin
        of some other group is no organiser of the club (issue 29)."""
        if user_id in self._listed:
            return True
        groups = await self.club_groups()
        if chat_id < 0:
            return chat_id in groups and await self.is_organiser(user_id, chat_id)
        for group in sorted(groups):
            if await self.is_organiser(user_id, group):
                return True
        return False

    async def sees(self, user_id: int, tournament: Tournament) -> bool:
        """May have the tournament's board link from a private chat: he plays in it or judges
        it, is a listed organiser, or is in its group (``/board``: the token protects the page
        only if the link goes to those who may see it)."""
        if user_id in self._listed or await self.is_judge(user_id, tournament.id):
            return True
        async with self._db.read() as tx:
            player = await players.by_telegram(tx, user_id)
            entered = [p.player_id for p in await tournaments.participants(tx, tournament.id)]
        if player is not None and player.id in entered:
            return True
        return await self.notifier.in_chat(user_id, tournament.chat_id)

    async def sees_ratings(self, user_id: int, chat_id: int) -> bool:
        """May have the club's rating table (``/rating``) in ``chat_id``: in the club's groups
        (``of_club``); privately, one of the club's people: a listed organiser, a player with a
        rating, a member of one of the club's groups. Another group and a stranger in private
        (another group's admin) only when the club shares its table (``RATINGS_TO_OTHER_GROUPS``,
        off by default: a club's table and who is in it are its own, issue 29)."""
        if self._ratings_shared or user_id in self._listed:
            return True
        async with self._db.read() as tx:
            if chat_id < 0:
                return await of_club(tx, self._listed, self._club, chat_id)
            if not self._club and not self._listed:
                return True
            player = await players.by_telegram(tx, user_id)
            rated = player is not None and bool(await players.ratings_of(tx, player.id))
            groups = await club_groups_in(tx, self._listed, self._club)
        if rated:
            return True
        for group in sorted(groups):
            if await self.notifier.in_chat(user_id, group):
                return True
        return False

    async def is_judge(self, user_id: int, tournament_id: int) -> bool:
        async with self._db.read() as tx:
            found = await tx.value(
                "SELECT 1 FROM judges WHERE tournament_id = ? AND user_id = ?",
                (tournament_id, user_id),
            )
        return found is not None

    async def can(
        self, user_id: int, need: Role, *, chat_id: int | None, tournament_id: int | None = None
    ) -> bool:
        """True when the user has the role ``need`` for this chat / tournament."""
        if need is Role.PLAYER:
            return True
        if await self.is_organiser(user_id, chat_id):
            return True
        if need is Role.JUDGE and tournament_id is not None:
            return await self.is_judge(user_id, tournament_id)
        return False

    async def refusal(
        self, user_id: int, need: Role, tournament: Tournament, *, where: int | None
    ) -> str | None:
        """The locale key of the refusal when the user may not do what needs ``need`` to
        ``tournament`` from the chat ``where`` (``None`` when he may).

        ``where`` is the chat of the command or of the pressed button. A group can act only on
        its own tournaments: Telegram lets anyone add the bot to a group and forge any button's
        data there, and tournament ids are sequential. A private chat may act on any (the rights
        still come from the tournament's group)."""
        if where is not None and where < 0 and where != tournament.chat_id:
            return "common.other_group"
        if need is Role.PLAYER:
            return None
        chat, tid = tournament.chat_id, tournament.id
        if await self.can(user_id, need, chat_id=chat, tournament_id=tid):
            return None
        return "common.organisers_only" if need is Role.ORGANISER else "common.not_allowed"

    async def require(
        self, user_id: int, need: Role, tournament: Tournament, *, where: int | None
    ) -> None:
        """``refusal`` as a ``UserError`` (the error router answers it)."""
        key = await self.refusal(user_id, need, tournament, where=where)
        if key is not None:
            raise UserError(key)

    def forget(self, chat_id: int, user_id: int) -> None:
        """Drop a cached answer (a chat_member update said the status changed)."""
        self._admins.pop((chat_id, user_id), None)
