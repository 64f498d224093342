"""What a judge's result changed, and what it tells: the game, the result, the one it replaced,
the reason; the judge's answer (``change_lines``) and both players' notices (``ruling_notices``,
stored with the result: a crash after the commit only delays them). Used by ``/result``
(``bot.swiss.corrections``) and by a judge's buttons on a disputed result (``bot.swiss.desk``).
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.notices import Notice, Phrase, ToPerson, phrase
from bot.results import Claim, Game
from bot.results.notices import claim_phrase
from bot.swiss.core import SwissCore
from bot.swiss.games import game_of
from bot.swiss.replayed import EVENTS
from db import players, tournaments
from db.database import Tx
from db.models import Deadline
from db.tournaments import Tournament
from rules.results import Outcome
from rules.swiss import Result, replay
from rules.swiss.events import SwResult
from rules.swiss.state import LOSSES, WINS

#: The durable job an older version stored to tell both players of a judge's result (still
#: run when one is pending in an upgraded database).
TELL_JOB = "job:swiss_ruling"


def claim_of(result: Result, game: Game) -> Claim:
    """A stored result in the words of a claim (to describe what it was)."""
    outcome = result.outcome_a
    if outcome is Outcome.DOUBLE_LOSS:
        return Claim(double_loss=True)
    if outcome not in WINS + LOSSES:
        return Claim(draw=True, agreed=outcome is Outcome.AGREED_DRAW, games=result.games)
    technical = outcome in (Outcome.TECHNICAL_WIN, Outcome.TECHNICAL_LOSS)
    winner = game.a if outcome in WINS else game.b
    return Claim(winner=winner, technical=technical, games=None if technical else result.games)


@dataclass(frozen=True, slots=True)
class Change:
    """What a ruling did, for the answers: the game, the claim, the one it replaced."""

    tournament: Tournament
    game: Game
    claim: Claim
    before: Claim | None
    reason: str
    later_rounds: bool  #: rounds after it were paired already (their pairings stand)
    event_id: int
    names: dict[int, str]
    #: the players the answer in the group mentions (telegram id, name): they never opened
    #: the bot's chat, and their private notice is not sent beside it (issue 22, item 17)
    mentioned: tuple[tuple[int, str], ...] = ()


async def change_of(
    core: SwissCore, tx: Tx, tournament: Tournament, event_id: int
) -> Change | None:
    """What the judge's ``sw_result`` event ``event_id`` changed, from the log: the state just
    before it gives the result it replaced and whether later rounds were paired."""
    events = await tournaments.events(tx, tournament.id)
    found = next((e for e in events if e.id == event_id), None)
    stored = None if found is None else EVENTS.decode(found.kind, found.payload)
    if not isinstance(stored, SwResult):
        return None
    state = replay(EVENTS.typed((e.kind, e.payload) for e in events if e.id < event_id))
    rnd = state.round(stored.round)
    if rnd is None or not 1 <= stored.table <= len(rnd.tables):
        return None
    game = game_of(rnd, stored.table)
    old = rnd.results.get(stored.table)
    names = await core.names(tx, [game.a, game.b])
    return Change(
        tournament,
        game,
        claim_of(Result(stored.outcome_a, stored.games), game),
        None if old is None else claim_of(old, game),
        stored.reason or "",
        any(r.number > rnd.number for r in state.rounds),
        event_id,
        {pid: names[pid] for pid in (game.a, game.b)},
    )


def change_lines(core: SwissCore, change: Change, *, private: bool) -> tuple[Phrase, ...]:
    """The answer to the judge (``private=False``) or a player's notice: the game (round and
    table), both players and the result, what it was, and the reason."""
    game, names = change.game, change.names
    desk = core.flow.desks[change.tournament.kind]
    values = {
        "game": desk.label(change.tournament, game),
        "claim": claim_phrase(game, change.claim, names),
    }
    key = "swiss.result_told" if private else "swiss.result_recorded"
    if change.before is not None:
        key += "_corrected"
        values["before"] = claim_phrase(game, change.before, names)
    lines = [phrase(key, **values)]
    if change.reason:
        lines.append(phrase("swiss.result_reason", reason=change.reason))
    if change.later_rounds and not private:
        lines.append(phrase("swiss.result_later_rounds"))
    return tuple(lines)


async def ruling_notices(core: SwissCore, tx: Tx, change: Change) -> list[Notice]:
    """Both players of the table: privately (or in the group with a mention), once each; one
    the answer in the group mentions (``Change.mentioned``) is not told apart."""
    game, tournament = change.game, change.tournament
    found = await players.many(tx, [game.a, game.b])
    lines = change_lines(core, change, private=True)
    notices = []
    for pid in (game.a, game.b):
        player = found.get(pid)
        if player is None or player.telegram_id is None:
            continue
        covered = any(user == player.telegram_id for user, _ in change.mentioned)
        to = ToPerson(
            user=player.telegram_id,
            name=change.names[pid],
            fallback_chat=tournament.chat_id,
            covered=covered,
        )
        key = f"sw:{tournament.id}:fix{change.event_id}:p{pid}"
        notices.append(Notice(key=key, to=to, lines=lines))
    return notices


async def store_ruling(
    core: SwissCore, tx: Tx, tournament: Tournament, event_id: int
) -> int | None:
    """Both players' notices of the judge's result ``event_id``, stored in its transaction (run
    the job after the commit)."""
    change = await change_of(core, tx, tournament, event_id)
    if change is None:
        return None
    return await core.outbox.tell(tx, tournament.id, await ruling_notices(core, tx, change))


async def tell_job(core: SwissCore, deadline: Deadline) -> None:
    """``TELL_JOB``, stored by an older version: both players told, once each."""
    event_id = deadline.payload.get("event")
    async with core.db.read() as tx:
        tournament = await tournaments.get(tx, deadline.ref_id)
        if tournament is None or not isinstance(event_id, int):
            return
        change = await change_of(core, tx, tournament, event_id)
        notices = [] if change is None else await ruling_notices(core, tx, change)
    await core.outbox.deliver_all(notices)
