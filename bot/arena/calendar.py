"""The Arena's calendar on stored deadlines: each day's end (refusals, the day's post and map,
605.6), each week's end (exits and offers, 605.4) and the offers' 24 hours, the last day's end
(the end)."""

from __future__ import annotations

import logging
from datetime import timedelta
from typing import TYPE_CHECKING

from bot.arena.base import refused
from bot.arena.buttons import (
    ArChoiceCb,
    ArExcuseCb,
)
from bot.arena.core import (
    MAP_JOB,
    OFFER_HOURS,
    OFFERS,
)
from bot.arena.ending import ArenaEnd
from bot.deadlines import AfterCommit
from bot.late import late_phrase
from bot.notices import Button, Notice, phrase
from bot.pictures import canvas
from bot.pictures.laar import LaarMap, draw_laar_map, laar_map
from db import deadlines, tournaments
from db.database import Tx
from db.models import Deadline
from db.tournaments import Tournament
from rules.arena import (
    DAYS,
    ArCancel,
    ArChoice,
    ArDayEnd,
    ArenaError,
    ArenaEvent,
    ArWeekEnd,
    State,
    Status,
    is_week_end,
    week_of,
)

if TYPE_CHECKING:
    pass


log = logging.getLogger(__name__)


class ArenaCalendar(ArenaEnd):
    """The days' and weeks' ends."""

    async def on_day_end(self, tx: Tx, deadline: Deadline) -> AfterCommit | None:
        """The day is over (605.6): its unanswered challenges are refusals, two days of them
        cost a sector; the group gets the day's changes and the map; a week's end (605.4)
        settles exits and offers; the fourth week's end finishes the Arena."""
        tournament = await tournaments.get(tx, deadline.ref_id)
        if tournament is None or tournament.status not in ("registration", "running"):
            return None
        day = int(str(deadline.payload.get("day", 0)))
        state = await self.core.state(tx, tournament.id)
        if day <= state.last_day_end:
            return None
        before = dict(state.penalties)
        waiting = [c.id for c in state.challenges.values() if c.status is Status.OPEN]
        still_in = {i for i, entry in enumerate(state.entries) if entry.exit is None}
        events: list[ArenaEvent] = [ArDayEnd(day)]
        if is_week_end(day) and state.started:
            events.append(ArWeekEnd(week_of(day)))
        for event in events:
            await self.core.record(tx, tournament.id, event, None)
            state.apply(event)
        notices = await self._day_notices(tx, tournament, state, day, before, still_in)
        overdue = self.core.deadlines.overdue(deadline.id)
        if overdue is not None:  # the bot was down at midnight (``bot.deadlines.Late``)
            late = late_phrase(overdue, self.core.settings.zone, "arena.late_day", day=day + 1)
            first = notices[0]
            notices[0] = first.model_copy(
                update={"lines": (first.lines[0], late, *first.lines[1:])}
            )
        prompts = await self._settle_prompts(tx, tournament, state, waiting)
        if day + 1 >= DAYS:
            told = await self._last_day(tx, tournament, state, notices)
        else:
            if state.offers:
                due = self.core.midnight(tournament, day + 1) + timedelta(hours=OFFER_HOURS)
                await self._schedule(tx, OFFERS, tournament.id, due, week=week_of(day))
            told = await self._tell(tx, tournament.id, notices)
        # stored after the day's post: a restart that finds both sends the post first
        drawn = await self._store_map(tx, tournament.id, day)
        return self._then(told, self._then(drawn, prompts))

    async def _last_day(
        self, tx: Tx, tournament: Tournament, state: State, notices: list[Notice]
    ) -> AfterCommit:
        """The fourth week is over: the end (``ArenaEnd``), or, when four players never came,
        the Arena is cancelled."""
        if state.started:
            return await self._finish(tx, tournament, state, None, notices)
        await self.core.record(tx, tournament.id, ArCancel(), None)
        await tournaments.set_status(tx, tournament.id, "cancelled", self.core.now().isoformat())
        said = phrase("arena.cancelled", tournament=tournament.name)
        notices.append(self._group(tournament, "cancelled", said))
        return await self._tell(tx, tournament.id, notices)

    async def _store_map(self, tx: Tx, tid: int, day: int) -> AfterCommit:
        """The day's map in the group under the day's post: a durable job (``MAP_JOB``)
        stored in the day's end's transaction, run after its commit, or at the restart when
        the bot died first."""
        job = await deadlines.add(tx, MAP_JOB, tid, self.core.now(), {"day": day})

        async def after() -> None:
            await self.core.deadlines.run(job)

        return after

    async def map_job(self, deadline: Deadline) -> None:
        """``MAP_JOB``: the map of Laar as day ``day``'s end left it (the results approved
        since are not on it), drawn when sent, sent once by its key (a re-run after a crash
        draws and sends nothing twice). A picture that cannot be drawn is logged and not sent
        (the day is not undone); a send that fails is retried (``bot.deadlines``)."""
        tid, day = deadline.ref_id, deadline.payload.get("day")
        if not isinstance(day, int):
            return

        async def draw() -> tuple[bytes, str] | None:
            async with self.core.db.read() as tx:
                snap = await self.core.snapshot(tx, tid)
                state = await self.core.state_after_day(tx, tid, day)
            if state is None:
                return None
            name, lang = snap.tournament.name, self.core.group_lang()
            picture = self._picture(lang, name, state, snap.names)
            try:
                png = await canvas.render(draw_laar_map, picture)
            except Exception:
                log.exception("the map of Arena %s after day %s was not drawn", tid, day + 1)
                return None
            return png, self.core.tr(lang)("pictures.laar_caption_day", name=name, day=day + 1)

        async with self.core.db.read() as tx:
            tournament = await tournaments.get(tx, tid)
        if tournament is None:
            return
        key = f"ar:{tid}:map:{day}"
        await self.core.outbox.send_photo_once(key, tournament.chat_id, draw, filename="laar.png")

    def _picture(self, lang: str, name: str, state: State, names: dict[int, str]) -> LaarMap:
        def plain(key: str, **values: object) -> str:
            return self.core.texts.plain(lang, key, **values)

        return laar_map(plain, name, state, names)

    async def _settle_prompts(
        self, tx: Tx, tournament: Tournament, state: State, waiting: list[int]
    ) -> AfterCommit:
        """The challenges the day's end made refusals: each one's «Accept» / «Refuse» message
        becomes one line saying so (its buttons would mean nothing any more)."""
        lapsed = []
        for number in waiting:
            c = state.challenges[number]
            if c.unanswered:
                t = self.core.tr(await self.core.lang_of_player(tx, c.challenged))
                lapsed.append((f"ar:{tournament.id}:ch:{number}", t("arena.lapsed", id=number)))

        async def settle() -> None:
            for key, text in lapsed:
                sent = await self.core.outbox.sent(key)
                if sent is not None:
                    await self.core.outbox.edit(*sent, text)

        return settle

    async def map_png(self, tid: int, lang: str) -> tuple[bytes, str]:
        """The map of Laar now (``bot.pictures.laar``) and its caption."""
        snap = await self.snapshot(tid)
        name = snap.tournament.name
        picture = self._picture(lang, name, snap.state, snap.names)
        png = await canvas.render(draw_laar_map, picture)
        return png, self.core.tr(lang)("pictures.laar_caption", name=name)

    async def _day_notices(
        self,
        tx: Tx,
        tournament: Tournament,
        state: State,
        day: int,
        before: dict[tuple[int, int], int],
        still_in: set[int],
    ) -> list[Notice]:
        lines = [phrase("arena.day_over", day=day + 1, tournament=tournament.name)]
        buttons: list[tuple[Button, ...]] = []
        for (player, when), _sector in sorted(state.penalties.items()):
            if (player, when) in before:
                continue
            name = await self._name(tx, player)
            lines.append(phrase("arena.penalty", name=name, sectors=state.count(player)))
            buttons.append(
                (
                    Button(
                        label=phrase("arena.btn_excuse", name=name),
                        data=ArExcuseCb(t=tournament.id, p=player, d=when).pack(),
                    ),
                )
            )
        for index, entry in enumerate(state.entries):
            if entry.exit is not None and index in still_in:
                lines.append(
                    phrase(
                        f"arena.exit_{entry.exit.value if entry.exit else 'end'}",
                        name=await self._name(tx, entry.player),
                        sectors=entry.sectors,
                        cards=entry.prize,
                    )
                )
        if not state.started:
            lines.append(phrase("arena.not_started_yet", count=len(state.active)))
        notices = [self._group(tournament, f"day:{day}", *lines, buttons=tuple(buttons))]
        if is_week_end(day):
            week = week_of(day)
            for player in sorted(state.offers):
                choose = (
                    (
                        Button(
                            label=phrase("arena.btn_leave"),
                            data=ArChoiceCb(t=tournament.id, w=week, leave=True).pack(),
                        ),
                        Button(
                            label=phrase("arena.btn_stay"),
                            data=ArChoiceCb(t=tournament.id, w=week, leave=False).pack(),
                        ),
                    ),
                )
                notices += await self._private(
                    tx,
                    tournament,
                    player,
                    f"offer:{week}:p{player}",
                    phrase("arena.offer", sectors=state.count(player), hours=OFFER_HOURS),
                    buttons=choose,
                )
        return notices

    async def on_offers_end(self, tx: Tx, deadline: Deadline) -> AfterCommit | None:
        """24 hours after a week's end: whoever did not answer stays."""
        tournament = await tournaments.get(tx, deadline.ref_id)
        if tournament is None or tournament.status != "running":
            return None
        week = int(str(deadline.payload.get("week", 0)))
        state = await self.core.state(tx, tournament.id)
        settled = []
        for player, offered in sorted(state.offers.items()):
            if offered == week:
                await self.core.record(tx, tournament.id, ArChoice(player, week, False), None)
                t = self.core.tr(await self.core.lang_of_player(tx, player))
                settled.append((f"ar:{tournament.id}:offer:{week}:p{player}", t("arena.you_stay")))

        async def settle() -> None:  # the offer's buttons would mean nothing any more
            for key, text in settled:
                sent = await self.core.outbox.sent(key)
                if sent is not None:
                    await self.core.outbox.edit(*sent, text)

        return settle

    async def choose(self, tid: int, week: int, player: int, leave: bool) -> AfterCommit | None:
        async with self.core.db.transaction() as tx:
            tournament = await self.core.tournament(tx, tid, "running")
            state = await self.core.state(tx, tid)
            try:
                state.check_choice(player, week)
            except ArenaError as exc:
                raise refused(exc) from exc
            event = ArChoice(player, week, leave)
            await self.core.record(tx, tid, event, None)
            state.apply(event)
            if not leave:
                return None
            entry = next(e for e in reversed(state.entries) if e.player == player)
            await tournaments.set_participant_status(tx, tid, player, "dropped")
            notice = self._group(
                tournament,
                f"left:{player}:{week}",
                phrase(
                    "arena.exit_chose",
                    name=await self._name(tx, player),
                    sectors=entry.sectors,
                    cards=entry.prize,
                ),
            )
            return await self._tell(tx, tid, [notice])
