"""The player registry: registration, profile, ratings and bonuses of club members."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from bot.clock import Clock
from db import players
from db.database import Database
from db.models import Bonus, Player

DISCIPLINES = ("berserk", "billiards")
#: Card players start at 1200 (card-game rules, section 3); billiards has no default: an
#: organiser sets each player's starting rating (King of the Hill 3.1).
START_RATING_CENTS = {"berserk": 120_000}


@dataclass(frozen=True, slots=True)
class Profile:
    player: Player
    ratings: dict[str, int]
    bonuses: list[Bonus]


class Registry:
    #: how many players the cache of :meth:`player_of` holds (the least recently used go first)
    CACHE_SIZE = 50_000

    def __init__(self, db: Database, clock: Clock) -> None:
        self._db = db
        self._clock = clock
        #: telegram id → his player as last read or written here; only found players are kept
        #: (a player created elsewhere, e.g. by King of the Hill, is found on the next read),
        #: and a change to a player here drops his entry
        self._by_telegram: dict[int, Player] = {}
        #: bumped by every change: a read that raced with a change is not cached
        self._changes = 0

    def _cache(self, player: Player) -> None:
        if player.telegram_id is None:
            return
        self._by_telegram.pop(player.telegram_id, None)
        self._by_telegram[player.telegram_id] = player
        while len(self._by_telegram) > self.CACHE_SIZE:
            del self._by_telegram[next(iter(self._by_telegram))]

    def _changed(self, player_id: int | None = None, telegram_id: int | None = None) -> None:
        """Forget a player (by club ID or telegram id) before and after a change to him."""
        self._changes += 1
        if telegram_id is not None:
            self._by_telegram.pop(telegram_id, None)
        if player_id is not None:
            for key in [k for k, p in self._by_telegram.items() if p.id == player_id]:
                del self._by_telegram[key]

    def _now(self) -> str:
        return self._clock.now().isoformat()

    def _written(self, player: Player) -> None:
        """A player just committed (read back in the writing transaction) is current."""
        self._changes += 1
        self._cache(player)

    async def player_of(self, telegram_id: int) -> Player | None:
        cached = self._by_telegram.get(telegram_id)
        if cached is not None:
            return cached
        changes = self._changes
        async with self._db.read() as tx:
            player = await players.by_telegram(tx, telegram_id)
        if player is not None and changes == self._changes:
            self._cache(player)
        return player

    async def register(self, telegram_id: int, answers: dict[str, str | None]) -> Player:
        """Complete a registration; an organiser-added player keeps his club ID and ratings."""
        self._changed(telegram_id=telegram_id)
        async with self._db.transaction() as tx:
            existing = await players.by_telegram(tx, telegram_id)
            if existing is None:
                player_id = await players.create(
                    tx, telegram_id, answers, self._now(), registered=True
                )
            else:
                player_id = existing.id
                await players.update(tx, player_id, answers, registered=True)
            for discipline, cents in START_RATING_CENTS.items():
                if await players.rating(tx, player_id, discipline) is None:
                    await players.set_rating(tx, player_id, discipline, cents, "start", self._now())
            player = await players.by_id(tx, player_id)
            assert player is not None
            done: Player = player
            tx.on_commit(lambda: self._written(done))
        return done

    async def update_field(self, player_id: int, field: str, value: str | None) -> None:
        self._changed(player_id)
        try:
            async with self._db.transaction() as tx:
                await players.update(tx, player_id, {field: value})
        finally:
            self._changed(player_id)

    async def delete(self, player_id: int) -> None:
        self._changed(player_id)
        try:
            async with self._db.transaction() as tx:
                await players.erase(tx, player_id, self._now())
        finally:
            self._changed(player_id)
        await self._db.compact()  # "deleted" means gone from the files too

    async def profile(self, player: Player, today: date) -> Profile:
        async with self._db.read() as tx:
            ratings = await players.ratings_of(tx, player.id)
            bonuses = [b for b in await players.bonuses(tx, player.id) if b.expires_on > today]
        return Profile(player, ratings, bonuses)

    async def ensure_player(
        self, telegram_id: int, first_name: str, last_name: str | None
    ) -> Player:
        """The club player of a Telegram user, created from his Telegram name if new."""
        async with self._db.transaction() as tx:
            player = await players.by_telegram(tx, telegram_id)
            if player is None:
                fields: dict[str, str | None] = {"first_name": first_name, "last_name": last_name}
                player_id = await players.create(
                    tx, telegram_id, fields, self._now(), registered=False
                )
                for discipline, cents in START_RATING_CENTS.items():
                    await players.set_rating(tx, player_id, discipline, cents, "start", self._now())
                player = await players.by_id(tx, player_id)
            assert player is not None
            done: Player = player
            tx.on_commit(lambda: self._written(done))
        return done

    async def set_rating(self, player_id: int, discipline: str, cents: int) -> None:
        async with self._db.transaction() as tx:
            await players.set_rating(
                tx, player_id, discipline, cents, "set_by_organiser", self._now()
            )

    async def table(self, discipline: str) -> list[tuple[Player, int]]:
        async with self._db.read() as tx:
            return await players.top_ratings(tx, discipline)
