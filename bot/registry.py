"""The player registry: registration, profile, ratings and bonuses of club members."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from bot import numbers
from bot.clock import Clock
from db import inbox, players, tournaments
from db.database import Database
from db.models import Bonus, Player
from rules.card_rating import START_RATING_CENTS
from rules.text import visible

DISCIPLINES = ("berserk", "heroes", "billiards")
"""The rating pools: classic Berserk and «Берсерк. Герои» are separate ones (a card
tournament's discipline is its game), and billiards."""
#: The starting rating of each discipline that has one (card games: section 3); billiards has
#: none: an organiser sets each player's starting rating (King of the Hill 3.1). It is not
#: stored at registration: a rating exists once the player played (or an organiser set it), so
#: the club's table lists only players of that discipline; until then the start value is used.
START_RATINGS = {"berserk": START_RATING_CENTS}


@dataclass(frozen=True, slots=True)
class Profile:
    player: Player
    ratings: dict[str, int]
    bonuses: list[Bonus]


class Registry:
    def __init__(self, db: Database, clock: Clock) -> None:
        self._db = db
        self._clock = clock

    def _now(self) -> str:
        return self._clock.now().isoformat()

    async def find_player(self, arg: str) -> Player | None:
        """The player a command names: ``@username`` (someone the bot has seen, registered as
        a player if he was not) or a club id."""
        if arg.startswith("@"):
            async with self._db.read() as tx:
                user = await players.tg_user_by_username(tx, arg)
            if user is None:
                return None
            return await self.ensure_player(user.id, user.first_name, user.last_name)
        if numbers.is_whole(arg):
            async with self._db.read() as tx:
                return await players.by_id(tx, numbers.whole(arg, numbers.CLUB_ID))
        return None

    async def player_of(self, telegram_id: int) -> Player | None:
        async with self._db.read() as tx:
            return await players.by_telegram(tx, telegram_id)

    async def register(self, telegram_id: int, answers: dict[str, str | None]) -> Player:
        """Complete a registration; an organiser-added player keeps his club ID and ratings."""
        async with self._db.transaction() as tx:
            existing = await players.by_telegram(tx, telegram_id)
            if existing is None:
                player_id = await players.create(
                    tx, telegram_id, answers, self._now(), registered=True
                )
            else:
                player_id = existing.id
                await players.update(tx, player_id, answers, registered=True)
            player = await players.by_id(tx, player_id)
        assert player is not None
        return player

    async def update_field(self, player_id: int, field: str, value: str | None) -> None:
        async with self._db.transaction() as tx:
            await players.update(tx, player_id, {field: value})

    async def delete(self, player_id: int) -> None:
        async with self._db.transaction() as tx:
            player = await players.by_id(tx, player_id)
            await players.erase(tx, player_id, self._now())
            if player is not None and player.telegram_id is not None:
                # His own press asking this is still in the inbox (bot.polling), names and all.
                await inbox.forget_person(tx, player.telegram_id)
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
                fields: dict[str, str | None] = {
                    "first_name": visible(first_name),
                    "last_name": visible(last_name) if last_name else last_name,
                }
                player_id = await players.create(
                    tx, telegram_id, fields, self._now(), registered=False
                )
                player = await players.by_id(tx, player_id)
        assert player is not None
        return player

    async def set_rating(self, player_id: int, discipline: str, cents: int) -> None:
        async with self._db.transaction() as tx:
            await players.set_rating(
                tx, player_id, discipline, cents, "set_by_organiser", self._now()
            )

    async def disciplines_of(self, telegram_id: int) -> list[str]:
        """The rating pools the user's player has a rating in, in ``DISCIPLINES`` order."""
        async with self._db.read() as tx:
            player = await players.by_telegram(tx, telegram_id)
            ratings = {} if player is None else await players.ratings_of(tx, player.id)
        return [d for d in DISCIPLINES if d in ratings]

    async def chat_discipline(self, chat_id: int) -> str | None:
        """The discipline a group plays: that of its newest tournament (``None`` without one)."""
        async with self._db.read() as tx:
            found = await tournaments.latest_in_chat(tx, chat_id)
        return None if found is None else found.discipline

    async def table(self, discipline: str) -> list[tuple[Player, int]]:
        async with self._db.read() as tx:
            return await players.top_ratings(tx, discipline)
