"""What a team event's ``/begin`` tells (``bot.teams.service``): the round-1 draw's seed, and
per format what comes next — a duel-set release plays round 1 at once; Team Sealed opens its
product and lists its decks first; Team Draft seats its tables (``tm_pods``,
``rules.teams.pods``: teammates at one table, never side by side) and drafts on the pick clock
(``/draft``) first. Both then wait for ``/next_round`` to pair round 1.

The seeds are drawn with ``secrets`` (the rules take them as arguments) and published: round
1's draw (``rules.swiss.pairing``'s seeded shuffle of the teams) and the draft's seating
(``rules.limited.pods.shuffled`` of the team numbers), so anyone can re-check both.
"""

from __future__ import annotations

import secrets

from bot.deadlines import AfterCommit
from bot.notices import Notice, Phrase, ToChat, ToPerson, phrase
from bot.teams.core import TeamsCore, team_format
from db import players
from db.database import Tx
from db.tournaments import Tournament
from rules.limited.boosters import plan_name
from rules.limited.pods import seats
from rules.teams import TmBegin
from rules.teams.events import TmPods
from rules.teams.pods import seat_teams
from rules.teams.settings import TeamFormat

#: the largest seed of round 1's draw (a number people can read out and type)
SEED_RANGE = 10**9


def new_seed() -> int:
    """Round 1's published seed, at random."""
    return 1 + secrets.randbelow(SEED_RANGE - 1)


def pods_seed() -> str:
    """The draft seating's published seed, as a card tournament's (``bot.swiss.pods``)."""
    return secrets.token_hex(8)


async def begun(core: TeamsCore, tx: Tx, tournament: Tournament, begin: TmBegin) -> AfterCommit:
    """Seat Team Draft's tables (in ``tx``) and store what the start tells; run after the
    commit."""
    fmt = team_format(tournament)
    lines: list[Phrase] = [phrase("teams.begun", name=tournament.name, seed=begin.seed)]
    notices: list[Notice] = []
    if fmt is TeamFormat.TEAM_SEALED:
        lines.append(phrase("teams.begun_sealed"))
    elif fmt is TeamFormat.TEAM_DRAFT:
        state = await core.state(tx, tournament.id)
        seed = pods_seed()
        seated = seat_teams([state.teams[team] for team in begin.teams], seed)
        pods = [[int(p) for p in pod] for pod in seated]
        await core.record(tx, tournament.id, TmPods(seed, tuple(tuple(pod) for pod in pods)), None)
        names = await players.many(tx, [p for pod in pods for p in pod])
        for table, pod in enumerate(pods, start=1):
            lines.append(phrase("teams.seating_table", table=table, count=len(pod)))
            lines += [
                phrase("limited.seating_seat", seat=n, name=names[p].display_name, id=p)
                for n, p in enumerate(pod, start=1)
            ]
        lines.append(phrase("limited.seating_seed", seed=seed))
        boosters = tournament.settings.get("boosters") or []
        if boosters:
            lines.append(phrase("limited.seating_boosters", plan=plan_name(boosters)))
        lines.append(phrase("teams.begun_draft"))
        for player, seat in seats(pods).items():
            found = names[player]
            if found.telegram_id is None:
                continue
            to = ToPerson(user=found.telegram_id, name=found.display_name, fallback_chat=None)
            left = names[seat.left].display_name if seat.left is not None else "—"
            right = names[seat.right].display_name if seat.right is not None else "—"
            said = phrase(
                "limited.your_seat",
                name=tournament.name,
                draft=1,
                table=seat.table,
                seat=seat.seat,
                on_left=left,
                on_right=right,
            )
            notices.append(Notice(key=f"tm:{tournament.id}:seat:p{player}", to=to, lines=(said,)))
    group = Notice(
        key=f"tm:{tournament.id}:begun", to=ToChat(chat=tournament.chat_id), lines=tuple(lines)
    )
    job = await core.outbox.tell(tx, tournament.id, [group, *notices])

    async def after() -> None:
        await core.deadlines.run(job)

    return after
