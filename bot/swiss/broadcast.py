"""Telling people about a round: the live board in the group and each player's private pairing.

The board goes to the group while the private messages go one after another, each recorded as
sent (``bot.outbox``) before the next goes: a crash in the middle repeats at most the one under
way (sent all at once, a kill repeated every message sent and not yet recorded: 10 of 20
players got their pairing twice). ``bot.pacing`` underneath keeps them inside Telegram's
limits. A private message that cannot be delivered goes to the group with a mention; one
failure never stops the others.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from datetime import datetime

from aiogram.types import InlineKeyboardMarkup
from aiogram.utils.keyboard import InlineKeyboardBuilder

import bot.swiss.heroes as heroes
from bot.buttons import ReportCb
from bot.formats import Points
from bot.h2h_button import with_h2h
from bot.notify import mention
from bot.sender import Unreachable
from bot.swiss.bracket import post_bracket
from bot.swiss.core import SwissCore, T
from bot.swiss.play import play_of
from bot.swiss.settings import card
from bot.swiss.views import Names, points_before, render_board, round_name, round_pods
from bot.texts import pick_language
from bot.web.links import BoardLinks
from db import deadlines, game_messages, outbox, players, tournaments
from db.database import Tx
from db.models import Deadline
from db.tournaments import Tournament
from rules.limited import sealed
from rules.limited.marathon import first_sealed_round
from rules.swiss import SWISS, TOP, Round, State

log = logging.getLogger(__name__)

SCORES = ("20", "21", "12", "02")
DRAW_SCORE = "11"
#: The durable job (``bot.deadlines``) that sends a pairing: the board and each player's table.
ROUND_JOB = "job:swiss_round"


@dataclass(frozen=True, slots=True)
class Notice:
    """One personal message: to a club player (``telegram_id``), with optional buttons; sent
    once under the outbox ``key`` (see ``bot.outbox``)."""

    key: str
    telegram_id: int
    name: str
    text: str
    markup: InlineKeyboardMarkup | None
    #: the game whose result buttons it carries (tournament id, game key, the text's language):
    #: replaced by the result line once the game settles (``ResultNotices.settle``)
    game: tuple[int, str, str] | None = None


def round_key(tournament_id: int, number: int, gen: int) -> str:
    """The outbox key prefix of one pairing (round and generation) of a tournament."""
    return f"sw:{tournament_id}:r{number}g{gen}"


async def store_round_job(
    core: SwissCore, tx: Tx, tournament_id: int, number: int, gen: int
) -> int:
    """Store the durable job that broadcasts a pairing, in the transaction that stored it.

    Run the returned job after the commit (``Deadlines.run``); after a crash it runs again at
    the start and sends what is still missing (``round_job``).
    """
    payload: dict[str, object] = {"round": number, "gen": gen}
    return await deadlines.add(tx, ROUND_JOB, tournament_id, core.now(), payload)


async def round_job(core: SwissCore, deadline: Deadline) -> None:
    """The durable job of a pairing: its broadcast, unless a newer pairing superseded it."""
    number, gen = deadline.payload.get("round"), deadline.payload.get("gen")
    if isinstance(number, int) and isinstance(gen, int):
        await broadcast(core, deadline.ref_id, (number, gen))
        await heroes.reveal(core, deadline.ref_id, (number, gen))  # 609.6, privately


async def broadcast(
    core: SwissCore, tournament_id: int, which: tuple[int, int] | None = None
) -> None:
    """Post the current round's board and tell each player his table, all at once.

    Each message is sent once by its outbox key (so a re-run after a crash sends only what is
    missing); ``which`` (round, generation): nothing when that pairing is no longer current.
    """
    async with core.db.read() as tx:
        tournament = await tournaments.get(tx, tournament_id)
        if tournament is None or tournament.status != "running":
            return
        state = await core.state(tx, tournament_id)
        rnd = state.current
        if rnd is None or (which is not None and (rnd.number, rnd.gen) != which):
            return
        ids = seated(rnd)
        names = await core.names(tx, ids)
        found = await players.many(tx, ids)
        langs: dict[int, str] = {}
        for player in found.values():
            if player.telegram_id is not None:
                user = await players.tg_user(tx, player.telegram_id)
                code = user.language_code if user else None
                langs[player.id] = pick_language(code, core.texts.default)
    prefix = round_key(tournament_id, rnd.number, rnd.gen)
    board = board_text(core, tournament, state, rnd, names, set())
    games = {p: rnd.key(n) for n, pair in enumerate(rnd.tables, start=1) for p in pair}
    notices = [
        Notice(
            f"{prefix}:p{pid}",
            found[pid].telegram_id or 0,
            names[pid],
            text,
            markup,
            (tournament_id, games[pid], langs[pid]) if pid in games else None,
        )
        for pid, text, markup in pairing_texts(core, tournament, state, rnd, names, langs)
        if pid in langs
    ]
    await asyncio.gather(
        post_board(core, tournament, rnd, board, f"{prefix}:board"),
        deliver_in_turn(core, notices, tournament.chat_id),
    )
    if rnd.stage == TOP and rnd.number == state.top_rounds()[0].number:  # the Top begins
        await post_bracket(core, tournament_id, tournament.chat_id, tournament.name, "started")


def seated(rnd: Round) -> list[int]:
    return [p for pair in rnd.tables for p in pair] + rnd.without_opponent()


def pairing_texts(
    core: SwissCore,
    tournament: Tournament,
    state: State,
    rnd: Round,
    names: Names,
    langs: dict[int, str],
) -> list[tuple[int, str, InlineKeyboardMarkup | None]]:
    """(player, text, buttons) for every seated player with a known language, and the bye.

    A table's message names the tournament (a player may play two at once), the round's end
    in the club's time and the opponent's points before the round («3 очка»); in the Top his
    seed instead (Swiss points no longer decide anything there)."""
    before = points_before(state, rnd.number)
    seeds = {pid: n for n, pid in enumerate(state.seeds or [], start=1)}
    ends = round_end(core, state, rnd)
    pods = round_pods(state, rnd, in_pods=play_of(tournament).in_pods(tournament))
    now_sealed = sealed_from(tournament, rnd)
    out: list[tuple[int, str, InlineKeyboardMarkup | None]] = []
    for table, (a, b) in enumerate(rnd.tables, start=1):
        for me, other in ((a, b), (b, a)):
            if me not in langs:
                continue
            t = core.t(langs[me])
            about: dict[str, object]
            if rnd.stage == TOP:
                key, about = "swiss.pairing_table_top", {"seed": seeds.get(other, 0)}
            else:
                key, about = "swiss.pairing_table", {"points": Points(before.get(other, 0))}
            lines = [
                t("swiss.pairing_head", name=tournament.name),
                t(key, round=round_name(t, rnd), table=table, opponent=names[other], **about),
            ]
            lines += [t("limited.pairing_pod", pod=pods[me])] if me in pods else []
            lines += [sealed_note(t)] if now_sealed else []
            lines += [t("swiss.pairing_ends", ends=ends)] if ends else []
            lines += [t("swiss.score_hint")] if match_format(tournament) else []
            buttons = report_keyboard(t, tournament, rnd, table)
            buttons = with_h2h(buttons, core.texts, langs[me], other, names[other])
            out.append((me, "\n".join(lines), buttons))
    for bye in (p for p in rnd.byes if p in langs):
        t = core.t(langs[bye])
        head = t("swiss.pairing_head", name=tournament.name)
        lines = [head, t("swiss.your_bye", round=rnd.number)] + (
            [sealed_note(t)] if now_sealed else []
        )
        out.append((bye, "\n".join(lines), None))
    for player in (p for p in rnd.auto if p in langs):
        t = core.t(langs[player])
        head = t("swiss.pairing_head", name=tournament.name)
        out.append((player, head + "\n" + t("swiss.your_privilege", round=rnd.number), None))
    return out


def sealed_from(tournament: Tournament, rnd: Round) -> bool:
    """Whether ``rnd`` is a Marathon's first round played as Sealed (608.4): each of its
    players is told so with his pairing (the group by the round complete before it)."""
    drafts = play_of(tournament).drafts(tournament)
    return bool(drafts) and rnd.stage == SWISS and first_sealed_round(rnd.number, drafts)


def sealed_note(t: T) -> str:
    return t("limited.pairing_sealed", deck=sealed.DECK_MINIMUM, hand=sealed.HAND)


async def post_board(
    core: SwissCore, tournament: Tournament, rnd: Round, text: str, key: str
) -> None:
    """Post the round's board once (by ``key``) and make it the board that results edit.

    A board longer than one message is posted in parts (``Sender.post_board``). Their ids
    are kept in the outbox (``key``, then ``key:1``, ``key:2`` …) so a re-run after a crash
    finds them; they become the tournament's board while the round is the current one.
    """
    ids = await posted_parts(core, key)
    fresh = not ids
    if fresh:
        try:
            markup = await web_button(core, tournament)
            sent = await core.sender.post_board(tournament.chat_id, text, markup)
        except Unreachable:  # the bot is out of the group: nobody to post the board to
            log.warning("the board of tournament %s could not be posted", tournament.id)
            return
        ids = [(m.chat.id, m.message_id) for m in sent]
    await keep_board(core, tournament.id, rnd, key, ids)
    if fresh:
        await keep_in_sight(core, tournament, rnd, key, ids[0][1])


async def keep_board(
    core: SwissCore, tournament_id: int, rnd: Round, key: str, ids: list[tuple[int, int]]
) -> None:
    """Record the board's parts in the outbox (``key``, ``key:1`` …) and make them the
    tournament's board while ``rnd`` is the current round."""
    async with core.db.transaction() as tx:
        for index, (chat_id, message_id) in enumerate(ids):
            part = key if index == 0 else f"{key}:{index}"
            await outbox.record(tx, part, chat_id, message_id, core.now().isoformat())
        current = (await core.state(tx, tournament_id)).current
        if current is not None and (current.number, current.gen) == (rnd.number, rnd.gen):
            first, *rest = (message_id for _, message_id in ids)
            await tournaments.set_board(tx, tournament_id, first, tuple(rest))


async def posted_parts(core: SwissCore, key: str) -> list[tuple[int, int]]:
    """The (chat, message) of each part of a board already posted under ``key``, in order."""
    found: list[tuple[int, int]] = []
    while done := await core.outbox.sent(key if not found else f"{key}:{len(found)}"):
        found.append(done)
    return found


async def keep_in_sight(
    core: SwissCore, tournament: Tournament, rnd: Round, key: str, message_id: int
) -> None:
    """Pin the round's board (unpinning the round before's), or re-post it as the group
    moves on (``bot.boards``)."""

    async def repost() -> None:
        await repost_board(core, tournament.id, rnd, key)

    await core.boards.posted(tournament.chat_id, f"sw:{tournament.id}", message_id, repost)


async def repost_board(core: SwissCore, tournament_id: int, rnd: Round, key: str) -> None:
    """The board could not be pinned and the group moved on: post it again at the bottom (the
    copy above is deleted) while its round is the current one."""
    async with core.db.read() as tx:
        tournament = await tournaments.get(tx, tournament_id)
        current = (await core.state(tx, tournament_id)).current
    same = current is not None and (current.number, current.gen) == (rnd.number, rnd.gen)
    if tournament is None or tournament.status != "running" or not same:
        if tournament is not None:
            core.boards.forget(tournament.chat_id, f"sw:{tournament_id}")
        return
    text, old = await current_board(core, tournament_id), tournament.board_ids
    if text is None or not old:
        return
    try:
        markup = await web_button(core, tournament)
        sent = await core.sender.post_board(tournament.chat_id, text, markup)
    except Unreachable:
        return
    ids = [(m.chat.id, m.message_id) for m in sent]
    await keep_board(core, tournament_id, rnd, key, ids)
    for message_id in old:
        await core.sender.delete(tournament.chat_id, message_id)
    await keep_in_sight(core, tournament, rnd, key, ids[0][1])


async def deliver_in_turn(core: SwissCore, notices: list[Notice], group: int) -> None:
    """Each notice once (``deliver``), one after another: each is recorded as sent before the
    next goes, so a job re-run after a crash repeats at most one."""
    for notice in notices:
        await deliver(core, notice, group)


async def deliver(core: SwissCore, notice: Notice, group: int) -> None:
    """Privately if possible, else in the group with a mention, once by the notice's key;
    never raises."""
    try:
        sent = await core.outbox.notify_once(
            notice.key,
            notice.telegram_id,
            notice.name,
            notice.text,
            notice.markup,
            fallback_chat=group,
        )
        await remember(core, notice, sent)
        return
    except Exception:  # a failure of one message must not stop the others
        log.warning("message to %s failed; trying the group", notice.telegram_id, exc_info=True)
    try:
        text = f"{mention(notice.telegram_id, notice.name)}\n{notice.text}"
        sent = await core.outbox.send_once(notice.key, group, text, notice.markup)
        await remember(core, notice, sent)
    except Exception:
        log.exception("message to %s could not be delivered at all", notice.telegram_id)


async def remember(core: SwissCore, notice: Notice, sent: tuple[int, int] | None) -> None:
    """A message with a game's result buttons, to be replaced by its result line."""
    if notice.game is not None and sent is not None:
        tournament_id, game, lang = notice.game
        async with core.db.transaction() as tx:
            await game_messages.add(tx, tournament_id, game, *sent, lang)


def match_format(tournament: Tournament) -> bool:
    return card(tournament).best_of > 1


def report_keyboard(t: T, tournament: Tournament, rnd: Round, table: int) -> InlineKeyboardMarkup:
    """Won / lost / draw; in a match format the game scores (1:1 only where draws are allowed)."""
    key = rnd.key(table)
    draws = rnd.stage == SWISS
    if match_format(tournament):
        buttons = [(f"{c[0]}:{c[1]}", c) for c in (*SCORES, *([DRAW_SCORE] if draws else []))]
    else:
        buttons = [(t("swiss.btn_won"), "w"), (t("swiss.btn_lost"), "l")]
        buttons += [(t("swiss.btn_draw"), "d")] if draws else []
    builder = InlineKeyboardBuilder()
    for label, code in buttons:
        builder.button(text=label, callback_data=ReportCb(t=tournament.id, g=key, c=code))
    builder.adjust(3 if len(buttons) == 3 else 2)
    return builder.as_markup()


def round_end(core: SwissCore, state: State, rnd: Round) -> str:
    """The round's end as a clock time in the club's zone; "" when none is known."""
    ends_at = state.ends_at.get(rnd.number)
    return core.local_time(datetime.fromisoformat(ends_at)) if ends_at else ""


def board_text(
    core: SwissCore,
    tournament: Tournament,
    state: State,
    rnd: Round,
    names: Names,
    pending: set[int],
) -> str:
    pods = round_pods(state, rnd, in_pods=play_of(tournament).in_pods(tournament))
    ends = round_end(core, state, rnd)
    return render_board(core.t(), tournament, state, rnd, names, pending, ends, pods)


async def refresh_board(core: SwissCore, tournament_id: int) -> None:
    """Edit the group's board to the current state.

    The board is rendered from the database when its edit goes out (``Sender.edit_rendered``):
    a burst of results costs it a couple of renders and edits, not one per result."""
    async with core.db.read() as tx:
        tournament = await tournaments.get(tx, tournament_id)
    if tournament is None or tournament.board_message_id is None:
        return

    board = tournament.board_ids

    async def render() -> tuple[str, InlineKeyboardMarkup | None] | None:
        # Rendered when the edit's turn comes: by then a new round may have its own board,
        # and these messages, the round before's, must not turn into it.
        text = await current_board(core, tournament_id, board)
        return None if text is None else (text, await web_button(core, tournament))

    await core.sender.edit_rendered(tournament.chat_id, tournament.board_ids, render)


async def web_button(core: SwissCore, tournament: Tournament) -> InlineKeyboardMarkup | None:
    """The button under the group's board to the web board (``bot.web``; https only)."""
    links: BoardLinks = core.links
    return await links.group_button(tournament.id, core.texts.default)


async def current_board(
    core: SwissCore, tournament_id: int, board: tuple[int, ...] | None = None
) -> str | None:
    """The live board as the database has it now, for the messages of the current round's
    board (None: no round to show, or ``board``, the messages it is for, are not that board).

    A new round is paired in one transaction and its board posted after it: until then the
    tournament's board is still the round before's, and must not be edited into this one."""
    async with core.db.read() as tx:
        tournament = await tournaments.get(tx, tournament_id)
        if tournament is None or (board is not None and tournament.board_ids != board):
            return None
        state = await core.state(tx, tournament_id)
        rnd = state.current
        if rnd is None:
            return None
        own = await outbox.sent(tx, f"{round_key(tournament_id, rnd.number, rnd.gen)}:board")
        if own is None or own[1] != tournament.board_message_id:
            return None
        names = await core.names(tx, seated(rnd))
        unresolved = await core.unresolved_keys(tx, tournament_id)
    pending = {n for n in rnd.open_tables() if rnd.key(n) in unresolved}
    return board_text(core, tournament, state, rnd, names, pending)
