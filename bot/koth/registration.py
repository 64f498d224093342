"""Creating a King-of-the-Hill tournament and filling it: players join by the button or the deep
link, the organiser adds them (creating a player with a starting rating when new) and records
voluntary prize contributions."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from aiogram.utils.deep_linking import create_start_link
from aiogram.utils.keyboard import InlineKeyboardBuilder

from bot import numbers
from bot.errors import UserError
from bot.formats import Money, Rating
from bot.infra import registration_key
from bot.koth.buttons import KothConsentCb, KothJoinCb, KothRatingCb
from bot.koth.consent import ask_consent, was_asked
from bot.koth.core import DISCIPLINE, KIND, KothCore
from bot.koth.events import KOTH_EVENTS
from db import players, tournaments
from db.database import Tx
from db.models import Player
from db.tournaments import Tournament
from rules.koth import KothError, check_entry_fee
from rules.koth.events import Contributed

MAX_PLAYERS = 6
#: The starting ratings an organiser is offered with one tap for a newcomer (3.1: he judges by
#: the player's experience): a beginner's 800 up to a strong amateur's 1200, the spread a
#: club's billiards table shows. Any other value: ``/add <club ID> <rating>``.
TYPICAL_START_RATINGS = (800, 900, 1000, 1100, 1200)


def rating_key(tournament_id: int, player_id: int) -> str:
    """The outbox key of the group's request for a newcomer's starting rating."""
    return f"koth:{tournament_id}:rating_wanted:{player_id}"


class Unregistered(UserError):
    """A stranger without a club registration pressed «Participate»: register first."""

    def __init__(self, tournament: Tournament) -> None:
        super().__init__("koth.register_first_press")
        self.tournament = tournament


@dataclass(frozen=True, slots=True)
class Joined:
    """What a join did: ``added`` (newly in), or ``needs_rating`` (the organisers are asked)."""

    tournament: Tournament
    player: Player
    added: bool
    needs_rating: bool = False


@dataclass(frozen=True, slots=True)
class Added:
    """What ``/add`` did: ``added``, or, for one not in the tournament's group, ``asked`` (his
    yes enters him) or ``cannot_ask`` (the bot cannot write to him)."""

    name: str
    club_id: int
    status: str


@dataclass(frozen=True, slots=True)
class Person:
    """A Telegram user as a message shows him (the author of the message ``/add`` replies to):
    under privacy mode the only way the bot learns a silent player's name."""

    telegram_id: int
    first_name: str
    last_name: str | None = None


class Registration:
    def __init__(self, core: KothCore) -> None:
        self.core = core

    async def create(
        self, chat_id: int, actor: int, name: str, fee: int, table: str, lang: str | None = None
    ) -> int:
        """The tournament, and its registration message in ``lang`` (the wizard's)."""
        try:
            check_entry_fee(fee)
        except KothError as exc:
            raise UserError("koth.fee_too_low") from exc
        settings = {"entry_fee": fee, "table": table, "norm_overrides": []}
        now = self.core.now().isoformat()
        async with self.core.db.transaction() as tx:
            tid = await tournaments.create(
                tx, chat_id, DISCIPLINE, KIND, name, settings, actor, now
            )
            await self.core.audit(tx, tid, actor, "koth_created", name=name, fee=fee, table=table)
        await self._announce(tid, chat_id, name, fee, table, lang or self.core.group_lang())
        return tid

    async def _announce(
        self, tid: int, chat_id: int, name: str, fee: int, table: str, lang: str
    ) -> None:
        """The registration message with its «✋ Join» button, kept by its key: the end of the
        tournament makes it one line (``KindCore.close_registration``)."""
        link = await create_start_link(self.core.sender.bot, f"t-{tid}")
        t = self.core.tr(lang)
        builder = InlineKeyboardBuilder()
        builder.button(text=t("koth.join_button"), callback_data=KothJoinCb(t=tid))
        text = t("koth.registration_open", name=name, fee=Money(fee), table=table, link=link)
        await self.core.outbox.send_once(registration_key(tid), chat_id, text, builder.as_markup())

    @staticmethod
    def _check_open(tournament: Tournament) -> None:
        if tournament.status == "running":
            # Norms come from every participant's rating and the order is drawn before the
            # start (regulation 3.4, 4.1): the regulation has no late entry.
            raise UserError("koth.no_late_entry")
        if tournament.status != "registration":
            raise UserError("koth.registration_closed")

    async def _enter(self, tx: Tx, tournament: Tournament, player_id: int) -> bool:
        self._check_open(tournament)
        if await players.rating(tx, player_id, DISCIPLINE) is None:
            raise UserError("koth.no_rating")
        if len(await tournaments.participants(tx, tournament.id)) >= MAX_PLAYERS:
            raise UserError("koth.full")
        now = self.core.now().isoformat()
        return await tournaments.add_participant(tx, tournament.id, player_id, now)

    async def withdraw(self, tournament_id: int, player_ids: Sequence[int], actor: int) -> None:
        """Take registered players off the list before the start (a draw made before is
        drawn again at ``/begin``: it no longer names the field)."""
        async with self.core.db.transaction() as tx:
            tournament = await self.core.tournament(tx, tournament_id)
            if tournament.status != "registration":
                raise UserError("koth.already_started")
            for player_id in player_ids:
                await tournaments.remove_participant(tx, tournament_id, player_id)
            await self.core.audit(
                tx, tournament_id, actor, "koth_removed", players=list(player_ids)
            )

    async def join(self, tournament_id: int, telegram_id: int) -> Joined:
        """A player joins by the button or the deep link.

        Without a billiards rating nobody can enter (3.1: the organiser sets the starting
        rating). A stranger who never registered is told to register first (``Unregistered``:
        the caller sends the link); a registered member gets ``needs_rating`` and the caller
        asks the organisers for his starting rating (``ask_rating``). A player the organiser
        added (``/add``) has a rating and enters, registered or not.
        """
        async with self.core.db.transaction() as tx:
            tournament = await self.core.tournament(tx, tournament_id)
            self._check_open(tournament)  # the first thing a latecomer must hear
            player = await players.by_telegram(tx, telegram_id)
            rated = player is not None and await players.rating(tx, player.id, DISCIPLINE)
            if player is None or (not rated and not player.registered):
                raise Unregistered(tournament)
            if not rated:
                return Joined(tournament, player, added=False, needs_rating=True)
            added = await self._enter(tx, tournament, player.id)
        return Joined(tournament, player, added=added)

    async def enter(self, tournament_id: int, telegram_id: int) -> Joined:
        """A player's own entry (``join``), told: a newcomer without a billiards rating has the
        organisers asked for it (``TYPICAL_START_RATINGS``); one newly in is named in the
        group, in its language."""
        joined = await self.join(tournament_id, telegram_id)
        tournament = joined.tournament
        if joined.needs_rating:
            await self.ask_rating(joined, TYPICAL_START_RATINGS)
        elif joined.added:
            t = self.core.tr(self.core.group_lang())
            text = t("koth.joined_group", name=joined.player.display_name)
            await self.core.sender.send(tournament.chat_id, text)
        return joined

    async def ask_rating(self, joined: Joined, typical: Sequence[int]) -> None:
        """Ask the organisers in the group, once per player and tournament, for the starting
        rating of ``joined.player``: a button per typical value (``KothRatingCb``, organisers
        only) and the ``/add`` line for any other value."""
        tournament, player = joined.tournament, joined.player
        t = self.core.tr(self.core.group_lang())
        builder = InlineKeyboardBuilder()
        for value in typical:
            builder.button(
                text=str(value), callback_data=KothRatingCb(t=tournament.id, p=player.id, r=value)
            )
        text = t(
            "koth.rating_wanted",
            name=player.display_name,
            tournament=tournament.name,
            club_id=player.id,
        )
        key = rating_key(tournament.id, player.id)
        await self.core.outbox.send_once(key, tournament.chat_id, text, builder.as_markup())

    async def settle_rating_request(self, tournament: Tournament, player_id: int) -> None:
        """The group's request for a player's starting rating, once he has one and is in (by
        its button or by ``/add``), becomes one line: his rating and that he is in."""
        found = await self.core.outbox.sent(rating_key(tournament.id, player_id))
        if found is None:
            return
        async with self.core.db.read() as tx:
            player = await players.by_id(tx, player_id)
            cents = await players.rating(tx, player_id, DISCIPLINE)
        if player is None or cents is None:
            return
        t = self.core.tr(self.core.group_lang())
        whole, rest = divmod(cents, 100)  # a starting rating is mostly whole: «900»
        rating = whole if rest == 0 else Rating(cents)
        text = t("koth.rating_set", name=player.display_name, rating=rating)
        await self.core.outbox.edit(*found, text)

    async def start_rating(
        self, tournament_id: int, actor: int, player_id: int, rating: int
    ) -> tuple[Joined, bool]:
        """An organiser's tap on a newcomer's request: his starting rating (only if he still
        has none: a second organiser's tap changes nothing) and his entry. Returns the entry
        and whether this tap set the rating."""
        now = self.core.now().isoformat()
        async with self.core.db.transaction() as tx:
            tournament = await self.core.tournament(tx, tournament_id)
            player = await players.by_id(tx, player_id)
            if player is None:
                raise UserError("koth.add_unknown", who=f"#{player_id}")
            fresh = await players.rating(tx, player_id, DISCIPLINE) is None
            if fresh:
                cents = numbers.hundredths(Decimal(rating))
                await players.set_rating(tx, player_id, DISCIPLINE, cents, "set_by_organiser", now)
            added = await self._enter(tx, tournament, player_id)
            if fresh or added:  # only what happened is logged: a late tap changes nothing
                rating_set = str(rating) if fresh else None
                await self.core.audit(
                    tx, tournament_id, actor, "koth_add", player=player_id, rating=rating_set
                )
        await self.settle_rating_request(tournament, player_id)
        if added:  # he asked to enter: told privately that he is in
            await self.core.dm(
                player.id,
                "koth.rating_given",
                tournament.chat_id,
                name=tournament.name,
                rating=rating,
            )
        return Joined(tournament, player, added=added), fresh

    async def add(
        self, tournament: Tournament, actor: int, target: Person | str, rating: Decimal | None
    ) -> Added:
        """``target``: the author of a message replied to, ``@name`` or a club ID. One who is
        not in the tournament's group is asked first (``bot.koth.consent``)."""
        async with self.core.db.transaction() as tx:
            player_id = await self._player_for(tx, target)
            found = await players.by_id(tx, player_id)
            assert found is not None
        asked = await ask_consent(self.core, tournament, found, actor, rating)
        if asked is not None:
            return Added(found.display_name, player_id, asked)
        async with self.core.db.transaction() as tx:
            already = UserError("koth.already_in", name=found.display_name)
            await self._add_in(tx, tournament, actor, player_id, rating, already)
        await self.settle_rating_request(tournament, player_id)
        return Added(found.display_name, player_id, "added")

    async def consented(self, data: KothConsentCb, telegram_id: int) -> Joined | None:
        """His yes to the question ``add`` sent him: entered as the organiser (``data.by``)
        would have, with the rating he was shown; ``None`` when no such question was sent."""
        player = await was_asked(self.core, data, telegram_id)
        if player is None:
            return None
        rating = Decimal(data.r) if data.r else None
        async with self.core.db.transaction() as tx:
            tournament = await self.core.tournament(tx, data.t)
            already = UserError("koth.already_joined", name=tournament.name)
            await self._add_in(tx, tournament, data.by, player.id, rating, already)
        await self.settle_rating_request(tournament, player.id)
        t = self.core.tr(self.core.group_lang())  # the organiser who asked hears the yes
        await self.core.sender.send(
            tournament.chat_id, t("koth.joined_group", name=player.display_name)
        )
        return Joined(tournament, player, added=True)

    async def _add_in(
        self,
        tx: Tx,
        tournament: Tournament,
        actor: int,
        player_id: int,
        rating: Decimal | None,
        already: UserError,
    ) -> None:
        """The organiser's entry of a player, with his starting rating if given."""
        if rating is not None:
            cents = numbers.hundredths(rating)
            now = self.core.now().isoformat()
            await players.set_rating(tx, player_id, DISCIPLINE, cents, "set_by_organiser", now)
        if not await self._enter(tx, tournament, player_id):
            # Raised inside the transaction, which undoes it: "already in" changes nothing,
            # his rating included.
            raise already
        await self.core.audit(
            tx, tournament.id, actor, "koth_add", player=player_id, rating=str(rating)
        )

    async def _player_for(self, tx: Tx, target: Person | str) -> int:
        """The club ID of the player ``target`` names; a Telegram user new to the club gets one
        (named as his message shows him, or as the bot last saw him)."""
        if isinstance(target, str) and numbers.is_whole(target):
            found = await players.by_id(tx, numbers.whole(target, numbers.CLUB_ID))
            if found is None:
                raise UserError("koth.add_unknown", who=target)
            return found.id
        if isinstance(target, Person):
            person: Person | None = target
        else:
            user = await players.tg_user_by_username(tx, target)
            person = None if user is None else Person(user.id, user.first_name, user.last_name)
        if person is None:
            raise UserError("koth.add_unknown", who=str(target))
        player = await players.by_telegram(tx, person.telegram_id)
        if player is not None:
            return player.id
        fields: dict[str, str | None] = {
            "first_name": person.first_name,
            "last_name": person.last_name,
        }
        now = self.core.now().isoformat()
        return await players.create(tx, person.telegram_id, fields, now, registered=False)

    async def contribute(self, tournament: Tournament, actor: int, amount: int, note: str) -> int:
        """Record a voluntary prize contribution (7.1); returns the prize fund now."""
        if amount <= 0:
            raise UserError("koth.fund_usage")
        kind, payload = KOTH_EVENTS.encode(Contributed(amount, note))
        now = self.core.now().isoformat()
        async with self.core.db.transaction() as tx:
            await self.core.tournament(tx, tournament.id)
            await tournaments.append_event(tx, tournament.id, kind, payload, actor, now)
            await self.core.audit(
                tx, tournament.id, actor, "koth_contribution", amount=amount, note=note
            )
            snap = await self.core.snapshot(tx, tournament.id)
        return snap.fund
