"""Swiss rounds and the Top in the chat: the service, its result desk and its round timers.

The state of a tournament is the replay of its event log (``bot.swiss_state``); every change
appends events in one transaction, and what people see is sent after the commit.
"""

from __future__ import annotations

import csv
import io
import logging
import random
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any
from zoneinfo import ZoneInfo

from aiogram.types import InlineKeyboardMarkup
from aiogram.utils.keyboard import InlineKeyboardBuilder

from bot.results import Claim, Game
from bot.swiss_state import SWISS, TOP, Round, State, points_text, replay, result_from_claim
from bot.swiss_views import (
    SHORT,
    Names,
    fmt_value,
    parse_key,
    points_before,
    render_board,
    signed,
    tie_breaks_of,
)
from bot.texts import Texts, pick_language
from db import audit, deadlines, players, reports, tournaments
from db.database import Database, Tx
from db.models import Deadline
from db.reports import Report
from db.tournaments import Tournament
from handlers.callbacks import ReportCb
from rules.card_rating import rating_changes
from rules.results import Outcome, PlayerId
from rules.standings import DEFAULT_TIE_BREAKS, StandingRow, compute_standings
from rules.swiss import NoLegalPairing, pair_round
from rules.top import top_state
from rules.tournament_size import MIN_PARTICIPANTS, tournament_size

if TYPE_CHECKING:
    from bot.app import App
    from bot.result_notices import ResultNotices
    from bot.results import ResultFlow

log = logging.getLogger(__name__)

AfterCommit = Callable[[], Awaitable[None]]
WARN, TIME, TABLE_TIME = "swiss_warn", "swiss_time", "swiss_table_time"
TIMERS = (WARN, TIME, TABLE_TIME)
START_CENTS = 120_000
DEFAULT_SETTINGS: dict[str, Any] = {
    "format": "constructed",
    "strictness": "amateur",
    "rounds": None,
    "top": None,
    "round_minutes": 50,
    "tie_breaks": [tb.value for tb in DEFAULT_TIE_BREAKS],
    "best_of": 1,
}


class Refused(Exception):
    """An action that cannot be done now; ``key`` and ``values`` name the text to show."""

    def __init__(self, key: str, **values: object) -> None:
        super().__init__(key)
        self.key = key
        self.values = values


class SwissDesk:
    """The ``GameDesk`` of Swiss tournaments (see ``bot.results``)."""

    def __init__(self, service: SwissService) -> None:
        self._service = service

    async def open_game(self, tx: Tx, tournament: Tournament, game_key: str) -> Game | None:
        state = await self._service.state(tx, tournament.id)
        found = state.find_game(game_key)
        if found is None or state.finished:
            return None
        rnd, table = found
        if rnd is not state.current or table in rnd.results:
            return None
        a, b = rnd.tables[table - 1]
        return Game(game_key, a, b)

    async def record(
        self, tx: Tx, tournament: Tournament, game: Game, claim: Claim, actor_id: int | None
    ) -> AfterCommit | None:
        return await self._service.record(tx, tournament, game, claim, actor_id)

    async def on_pending(self, tournament: Tournament, game: Game) -> None:
        await self._service.refresh_board(tournament.id, pending_key=game.key)

    async def current_game(self, tx: Tx, tournament: Tournament, player_id: int) -> Game | None:
        state = await self._service.state(tx, tournament.id)
        rnd = state.current
        if rnd is None or state.finished:
            return None
        for table, (a, b) in enumerate(rnd.tables, start=1):
            if player_id in (a, b) and table not in rnd.results:
                return Game(rnd.key(table), a, b)
        return None

    def label(self, tournament: Tournament, game: Game, lang: str) -> str:
        number, table = parse_key(game.key)
        return self._service.texts.get(lang, "swiss.label", table=table, round=number)

    def draws_allowed(self, tournament: Tournament, game: Game) -> bool:
        number, _ = parse_key(game.key)
        top_from = tournament.settings.get("_top_from")
        return top_from is None or number < int(top_from)

    def match_format(self, tournament: Tournament) -> bool:
        return int(tournament.settings.get("best_of", 1)) > 1


class SwissService:
    def __init__(self, app: App, flow: ResultFlow, notices: ResultNotices) -> None:
        self.app = app
        self.db: Database = app.db
        self.texts: Texts = app.texts
        self.flow = flow
        self.notices = notices
        self.desk = SwissDesk(self)

    # ------------------------------------------------------------------ basics
    def now(self) -> datetime:
        return self.app.clock.now()

    def t(self, lang: str | None = None) -> Callable[..., str]:
        language = lang or self.texts.default

        def tr(key: str, **values: object) -> str:
            return self.texts.get(language, key, **values)

        return tr

    async def state(self, tx: Tx, tournament_id: int) -> State:
        events = await tournaments.events(tx, tournament_id)
        return replay((e.kind, e.payload) for e in events if e.kind.startswith("sw_"))

    async def names(self, tx: Tx, ids: list[int]) -> Names:
        found = await players.many(tx, ids)
        return Names({pid: p.display_name for pid, p in found.items()})

    async def _event(
        self, tx: Tx, tid: int, kind: str, payload: dict[str, Any], actor: int | None
    ) -> None:
        await tournaments.append_event(tx, tid, kind, payload, actor, self.now().isoformat())

    def local_time(self, when: datetime) -> str:
        try:
            zone = ZoneInfo(self.app.settings.timezone)
        except Exception:  # an unknown zone name: show UTC
            zone = ZoneInfo("UTC")
        return when.astimezone(zone).strftime("%H:%M")

    # ------------------------------------------------------------------ registration
    async def create(self, chat_id: int, name: str, options: dict[str, Any], user_id: int) -> int:
        settings = dict(DEFAULT_SETTINGS)
        settings.update(options)
        settings["seed"] = random.SystemRandom().randrange(1, 2**31)
        async with self.db.transaction() as tx:
            tid = await tournaments.create(
                tx, chat_id, "berserk", "swiss", name, settings, user_id, self.now().isoformat()
            )
            await audit.record(tx, tid, user_id, "swiss_created", settings, self.now().isoformat())
        return tid

    async def join(self, tournament_id: int, player_id: int, actor: int | None = None) -> str:
        """``joined`` / ``already`` / ``late`` (joins from the next round) / ``closed``."""
        async with self.db.transaction() as tx:
            tournament = await tournaments.get(tx, tournament_id)
            if tournament is None or not tournament.is_open:
                return "closed"
            state = await self.state(tx, tournament_id)
            if state.seeds is not None:
                return "closed"
            added = await tournaments.add_participant(
                tx, tournament_id, player_id, self.now().isoformat()
            )
            if not added:
                return "already"
            if tournament.status == "running":
                rating = await players.rating(tx, player_id, "berserk")
                await self._event(
                    tx,
                    tournament_id,
                    "sw_join",
                    {"player": player_id, "rating": rating or START_CENTS},
                    actor,
                )
                if actor is not None:
                    await audit.record(
                        tx,
                        tournament_id,
                        actor,
                        "late_entrant",
                        {"player": player_id},
                        self.now().isoformat(),
                    )
                return "late"
        return "joined"

    async def drop(self, tournament_id: int, player_id: int, actor: int | None) -> str:
        """``left`` (before the start) / ``dropped`` / ``not_in``."""
        async with self.db.transaction() as tx:
            tournament = await tournaments.get(tx, tournament_id)
            if tournament is None or not tournament.is_open:
                return "not_in"
            active = {
                p.player_id
                for p in await tournaments.participants(tx, tournament_id)
                if p.status == "active"
            }
            if player_id not in active:
                return "not_in"
            if tournament.status == "registration":
                await tournaments.remove_participant(tx, tournament_id, player_id)
                return "left"
            await tournaments.set_participant_status(tx, tournament_id, player_id, "dropped")
            await self._event(tx, tournament_id, "sw_drop", {"player": player_id}, actor)
            if actor is not None:
                await audit.record(
                    tx, tournament_id, actor, "drop", {"player": player_id}, self.now().isoformat()
                )
        return "dropped"

    async def roster(self, tournament_id: int) -> list[str]:
        async with self.db.read() as tx:
            ids = [
                p.player_id
                for p in await tournaments.participants(tx, tournament_id)
                if p.status == "active"
            ]
            names = await self.names(tx, ids)
        return [names[pid] for pid in ids]

    # ------------------------------------------------------------------ rounds
    async def begin(self, tournament_id: int, actor: int) -> AfterCommit:
        async with self.db.transaction() as tx:
            tournament = await tournaments.get(tx, tournament_id)
            if tournament is None or tournament.status != "registration":
                raise Refused("swiss.not_in_registration")
            people = [
                p.player_id
                for p in await tournaments.participants(tx, tournament_id)
                if p.status == "active"
            ]
            if len(people) < MIN_PARTICIPANTS:
                raise Refused("swiss.too_few", count=len(people), need=MIN_PARTICIPANTS)
            size = tournament_size(len(people), swiss_rounds=tournament.settings.get("rounds"))
            wanted_top = tournament.settings.get("top")
            top = size.top_size if wanted_top is None else int(wanted_top)
            while top > len(people):
                top //= 2
            top = 0 if top < 2 else top
            ratings = {}
            for pid in people:
                ratings[str(pid)] = await players.rating(tx, pid, "berserk") or START_CENTS
            await tournaments.set_status(tx, tournament_id, "running", self.now().isoformat())
            await self._event(
                tx,
                tournament_id,
                "sw_begin",
                {
                    "seed": tournament.settings["seed"],
                    "rounds": size.swiss_rounds,
                    "top": top,
                    "ratings": ratings,
                },
                actor,
            )
            await audit.record(
                tx, tournament_id, actor, "begin", {"players": len(people)}, self.now().isoformat()
            )
            return await self._pair_next(tx, tournament_id, actor)

    async def next_round(
        self, tournament_id: int, actor: int, *, again: bool = False
    ) -> AfterCommit:
        async with self.db.transaction() as tx:
            tournament = await tournaments.get(tx, tournament_id)
            if tournament is None or tournament.status != "running":
                raise Refused("swiss.not_running")
            state = await self.state(tx, tournament_id)
            rnd = state.current
            if again:
                if rnd is None or rnd.results:
                    raise Refused("swiss.repair_too_late")
                await audit.record(
                    tx,
                    tournament_id,
                    actor,
                    "repair",
                    {"round": rnd.number},
                    self.now().isoformat(),
                )
                return await self._pair_next(tx, tournament_id, actor, repair=True)
            if rnd is not None and not rnd.complete:
                tables = ", ".join(str(n) for n in rnd.open_tables())
                raise Refused("swiss.round_open", tables=tables)
            await audit.record(tx, tournament_id, actor, "next_round", {}, self.now().isoformat())
            return await self._pair_next(tx, tournament_id, actor)

    async def _pair_next(
        self, tx: Tx, tournament_id: int, actor: int | None, *, repair: bool = False
    ) -> AfterCommit:
        tournament = await tournaments.get(tx, tournament_id)
        assert tournament is not None
        state = await self.state(tx, tournament_id)
        current = state.current
        if repair:
            assert current is not None
            number, gen, stage = current.number, current.gen + 1, current.stage
        else:
            number, gen = (current.number + 1 if current else 1), 0
            stage = SWISS if len(state.swiss_rounds()) < state.total_rounds else TOP
        if stage == TOP and not repair and state.seeds is None:
            if state.top_size < 2:
                return await self._finish(tx, tournament, state, None)
            rows = self.standings(tournament, state, await self._everyone(tx, tournament_id))
            seeds = [int(row.player) for row in rows if int(row.player) not in state.dropped]
            seeds = seeds[: state.top_size]
            await self._event(tx, tournament_id, "sw_top", {"seeds": seeds}, actor)
            settings = dict(tournament.settings)
            settings["_top_from"] = number
            await tournaments.update_settings(tx, tournament_id, settings)
            state.seeds = seeds
        bye: int | None = None
        if stage == SWISS:
            active = [
                p.player_id
                for p in await tournaments.participants(tx, tournament_id)
                if p.status == "active"
            ]
            points = state.points()
            rows = self.standings(tournament, state, await self._everyone(tx, tournament_id))
            order = [int(r.player) for r in rows if int(r.player) in set(active)]
            ranking_points = {p: points.get(p, 0) for p in order}
            try:
                pairs, bye = pair_round(
                    order,
                    ranking_points,
                    state.played(),
                    state.had_bye(),
                    state.seed + number * 1000 + gen,
                    round_number=number,
                )
            except NoLegalPairing as exc:
                raise Refused("swiss.no_legal_pairing", round=number) from exc
        else:
            assert state.seeds is not None
            top = top_state(
                state.seeds, state.top_winners() if not repair else _winners_before(state, number)
            )
            if top.champion is not None:
                return await self._finish(tx, tournament, state, int(top.champion))
            pairs = [(int(a), int(b)) for a, b in top.pairs]
        minutes = int(tournament.settings.get("round_minutes", 50))
        ends = self.now() + timedelta(minutes=minutes)
        await self._event(
            tx,
            tournament_id,
            "sw_round",
            {
                "round": number,
                "stage": stage,
                "gen": gen,
                "tables": [list(p) for p in pairs],
                "bye": bye,
                "ends_at": ends.isoformat(),
            },
            actor,
        )
        cancelled = await deadlines.cancel_for(tx, tournament_id, TIMERS)
        timer: dict[str, object] = {"round": number, "gen": gen}
        armed = [
            (
                await deadlines.add(tx, WARN, tournament_id, ends - timedelta(minutes=10), timer),
                ends - timedelta(minutes=10),
            ),
            (await deadlines.add(tx, TIME, tournament_id, ends, timer), ends),
        ]

        async def after() -> None:
            self.app.deadlines.unschedule(cancelled)
            for deadline_id, due in armed:
                self.app.deadlines.schedule(deadline_id, due)
            await self.broadcast(tournament_id)

        return after

    async def _everyone(self, tx: Tx, tournament_id: int) -> list[int]:
        return [p.player_id for p in await tournaments.participants(tx, tournament_id)]

    def standings(
        self, tournament: Tournament, state: State, everyone: list[int]
    ) -> list[StandingRow]:
        records = state.records()
        known = set(everyone)
        for record in records:
            known.add(int(record.player_a))
            if record.player_b is not None:
                known.add(int(record.player_b))
        ordered = [p for p in everyone] + sorted(known - set(everyone))
        return compute_standings(
            ordered, records, seed=state.seed, tie_breaks=tie_breaks_of(tournament)
        )

    # ------------------------------------------------------------------ messages
    async def broadcast(self, tournament_id: int) -> None:
        """Post the current round's board and tell each player his table."""
        async with self.db.read() as tx:
            tournament = await tournaments.get(tx, tournament_id)
            assert tournament is not None
            state = await self.state(tx, tournament_id)
            rnd = state.current
            assert rnd is not None
            ids = [p for pair in rnd.tables for p in pair] + ([rnd.bye] if rnd.bye else [])
            names = await self.names(tx, ids)
            found = await players.many(tx, ids)
        text = await self._board_text(tournament, state, rnd, names, set())
        sent = await self.app.sender.send(tournament.chat_id, text)
        async with self.db.transaction() as tx:
            await tournaments.set_board(tx, tournament_id, sent[0].message_id)
        before = points_before(state, rnd.number)
        for table, (a, b) in enumerate(rnd.tables, start=1):
            for me, other in ((a, b), (b, a)):
                player = found.get(me)
                if player is None or player.telegram_id is None:
                    continue
                lang = await self._lang(player.telegram_id)
                t = self.t(lang)
                text = t(
                    "swiss.your_table",
                    round=rnd.number,
                    table=table,
                    opponent=names[other],
                    points=points_text(before.get(other, 0)),
                )
                markup = self.report_keyboard(t, tournament, rnd, table)
                await self.app.notifier.to_user(
                    player.telegram_id, names[me], text, markup, fallback_chat=tournament.chat_id
                )
        if rnd.bye is not None:
            player = found.get(rnd.bye)
            if player is not None and player.telegram_id is not None:
                t = self.t(await self._lang(player.telegram_id))
                await self.app.notifier.to_user(
                    player.telegram_id,
                    names[rnd.bye],
                    t("swiss.your_bye", round=rnd.number),
                    None,
                    fallback_chat=tournament.chat_id,
                )

    def report_keyboard(
        self, t: Callable[..., str], tournament: Tournament, rnd: Round, table: int
    ) -> InlineKeyboardMarkup:
        key = rnd.key(table)
        builder = InlineKeyboardBuilder()
        builder.button(
            text=t("swiss.btn_won"), callback_data=ReportCb(t=tournament.id, g=key, c="w")
        )
        builder.button(
            text=t("swiss.btn_lost"), callback_data=ReportCb(t=tournament.id, g=key, c="l")
        )
        if rnd.stage == SWISS:
            builder.button(
                text=t("swiss.btn_draw"), callback_data=ReportCb(t=tournament.id, g=key, c="d")
            )
        if self.desk.match_format(tournament):
            scores = ["20", "21", "12", "02"] + (["11"] if rnd.stage == SWISS else [])
            for code in scores:
                builder.button(
                    text=f"{code[0]}:{code[1]}",
                    callback_data=ReportCb(t=tournament.id, g=key, c=code),
                )
        builder.adjust(3)
        return builder.as_markup()

    async def _lang(self, telegram_id: int) -> str:
        async with self.db.read() as tx:
            user = await players.tg_user(tx, telegram_id)
        return pick_language(user.language_code if user else None, self.texts.default)

    async def _board_text(
        self, tournament: Tournament, state: State, rnd: Round, names: Names, pending: set[int]
    ) -> str:
        ends = ""
        async with self.db.read() as tx:
            for event in reversed(await tournaments.events(tx, tournament.id)):
                payload = event.payload
                timed = event.kind in ("sw_round", "sw_extend") and payload.get("ends_at")
                if timed and payload["round"] == rnd.number:
                    ends = self.local_time(datetime.fromisoformat(payload["ends_at"]))
                    break
        return render_board(self.t(), tournament, state, rnd, names, pending, ends)

    async def refresh_board(self, tournament_id: int, pending_key: str | None = None) -> None:
        async with self.db.read() as tx:
            tournament = await tournaments.get(tx, tournament_id)
            if tournament is None or tournament.board_message_id is None:
                return
            state = await self.state(tx, tournament_id)
            rnd = state.current
            if rnd is None:
                return
            ids = [p for pair in rnd.tables for p in pair] + ([rnd.bye] if rnd.bye else [])
            names = await self.names(tx, ids)
            unresolved = {r.game_key for r in await _unresolved(tx, tournament_id)}
        if pending_key:
            unresolved.add(pending_key)
        pending = {n for n in rnd.open_tables() if rnd.key(n) in unresolved}
        text = await self._board_text(tournament, state, rnd, names, pending)
        await self.app.sender.edit(tournament.chat_id, tournament.board_message_id, text)

    # ------------------------------------------------------------------ results
    async def record(
        self, tx: Tx, tournament: Tournament, game: Game, claim: Claim, actor_id: int | None
    ) -> AfterCommit | None:
        number, table = parse_key(game.key)
        result = result_from_claim(claim, game.a)
        await self._event(
            tx,
            tournament.id,
            "sw_result",
            {
                "round": number,
                "table": table,
                "outcome_a": result.outcome_a.value,
                "games": list(result.games) if result.games else None,
            },
            actor_id,
        )
        return await self._after_result(tx, tournament.id, announce=True)

    async def _after_result(self, tx: Tx, tournament_id: int, *, announce: bool) -> AfterCommit:
        state = await self.state(tx, tournament_id)
        tournament = await tournaments.get(tx, tournament_id)
        assert tournament is not None
        rnd = state.current
        finish: AfterCommit | None = None
        if rnd is not None and rnd.complete and rnd.stage == TOP:
            champion = state.top_champion()
            if champion is not None:
                finish = await self._finish(tx, tournament, state, champion)

        async def after() -> None:
            await self.refresh_board(tournament_id)
            if finish is not None:
                await finish()
            elif announce and rnd is not None and rnd.complete:
                t = self.t()
                await self.app.sender.send(
                    tournament.chat_id, t("swiss.round_complete", round=rnd.number)
                )

        return after

    async def correct(self, tournament_id: int, table: int, code: str, actor: int) -> AfterCommit:
        """A judge's correction (or record) of a result of the current round: a / b / draw."""
        async with self.db.transaction() as tx:
            tournament = await tournaments.get(tx, tournament_id)
            if tournament is None or tournament.status != "running":
                raise Refused("swiss.not_running")
            state = await self.state(tx, tournament_id)
            rnd = state.current
            if rnd is None or not 1 <= table <= len(rnd.tables):
                raise Refused("swiss.no_such_table", table=table)
            a, b = rnd.tables[table - 1]
            outcomes = {
                "a": Outcome.CLEAN_WIN,
                "b": Outcome.LOSS,
                "ta": Outcome.TECHNICAL_WIN,
                "tb": Outcome.TECHNICAL_LOSS,
            }
            if rnd.stage == SWISS:
                outcomes["draw"] = Outcome.DRAW
            if code not in outcomes:
                raise Refused("swiss.result_usage")
            await self._event(
                tx,
                tournament_id,
                "sw_result",
                {
                    "round": rnd.number,
                    "table": table,
                    "outcome_a": outcomes[code].value,
                    "games": None,
                },
                actor,
            )
            await _resolve_reports(tx, tournament_id, rnd.key(table), actor, self.now().isoformat())
            await audit.record(
                tx,
                tournament_id,
                actor,
                "result_corrected" if table in rnd.results else "result_recorded",
                {"round": rnd.number, "table": table, "result": code, "a": a, "b": b},
                self.now().isoformat(),
            )
            return await self._after_result(tx, tournament_id, announce=table not in rnd.results)

    async def _finish(
        self, tx: Tx, tournament: Tournament, state: State, champion: int | None
    ) -> AfterCommit:
        everyone = await self._everyone(tx, tournament.id)
        starts: dict[PlayerId, float] = {
            pid: state.ratings.get(pid, START_CENTS) / 100 for pid in everyone
        }
        records = [r for r in state.records(None)]
        changes = rating_changes(
            starts, records, participants=len(everyone), base_k=self.app.settings.berserk_k
        )
        now = self.now().isoformat()
        for pid, delta in changes.items():
            current = await players.rating(tx, int(pid), "berserk") or START_CENTS
            await players.set_rating(
                tx, int(pid), "berserk", current + delta, "tournament", now, tournament.id
            )
        await self._event(
            tx,
            tournament.id,
            "sw_finish",
            {"champion": champion, "changes": {str(k): v for k, v in changes.items()}},
            None,
        )
        await tournaments.set_status(tx, tournament.id, "finished", now)
        cancelled = await deadlines.cancel_for(tx, tournament.id, TIMERS)
        tid = tournament.id

        async def after() -> None:
            self.app.deadlines.unschedule(cancelled)
            await self.announce_final(tid)

        return after

    async def announce_final(self, tournament_id: int) -> None:
        t = self.t()
        async with self.db.read() as tx:
            tournament = await tournaments.get(tx, tournament_id)
            assert tournament is not None
            state = await self.state(tx, tournament_id)
            everyone = await self._everyone(tx, tournament_id)
            names = await self.names(tx, everyone)
            found = await players.many(tx, everyone)
            ratings = {pid: await players.rating(tx, pid, "berserk") for pid in everyone}
        lines = [t("swiss.finished", name=tournament.name)]
        if state.champion is not None:
            lines.append(t("swiss.winner", name=names[int(state.champion)]))
        lines.append(self.standings_text(t, tournament, state, everyone, names))
        lines.append(t("swiss.rating_title"))
        for pid in everyone:
            delta = state.changes.get(pid, 0)
            lines.append(t("swiss.rating_line", name=names[pid], delta=signed(delta)))
        await self.app.sender.send(tournament.chat_id, "\n".join(lines))
        for pid in everyone:
            player = found.get(pid)
            if player is None or player.telegram_id is None:
                continue
            tp = self.t(await self._lang(player.telegram_id))
            await self.app.notifier.to_user(
                player.telegram_id,
                names[pid],
                tp(
                    "swiss.rating_private",
                    name=tournament.name,
                    delta=signed(state.changes.get(pid, 0)),
                    rating=f"{(ratings[pid] or 0) / 100:.2f}",
                ),
                None,
                fallback_chat=tournament.chat_id,
            )

    # ------------------------------------------------------------------ views
    def standings_text(
        self,
        t: Callable[..., str],
        tournament: Tournament,
        state: State,
        everyone: list[int],
        names: Names,
    ) -> str:
        rows = self.standings(tournament, state, everyone)
        kinds = tie_breaks_of(tournament)
        head = " · ".join(t(f"swiss.tb_{SHORT[k]}") for k in kinds)
        lines = [t("swiss.standings_title", rounds=len(state.swiss_rounds()), tie_breaks=head)]
        for row in rows:
            values = " · ".join(fmt_value(k, row.tie_breaks[k]) for k in kinds)
            mark = t("swiss.dropped_mark") if int(row.player) in state.dropped else ""
            lines.append(
                t(
                    "swiss.standings_line",
                    rank=row.rank,
                    name=names[int(row.player)],
                    points=points_text(row.points),
                    values=values,
                    mark=mark,
                )
            )
        return "\n".join(lines)

    async def standings_view(self, tournament_id: int, lang: str) -> str:
        async with self.db.read() as tx:
            tournament = await tournaments.get(tx, tournament_id)
            assert tournament is not None
            state = await self.state(tx, tournament_id)
            everyone = await self._everyone(tx, tournament_id)
            names = await self.names(tx, everyone)
        return self.standings_text(self.t(lang), tournament, state, everyone, names)

    async def pairings_view(self, tournament_id: int, lang: str) -> str | None:
        async with self.db.read() as tx:
            tournament = await tournaments.get(tx, tournament_id)
            assert tournament is not None
            state = await self.state(tx, tournament_id)
            rnd = state.current
            if rnd is None:
                return None
            ids = [p for pair in rnd.tables for p in pair] + ([rnd.bye] if rnd.bye else [])
            names = await self.names(tx, ids)
            unresolved = {r.game_key for r in await _unresolved(tx, tournament_id)}
        pending = {n for n in rnd.open_tables() if rnd.key(n) in unresolved}
        ends = ""
        return render_board(self.t(lang), tournament, state, rnd, names, pending, ends)

    async def export_csv(self, tournament_id: int) -> str:
        async with self.db.read() as tx:
            tournament = await tournaments.get(tx, tournament_id)
            assert tournament is not None
            state = await self.state(tx, tournament_id)
            everyone = await self._everyone(tx, tournament_id)
            names = await self.names(tx, everyone)
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        kinds = tie_breaks_of(tournament)
        writer.writerow(
            [
                "rank",
                "club_id",
                "name",
                "points",
                *[k.value for k in kinds],
                "dropped",
                "rating_change",
            ]
        )
        for row in self.standings(tournament, state, everyone):
            pid = int(row.player)
            writer.writerow(
                [
                    row.rank,
                    pid,
                    names[pid],
                    points_text(row.points),
                    *[fmt_value(k, row.tie_breaks[k]) for k in kinds],
                    int(pid in state.dropped),
                    f"{state.changes.get(pid, 0) / 100:.2f}",
                ]
            )
        writer.writerow([])
        writer.writerow(
            [
                "round",
                "stage",
                "table",
                "club_id_a",
                "name_a",
                "club_id_b",
                "name_b",
                "result_a",
                "games",
            ]
        )
        for rnd in state.rounds:
            for table, (a, b) in enumerate(rnd.tables, start=1):
                result = rnd.results.get(table)
                writer.writerow(
                    [
                        rnd.number,
                        rnd.stage,
                        table,
                        a,
                        names[a],
                        b,
                        names[b],
                        result.outcome_a.value if result else "",
                        f"{result.games[0]}:{result.games[1]}" if result and result.games else "",
                    ]
                )
            if rnd.bye is not None:
                writer.writerow(
                    [rnd.number, rnd.stage, "", rnd.bye, names[rnd.bye], "", "", "bye", ""]
                )
        return out.getvalue()

    # ------------------------------------------------------------------ timers
    async def extend(
        self, tournament_id: int, table: int | None, minutes: int, actor: int
    ) -> tuple[AfterCommit, str]:
        """More time for the round or one table; returns the new end (local time)."""
        async with self.db.transaction() as tx:
            state = await self.state(tx, tournament_id)
            rnd = state.current
            if rnd is None or state.finished:
                raise Refused("swiss.not_running")
            if table is not None and not 1 <= table <= len(rnd.tables):
                raise Refused("swiss.no_such_table", table=table)
            now = self.now()
            armed: list[tuple[int, datetime]] = []
            cancelled: list[int] = []
            timer: dict[str, object] = {"round": rnd.number, "gen": rnd.gen}
            if table is None:
                stored = await deadlines.pending_for(tx, tournament_id, (WARN, TIME))
                due = max(
                    (datetime.fromisoformat(d.due_at) for d in stored if d.kind == TIME),
                    default=now,
                )
                new_due = max(due, now) + timedelta(minutes=minutes)
                cancelled = await deadlines.cancel_for(tx, tournament_id, (WARN, TIME))
                if new_due - timedelta(minutes=10) > now:
                    warn = new_due - timedelta(minutes=10)
                    armed.append((await deadlines.add(tx, WARN, tournament_id, warn, timer), warn))
                armed.append(
                    (await deadlines.add(tx, TIME, tournament_id, new_due, timer), new_due)
                )
                await self._event(
                    tx,
                    tournament_id,
                    "sw_extend",
                    {
                        "round": rnd.number,
                        "table": None,
                        "minutes": minutes,
                        "ends_at": new_due.isoformat(),
                    },
                    actor,
                )
            else:
                stored = await deadlines.pending_for(tx, tournament_id, (TIME, TABLE_TIME))
                mine = [
                    datetime.fromisoformat(d.due_at)
                    for d in stored
                    if d.kind == TIME or d.payload.get("table") == table
                ]
                new_due = max([now, *mine]) + timedelta(minutes=minutes)
                cancelled = [
                    d.id for d in stored if d.kind == TABLE_TIME and d.payload.get("table") == table
                ]
                for deadline_id in cancelled:
                    await deadlines.cancel(tx, deadline_id)
                payload = dict(timer, table=table)
                armed.append(
                    (await deadlines.add(tx, TABLE_TIME, tournament_id, new_due, payload), new_due)
                )
                await self._event(
                    tx,
                    tournament_id,
                    "sw_extend",
                    {"round": rnd.number, "table": table, "minutes": minutes},
                    actor,
                )
            await audit.record(
                tx,
                tournament_id,
                actor,
                "extend",
                {"round": rnd.number, "table": table, "minutes": minutes},
                now.isoformat(),
            )
            until = self.local_time(new_due)

        async def after() -> None:
            self.app.deadlines.unschedule(cancelled)
            for deadline_id, due_at in armed:
                self.app.deadlines.schedule(deadline_id, due_at)
            if table is None:
                await self.refresh_board(tournament_id)

        return after, until

    async def on_timer(self, tx: Tx, deadline: Deadline) -> AfterCommit | None:
        tournament = await tournaments.get(tx, deadline.ref_id)
        if tournament is None or tournament.status != "running":
            return None
        state = await self.state(tx, tournament.id)
        rnd = state.current
        payload = deadline.payload
        if rnd is None or rnd.number != payload.get("round") or rnd.gen != payload.get("gen"):
            return None
        if rnd.complete:
            return None
        t = self.t()
        open_tables = rnd.open_tables()
        if deadline.kind == WARN:
            text = t("swiss.ten_minutes", round=rnd.number)
        elif deadline.kind == TIME:
            extended = {
                _as_int(d.payload.get("table"))
                for d in await deadlines.pending_for(tx, tournament.id, (TABLE_TIME,))
            }
            tables = ", ".join(str(n) for n in open_tables if n not in extended)
            if not tables:
                return None
            key = "swiss.time_top" if rnd.stage == TOP else "swiss.time_swiss"
            text = t(key, round=rnd.number, tables=tables)
        else:
            table = _as_int(payload.get("table"))
            if table not in open_tables:
                return None
            key = "swiss.table_time_top" if rnd.stage == TOP else "swiss.table_time_swiss"
            text = t(key, round=rnd.number, table=table)
        chat = tournament.chat_id

        async def send() -> None:
            await self.app.sender.send(chat, text)

        return send


def _winners_before(state: State, number: int) -> list[int]:
    earlier = State(rounds=[r for r in state.rounds if r.number < number], seeds=state.seeds)
    return earlier.top_winners()


def _as_int(value: object) -> int:
    return value if isinstance(value, int) else 0


async def _unresolved(tx: Tx, tournament_id: int) -> list[Report]:
    return await reports.unresolved(tx, tournament_id)


async def _resolve_reports(tx: Tx, tournament_id: int, key: str, actor: int, now: str) -> None:
    await reports.resolve(tx, tournament_id, key, "decided", actor, now)


def install(app: App, flow: ResultFlow, notices: ResultNotices) -> None:
    """Create the Swiss and Top services, register its desk and its timers."""
    service = SwissService(app, flow, notices)
    app.extra["swiss"] = service
    flow.desks["swiss"] = service.desk
    for kind in TIMERS:
        app.deadlines.on(kind, service.on_timer)
