"""What the judge and the organiser decide by hand: void or correct the last game, eliminate,
reinstate, declare the winner, an eliminated player's leaving, cancelling the tournament, and
the readable log of it all (every action stored with who and when)."""

from __future__ import annotations

from datetime import datetime

from bot import formats
from bot.errors import UserError
from bot.formats import Money
from bot.koth.announce import Announcer
from bot.koth.core import TIMERS, KothCore, KothSnapshot
from bot.koth.desk import Desk
from bot.koth.events import decoded, live_games
from bot.texts import Html
from db import deadlines, players, reports, tournaments
from db.database import Tx
from db.tournaments import Tournament
from rules.koth import KothState, Phase, extra_turn_passed
from rules.koth.events import (
    Corrected,
    Declared,
    Eliminated,
    KothEvent,
    Left,
    Played,
    Reinstated,
    Stayed,
    Voided,
)

#: a judge's ruling about one player, by the command's action
RULINGS: dict[str, type[Eliminated | Reinstated | Declared]] = {
    "eliminate": Eliminated,
    "reinstate": Reinstated,
    "declare": Declared,
}

#: Stored events about a player that a void or a correction of an earlier game would undercut.
PLAYER_DECISIONS = ("leave", "stay", "eliminate", "reinstate", "declare")


def edit_of(snap: KothSnapshot, action: str, winner: int | None) -> Voided | Corrected:
    """The judge's ``void`` / ``correct`` of the last game (``winner`` one of its players)."""
    games = live_games(snap.stored)
    if not games:
        raise UserError("koth.no_games")
    last = games[-1]
    if any(e.kind in PLAYER_DECISIONS for e in snap.stored if e.id > last.id):
        raise UserError("koth.void_blocked")
    if action == "void":
        return Voided(last.id)
    game = decoded(last)
    assert isinstance(game, Played)
    if winner not in (game.w, game.l):
        raise UserError("koth.result_usage")
    return Corrected(last.id, winner, game.l if winner == game.w else game.w)


def may_stay_again(state: KothState[int], player: int) -> bool:
    """A player who left may still stay: the last circle runs, or in the extra games his turn
    has not passed (``rules.koth.engine.stay``)."""
    if state.phase is Phase.LAST_CIRCLE:
        return True
    return state.phase is Phase.EXTRA and not extra_turn_passed(state, player)


class Judging:
    def __init__(self, core: KothCore, desk: Desk, board: Announcer) -> None:
        self.core = core
        self.desk = desk
        self.board = board

    async def act(self, tournament: Tournament, actor: int, action: str, arg: int | None) -> None:
        """/void, /result <winner>, /eliminate, /reinstate, /finish <winner>; /extend separately."""
        async with self.core.db.transaction() as tx:
            snap = await self.core.snapshot(tx, tournament.id)
            event: KothEvent
            if action in ("void", "correct"):
                event = edit_of(snap, action, arg)
            elif arg is None or arg not in snap.names:
                raise UserError("koth.not_participant", club_id=arg or "?")
            else:
                event = RULINGS[action](arg)
            after = await self.desk.apply(tx, tournament.id, event, actor)
            await self.core.audit(tx, tournament.id, actor, f"koth_{action}", player=arg)
        await after()

    async def choose(self, tournament_id: int, player_id: int, *, leave: bool) -> bool:
        """An eliminated player's Stay/Leave (6.7); returns whether the choice was stored.

        Staying is the default, so "stay" stores nothing unless he had left; pressing the
        current choice again stores nothing either. Leaving after having left, or staying once
        his extra game would have started (``rules.koth.engine.stay``), is told, not stored.
        """
        async with self.core.db.transaction() as tx:
            snap = await self.core.snapshot(tx, tournament_id)
            state = snap.state
            if state is None or snap.tournament.status != "running":
                raise UserError("koth.not_running")
            if player_id not in state.eliminated or (player_id in state.left) is leave:
                return False
            if not leave and not may_stay_again(state, player_id):
                raise UserError("koth.stay_too_late")
            choice = Left(player_id) if leave else Stayed(player_id)
            after = await self.desk.apply(tx, tournament_id, choice, None)
        await after()
        return True

    # --- cancelling ---------------------------------------------------------------------------

    async def cancellable(self, tournament_id: int) -> Tournament:
        async with self.core.db.read() as tx:
            tournament = await self.core.tournament(tx, tournament_id)
        if not tournament.is_open:
            raise UserError("koth.cancel_closed")
        return tournament

    async def cancel(self, tournament_id: int, actor: int) -> Tournament:
        """The organiser cancels a tournament in registration or running: timers stopped,
        logged, announced in the group."""
        async with self.core.db.transaction() as tx:
            tournament = await self.core.tournament(tx, tournament_id)
            if not tournament.is_open:
                raise UserError("koth.cancel_closed")
            now = self.core.now().isoformat()
            await tournaments.set_status(tx, tournament_id, "cancelled", now)
            await tournaments.append_event(tx, tournament_id, "cancel", {}, actor, now)
            await self.core.audit(tx, tournament_id, actor, "koth_cancelled")
            cancelled = await deadlines.cancel_for(tx, tournament_id, TIMERS)
            snap = await self.core.snapshot(tx, tournament_id)
        self.core.deadlines.unschedule(cancelled)
        text = self.core.tr(snap.lang)("koth.cancelled", name=tournament.name)
        await self.core.sender.send(tournament.chat_id, text)
        await self.core.close_registration(snap.tournament)
        if tournament.board_message_id is not None:
            await self.board.publish_board(snap)
        return tournament

    # --- the log ----------------------------------------------------------------------------------

    async def log_text(self, tournament_id: int, lang: str) -> str:
        async with self.core.db.read() as tx:
            snap = await self.core.snapshot(tx, tournament_id)
            actors = {e.actor_id for e in snap.stored if e.actor_id}
            who = {a: await self._person(tx, a) for a in actors}
            players_own = {e.id: await self._own(tx, snap, e) for e in snap.stored}
        t = self.core.tr(lang)
        zone = self.core.settings.zone
        lines = [t("koth.log_title", name=snap.tournament.name)]
        for event in snap.stored:
            at = formats.moment(datetime.fromisoformat(event.at), zone)
            by = who.get(event.actor_id or 0) or players_own[event.id] or t("koth.log_bot")
            what = self._what(snap, event, lang)
            lines.append(t("koth.log_line", at=at, id=event.id, who=by, what=Html(what)))
        # What the organisers and judges did among the lines above (an event with its actor;
        # the players' own reports and choices carry none), not the audit log's other rows
        # (/add, /draw, /judge), which this journal does not list.
        done_by_them = sum(1 for event in snap.stored if event.actor_id is not None)
        lines.append(t("koth.log_audit", count=done_by_them))
        return "\n".join(lines)

    def _what(self, snap: KothSnapshot, event: tournaments.Event, lang: str) -> str:
        p = event.payload

        def name(field: str) -> object:
            value = p.get(field, "")
            return snap.names.get(int(value), value) if str(value).isdigit() else value

        key = f"koth.log_{event.kind}"
        if event.kind == "contribution" and p.get("note"):
            key = "koth.log_contribution_note"  # who gave it, as the organiser wrote
        if not self.core.texts.has(key):
            return event.kind
        values = {f: name(f) for f in ("w", "l", "p")}
        target, minutes = p.get("target", ""), p.get("minutes", "")
        amount = Money(int(p["amount"])) if str(p.get("amount", "")).isdigit() else ""
        note = p.get("note", "")
        return self.core.texts.get(
            lang, key, target=target, minutes=minutes, amount=amount, note=note, **values
        )

    async def _own(self, tx: Tx, snap: KothSnapshot, event: tournaments.Event) -> str | None:
        """Who did an event stored without an actor when it was a player's own doing: the
        reporter of a confirmed result, the player who chose to leave (``None``: the bot's,
        e.g. the main time's end)."""
        if event.actor_id is not None:
            return None
        if event.kind in ("leave", "stay"):  # his own choice: its line does not name him twice
            return snap.names.get(int(event.payload["p"]))
        if event.kind != "game" or "key" not in event.payload:
            return None
        stored = await reports.for_game(tx, snap.tournament.id, str(event.payload["key"]))
        reporters = [r.reporter_id for r in stored if r.status == "confirmed"]
        return snap.names.get(reporters[0]) if reporters else None

    async def _person(self, tx: Tx, telegram_id: int) -> str:
        """How the log names who acted: the player's club name, else his Telegram name."""
        player = await players.by_telegram(tx, telegram_id)
        if player is not None:
            return player.display_name
        user = await players.tg_user(tx, telegram_id)
        if user is None:
            return f"id {telegram_id}"
        return f"{user.full_name} (@{user.username})" if user.username else user.full_name
