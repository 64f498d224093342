"""Which tournament a command means.

In a group: the group's open tournament (the newest one when several are open, unless the
command names one by id, e.g. ``/standings 12``); the views also show the last finished one
when none is open (``shown``). In a private chat: the open tournament the
user plays in or judges, else the newest open tournament of the club (for organisers).
"""

from __future__ import annotations

from collections.abc import Collection

from bot import numbers
from bot.kinds import BY_NAME
from db import players, tournaments
from db.database import Database
from db.tournaments import Tournament


def id_argument(args: str | None) -> int | None:
    """A leading ``12`` or ``#12`` in the command's arguments."""
    if not args:
        return None
    first = args.split()[0].lstrip("#")
    # Not ``isdigit``: it takes "²", which ``int`` refuses. An id out of range names nothing.
    return int(first) if numbers.is_whole(first) and len(first) < 10 else None


class Directory:
    """Finds the tournament a command means (see the module docstring)."""

    def __init__(self, db: Database) -> None:
        self.db = db

    async def open_tournaments(self, limit: int = 30) -> list[Tournament]:
        """The open tournaments among the club's ``limit`` newest, newest first."""
        return await open_tournaments(self.db, limit)

    async def by_id(self, tournament_id: int) -> Tournament | None:
        async with self.db.read() as tx:
            return await tournaments.get(tx, tournament_id)

    async def shown(
        self, chat_id: int, user_id: int, args: str | None, kind: str | None = None
    ) -> Tournament | None:
        """See ``shown``."""
        return await shown(self.db, chat_id, user_id, args, kind)

    async def latest(self, chat_id: int, user_id: int, args: str | None) -> Tournament | None:
        """See ``latest``."""
        return await latest(self.db, chat_id, user_id, args)

    async def current(
        self,
        chat_id: int,
        user_id: int,
        args: str | None = None,
        *,
        kind: str | Collection[str] | None = None,
    ) -> Tournament | None:
        """See ``current``."""
        return await current(self.db, chat_id, user_id, args, kind=kind)

    async def for_board(self, chat_id: int, user_id: int, args: str | None) -> Tournament | None:
        """What ``/board`` shows: the tournament meant (``current``), else the group's newest."""
        found = await self.current(chat_id, user_id, args)
        if found is None and chat_id < 0:
            async with self.db.read() as tx:
                found = await tournaments.latest_in_chat(tx, chat_id)
        return found

    async def in_scope(self, chat_id: int, user_id: int) -> tuple[list[Tournament], bool]:
        """What ``/help`` speaks of: the open tournaments here (in a private chat: the club's),
        and whether the user judges one of them."""
        async with self.db.read() as tx:
            if chat_id < 0:
                shown = await tournaments.open_in_chat(tx, chat_id)
                judged = [t for t in await tournaments.open_for_judge(tx, user_id) if t in shown]
            else:
                judged = await tournaments.open_for_judge(tx, user_id)
                shown = [t for t in await tournaments.recent(tx, 30) if t.is_open]
        return shown, bool(judged)


async def open_tournaments(db: Database, limit: int = 30) -> list[Tournament]:
    """The open tournaments among the club's ``limit`` newest, newest first."""
    async with db.read() as tx:
        return [found for found in await tournaments.recent(tx, limit) if found.is_open]


async def shown(
    db: Database, chat_id: int, user_id: int, args: str | None, kind: str | None = None
) -> Tournament | None:
    """What /queue, /standings and /pairings show: the tournament its number names (finished
    ones too), else the open one (``current``); with none open here (and none named), the last
    finished one of this group, or in a private chat the last one the user played (the answer
    says it is finished). A kind whose registration has nothing to show yet
    (``KindSpec.shown_in_registration`` false: a card tournament has no standings or pairings
    before its first round) leaves the group's last results first; a King of the Hill's queue
    in registration lists who registered. With ``kind``, only a tournament of that kind."""
    found = await current(db, chat_id, user_id, args)
    if id_argument(args) is not None:
        return _of_kind(found, kind)
    registering = (
        found is not None
        and found.status == "registration"
        and not BY_NAME[found.kind].shown_in_registration
    )
    if found is not None and not registering:
        return _of_kind(found, kind)
    async with db.read() as tx:
        if chat_id < 0:
            last = await tournaments.last_finished(tx, kind, chat_id, None)
        else:
            player = await players.by_telegram(tx, user_id)
            last = (
                None
                if player is None
                else await tournaments.last_finished(tx, kind, None, player.id)
            )
    return _of_kind(last or found, kind)


async def latest(db: Database, chat_id: int, user_id: int, args: str | None) -> Tournament | None:
    """What /log shows: the tournament its number names (finished ones too), else the open one
    (``current``); with none open here, the last finished one: the group's, or in a private
    chat the last one the user played or judged."""
    found = await current(db, chat_id, user_id, args)
    if found is not None or id_argument(args) is not None:
        return found
    async with db.read() as tx:
        if chat_id < 0:
            return await tournaments.last_finished(tx, None, chat_id, None)
        player = await players.by_telegram(tx, user_id)
        played = await tournaments.last_finished(tx, None, None, player.id) if player else None
        judged = await tournaments.last_judged(tx, user_id)
    return max((x for x in (played, judged) if x is not None), key=lambda x: x.id, default=None)


def _of_kind(found: Tournament | None, kind: str | None) -> Tournament | None:
    return found if found is None or kind is None or found.kind == kind else None


async def current(
    db: Database,
    chat_id: int,
    user_id: int,
    args: str | None = None,
    *,
    kind: str | Collection[str] | None = None,
) -> Tournament | None:
    """The open tournament meant: the one ``args`` numbers, else the chat's (in a private
    chat the user's); with ``kind`` (one, or several), only one of those kinds."""
    kinds = None if kind is None else frozenset((kind,) if isinstance(kind, str) else kind)
    wanted = id_argument(args)
    async with db.read() as tx:
        if wanted is not None:
            found = await tournaments.get(tx, wanted)
            if found is not None and (chat_id > 0 or found.chat_id == chat_id):
                return found if kinds is None or found.kind in kinds else None
            return None
        if chat_id < 0:
            candidates = await tournaments.open_in_chat(tx, chat_id)
        else:
            player = await players.by_telegram(tx, user_id)
            candidates = await tournaments.open_for_player(tx, player.id) if player else []
            candidates += await tournaments.open_for_judge(tx, user_id)
            if not candidates:
                candidates = [t for t in await tournaments.recent(tx) if t.is_open]
    # newest first, an evening tournament before one that lasts weeks (``KindSpec.lasts_weeks``)
    candidates = sorted(candidates, key=lambda found: BY_NAME[found.kind].lasts_weeks)
    for tournament in candidates:
        if kinds is None or tournament.kind in kinds:
            return tournament
    return None
