"""What every part of the Arena's service shares: the kind's names, its event codec, the
calendar (days numbered from the start date in the club's time zone), the state replayed from
the log in a transaction, and writing an event."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time, timedelta

from bot.errors import UserError
from bot.infra import KindCore
from bot.notices import ToPerson
from bot.texts import pick_language
from db import audit, players, tournaments
from db.codec import Codec
from db.database import Tx
from db.tournaments import Tournament
from rules.arena import EVENTS, ArDayEnd, ArenaEvent, ArWeekEnd, State, replay

KIND = "arena"
DISCIPLINE = "berserk"
#: its ``/new`` button (``KindSpec.entry``): a Berserk event of its own kind
ENTRY = "berserk_arena"
CODEC: Codec[ArenaEvent] = Codec(EVENTS)
#: the deadlines: the start, each day's end, the end of a week's offers to leave (24 hours)
START, DAY_END, OFFERS = "arena_start", "arena_day", "arena_offers"
#: the durable job that posts a day's map of Laar (``ArenaCalendar.map_job``)
MAP_JOB = "job:arena_map"
OFFER_HOURS = 24
MAX_PRIZES = 300


@dataclass(frozen=True, slots=True)
class Snapshot:
    """An Arena read in one transaction: the tournament, its state, the players' names."""

    tournament: Tournament
    state: State
    names: dict[int, str]

    def name(self, player: int | None) -> str:
        return "—" if player is None else self.names.get(player, f"#{player}")


class ArenaCore(KindCore):
    """The infrastructure, the calendar, and the reads and writes every part uses."""

    def start_date(self, tournament: Tournament) -> date:
        return date.fromisoformat(str(tournament.settings["start"]))

    def day_of(self, tournament: Tournament, now: datetime | None = None) -> int:
        """The Arena's day ``now`` falls on (0: the start date; negative before it)."""
        moment = now or self.now()
        return (moment.astimezone(self.settings.zone).date() - self.start_date(tournament)).days

    def midnight(self, tournament: Tournament, day: int) -> datetime:
        """The moment day ``day`` begins (the club's midnight)."""
        when = self.start_date(tournament) + timedelta(days=day)
        return datetime.combine(when, time(0), tzinfo=self.settings.zone)

    async def tournament(self, tx: Tx, tournament_id: int, *statuses: str) -> Tournament:
        found = await tournaments.get(tx, tournament_id)
        if found is None or found.kind != KIND:
            raise UserError("arena.no_tournament")
        if statuses and found.status not in statuses:
            raise UserError("arena.not_open")
        return found

    async def state(self, tx: Tx, tournament_id: int) -> State:
        stored = await tournaments.events(tx, tournament_id)
        return replay(CODEC.typed((e.kind, e.payload) for e in stored))

    async def state_after_day(self, tx: Tx, tournament_id: int, day: int) -> State | None:
        """The state as day ``day``'s end left it (its week's end too, recorded with it);
        ``None`` before that day ended."""
        stored = await tournaments.events(tx, tournament_id)
        events = CODEC.typed((e.kind, e.payload) for e in stored)
        for index, event in enumerate(events):
            if isinstance(event, ArDayEnd) and event.day == day:
                end = index + 1
                while end < len(events) and isinstance(events[end], ArWeekEnd):
                    end += 1
                return replay(events[:end])
        return None

    async def snapshot(self, tx: Tx, tournament_id: int) -> Snapshot:
        tournament = await self.tournament(tx, tournament_id)
        state = await self.state(tx, tournament_id)
        ids = sorted({e.player for e in state.entries})
        found = await players.many(tx, ids)
        names = {pid: found[pid].display_name if pid in found else f"#{pid}" for pid in ids}
        return Snapshot(tournament, state, names)

    async def record(self, tx: Tx, tid: int, event: ArenaEvent, actor: int | None) -> int:
        kind, payload = CODEC.encode(event)
        return await tournaments.append_event(tx, tid, kind, payload, actor, self.now().isoformat())

    async def audit(self, tx: Tx, tid: int, actor: int, action: str, **details: object) -> None:
        await audit.record(tx, tid, actor, action, dict(details), self.now().isoformat())

    async def lang_of_player(self, tx: Tx, player_id: int) -> str:
        """The language the player reads his private messages in."""
        player = await players.by_id(tx, player_id)
        telegram = player.telegram_id if player else None
        user = await players.tg_user(tx, telegram) if telegram else None
        return pick_language(user.language_code if user else None, self.texts.default)

    async def person(self, tx: Tx, player_id: int, chat: int) -> ToPerson | None:
        """A player's private chat, with the group as the fallback (``None``: no Telegram)."""
        player = await players.by_id(tx, player_id)
        if player is None or player.telegram_id is None:
            return None
        return ToPerson(user=player.telegram_id, name=player.display_name, fallback_chat=chat)
