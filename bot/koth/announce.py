"""What the group and the players are told: the live board (edited in place), the pair at the
table, phase changes, eliminations, the Stay/Leave question and the winner.

Everything a stored event makes to tell is sent by a durable job (``ANNOUNCE_JOB``, see
``bot.deadlines``) stored in the event's transaction: the job replays the log up to that event
to know what changed, and sends each message once under an outbox key naming the tournament,
the event and the message (``koth:5:e42:pair``). A crash after the commit only delays the
announcements to the restart. The live board is re-rendered from the current state, not keyed.
"""

from __future__ import annotations

import html
import logging
from decimal import Decimal
from functools import partial
from typing import Any

from aiogram.filters.callback_data import CallbackData
from aiogram.types import InlineKeyboardMarkup
from aiogram.utils.keyboard import InlineKeyboardBuilder

from bot import formats, late
from bot.buttons import ReportCb
from bot.formats import Money, Rating, RatingChange
from bot.h2h_button import with_h2h
from bot.koth.board import (
    MainClock,
    elimination_reason,
    final_names,
    final_reason,
    render_board,
    table_pair,
)
from bot.koth.buttons import KothStayCb
from bot.koth.core import KothCore, KothSnapshot, Sent
from bot.koth.events import game_number
from bot.koth.final_table import post_table
from bot.koth.finish import Finish
from bot.sender import Unreachable
from bot.texts import Html, Translate
from bot.web.links import BoardLinks
from db import deadlines, outbox, tournaments
from db.database import Tx
from db.models import Deadline
from rules.koth import BONUS, EliminationReason, KothState, Phase, main_time, next_challenger
from rules.koth.settings import KothSettings

log = logging.getLogger(__name__)

#: The durable job that tells what one stored event changed (payload: the event's id).
ANNOUNCE_JOB = "job:koth_announce"


def buttons(*rows: tuple[str, CallbackData]) -> InlineKeyboardMarkup:
    builder = InlineKeyboardBuilder()
    for text, data in rows:
        builder.button(text=text, callback_data=data)
    return builder.as_markup()


def out_lines(
    t: Translate, state: KothState[int], players: list[int], names: dict[int, str]
) -> str:
    """One line per eliminated player with the reason."""
    return "\n".join(
        t("koth.out_line", name=names[p], reason=Html(elimination_reason(t, state, p)))
        for p in players
    )


def table_note(t: Translate, snap: KothSnapshot) -> str:
    """Where the result of the game at the table stands: reported and waiting for the opponent's
    confirmation, or disputed and with the judge; "" while nobody has reported."""
    found = snap.table_reports
    if not found:
        return ""
    if any(r.status == "disputed" for r in found):
        return t("koth.table_disputed")
    report = found[-1]
    winner = report.claim.winner
    state = snap.state
    if winner is None or state is None or state.next_pair is None:
        return ""
    a, b = state.next_pair
    # Who reported and who must confirm, by name: a loser's report would otherwise read as
    # the winner confirming his own win.
    reporter, confirmer = (a, b) if report.reporter_id == a else (b, a)
    names = snap.names
    return t(
        "koth.table_pending",
        reporter=names[reporter],
        winner=names[winner],
        confirmer=names[confirmer],
    )


def rating_lines(t: Translate, state: KothState[int], names: dict[int, str], finish: Finish) -> str:
    """Everyone's rating change, in the order of play (the group sees them all at the end)."""
    if finish.unrated:
        return t("koth.unrated")
    lines = [t("koth.ratings_title")]
    for pid in state.order:
        if pid not in finish.changes:
            continue
        if pid in finish.unmoved:  # another group's tournament: he vouched for no result
            lines.append(t("koth.rating_line_unrated", name=names[pid]))
            continue
        old, new = finish.changes[pid]
        bonus = pid == state.winner and finish.bonus_until is not None
        key = "koth.rating_line_winner" if bonus else "koth.rating_line"
        values = {"old": Rating(old), "new": Rating(new), "delta": RatingChange(new - old)}
        lines.append(t(key, name=names[pid], bonus=BONUS, **values))
    return "\n".join(lines)


def may_stay(state: KothState[int], player: int) -> bool:
    """Extra games may still call him: eliminated in the last circle (by a loss or the judge)
    while no final is set (6.7)."""
    found = state.eliminated.get(player)
    return (
        state.phase in (Phase.LAST_CIRCLE, Phase.EXTRA)
        and found is not None
        and found.reason in (EliminationReason.LAST_CIRCLE_LOSS, EliminationReason.JUDGE)
    )


def registration_text(t: Translate, snap: KothSnapshot) -> str:
    """Before the start: who is registered, or, once drawn, the order (seat by seat)."""
    tournament = snap.tournament
    lines = [t("koth.board_not_started", name=tournament.name, count=len(snap.names))]
    drawn = tournament.settings_as(KothSettings).drawn
    if drawn and sorted(drawn) == sorted(snap.names):
        lines.append(t("koth.board_drawn"))
        lines += [t("koth.draw_line", seat=i, name=snap.names[p]) for i, p in enumerate(drawn, 1)]
    elif snap.names:
        lines.append(t("koth.board_registered"))
        lines += [t("koth.board_registered_line", name=name) for name in snap.names.values()]
    if tournament.status == "cancelled":
        lines.append(t("koth.board_cancelled"))
    return "\n".join(lines)


class Announcer:
    def __init__(self, core: KothCore) -> None:
        self.core = core
        self.texts = core.texts

    # --- the board ----------------------------------------------------------------------------

    def board_text(self, snap: KothSnapshot, lang: str | None = None) -> str:
        t = self.core.tr(lang or snap.lang)
        tournament = snap.tournament
        if snap.state is None:
            return registration_text(t, snap)
        clock = None
        due = snap.main_due
        if tournament.status == "running" and not snap.state.expired and due is not None:
            clock = MainClock(due - self.core.now(), self.core.clock_time(due))
        average = snap.begun.average if snap.begun is not None else "0"
        note = table_note(t, snap) if tournament.status == "running" else ""
        text = render_board(t, tournament.name, snap.state, snap.names, average, clock, note)
        text += "\n" + t("koth.board_fund", fund=Money(snap.fund))
        if tournament.status == "cancelled":
            text += "\n" + t("koth.board_cancelled")
        return text

    async def queue_text(self, tournament_id: int, lang: str) -> str:
        """The board as read now, in ``lang`` (``/queue``)."""
        async with self.core.db.read() as tx:
            snap = await self.core.snapshot(tx, tournament_id)
        return self.board_text(snap, lang)

    async def publish_board(self, snap: KothSnapshot, *, new: bool = False) -> None:
        """Edit the board in place (or post it when there is none yet, or ``new``).

        A tournament has one board, posted once (by its outbox key); its id is its first
        message, the one ``Sender.edit`` edits.
        """
        text = self.board_text(snap)
        tournament = snap.tournament
        markup = await self.web_button(snap)
        if tournament.board_message_id is not None and not new:
            sender = self.core.sender
            await sender.edit(tournament.chat_id, tournament.board_message_id, text, markup)
            return
        key = f"koth:{tournament.id}:board"
        done = await self.core.outbox.sent(key)
        if done is None:
            try:
                # as a board: the sender keeps what it shows, and an edit to the same is not sent
                sent = (await self.core.sender.post_board(tournament.chat_id, text, markup))[0]
            except Unreachable:  # the bot is out of the group: nobody to show the board to
                log.warning("the board of tournament %s could not be posted", tournament.id)
                return
            chat_id, message_id = sent.chat.id, sent.message_id
        else:
            chat_id, message_id = done
        async with self.core.db.transaction() as tx:
            if done is None:
                now = self.core.now().isoformat()
                await outbox.record(tx, key, chat_id, message_id, now)
            await tournaments.set_board(tx, tournament.id, message_id)
        if done is None:
            await self._keep_in_sight(tournament.id, chat_id, message_id)

    async def web_button(self, snap: KothSnapshot) -> InlineKeyboardMarkup | None:
        """The button to the web board (``bot.web``; it shows the final table once over)."""
        links: BoardLinks = self.core.links
        return await links.group_button(snap.tournament.id, snap.lang)

    async def _keep_in_sight(self, tid: int, chat_id: int, message_id: int) -> None:
        """Pin the board, or re-post it as the group moves on (``bot.boards``)."""

        async def repost() -> None:
            await self.repost_board(tid)

        await self.core.boards.posted(chat_id, f"koth:{tid}", message_id, repost)

    async def repost_board(self, tournament_id: int) -> None:
        """The board could not be pinned and the group moved on: post it again at the bottom
        (the copy above is deleted); nothing once the tournament is over."""
        async with self.core.db.read() as tx:
            snap = await self.core.snapshot(tx, tournament_id)
        tournament, old = snap.tournament, snap.tournament.board_message_id
        if tournament.status != "running" or old is None:
            self.core.boards.forget(tournament.chat_id, f"koth:{tournament_id}")
            return
        try:
            text, markup = self.board_text(snap), await self.web_button(snap)
            sent = (await self.core.sender.post_board(tournament.chat_id, text, markup))[0]
        except Unreachable:
            return
        async with self.core.db.transaction() as tx:
            now = self.core.now().isoformat()
            key = f"koth:{tournament_id}:board"
            await outbox.record(tx, key, sent.chat.id, sent.message_id, now)
            await tournaments.set_board(tx, tournament_id, sent.message_id)
        await self.core.sender.delete(sent.chat.id, old)
        await self._keep_in_sight(tournament_id, sent.chat.id, sent.message_id)

    async def refresh_board(self, tournament_id: int) -> None:
        async with self.core.db.read() as tx:
            snap = await self.core.snapshot(tx, tournament_id)
        await self.publish_board(snap)

    # --- the pair at the table ------------------------------------------------------------------

    def private_buttons(
        self, tid: int, key: str, opponent: int, name: str, lang: str
    ) -> InlineKeyboardMarkup:
        """A player's own «your game» message: the result buttons, then his record against
        the opponent (``bot.h2h_button``)."""
        return with_h2h(self.report_buttons(lang, tid, key), self.texts, lang, opponent, name)

    def report_buttons(self, lang: str, tid: int, key: str) -> InlineKeyboardMarkup:
        return buttons(
            (self.texts.get(lang, "koth.i_won"), ReportCb(t=tid, g=key, c="w")),
            (self.texts.get(lang, "koth.i_lost"), ReportCb(t=tid, g=key, c="l")),
        )

    async def announce_pair(
        self, snap: KothSnapshot, current: KothSnapshot, key: str, *, first: bool = False
    ) -> None:
        """The pair at the table (with result buttons) and "you are next" to the challenger;
        nothing when that pair no longer is the one at the table (``current``)."""
        state, now = snap.state, current.state
        if state is None or state.next_pair is None or now is None:
            return
        stale = now.next_pair != state.next_pair or current.key != snap.key
        if stale or current.tournament.status != "running":
            return
        shown = table_pair(state)
        assert shown is not None
        a, b, crowned = shown
        tid, chat, game = snap.tournament.id, snap.tournament.chat_id, snap.key
        n = game_number(game)
        crown = " 👑" if crowned else ""
        nxt = next_challenger(state)  # across a circle's end too: the next circle's opener
        # who cannot be told privately is mentioned here instead (``KothCore.unreached``)
        unreached = await self.core.unreached([a, b, *([nxt] if nxt is not None else [])])
        t = self.core.tr(snap.lang)
        text = t(
            "koth.first_pair" if first else "koth.pair",
            n=n,
            a=unreached.get(a, snap.names[a]),
            crown=crown,
            b=unreached.get(b, snap.names[b]),
        )
        if nxt is not None and nxt in unreached:
            text += "\n" + t("koth.next_is", name=unreached[nxt], n=n)
        markup = self.report_buttons(snap.lang, tid, game)
        posted = await self.core.outbox.send_once(f"{key}:pair", chat, text, markup)
        if posted is not None:  # one line once the game settles (``ResultNotices.settle``)
            await self.core.remember(tid, game, Sent(*posted, snap.lang))
        for player, opponent in ((a, b), (b, a)):
            if player in unreached:
                continue
            sent = await self.core.dm_once(
                f"{key}:play:{player}",
                player,
                "koth.you_play",
                chat,
                markup=partial(self.private_buttons, tid, game, opponent, snap.names[opponent]),
                opponent=snap.names[opponent],
                n=n,
            )
            await self.core.remember(tid, game, sent)
        if nxt is not None and nxt not in unreached:
            # He meets whoever wins this game, not the King of now: the game decides it.
            await self.core.dm_once(
                f"{key}:next:{nxt}",
                nxt,
                "koth.you_are_next",
                chat,
                n=n,
                a=snap.names[a],
                b=snap.names[b],
            )

    # --- changes of state ---------------------------------------------------------------------

    async def store_job(self, tx: Tx, tid: int, event_id: int, finish: Finish | None = None) -> int:
        """Store the job that announces event ``event_id`` (in the event's transaction); run
        it after the commit (``Deadlines.run``)."""
        payload: dict[str, Any] = {"event": event_id}
        if finish is not None:
            payload["finish"] = finish.to_payload()
        return await deadlines.add(tx, ANNOUNCE_JOB, tid, self.core.now(), payload)

    async def run_job(self, deadline: Deadline) -> None:
        """The durable job: what the stored event changed, told once (see the module doc)."""
        event_id = deadline.payload.get("event")
        if not isinstance(event_id, int):
            return
        async with self.core.db.read() as tx:
            current = await self.core.snapshot(tx, deadline.ref_id)
        stored = [e for e in current.stored if e.id <= event_id]
        if not stored or stored[-1].id != event_id:
            return
        tournament, event = current.tournament, stored[-1]
        state = self.core.replayed.state_at(tournament, stored)
        snap = KothSnapshot(tournament, stored, state, current.names, current.lang)
        key = f"koth:{tournament.id}:e{event_id}"
        if event.kind == "begin":
            await self._announce_start(snap, current, key)
            return
        if event.kind == "expire":
            text = self.expiry_text(snap)
            overdue = late.from_payload(event.payload.get("late"))
            if overdue is not None:  # applied after downtime (``bot.koth.timers.on_expire``)
                t, zone = self.core.tr(snap.lang), self.core.settings.zone
                text = late.late_note(t, overdue, zone, "koth.late_expired") + "\n" + text
            await self.core.outbox.send_once(f"{key}:expiry", tournament.chat_id, text)
        before = self.core.replayed.state_at(tournament, stored[:-1])
        finish = Finish.from_payload(deadline.payload.get("finish"))
        await self.announce_changes(before, snap, finish, current, key)

    async def _announce_start(self, snap: KothSnapshot, current: KothSnapshot, key: str) -> None:
        """``/begin``: the order and the main time, the board, each player's norm, the first
        pair."""
        assert snap.state is not None
        order = snap.state.order
        unreached = await self.core.unreached(order)  # their norms: on the board, not apart
        names = {p: unreached.get(p) or html.escape(snap.names[p], quote=False) for p in order}
        listing = Html(", ".join(f"{i}. {names[p]}" for i, p in enumerate(order, 1)))
        hours = int(main_time(len(order)).total_seconds() // 3600)
        text = self.core.tr(snap.lang)("koth.begun", order=listing, hours=hours)
        await self.core.outbox.send_once(f"{key}:begun", snap.tournament.chat_id, text)
        await self.publish_board(current, new=True)
        # each player's norm first: his game's message comes after «the tournament began»
        await self._tell_norms(snap, key)
        await self.announce_pair(snap, current, key, first=True)

    async def _tell_norms(self, snap: KothSnapshot, key: str) -> None:
        """Each player is told his own norm, the rating it comes from and his seat, privately."""
        assert snap.state is not None
        start = snap.begun
        assert start is not None
        unreached = await self.core.unreached(snap.state.order)  # named in «begun»
        for seat, pid in enumerate(snap.state.order, 1):
            if pid in unreached:
                continue
            await self.core.dm_once(
                f"{key}:norm:{pid}",
                pid,
                "koth.your_norm",
                snap.tournament.chat_id,
                name=snap.tournament.name,
                norm=snap.state.norms[pid],
                rating=Rating(start.rating_of.get(pid, 0)),
                average=Rating.of(Decimal(start.average)),
                seat=seat,
            )

    async def announce_changes(
        self,
        before: KothState[int] | None,
        snap: KothSnapshot,
        finish: Finish | None,
        current: KothSnapshot,
        key: str,
    ) -> None:
        """Everything a change of state must tell: phase, eliminations, the winner, the pair
        (``snap`` just after the change; the board shows the ``current`` state)."""
        state = snap.state
        assert state is not None
        await self.publish_board(current)
        old_out = set(before.eliminated) if before else set()
        new_out = [p for p in state.eliminated if p not in old_out]
        chat = snap.tournament.chat_id
        t = self.core.tr(snap.lang)
        # Who is out now, unless the winner ends it or the expiry's own text lists them.
        expiry = before is not None and state.expired and not before.expired
        out = ""
        if new_out and state.phase is not Phase.FINISHED and not expiry:
            out = t("koth.eliminated_now", lines=Html(out_lines(t, state, new_out, snap.names)))
        if before is not None and before.phase is not state.phase:
            # The last circle's last game may put its loser out as it ends the circle: one
            # message says both (what comes next first).
            await self._announce_phase(snap, key, out)
        elif out:
            await self.core.outbox.send_once(f"{key}:out", chat, out)
        for player in new_out:
            if may_stay(state, player):
                await self.ask_stay(snap.tournament.id, chat, player, f"{key}:stay:{player}")
        if finish is not None and state.winner is not None:
            await self.announce_winner(snap, finish, key)
            return
        if (
            before is None
            or before.next_pair != state.next_pair
            or before.game_count != state.game_count
        ):
            await self.announce_pair(snap, current, key)

    async def _announce_phase(self, snap: KothSnapshot, key: str, out: str = "") -> None:
        """Extra games begin, or a final / mini-tournament is set (with its order); ``out``:
        who the same game put out of the fight."""
        state, names, t = snap.state, snap.names, self.core.tr(snap.lang)
        assert state is not None
        text = None
        if state.phase is Phase.EXTRA and state.next_pair is not None:
            leaders = ", ".join(names[p] for p in state.leaders)
            king = names[state.next_pair[0]]
            text = t("koth.extra_begin", king=king, leaders=leaders, count=len(state.leaders))
        elif state.phase is Phase.FINAL:
            which = "koth.mini_begin" if state.is_mini_tournament else "koth.final_begin"
            text = t(which, names=final_names(state, names, " → "))
            why = final_reason(t, state, names)
            text += "\n" + why if why else ""
        text = "\n".join(part for part in (text, out) if part)
        if text:
            await self.core.outbox.send_once(f"{key}:phase", snap.tournament.chat_id, text)

    def expiry_text(self, snap: KothSnapshot) -> str:
        """The main time is over: who still plays in the last circle, who is out and why."""
        state, names, t = snap.state, snap.names, self.core.tr(snap.lang)
        assert state is not None
        still = [names[p] for p in (*(state.next_pair or ()), *state.upcoming)]
        out = out_lines(t, state, list(state.eliminated), names) or t("koth.nobody_out")
        return t("koth.expired", players=", ".join(still) or "—", out=Html(out))

    def stay_markup(
        self, lang: str, tid: int, player: int, leaving: bool | None = None
    ) -> InlineKeyboardMarkup:
        """Stay / Leave, the current choice marked (``leaving`` ``None``: none made yet)."""

        def label(key: str, chosen: bool) -> str:
            text = self.texts.get(lang, key)
            return self.texts.get(lang, "koth.chosen", label=text) if chosen else text

        return buttons(
            (label("koth.stay", leaving is False), KothStayCb(t=tid, p=player, leave=False)),
            (label("koth.leave", leaving is True), KothStayCb(t=tid, p=player, leave=True)),
        )

    async def ask_stay(self, tid: int, chat: int, player: int, key: str) -> None:
        def markup(lang: str) -> InlineKeyboardMarkup:
            return self.stay_markup(lang, tid, player)

        await self.core.dm_once(key, player, "koth.stay_or_leave", chat, markup=markup)

    async def announce_winner(self, snap: KothSnapshot, finish: Finish, key: str) -> None:
        """The winner and the prize fund in the group; each player's rating change privately."""
        state, t = snap.state, self.core.tr(snap.lang)
        assert state is not None and state.winner is not None and state.decided_by is not None
        winner, chat = state.winner, snap.tournament.chat_id
        how = t(f"koth.decided_{state.decided_by.value}", norm=state.norms[winner])
        fund = Money(finish.fund)
        text = t("koth.winner", name=snap.names[winner], how=Html(how), fund=fund)
        unreached = await self.core.unreached(finish.changes)  # named in the rating lines
        names: dict[int, str] = {**snap.names, **unreached}
        text += "\n\n" + rating_lines(t, state, names, finish)
        await self.core.outbox.send_once(f"{key}:winner", chat, text)
        await self.core.close_registration(snap.tournament)
        await post_table(self.core, snap, finish, key)
        until = formats.last_day(finish.bonus_until) if finish.bonus_until else ""
        for pid, (old, new) in finish.changes.items():
            # nothing changed: nothing to tell; never opened the bot: named in the group's lines
            if finish.unrated or pid in finish.unmoved or pid in unreached:
                continue
            delta = new - old
            bonus = pid == winner and finish.bonus_until is not None
            await self.core.dm_once(
                f"{key}:rating:{pid}",
                pid,
                "koth.rating_changed_winner" if bonus else "koth.rating_changed",
                chat,
                name=snap.tournament.name,
                old=Rating(old),
                new=Rating(new),
                delta=RatingChange(delta),
                bonus=BONUS,
                until=until,
            )
