"""A judge's penalty (``/penalty``, or the button on a table of ``/pending``): stored, applied,
told. What each kind does is ``rules.penalties``.

- Stored: the ``sw_penalty`` event in the tournament's log (its actor the judge), and, when
  it ends a match, the technical loss as the judge's own result (``bot.swiss.corrections``,
  marked as a penalty's, rated like any) in the same transaction; a disqualification also
  drops the player.
- Given while the tournament takes players or runs; a game or match loss needs the player's
  open match (else the judge is told to give it once the next one is paired).
- Told, by notices stored with it (``bot.outbox.Outbox.tell``: a crash only delays them):
  the player privately with the reason and what it did; for a game loss in a best of three
  the opponent too (the game is his); the group, tersely and without the reason, of a match
  lost by a penalty and of a disqualification (who plays whom next changes; the reason is
  between the judge and the player). A match's technical loss also tells both players as any
  judge's result does (without the reason).
- The judge's answer lists the player's earlier penalties, so a second warning is given
  knowing of the first: this tournament's with their reasons, the club's others by kind and
  date (``seen_by_judges``: to another group's judges only as far as the club shares them).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime

import bot.swiss.corrections as corrections
from bot import formats
from bot.deadlines import AfterCommit
from bot.errors import UserError
from bot.notices import Notice, Phrase, ToChat, ToPerson, Value, phrase, spoken
from bot.roles import club_groups
from bot.swiss.core import SwissCore, T, nothing
from bot.swiss.settings import card
from db import event_log, penalties, players, tournaments
from db.database import Tx
from db.models import Deadline, Player
from db.penalties import GivenPenalty
from db.tournaments import Tournament
from rules.penalties import Effect, PenaltyKind, effect, penalty_payload
from rules.results import Outcome
from rules.swiss import State

#: The durable job an older version stored to tell of a penalty (still run when one is
#: pending in an upgraded database).
TELL_JOB = "job:swiss_penalty"
OPEN = ("registration", "running")


@dataclass(frozen=True, slots=True)
class Given:
    """A penalty stored: for the judge's answer."""

    tournament: Tournament
    player: Player
    kind: PenaltyKind
    done: Effect
    event_id: int
    earlier: list[GivenPenalty]


async def give(
    core: SwissCore, tournament_id: int, player_id: int, kind: PenaltyKind, reason: str, actor: int
) -> tuple[AfterCommit, Given]:
    """Store the penalty with its effect and the notices that tell people (module docstring)."""
    async with core.db.read() as tx:
        tournament = await core.tournament(tx, tournament_id, OPEN, "penalties.not_open")
        player = await participant(core, tx, tournament_id, player_id)
        done = planned(await core.state(tx, tournament_id), tournament, player, kind)
    stored: list[tuple[int, int | None]] = []  # (event, job)

    async def record(tx: Tx, state: State) -> None:
        if planned(state, tournament, player, kind) != done:  # changed since: say so
            raise UserError("penalties.changed", name=player.display_name)
        stored.append(await store(core, tx, tournament, player_id, kind, reason, done, actor))

    after: AfterCommit = nothing
    if done.result is not None:
        # The result's own notice goes to both players: without the reason, which stays
        # between the judge and the penalised player (it is in the penalty's event).
        ruling = corrections.Ruling(done.round, done.table or 0, code(done), None, "", True)
        after, _ = await corrections.correct(core, tournament_id, ruling, actor, also=record)
    else:
        async with core.db.transaction() as tx:
            await core.tournament(tx, tournament_id, OPEN, "penalties.not_open")
            await record(tx, await core.state(tx, tournament_id))
    event_id, job = stored[0]
    async with core.db.read() as tx:
        given = await penalties.of_player(tx, player_id)
    shown = await seen_by_judges(core, tournament, given)
    earlier = [p for p in shown if p.event_id < event_id]

    async def told() -> None:
        await after()
        await core.deadlines.run(job)  # again at the restart if killed

    return told, Given(tournament, player, kind, done, event_id, earlier)


async def participant(core: SwissCore, tx: Tx, tournament_id: int, player_id: int) -> Player:
    found = await players.by_id(tx, player_id)
    if found is None or player_id not in await core.everyone(tx, tournament_id):
        raise UserError("penalties.not_in", name=found.display_name if found else str(player_id))
    return found


def planned(state: State, tournament: Tournament, player: Player, kind: PenaltyKind) -> Effect:
    best_of = card(tournament).best_of
    done = effect(state, player.id, kind, best_of)
    if isinstance(done, str):
        raise UserError(f"penalties.{done}", name=player.display_name)
    return done


def code(done: Effect) -> str:
    """The ``/result`` code of the technical loss a penalty sets (``ta``: player A won)."""
    assert done.result is not None
    return "ta" if done.result.outcome_a is Outcome.TECHNICAL_WIN else "tb"


async def store(
    core: SwissCore,
    tx: Tx,
    tournament: Tournament,
    player_id: int,
    kind: PenaltyKind,
    reason: str,
    done: Effect,
    actor: int,
) -> tuple[int, int | None]:
    """The ``sw_penalty`` event, the drop of a disqualified player, the audit and the notices
    (``notices``): the event's and the notices' job's ids."""
    payload = penalty_payload(player_id, kind, reason, done)
    event_id = await core.event(tx, tournament.id, "sw_penalty", payload, actor)
    if done.drop:
        await tournaments.set_participant_status(tx, tournament.id, player_id, "dropped")
    await core.audit(tx, tournament.id, actor, "penalty", payload)
    told = await notices(tx, tournament, event_id, payload)
    return event_id, await core.outbox.tell(tx, tournament.id, told)


async def notices(
    tx: Tx, tournament: Tournament, event_id: int, payload: dict[str, object]
) -> list[Notice]:
    """The player, the opponent of a credited game, the group; each once."""
    pid, opponent = int(str(payload["player"])), payload.get("credit")
    people = await players.many(tx, [pid] + ([int(str(opponent))] if opponent else []))
    tid, group = tournament.id, tournament.chat_id
    told = []
    for who, player in people.items():
        if player.telegram_id is None:
            continue
        lines = (
            private_lines(tournament, payload)
            if who == pid
            else (phrase("penalties.credited", tournament=tournament.name, **where(payload)),)
        )
        to = ToPerson(user=player.telegram_id, name=player.display_name, fallback_chat=group)
        told.append(Notice(key=f"sw:{tid}:pen{event_id}:p{who}", to=to, lines=lines))
    if to_group(payload) and pid in people:
        line = group_phrase(payload, people[pid].display_name)
        told.append(Notice(key=f"sw:{tid}:pen{event_id}", to=ToChat(chat=group), lines=(line,)))
    return told


async def tell_job(core: SwissCore, deadline: Deadline) -> None:
    """``TELL_JOB``, stored by an older version: its notices, each once."""
    event_id = deadline.payload.get("event")
    async with core.db.read() as tx:
        tournament = await tournaments.get(tx, deadline.ref_id)
        if tournament is None or not isinstance(event_id, int):
            return
        found = await event_log.since(tx, tournament.id, event_id)  # it and any later ones
        if not found or found[0].id != event_id:
            return
        told = await notices(tx, tournament, event_id, found[0].payload)
    await core.outbox.deliver_all(told)


def to_group(payload: dict[str, object]) -> bool:
    """A disqualification, or a match a penalty ended (a warning and a credited game only
    concern the table)."""
    if payload["kind"] == "dq":
        return True
    ended = payload.get("table") is not None and payload.get("credit") is None
    return ended and payload["kind"] != "warning"


def where(payload: dict[str, object]) -> dict[str, Value]:
    def number(key: str) -> int:
        value = payload.get(key)
        return value if isinstance(value, int) else 0

    return {"round": number("round"), "table": number("table")}


def effect_lines(payload: dict[str, object], *, own: bool) -> list[Phrase]:
    """What the penalty did, in the player's words (``own``) or the judge's."""
    person = "own" if own else "judge"
    if payload.get("credit") is not None:
        return [phrase(f"penalties.effect_game_{person}", **where(payload))]
    lines = []
    if payload.get("table") is not None:
        lines.append(phrase(f"penalties.effect_match_{person}", **where(payload)))
    if payload["kind"] == "dq":
        lines.append(phrase(f"penalties.effect_dq_{person}"))
    return lines


def private_lines(tournament: Tournament, payload: dict[str, object]) -> tuple[Phrase, ...]:
    kind = phrase(f"penalties.kind_{payload['kind']}")
    return (
        phrase("penalties.told", tournament=tournament.name, kind=kind),
        phrase("penalties.reason", reason=str(payload["reason"])),
        *effect_lines(payload, own=True),
    )


def group_phrase(payload: dict[str, object], name: str) -> Phrase:
    """Terse, without the reason: a match lost by a penalty, a disqualification."""
    if payload["kind"] == "dq":
        return phrase("penalties.group_dq", name=name)
    return phrase("penalties.group_match", name=name, **where(payload))


def answer_text(core: SwissCore, lang: str, given: Given, reason: str) -> str:
    """The judge's answer: what was recorded and did, then the player's earlier penalties."""
    t = core.t(lang)
    kind = t(f"penalties.kind_{given.kind.value}")
    lines = [t("penalties.recorded", kind=kind, name=given.player.display_name)]
    lines.append(t("penalties.reason", reason=reason))
    payload = penalty_payload(given.player.id, given.kind, reason, given.done)
    lines += [spoken(t, line) for line in effect_lines(payload, own=False)]
    lines.append(history_text(core, t, given.earlier, "penalties.earlier", "penalties.first"))
    return "\n".join(lines)


def history_text(core: SwissCore, t: T, given: list[GivenPenalty], title: str, empty: str) -> str:
    """A player's penalties, one a line (date · tournament · kind: reason)."""
    if not given:
        return t(empty)
    lines = [t(title, count=len(given))]
    for item in given:
        day = formats.day(datetime.fromisoformat(item.at).astimezone(core.settings.zone).date())
        kind = t(f"penalties.kind_{item.kind}")
        values = {"day": day, "tournament": item.tournament, "kind": kind}
        if item.reason:
            lines.append(t("penalties.history_line", reason=item.reason, **values))
        else:  # another tournament's: its reason is its judges'
            lines.append(t("penalties.history_line_other", **values))
    return "\n".join(lines)


async def the_clubs(core: SwissCore, given: list[GivenPenalty]) -> list[GivenPenalty]:
    """The penalties given in the club's own groups (``bot.roles.club_groups``): what another
    group's judges gave is theirs, not the club's record of the player (issue 29)."""
    settings = core.settings
    groups = await club_groups(core.db, settings.organizer_ids, settings.club_groups)
    return [p for p in given if p.chat_id in groups]


async def seen_by_judges(
    core: SwissCore, tournament: Tournament, given: list[GivenPenalty]
) -> list[GivenPenalty]:
    """What a tournament's judge sees of a player's penalties: this tournament's with their
    reasons, and the club's others (``the_clubs``) by kind and date only: a reason stays with
    the judges of the tournament it was given in, and what another group's judges gave is not
    the club's record. The judge of a tournament in a group that is not the club's sees the
    club's penalties only when the club shares them (``PENALTIES_TO_OTHER_GROUPS``, on by
    default: kinds and dates warn of a repeated offence and tell nothing of what happened)."""
    settings = core.settings
    groups = await club_groups(core.db, settings.organizer_ids, settings.club_groups)
    shared = settings.penalties_to_other_groups or tournament.chat_id in groups
    club = {p.event_id for p in given if p.chat_id in groups} if shared else set()
    return [
        p if p.tournament_id == tournament.id else replace(p, reason="")
        for p in given
        if p.tournament_id == tournament.id or p.event_id in club
    ]


async def profile_text(core: SwissCore, player_id: int, lang: str) -> str | None:
    """The player's own penalties in the club's tournaments, with their reasons (he was told
    them), for ``/profile``; ``None``: none."""
    async with core.db.read() as tx:
        every = await penalties.of_player(tx, player_id)
    given = await the_clubs(core, every)
    if not given:
        return None
    return history_text(core, core.t(lang), given, "penalties.profile_title", "penalties.first")


async def table_players(
    core: SwissCore, tournament_id: int, number: int, table: int
) -> list[Player]:
    """The players of a table, A first, for the buttons of ``/pending`` (none: no such table)."""
    async with core.db.read() as tx:
        rnd = (await core.state(tx, tournament_id)).round(number)
        if rnd is None or not 1 <= table <= len(rnd.tables):
            return []
        found = await players.many(tx, list(rnd.tables[table - 1]))
    return [found[pid] for pid in rnd.tables[table - 1] if pid in found]
