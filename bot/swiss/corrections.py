"""``/result [round] <table> <result> [score] [reason]``: a judge records or corrects a result
of any round while the tournament runs (808: results are final; only a judge changes one, and
every change is logged with who, when and why).

- Without a round it is the current round's table (an open table gets its result).
- The result: ``a`` / ``b`` (that player of the table won), ``ta`` / ``tb`` (a technical win),
  ``draw``, ``dl`` (both players get a technical loss); for an absence (a player did not come
  to the table in time: a no-show, ``rules.no_shows``) ``na`` / ``nb`` (that player did not
  come: the other's technical win) and ``nn`` (neither came: both a technical loss). In a
  match (best of three) a win carries the winner's game score, ``2:0`` or ``2:1`` (either
  way round), a draw ``1:1`` (the default) or ``0:0``. The Top allows only a winner.
- What stays and what changes: the stored ``sw_result`` replaces the table's result; its
  event records the judge (the actor) and the reason. Pairings already published stand (a
  club does not re-seat people who have played); the standings, the tie-breaks, the score
  groups and so every pairing made from now on are replayed from the corrected log. The judge
  may ``/repair`` the current round while it has no result yet. In the Top a match's winner
  may change only until the bracket's next round is paired.
- The answer names the round, the table, both players and the result (and what it was); both
  players are told privately, once each (by the event's id), by a durable job stored with the
  result: a crash after the commit only delays the notices to the restart.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace

from bot import numbers, validation
from bot.deadlines import AfterCommit
from bot.errors import UserError
from bot.notices import spoken
from bot.notify import mention
from bot.results import Claim, Game
from bot.swiss.broadcast import match_format
from bot.swiss.core import SwissCore
from bot.swiss.desk import after_result
from bot.swiss.games import game_of
from bot.swiss.ruling import Change, change_lines, change_of, ruling_notices
from bot.swiss.settings import card
from db import players, reports
from db.database import Tx
from db.tournaments import Tournament
from rules.swiss import TOP, Result, Round, State, result_from_claim

#: an absence's code: the technical result it records and which side of the table was absent
ABSENCE = {"na": ("tb", "a"), "nb": ("ta", "b"), "nn": ("dl", "ab")}
CODES = ("a", "b", "ta", "tb", "draw", "dl", *ABSENCE)
_SCORE = re.compile(r"([0-9]):([0-9])")
WIN_SCORES = {(2, 0), (2, 1)}
DRAW_SCORES = {(1, 1), (0, 0)}


@dataclass(frozen=True, slots=True)
class Ruling:
    """A parsed ``/result``: ``round`` ``None`` is the current round; ``score`` as typed."""

    round: int | None
    table: int
    code: str
    score: tuple[int, int] | None
    reason: str
    #: set by a penalty (``bot.swiss.penalties``): a penalty's result (rated like any)
    penalty: bool = False
    #: the sides of the table that did not come (``"a"``, ``"b"``, ``"ab"``): a no-show
    absent: str = ""


def parse(args: str | None) -> Ruling | None:
    """The ruling of ``/result``'s arguments, or ``None`` when they are not one. Numbers out
    of range and a bad reason are refused naming the rule (``UserError``)."""
    parts = (args or "").split()
    count = 0
    while count < min(2, len(parts)) and numbers.is_whole(parts[count]):
        count += 1
    if count == 0 or len(parts) <= count or parts[count].lower() not in CODES:
        return None
    rest = parts[count + 1 :]
    score = None
    if rest and (found := _SCORE.fullmatch(rest[0])):
        score = (int(found.group(1)), int(found.group(2)))
        rest = rest[1:]
    table = numbers.whole(parts[count - 1], numbers.TABLE)
    number = numbers.whole(parts[0], numbers.ROUND) if count == 2 else None
    reason = validation.note(" ".join(rest)) if rest else ""
    code, absent = ABSENCE.get(parts[count].lower(), (parts[count].lower(), ""))
    return Ruling(number, table, code, score, reason, absent=absent)


def usage_key(stage: str, match: bool) -> str:
    """The usage text for a round of ``stage``: the Top lists only what it allows."""
    if stage == TOP:
        return "swiss.result_usage_top"
    return "swiss.result_usage_match" if match else "swiss.result_usage"


async def usage(core: SwissCore, tournament: Tournament) -> str:
    """The usage key for this tournament now: the Top's when its current round is the Top's."""
    async with core.db.read() as tx:
        rnd = (await core.state(tx, tournament.id)).current
    stage = rnd.stage if rnd is not None else ""
    return usage_key(stage, match_format(tournament))


def ruling_claim(ruling: Ruling, game: Game, *, match: bool) -> Claim | None:
    """The claim a ruling stands for at ``game``, or ``None`` when it does not fit the game
    (a draw in the Top, a match win without its score, a score in a single game …)."""
    code, score = ruling.code, ruling.score
    if code in ("draw", "dl") and not game.draws:
        return None
    if code == "dl":
        return None if score else Claim(double_loss=True)
    if code == "draw":
        if not match:
            return None if score else Claim(draw=True)
        games = score or (1, 1)
        return Claim(draw=True, games=games) if games in DRAW_SCORES else None
    winner = game.a if code in ("a", "ta") else game.b
    if code in ("ta", "tb"):
        return None if score else Claim(winner=winner, technical=True)
    if not match:
        return None if score else Claim(winner=winner)
    if score is None:
        return None
    won, lost = max(score), min(score)
    if (won, lost) not in WIN_SCORES:
        return None
    return Claim(winner=winner, games=(won, lost) if winner == game.a else (lost, won))


#: More to store in the ruling's own transaction, first (a penalty's event: its ``sw_result``
#: follows it in the log); it may refuse (``UserError``) after reading the state.
Also = Callable[[Tx, State], Awaitable[None]]


async def correct(
    core: SwissCore,
    tournament_id: int,
    ruling: Ruling,
    actor: int,
    also: Also | None = None,
    where: int | None = None,
) -> tuple[AfterCommit, Change]:
    """Store the ruling (see the module docstring) with the durable job that tells both
    players; the after-commit step refreshes the board, says a round is complete, runs the job.
    ``where``: the chat the judge's answer goes to; in the tournament's group it mentions a
    player who never opened the bot's chat, instead of a second message to him there."""
    async with core.db.transaction() as tx:
        tournament = await core.tournament(tx, tournament_id, ("running",), "swiss.not_running")
        state = await core.state(tx, tournament_id)
        rnd, game, result = checked(state, tournament, ruling)
        if also is not None:
            await also(tx, state)
        payload: dict[str, object] = {
            "round": rnd.number,
            "table": ruling.table,
            "outcome_a": result.outcome_a.value,
            "games": list(result.games) if result.games else None,
        }
        if ruling.reason:
            payload["reason"] = ruling.reason
        if ruling.penalty:
            payload["penalty"] = True
        if ruling.absent:
            payload["absent"] = [game.a if side == "a" else game.b for side in ruling.absent]
        event_id = await core.event(tx, tournament_id, "sw_result", payload, actor)
        now = core.now().isoformat()
        await reports.resolve(tx, tournament_id, rnd.key(ruling.table), "decided", actor, now)
        old = rnd.results.get(ruling.table)
        details = {**payload, "result": ruling.code, "a": game.a, "b": game.b}
        action = "result_corrected" if old is not None else "result_recorded"
        await core.audit(tx, tournament_id, actor, action, {**details, "before": _stored(old)})
        announce = rnd is state.current and old is None
        done = await after_result(core, tx, tournament_id, announce=announce, tournament=tournament)
        change = await change_of(core, tx, tournament, event_id)
        assert change is not None
        if where == tournament.chat_id:
            change = replace(change, mentioned=await unreached(tx, change))
        job = await core.outbox.tell(tx, tournament_id, await ruling_notices(core, tx, change))

    async def after() -> None:
        await done()
        await core.deadlines.run(job)  # both players (again at the restart if killed)

    # A table still open: its buttons (and the judges') become its result line, as after a
    # confirmation; a correction of a settled one has no buttons left to replace.
    settled = core.flow.settled(change.tournament, change.game, change.claim, after)
    return (settled or after) if old is None else after, change


def checked(state: State, tournament: Tournament, ruling: Ruling) -> tuple[Round, Game, Result]:
    """The round, the game and the result a ruling sets; ``UserError`` when it may not."""
    rnd = state.current if ruling.round is None else state.round(ruling.round)
    if rnd is None:
        raise UserError("swiss.result_no_round", round=ruling.round or 1)
    if not 1 <= ruling.table <= len(rnd.tables):
        key = "swiss.no_such_table" if ruling.round is None else "swiss.result_no_round_table"
        raise UserError(key, round=rnd.number, table=ruling.table)
    match = match_format(tournament)
    game = game_of(rnd, ruling.table)
    claim = ruling_claim(ruling, game, match=match)
    if claim is None:
        if match and ruling.code in ("a", "b") and ruling.score not in WIN_SCORES:
            where = f"{ruling.round} " if ruling.round is not None else ""
            raise UserError(
                "swiss.result_needs_score", command=f"/result {where}{ruling.table} {ruling.code}"
            )
        raise UserError(usage_key(rnd.stage, match))
    best_of = card(tournament).best_of
    result = result_from_claim(claim, game.a, draws=game.draws, best_of=best_of)
    problem = state.correction_problem(rnd.number, ruling.table, result)
    if problem is not None:
        key = "swiss.no_such_table" if problem == "no_table" else f"swiss.result_{problem}"
        raise UserError(key, round=rnd.number, table=ruling.table)
    return rnd, game, result


def _stored(result: Result | None) -> dict[str, object] | None:
    if result is None:
        return None
    games = list(result.games) if result.games else None
    return {"outcome_a": result.outcome_a.value, "games": games}


def change_text(core: SwissCore, lang: str, change: Change) -> str:
    """The answer to the judge: ``change_lines`` in his language, under the mentions of the
    players it tells (``Change.mentioned``)."""
    t = core.t(lang)
    lines = [spoken(t, line) for line in change_lines(core, change, private=False)]
    if change.mentioned:
        lines.insert(0, ", ".join(mention(user, name) for user, name in change.mentioned))
    return "\n".join(lines)


async def unreached(tx: Tx, change: Change) -> tuple[tuple[int, str], ...]:
    """The table's players the bot cannot write to privately (never opened its chat, or
    blocked it): (telegram id, name)."""
    found = await players.many(tx, [change.game.a, change.game.b])
    out = []
    for pid in (change.game.a, change.game.b):
        player = found.get(pid)
        if player is None or player.telegram_id is None:
            continue
        user = await players.tg_user(tx, player.telegram_id)
        if user is None or not user.started_bot or user.blocked_bot:
            out.append((player.telegram_id, change.names[pid]))
    return tuple(out)
