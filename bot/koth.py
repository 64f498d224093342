"""King of the Hill in the chat: the service behind the handlers, the result desk and the timers.

The tournament state is never stored: it is ``rules.koth.replay`` of the stored events
(``bot.koth_events``) over the order and norms fixed at ``/begin`` (kept in the tournament's
settings). Every change appends events in one transaction and returns an after-commit coroutine
that edits the live board and sends the announcements.
"""

from __future__ import annotations

import secrets
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from aiogram.types import InlineKeyboardMarkup
from aiogram.utils.keyboard import InlineKeyboardBuilder

from bot.koth_board import elimination_reason, render_board
from bot.koth_events import engine_events, game_key, game_number, live_games
from bot.results import Claim, Game
from bot.texts import Html, Texts, pick_language
from db import audit, deadlines, players, tournaments
from db.database import Tx
from db.models import Deadline
from db.tournaments import Tournament
from handlers.callbacks import ReportCb
from handlers.koth_callbacks import KothStayCb
from rules.koth import (
    BONUS,
    KothError,
    KothState,
    Phase,
    average_display,
    bonus_expiry,
    check_entry_fee,
    check_participants,
    effective_rating,
    main_time,
    norms,
    prize_fund,
    replay,
    tournament_elo_cents,
)

if TYPE_CHECKING:
    from bot.app import App
    from bot.result_notices import ResultNotices
    from bot.results import ResultFlow

AfterCommit = Callable[[], Awaitable[None]]
KIND = "koth"
DISCIPLINE = "billiards"
WARN = "koth_warn"
EXPIRE = "koth_expire"
BONUS_CHECK = "koth_bonus"
TIMERS = (WARN, EXPIRE)
WARNING_BEFORE = timedelta(minutes=15)


class KothProblem(Exception):
    """Something the user asked cannot be done; ``key`` names the text that explains why."""

    def __init__(self, key: str, **values: object) -> None:
        super().__init__(key)
        self.key = key
        self.values = values


@dataclass
class Snapshot:
    """A tournament as read in one transaction: stored events, state, names."""

    tournament: Tournament
    stored: list[tournaments.Event]
    state: KothState[int] | None
    names: dict[int, str]

    @property
    def key(self) -> str:
        return game_key(self.stored)


@dataclass
class Finish:
    """What the end of a tournament did to ratings (for the private messages)."""

    fund: int
    changes: dict[int, tuple[int, int]] = field(default_factory=dict)  # before, after (cents)
    bonus_until: date | None = None


def cents_text(cents: int) -> str:
    return f"{cents / 100:.2f}"


def pairs(mapping: dict[int, int]) -> list[list[int]]:
    return [[k, v] for k, v in mapping.items()]


def unpairs(value: Any) -> dict[int, int]:
    return {int(k): int(v) for k, v in value or []}


class KothService:
    def __init__(self, app: App, flow: ResultFlow) -> None:
        self.app = app
        self.db = app.db
        self.texts: Texts = app.texts
        self.flow = flow

    # --- helpers ------------------------------------------------------------------------------

    def now(self) -> datetime:
        return self.app.clock.now()

    def today(self) -> date:
        return self.now().astimezone(self.app.settings.zone).date()

    def gt(self, key: str, **values: object) -> str:
        """A text in the club's language (group messages)."""
        return self.texts.get(self.texts.default, key, **values)

    async def snapshot(self, tx: Tx, tournament_id: int) -> Snapshot:
        tournament = await tournaments.get(tx, tournament_id)
        if tournament is None or tournament.kind != KIND:
            raise KothProblem("koth.no_tournament")
        stored = await tournaments.events(tx, tournament_id)
        ids = [p.player_id for p in await tournaments.participants(tx, tournament_id)]
        found = await players.many(tx, ids)
        names = {pid: found[pid].display_name if pid in found else f"#{pid}" for pid in ids}
        state = None
        if "order" in tournament.settings:
            order = list(tournament.settings["order"])
            state = replay(order, unpairs(tournament.settings["norms"]), engine_events(stored))
        return Snapshot(tournament, stored, state, names)

    async def _lang_of(self, tx: Tx, telegram_id: int | None) -> str:
        user = await players.tg_user(tx, telegram_id) if telegram_id else None
        return pick_language(user.language_code if user else None, self.texts.default)

    async def _dm(self, player_id: int, key: str, chat_id: int | None, **values: object) -> None:
        await self._dm_markup(player_id, key, chat_id, None, **values)

    async def _dm_markup(
        self,
        player_id: int,
        key: str,
        chat_id: int | None,
        markup: Callable[[str], InlineKeyboardMarkup] | None,
        **values: object,
    ) -> None:
        async with self.db.read() as tx:
            player = await players.by_id(tx, player_id)
            if player is None or player.telegram_id is None:
                return
            lang = await self._lang_of(tx, player.telegram_id)
        await self.app.notifier.to_user(
            player.telegram_id,
            player.display_name,
            self.texts.get(lang, key, **values),
            markup(lang) if markup else None,
            fallback_chat=chat_id,
        )

    async def _audit(self, tx: Tx, tid: int, actor: int, action: str, **details: object) -> None:
        await audit.record(tx, tid, actor, action, dict(details), self.now().isoformat())

    # --- registration -------------------------------------------------------------------------

    async def create(self, chat_id: int, actor: int, name: str, fee: int, table: str) -> int:
        try:
            check_entry_fee(fee)
        except KothError as exc:
            raise KothProblem("koth.fee_too_low") from exc
        async with self.db.transaction() as tx:
            tid = await tournaments.create(
                tx,
                chat_id,
                DISCIPLINE,
                KIND,
                name,
                {"entry_fee": fee, "table": table, "contributions": [], "norm_overrides": []},
                actor,
                self.now().isoformat(),
            )
            await self._audit(tx, tid, actor, "koth_created", name=name, fee=fee, table=table)
        return tid

    async def _enter(self, tx: Tx, tournament: Tournament, player_id: int) -> bool:
        if tournament.status != "registration":
            raise KothProblem("koth.registration_closed")
        if await players.rating(tx, player_id, DISCIPLINE) is None:
            raise KothProblem("koth.no_rating")
        count = len(await tournaments.participants(tx, tournament.id))
        if count >= 6:
            raise KothProblem("koth.full")
        return await tournaments.add_participant(
            tx, tournament.id, player_id, self.now().isoformat()
        )

    async def join(self, tournament_id: int, telegram_id: int) -> tuple[Tournament, str, bool]:
        """A player joins by the button or the deep link: (tournament, his name, newly added)."""
        async with self.db.transaction() as tx:
            tournament = await tournaments.get(tx, tournament_id)
            if tournament is None or tournament.kind != KIND:
                raise KothProblem("koth.no_tournament")
            player = await players.by_telegram(tx, telegram_id)
            if player is None:
                raise KothProblem("koth.no_rating")
            added = await self._enter(tx, tournament, player.id)
        return tournament, player.display_name, added

    async def add(
        self, tournament: Tournament, actor: int, target: int | str, rating: Decimal | None
    ) -> tuple[str, int]:
        """``target``: a Telegram user id (int from a reply), ``@name`` or a club ID (str)."""
        async with self.db.transaction() as tx:
            player_id: int | None = None
            if isinstance(target, str) and target.isdigit():
                found = await players.by_id(tx, int(target))
                player_id = found.id if found else None
                telegram_id = None
            elif isinstance(target, str):
                user = await players.tg_user_by_username(tx, target)
                telegram_id = user.id if user else None
            else:
                telegram_id = target
            if player_id is None and telegram_id is None:
                raise KothProblem("koth.add_unknown", who=str(target))
            if player_id is None and telegram_id is not None:
                player = await players.by_telegram(tx, telegram_id)
                if player is None:
                    user = await players.tg_user(tx, telegram_id)
                    fields: dict[str, str | None] = {
                        "first_name": user.first_name if user else str(telegram_id),
                        "last_name": user.last_name if user else None,
                    }
                    player_id = await players.create(
                        tx, telegram_id, fields, self.now().isoformat(), registered=False
                    )
                else:
                    player_id = player.id
            assert player_id is not None
            if rating is not None:
                cents = int((rating * 100).to_integral_value())
                await players.set_rating(
                    tx, player_id, DISCIPLINE, cents, "set_by_organiser", self.now().isoformat()
                )
            added = await self._enter(tx, tournament, player_id)
            await self._audit(
                tx, tournament.id, actor, "koth_add", player=player_id, rating=str(rating)
            )
            found = await players.by_id(tx, player_id)
        assert found is not None
        if not added:
            raise KothProblem("koth.already_in", name=found.display_name)
        return found.display_name, player_id

    async def contribute(self, tournament: Tournament, actor: int, amount: int, note: str) -> int:
        """Record a voluntary prize contribution (7.1); returns the prize fund now."""
        if amount <= 0:
            raise KothProblem("koth.fund_usage")
        async with self.db.transaction() as tx:
            fresh = await tournaments.get(tx, tournament.id)
            assert fresh is not None
            settings = dict(fresh.settings)
            settings["contributions"] = [*settings.get("contributions", []), amount]
            await tournaments.update_settings(tx, tournament.id, settings)
            await self._audit(
                tx, tournament.id, actor, "koth_contribution", amount=amount, note=note
            )
            count = len(await tournaments.participants(tx, tournament.id))
        return prize_fund(count, settings["contributions"])

    # --- norms and draw -----------------------------------------------------------------------

    async def _effective(self, tx: Tx, ids: Sequence[int]) -> dict[int, Decimal]:
        out: dict[int, Decimal] = {}
        for pid in ids:
            cents = await players.rating(tx, pid, DISCIPLINE)
            if cents is None:
                raise KothProblem("koth.no_rating")
            grants = [b.granted_on for b in await players.bonuses(tx, pid, DISCIPLINE)]
            out[pid] = effective_rating(Decimal(cents) / 100, grants, self.today())
        return out

    async def norms_table(
        self, tx: Tx, tournament: Tournament
    ) -> tuple[str, dict[int, Decimal], dict[int, int]]:
        """(average with two decimals, effective ratings, norms with the organiser's changes)."""
        if "order" in tournament.settings:
            ratings = {
                k: Decimal(v) / 100 for k, v in unpairs(tournament.settings["ratings"]).items()
            }
            return tournament.settings["average"], ratings, unpairs(tournament.settings["norms"])
        ids = [p.player_id for p in await tournaments.participants(tx, tournament.id)]
        if not ids:
            raise KothProblem("koth.nobody")
        ratings = await self._effective(tx, ids)
        _, computed = norms(ratings)
        computed.update(
            {
                k: v
                for k, v in unpairs(tournament.settings.get("norm_overrides")).items()
                if k in computed
            }
        )
        return str(average_display(ratings.values())), ratings, computed

    async def norms_text(self, tournament_id: int, lang: str) -> str:
        async with self.db.read() as tx:
            snap = await self.snapshot(tx, tournament_id)
            average, ratings, values = await self.norms_table(tx, snap.tournament)
        t = self.texts
        lines = [t.get(lang, "koth.norms_title", name=snap.tournament.name, average=average)]
        for pid, rating in ratings.items():
            lines.append(
                t.get(
                    lang,
                    "koth.norms_line",
                    name=snap.names.get(pid, f"#{pid}"),
                    club_id=pid,
                    rating=f"{rating:.2f}",
                    norm=values[pid],
                )
            )
        return "\n".join(lines)

    async def set_norm(self, tournament: Tournament, actor: int, player_id: int, norm: int) -> None:
        if norm < 1:
            raise KothProblem("koth.norms_usage")
        async with self.db.transaction() as tx:
            fresh = await tournaments.get(tx, tournament.id)
            assert fresh is not None
            if fresh.status != "registration":
                raise KothProblem("koth.norms_fixed")
            ids = [p.player_id for p in await tournaments.participants(tx, tournament.id)]
            if player_id not in ids:
                raise KothProblem("koth.not_participant", club_id=player_id)
            settings = dict(fresh.settings)
            overrides = unpairs(settings.get("norm_overrides"))
            overrides[player_id] = norm
            settings["norm_overrides"] = pairs(overrides)
            await tournaments.update_settings(tx, tournament.id, settings)
            await self._audit(tx, tournament.id, actor, "koth_norm", player=player_id, norm=norm)

    async def draw(self, tournament: Tournament, actor: int, order: list[int] | None) -> list[str]:
        """The order p1…pn: random (a cryptographic RNG) or as the organiser typed it."""
        async with self.db.transaction() as tx:
            fresh = await tournaments.get(tx, tournament.id)
            assert fresh is not None
            if fresh.status != "registration":
                raise KothProblem("koth.already_started")
            ids = [p.player_id for p in await tournaments.participants(tx, tournament.id)]
            if order is None:
                order = list(ids)
                secrets.SystemRandom().shuffle(order)
            elif sorted(order) != sorted(ids):
                raise KothProblem("koth.draw_mismatch")
            settings = dict(fresh.settings)
            settings["drawn"] = order
            await tournaments.update_settings(tx, tournament.id, settings)
            await tournaments.set_seats(tx, tournament.id, order)
            await self._audit(tx, tournament.id, actor, "koth_draw", order=order)
            found = await players.many(tx, order)
        return [found[pid].display_name for pid in order]

    # --- start ----------------------------------------------------------------------------------

    async def begin(self, tournament: Tournament, actor: int) -> None:
        after_ids: list[tuple[int, datetime]] = []
        async with self.db.transaction() as tx:
            fresh = await tournaments.get(tx, tournament.id)
            assert fresh is not None
            if fresh.status != "registration":
                raise KothProblem("koth.already_started")
            ids = [p.player_id for p in await tournaments.participants(tx, tournament.id)]
            try:
                check_participants(len(ids))
            except KothError as exc:
                raise KothProblem("koth.count", count=len(ids)) from exc
            average, ratings, values = await self.norms_table(tx, fresh)
            order = list(fresh.settings.get("drawn") or [])
            if sorted(order) != sorted(ids):
                order = list(ids)
                secrets.SystemRandom().shuffle(order)
                await tournaments.set_seats(tx, tournament.id, order)
            due = self.now() + main_time(len(ids))
            settings = dict(fresh.settings)
            settings.update(
                order=order,
                norms=pairs(values),
                ratings=pairs({k: int(v * 100) for k, v in ratings.items()}),
                average=average,
                main_due=due.isoformat(),
            )
            await tournaments.update_settings(tx, tournament.id, settings)
            await tournaments.set_status(tx, tournament.id, "running", self.now().isoformat())
            await tournaments.append_event(
                tx, tournament.id, "begin", {"order": order}, actor, self.now().isoformat()
            )
            await self._audit(tx, tournament.id, actor, "koth_begin", order=order)
            after_ids = await self._add_timers(tx, tournament.id, due)
            snap = await self.snapshot(tx, tournament.id)
        self._arm(after_ids)
        assert snap.state is not None
        names = ", ".join(f"{i}. {snap.names[p]}" for i, p in enumerate(order, 1))
        hours = int(main_time(len(ids)).total_seconds() // 3600)
        await self.app.sender.send(
            tournament.chat_id, self.gt("koth.begun", order=names, hours=hours)
        )
        await self.publish_board(snap, new=True)
        await self.announce_pair(snap, first=True)

    async def _add_timers(self, tx: Tx, tid: int, due: datetime) -> list[tuple[int, datetime]]:
        warn_at = due - WARNING_BEFORE
        return [
            (await deadlines.add(tx, WARN, tid, warn_at), warn_at),
            (await deadlines.add(tx, EXPIRE, tid, due), due),
        ]

    def _arm(self, timers: list[tuple[int, datetime]]) -> None:
        for deadline_id, due in timers:
            self.app.deadlines.schedule(deadline_id, due)

    # --- the board and the announcements -------------------------------------------------------

    def board_text(self, snap: Snapshot, lang: str | None = None) -> str:
        lang = lang or self.texts.default
        tournament = snap.tournament

        def t(key: str, **values: object) -> str:
            return self.texts.get(lang, key, **values)

        if snap.state is None:
            return t("koth.board_not_started", name=tournament.name, count=len(snap.names))
        left = None
        if not snap.state.expired and "main_due" in tournament.settings:
            left = datetime.fromisoformat(tournament.settings["main_due"]) - self.now()
        text = render_board(
            t, tournament.name, snap.state, snap.names, tournament.settings["average"], left
        )
        return text + "\n" + t("koth.board_fund", fund=self.fund(snap))

    def fund(self, snap: Snapshot) -> int:
        return prize_fund(len(snap.names), snap.tournament.settings.get("contributions", []))

    async def publish_board(self, snap: Snapshot, *, new: bool = False) -> None:
        text = self.board_text(snap)
        tournament = snap.tournament
        if tournament.board_message_id is not None and not new:
            await self.app.sender.edit(tournament.chat_id, tournament.board_message_id, text)
            return
        sent = await self.app.sender.send(tournament.chat_id, text)
        async with self.db.transaction() as tx:
            await tournaments.set_board(tx, tournament.id, sent[-1].message_id)

    async def refresh_board(self, tournament_id: int) -> None:
        async with self.db.read() as tx:
            snap = await self.snapshot(tx, tournament_id)
        await self.publish_board(snap)

    def report_buttons(self, lang: str, tid: int, key: str) -> InlineKeyboardMarkup:
        builder = InlineKeyboardBuilder()
        builder.button(
            text=self.texts.get(lang, "koth.i_won"), callback_data=ReportCb(t=tid, g=key, c="w")
        )
        builder.button(
            text=self.texts.get(lang, "koth.i_lost"), callback_data=ReportCb(t=tid, g=key, c="l")
        )
        return builder.as_markup()

    async def announce_pair(self, snap: Snapshot, *, first: bool = False) -> None:
        """The pair at the table (with result buttons) and "you are next" to the challenger."""
        state = snap.state
        if state is None or state.next_pair is None:
            return
        a, b = state.next_pair
        tid, chat = snap.tournament.id, snap.tournament.chat_id
        key = "koth.first_pair" if first else "koth.pair"
        text = self.gt(
            key,
            n=game_number(snap.key),
            a=snap.names[a],
            crown=" 👑" if a == state.king else "",
            b=snap.names[b],
        )
        await self.app.sender.send(
            chat, text, self.report_buttons(self.texts.default, tid, snap.key)
        )
        for player in (a, b):
            await self._dm_markup(
                player,
                "koth.you_play",
                chat,
                lambda lang: self.report_buttons(lang, tid, snap.key),
                opponent=snap.names[b if player == a else a],
                n=game_number(snap.key),
            )
        if state.upcoming:
            nxt = state.upcoming[0]
            await self._dm(nxt, "koth.you_are_next", chat, king=snap.names[a])

    async def announce_changes(
        self, before: KothState[int] | None, snap: Snapshot, finish: Finish | None
    ) -> None:
        """Everything a change of state must tell: phase, eliminations, the winner, the pair."""
        state = snap.state
        assert state is not None
        chat = snap.tournament.chat_id
        tid = snap.tournament.id
        names = snap.names
        await self.publish_board(snap)
        old_out = set(before.eliminated) if before else set()
        new_out = [p for p in state.eliminated if p not in old_out]
        if before is not None and before.phase is not state.phase:
            if state.phase is Phase.EXTRA and state.next_pair is not None:
                await self.app.sender.send(
                    chat,
                    self.gt(
                        "koth.extra_begin",
                        king=names[state.next_pair[0]],
                        leaders=", ".join(names[p] for p in state.leaders),
                    ),
                )
            elif state.phase is Phase.FINAL:
                key = "koth.mini_begin" if state.is_mini_tournament else "koth.final_begin"
                order = " → ".join(names[p] for p in state.finalists)
                await self.app.sender.send(chat, self.gt(key, names=order))
        elif new_out and state.phase is not Phase.FINISHED:
            lines = [
                self.gt(
                    "koth.out_line",
                    name=names[p],
                    reason=Html(elimination_reason(self.gt, state, p)),
                )
                for p in new_out
            ]
            await self.app.sender.send(
                chat, self.gt("koth.eliminated_now", lines=Html("\n".join(lines)))
            )
        if state.phase is not Phase.FINISHED:
            for player in new_out:
                await self._ask_stay(tid, chat, player)
        if finish is not None and state.winner is not None:
            await self._announce_winner(snap, finish)
            return
        if (
            before is None
            or before.next_pair != state.next_pair
            or before.game_count != state.game_count
        ):
            await self.announce_pair(snap)

    async def _ask_stay(self, tid: int, chat: int, player: int) -> None:
        def markup(lang: str) -> InlineKeyboardMarkup:
            builder = InlineKeyboardBuilder()
            builder.button(
                text=self.texts.get(lang, "koth.stay"),
                callback_data=KothStayCb(t=tid, p=player, leave=False),
            )
            builder.button(
                text=self.texts.get(lang, "koth.leave"),
                callback_data=KothStayCb(t=tid, p=player, leave=True),
            )
            return builder.as_markup()

        await self._dm_markup(player, "koth.stay_or_leave", chat, markup)

    async def _announce_winner(self, snap: Snapshot, finish: Finish) -> None:
        state = snap.state
        assert state is not None and state.winner is not None and state.decided_by is not None
        winner = state.winner
        how = self.gt(f"koth.decided_{state.decided_by.value}", norm=state.norms[winner])
        await self.app.sender.send(
            snap.tournament.chat_id,
            self.gt(
                "koth.winner",
                name=snap.names[winner],
                how=Html(how),
                fund=f"{finish.fund:,}".replace(",", " "),
            ),
        )
        for pid, (old, new) in finish.changes.items():
            delta = new - old
            key = "koth.rating_changed_winner" if pid == winner else "koth.rating_changed"
            await self._dm(
                pid,
                key,
                snap.tournament.chat_id,
                name=snap.tournament.name,
                old=cents_text(old),
                new=cents_text(new),
                delta=("+" if delta >= 0 else "−") + cents_text(abs(delta)),
                bonus=BONUS,
                until=finish.bonus_until.isoformat() if finish.bonus_until else "",
            )

    # --- applying events --------------------------------------------------------------------------

    async def apply(
        self,
        tx: Tx,
        tournament_id: int,
        kind: str,
        payload: dict[str, Any],
        actor: int | None,
    ) -> AfterCommit:
        """Append one stored event (checked by a replay first) and return what to announce."""
        snap = await self.snapshot(tx, tournament_id)
        if snap.tournament.status != "running" or snap.state is None:
            raise KothProblem("koth.not_running")
        before = snap.state
        probe = [*snap.stored, tournaments.Event(-1, kind, payload, actor, "")]
        try:
            order = list(snap.tournament.settings["order"])
            replay(order, unpairs(snap.tournament.settings["norms"]), engine_events(probe))
        except KothError as exc:
            raise KothProblem("koth.rule_refused", why=str(exc)) from exc
        await tournaments.append_event(
            tx, tournament_id, kind, payload, actor, self.now().isoformat()
        )
        snap = await self.snapshot(tx, tournament_id)
        finish = None
        if snap.state is not None and snap.state.phase is Phase.FINISHED:
            finish = await self._finish(tx, snap)
            snap = await self.snapshot(tx, tournament_id)

        async def after() -> None:
            if finish is not None:
                self.app.deadlines.unschedule(finish_ids)
            if bonus_job is not None:
                self.app.deadlines.schedule(*bonus_job)
            await self.announce_changes(before, snap, finish)

        finish_ids: list[int] = []
        bonus_job: tuple[int, datetime] | None = None
        if finish is not None:
            finish_ids = await deadlines.cancel_for(tx, tournament_id, TIMERS)
            bonus_job = await self._ensure_bonus_job(tx)
        return after

    async def _finish(self, tx: Tx, snap: Snapshot) -> Finish:
        state = snap.state
        assert state is not None and state.winner is not None
        tid = snap.tournament.id
        now = self.now().isoformat()
        start = {
            k: Decimal(v) / 100 for k, v in unpairs(snap.tournament.settings["ratings"]).items()
        }
        deltas = tournament_elo_cents(start, state.games, state.rated, self.app.settings.koth_k)
        result = Finish(fund=self.fund(snap))
        for pid, delta in deltas.items():
            old = await players.rating(tx, pid, DISCIPLINE) or 0
            await players.set_rating(tx, pid, DISCIPLINE, old + delta, "koth", now, tid)
            result.changes[pid] = (old, old + delta)
        today = self.today()
        result.bonus_until = bonus_expiry(today)
        await players.add_bonus(
            tx, state.winner, DISCIPLINE, BONUS * 100, today, result.bonus_until, tid
        )
        await tournaments.set_status(tx, tid, "finished", now)
        return result

    # --- the result desk --------------------------------------------------------------------------

    async def open_game(self, tx: Tx, tournament: Tournament, key: str) -> Game | None:
        if tournament.status != "running":
            return None
        snap = await self.snapshot(tx, tournament.id)
        if snap.state is None or snap.state.next_pair is None or snap.key != key:
            return None
        a, b = snap.state.next_pair
        return Game(key, a, b)

    async def record(
        self, tx: Tx, tournament: Tournament, game: Game, claim: Claim, actor_id: int | None
    ) -> AfterCommit | None:
        winner = int(claim["winner"])
        return await self.apply(
            tx,
            tournament.id,
            "game",
            {"w": winner, "l": game.opponent(winner), "key": game.key},
            actor_id,
        )

    async def current_game(self, tx: Tx, tournament: Tournament, player_id: int) -> Game | None:
        snap = await self.snapshot(tx, tournament.id)
        if tournament.status != "running" or snap.state is None or snap.state.next_pair is None:
            return None
        if player_id not in snap.state.next_pair:
            return None
        a, b = snap.state.next_pair
        return Game(snap.key, a, b)

    async def on_pending(self, tournament: Tournament, game: Game) -> None:
        return None

    def label(self, tournament: Tournament, game: Game, lang: str) -> str:
        return self.texts.get(
            lang, "koth.game_label", n=game_number(game.key), name=tournament.name
        )

    def draws_allowed(self, tournament: Tournament, game: Game) -> bool:
        return False

    def match_format(self, tournament: Tournament) -> bool:
        return False

    # --- judge ------------------------------------------------------------------------------------

    async def judge(self, tournament: Tournament, actor: int, action: str, arg: int | None) -> None:
        """/void, /result <winner>, /eliminate, /reinstate, /finish <winner>; /extend separately."""
        async with self.db.transaction() as tx:
            snap = await self.snapshot(tx, tournament.id)
            games = live_games(snap.stored)
            if action in ("void", "correct"):
                if not games:
                    raise KothProblem("koth.no_games")
                last = games[-1]
                later = [
                    e for e in snap.stored if e.id > last.id and e.kind not in ("judge_decision",)
                ]
                if any(e.kind in ("leave", "eliminate", "reinstate", "declare") for e in later):
                    raise KothProblem("koth.void_blocked")
                if action == "void":
                    payload: dict[str, Any] = {"target": last.id}
                else:
                    w, lo = int(last.payload["w"]), int(last.payload["l"])
                    if arg not in (w, lo):
                        raise KothProblem("koth.result_usage")
                    payload = {"target": last.id, "w": arg, "l": lo if arg == w else w}
                after = await self.apply(tx, tournament.id, action, payload, actor)
            else:
                if arg is None or arg not in snap.names:
                    raise KothProblem("koth.not_participant", club_id=arg or "?")
                after = await self.apply(tx, tournament.id, action, {"p": arg}, actor)
            await self._audit(tx, tournament.id, actor, f"koth_{action}", player=arg)
        await after()

    async def leave(self, tournament_id: int, player_id: int) -> None:
        async with self.db.transaction() as tx:
            after = await self.apply(tx, tournament_id, "leave", {"p": player_id}, None)
        await after()

    async def extend(self, tournament: Tournament, actor: int, minutes: int) -> datetime:
        if minutes <= 0 or minutes > 600:
            raise KothProblem("koth.extend_usage")
        async with self.db.transaction() as tx:
            snap = await self.snapshot(tx, tournament.id)
            if snap.state is None or snap.tournament.status != "running":
                raise KothProblem("koth.not_running")
            if snap.state.expired:
                raise KothProblem("koth.already_expired")
            cancelled = await deadlines.cancel_for(tx, tournament.id, TIMERS)
            due = datetime.fromisoformat(snap.tournament.settings["main_due"]) + timedelta(
                minutes=minutes
            )
            settings = dict(snap.tournament.settings)
            settings["main_due"] = due.isoformat()
            await tournaments.update_settings(tx, tournament.id, settings)
            timers = await self._add_timers(tx, tournament.id, due)
            await tournaments.append_event(
                tx, tournament.id, "extend", {"minutes": minutes}, actor, self.now().isoformat()
            )
            await self._audit(tx, tournament.id, actor, "koth_extend", minutes=minutes)
        self.app.deadlines.unschedule(cancelled)
        self._arm(timers)
        await self.refresh_board(tournament.id)
        return due

    async def log_text(self, tournament_id: int, lang: str) -> str:
        async with self.db.read() as tx:
            snap = await self.snapshot(tx, tournament_id)
            entries = await audit.entries(tx, tournament_id)
        zone = self.app.settings.zone
        lines = [self.texts.get(lang, "koth.log_title", name=snap.tournament.name)]
        for event in snap.stored:
            at = datetime.fromisoformat(event.at).astimezone(zone).strftime("%d.%m %H:%M")
            who = str(event.actor_id) if event.actor_id else self.texts.get(lang, "koth.log_bot")
            p = event.payload
            values = {
                "w": snap.names.get(int(p.get("w", 0)), p.get("w", "")),
                "l": snap.names.get(int(p.get("l", 0)), p.get("l", "")),
                "p": snap.names.get(int(p.get("p", 0)), p.get("p", "")),
                "target": p.get("target", ""),
                "minutes": p.get("minutes", ""),
            }
            key = f"koth.log_{event.kind}"
            what = self.texts.get(lang, key, **values) if self.texts.has(key) else event.kind
            lines.append(
                self.texts.get(lang, "koth.log_line", at=at, id=event.id, who=who, what=Html(what))
            )
        lines.append(self.texts.get(lang, "koth.log_audit", count=len(entries)))
        return "\n".join(lines)

    # --- timers -----------------------------------------------------------------------------------

    async def on_warning(self, tx: Tx, deadline: Deadline) -> AfterCommit | None:
        tournament = await tournaments.get(tx, deadline.ref_id)
        if tournament is None or tournament.status != "running":
            return None
        chat = tournament.chat_id

        async def send() -> None:
            await self.app.sender.send(chat, self.gt("koth.warning", minutes=15))

        return send

    async def on_expire(self, tx: Tx, deadline: Deadline) -> AfterCommit | None:
        tournament = await tournaments.get(tx, deadline.ref_id)
        if tournament is None or tournament.status != "running":
            return None
        after = await self.apply(tx, tournament.id, "expire", {}, None)
        snap = await self.snapshot(tx, tournament.id)
        state = snap.state
        assert state is not None
        names = snap.names
        still = [names[p] for p in state.next_pair or ()] + [names[p] for p in state.upcoming]
        out = [
            self.gt(
                "koth.out_line", name=names[p], reason=Html(elimination_reason(self.gt, state, p))
            )
            for p in state.eliminated
        ]
        text = self.gt(
            "koth.expired",
            players=", ".join(still) or "—",
            out=Html("\n".join(out) or self.gt("koth.nobody_out")),
        )
        chat = tournament.chat_id

        async def send() -> None:
            await self.app.sender.send(chat, text)
            await after()

        return send

    async def _ensure_bonus_job(self, tx: Tx) -> tuple[int, datetime] | None:
        if await deadlines.pending_for(tx, 0, (BONUS_CHECK,)):
            return None
        due = self._next_midnight()
        return await deadlines.add(tx, BONUS_CHECK, 0, due), due

    def _next_midnight(self) -> datetime:
        zone = self.app.settings.zone
        local = self.now().astimezone(zone)
        tomorrow = datetime.combine(local.date() + timedelta(days=1), datetime.min.time(), zone)
        return tomorrow

    async def on_bonus_check(self, tx: Tx, deadline: Deadline) -> AfterCommit | None:
        """Daily: players whose bonus expired are told their effective rating changed."""
        expired = await players.expired_untold(tx, self.today())
        for bonus in expired:
            await players.mark_expiry_told(tx, bonus.id)
        left = await players.expired_untold(tx, date(9999, 12, 31))
        new_id = None
        if left:
            due = self._next_midnight()
            new_id = (await deadlines.add(tx, BONUS_CHECK, 0, due), due)
        told = []
        for bonus in expired:
            cents = await players.rating(tx, bonus.player_id, DISCIPLINE) or 0
            grants = [b.granted_on for b in await players.bonuses(tx, bonus.player_id, DISCIPLINE)]
            now_eff = effective_rating(Decimal(cents) / 100, grants, self.today())
            told.append((bonus.player_id, f"{now_eff:.2f}"))

        async def send() -> None:
            if new_id is not None:
                self.app.deadlines.schedule(*new_id)
            for pid, rating in told:
                await self._dm(pid, "koth.bonus_expired", None, rating=rating, bonus=BONUS)

        return send


def install(app: App, flow: ResultFlow, notices: ResultNotices) -> None:
    """Create the King of the Hill services, register its desk and its timers."""
    service = KothService(app, flow)
    app.extra["koth"] = service
    flow.desks[KIND] = service
    app.deadlines.on(WARN, service.on_warning)
    app.deadlines.on(EXPIRE, service.on_expire)
    app.deadlines.on(BONUS_CHECK, service.on_bonus_check)
