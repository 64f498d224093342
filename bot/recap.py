"""The evening's recap (issue 27, item 6): one post to a group when its evening is over, with
a picture card, never more than once a night.

*The last tournament of an evening*: a tournament of the group finishes and no other of its
evening tournaments is still open — none running, and none in its registration that starts
tonight or has no start set (a tournament announced for another day does not hold the evening
open; a kind that lasts weeks, ``KindSpec.lasts_weeks``, neither holds it open nor is in it).
*The night* of a moment is its local date in the club's zone, the small hours counted to the
evening before (``rules.recap.night_of``); *the evening's tournaments* are the group's
tournaments finished that night.

Every finish stores a durable job in its own transaction, whatever its kind
(``db.tournaments.FINISHED_JOB``); the database tells this service after the commit
(``Database.watch_finished``), which arms it a moment later, after the kind's own end
announcement; the restart runs it if the bot died first. The job checks the evening is over
and sends the post and then the card, each under its outbox key named by the group and the
night (``recap_key``): a second finish, a re-run or ``/recap`` sends nothing twice.

What is told is chosen by ``rules.recap`` from what each kind says it played
(``KindService.played``, through ``bot.memory.ClubMemory``) and from the rating history (each
player's rating before the tournament and its change, ``db.rating_history.of_tournament``).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, datetime, tzinfo
from typing import TYPE_CHECKING

from bot import formats
from bot.errors import UserError
from bot.pictures import canvas
from bot.pictures.recap_card import RecapCard, draw_recap_card
from bot.sender import Unreachable
from bot.texts import Tr, Translate
from db import memory, players, rating_history, tournaments
from db.database import Tx
from db.models import Deadline
from db.tournaments import FINISHED_AFTER, FINISHED_JOB, Tournament
from rules.recap import Evening, Past, Reached, Recap, Tonight, night_of, recap

if TYPE_CHECKING:
    from bot.infra import Infra
    from bot.memory import ClubMemory

log = logging.getLogger(__name__)

#: how long after a finish's commit its job runs: the kind's own end announcement goes first
AFTER_FINISH = FINISHED_AFTER


def recap_key(chat_id: int, night: date) -> str:
    """The outbox key of a group's recap post of a night (the card's: with ``:card``)."""
    return f"recap:{chat_id}:{night.isoformat()}"


@dataclass(frozen=True, slots=True)
class Told:
    """A recap as it is told: the text (HTML) and the card (plain)."""

    night: date
    text: str
    card: RecapCard


class Recaps:
    """See the module docstring."""

    def __init__(self, infra: Infra, club: ClubMemory, weeks: frozenset[str]) -> None:
        """``weeks``: the kinds that last weeks (``KindSpec.lasts_weeks``)."""
        self._infra = infra
        self._club = club
        self._weeks = weeks
        self._posting = asyncio.Lock()

    def register(self) -> None:
        """Run ``FINISHED_JOB`` durably; arm it after each finish's commit."""
        # late after a downtime it may well send nothing: no line about its lateness either
        self._infra.deadlines.on_durable(FINISHED_JOB, self.finished_job, say_late=False)
        self._infra.db.watch_finished(self._armed)

    def _armed(self, tournament_id: int, job: int) -> None:
        self._infra.deadlines.schedule(job, self._infra.clock.now() + AFTER_FINISH)

    @property
    def _zone(self) -> tzinfo:
        return self._infra.settings.zone

    async def finished_job(self, deadline: Deadline) -> None:
        """``FINISHED_JOB``: the recap, when the finished tournament was its evening's last."""
        async with self._infra.db.read() as tx:
            tournament = await tournaments.get(tx, deadline.ref_id)
            if tournament is None or tournament.kind in self._weeks:
                return
            # the night of the finish (the job's due moment), even when it runs late
            finished = datetime.fromisoformat(deadline.due_at) - FINISHED_AFTER
            night = night_of(finished, self._zone)
            if await self._open(tx, tournament.chat_id, night, registrations=True):
                return
        await self.post(tournament.chat_id, night)

    async def post(self, chat_id: int, night: date) -> Told | None:
        """The night's recap in the group, once (text, then card); ``None``: nothing finished."""
        async with self._posting:  # two finishes at once: the second finds the first's post
            return await self._post(chat_id, night)

    async def _post(self, chat_id: int, night: date) -> Told | None:
        outbox = self._infra.outbox
        key = recap_key(chat_id, night)
        async with self._infra.db.read() as tx:
            told = await self.told(tx, chat_id, night, self._infra.group_lang())
        if told is None:
            return None
        await outbox.send_once(key, chat_id, told.text)

        async def draw() -> tuple[bytes, str] | None:
            try:
                png = await canvas.render(draw_recap_card, told.card)
            except Exception:  # the post went: a card not drawn is logged, the job is done
                log.exception("the recap card of chat %s was not drawn", chat_id)
                return None
            return png, told.card.title

        # a send that fails raises: the durable job runs again, and sends only what is missing
        await outbox.send_photo_once(f"{key}:card", chat_id, draw, filename="recap.png")
        return told

    async def asked(self, chat_id: int) -> tuple[str, bool]:
        """``/recap`` in a group: (the night's recap, whether it was posted just now). Posted
        already: its text again (the same post, in the group's language), for the asker
        alone. Not yet: posted now when no tournament is running (``UserError`` while one is,
        or when none finished tonight)."""
        night = night_of(self._infra.clock.now(), self._zone)
        if await self._infra.outbox.sent(recap_key(chat_id, night)) is not None:
            async with self._infra.db.read() as tx:
                told = await self.told(tx, chat_id, night, self._infra.group_lang())
            if told is None:
                raise UserError("recap.nothing")
            return told.text, False
        async with self._infra.db.read() as tx:
            if await self._open(tx, chat_id, night, registrations=False):
                raise UserError("recap.not_yet")
        posted = await self.post(chat_id, night)
        if posted is None:
            raise UserError("recap.nothing")
        return posted.text, True

    async def privately(self, user_id: int, text: str) -> bool:
        """The recap again, to its asker alone (``/recap`` once it was posted): nothing goes to
        the group; ``False`` when he cannot be written to (he never started the bot)."""
        try:
            await self._infra.sender.send(user_id, text)
        except Unreachable:
            return False
        return True

    async def _open(self, tx: Tx, chat_id: int, night: date, *, registrations: bool) -> bool:
        """Whether an evening tournament of the group is still open tonight (the module
        docstring); ``registrations``: one in its registration counts too."""
        for found in await tournaments.open_in_chat(tx, chat_id):
            if found.kind in self._weeks:
                continue
            if found.status == "running":
                return True
            starts = found.settings.get("starts_at")
            if registrations and (
                not isinstance(starts, str)
                or night_of(datetime.fromisoformat(starts), self._zone) <= night
            ):
                return True
        return False

    async def tonight(self, tx: Tx, chat_id: int, night: date) -> list[Tournament]:
        """The group's evening tournaments finished on ``night``, in the order they finished."""
        return [
            t
            for t, at in await memory.finished_in(tx, chat_id)
            if t.kind not in self._weeks
            and night_of(datetime.fromisoformat(at), self._zone) == night
        ]

    async def evening(self, tx: Tx, found: list[Tournament]) -> Evening:
        """What ``rules.recap`` chooses from: each tournament's games, places, reigns and
        rating changes, and its players' games and wins before the evening."""
        tonight: list[Tonight] = []
        for t in found:
            played = await self._club.played(tx, t)
            rated = await rating_history.of_tournament(tx, t.id)
            before = {p: cents for p, (_, cents, _) in rated.items()}
            change = {p: delta for p, (_, _, delta) in rated.items()}
            tonight.append(Tonight(t.id, played, t.discipline, before, change))
        ids = {t.id for t in found}
        who = {p for t in tonight for g in t.played.games for p in (g.a, g.b)}
        past: dict[int, Past] = {}
        for player in who:
            earlier = [t for t in await memory.of_player(tx, player) if t.id not in ids]
            games = await self._club.meetings(tx, earlier)
            mine = [m for m in games if player in (m.a, m.b)]
            past[player] = Past(len(mine), sum(1 for m in mine if m.winner == player))
        return Evening(tuple(tonight), past)

    async def told(self, tx: Tx, chat_id: int, night: date, lang: str) -> Told | None:
        """The night's recap in ``lang``; ``None`` when no tournament finished that night."""
        found = await self.tonight(tx, chat_id, night)
        if not found:
            return None
        chosen = recap(await self.evening(tx, found))
        names = await self._names(tx, chosen)
        titles = {t.id: t.name for t in found}
        t = Tr(self._infra.texts, lang)
        said = Said(chosen, names, titles, night, len(found))
        text = "\n".join(recap_lines(t, lang, said))
        texts = self._infra.texts

        def plain(key: str, **values: object) -> str:
            return texts.plain(lang, key, **values)

        lines = recap_lines(plain, lang, said)
        return Told(night, text, RecapCard.of(lines))

    @staticmethod
    async def _names(tx: Tx, chosen: Recap) -> dict[int, str]:
        who = {p for _, p in chosen.champions} | {g.player for g in chosen.gains}
        who |= {m.player for m in chosen.milestones}
        if chosen.upset is not None:
            who |= {chosen.upset.winner, chosen.upset.loser}
        if chosen.reign is not None:
            who.add(chosen.reign[1].player)
        names: dict[int, str] = {}
        for player in who:
            found = await players.by_id(tx, player)
            names[player] = found.display_name if found is not None else f"#{player}"
        return names


@dataclass(frozen=True, slots=True)
class Said:
    """What the recap tells, with the names it needs."""

    chosen: Recap
    names: Mapping[int, str]
    titles: Mapping[int, str]  #: the tournaments' names
    night: date
    count: int  #: how many tournaments the evening had


def recap_lines(t: Translate, lang: str, said: Said) -> list[str]:
    """The post's lines: the head, the champions, the upset, the gains, the reign, the
    milestones (a part with nothing to tell is left out)."""
    chosen, names, titles = said.chosen, said.names, said.titles
    lines = [t("recap.title", day=formats.day(said.night), count=said.count)]
    by_tournament: dict[int, list[str]] = {}
    for tid, player in chosen.champions:
        by_tournament.setdefault(tid, []).append(names[player])
    for tid, who in by_tournament.items():
        lines.append(t("recap.champion", tournament=titles[tid], names=", ".join(who)))
    if (upset := chosen.upset) is not None:
        lines.append(
            t(
                "recap.upset",
                winner=names[upset.winner],
                winner_rating=formats.rating(upset.winner_before, lang),
                loser=names[upset.loser],
                loser_rating=formats.rating(upset.loser_before, lang),
                chance=round(upset.expected * 100),
            )
        )
    if chosen.gains:
        lines.append(t("recap.gains"))
        for gain in chosen.gains:
            change = formats.rating_change(gain.cents, lang)
            pool = t(f"discipline.{gain.pool}")
            lines.append(t("recap.gain", name=names[gain.player], change=change, pool=pool))
    if chosen.reign is not None:
        tid, reign = chosen.reign
        lines.append(
            t("recap.reign", name=names[reign.player], wins=reign.wins, tournament=titles[tid])
        )
    for milestone in chosen.milestones:
        name = names[milestone.player]
        if milestone.reached is Reached.GAMES:
            lines.append(t("recap.milestone_games", name=name, count=milestone.count))
        else:
            lines.append(t("recap.first_win", name=name))
    return lines
