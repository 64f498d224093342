"""What every kind's service is built on (``Infra``), and the base of each kind's core.

``bot.main`` builds one ``Infra`` and hands it to each kind's service; a service's other
collaborators (the result flow, another service) are its own constructor arguments. Nothing
here knows a kind of tournament.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime

from bot import formats
from bot.background import Background
from bot.boards import Boards
from bot.clock import Clock
from bot.deadlines import Deadlines, committed
from bot.notify import Notifier
from bot.outbox import Outbox
from bot.registry import Registry
from bot.sender import Sender
from bot.settings import Settings
from bot.texts import Texts, Translate
from bot.web.links import BoardLinks
from db import outbox, tournaments
from db.database import Database, Tx
from db.tournaments import Tournament


@dataclass(frozen=True, slots=True)
class Infra:
    """The database, the clock, the settings, the texts and the ways out of the bot."""

    db: Database
    clock: Clock
    settings: Settings
    texts: Texts
    #: a message now (the press's answer, a timer's line)
    sender: Sender
    #: a private message, or a mention in the group when he never started the bot
    notifier: Notifier
    #: a message of a durable job, sent once by key
    outbox: Outbox
    deadlines: Deadlines
    #: the live boards in the groups (pinned, or posted again at the bottom)
    boards: Boards
    #: the web board's links
    links: BoardLinks
    registry: Registry
    background: Background

    def group_lang(self) -> str:
        """The language of a tournament's group, its board and its announcements: the club's
        (``DEFAULT_LANGUAGE``; a group has no language of its own). Private messages are in
        each person's own (``bot.texts.pick_language`` of his Telegram language)."""
        return self.settings.default_language


class KindCore:
    """The collaborators and the small helpers every kind's core has (time, texts)."""

    def __init__(self, infra: Infra) -> None:
        self.infra = infra
        self.db = infra.db
        self.clock = infra.clock
        self.settings = infra.settings
        self.texts = infra.texts
        self.sender = infra.sender
        self.notifier = infra.notifier
        self.outbox = infra.outbox
        self.deadlines = infra.deadlines
        self.boards = infra.boards
        self.links = infra.links
        self.registry = infra.registry
        self.background = infra.background

    def now(self) -> datetime:
        return self.clock.now()

    #: What a change does once its transaction committed, run by the service itself: a
    #: handler only answers. (What must survive a crash is a durable job the change stored;
    #: ``after`` runs it now, and the restart runs it again if the bot died first.)
    committed = staticmethod(committed)

    def today(self) -> date:
        """The club's date now (in its time zone)."""
        return self.now().astimezone(self.settings.zone).date()

    def clock_time(self, moment: datetime) -> str:
        """HH:MM of ``moment`` in the club's time zone (as the room's clock shows it)."""
        return formats.clock(moment, self.settings.zone)

    def group_lang(self) -> str:
        """The language of a tournament's group (``Infra.group_lang``)."""
        return self.infra.group_lang()

    def tr(self, lang: str | None = None) -> Translate:
        """Texts in one language (the club's default when ``None``)."""
        language = lang or self.texts.default

        def t(key: str, **values: object) -> str:
            return self.texts.get(language, key, **values)

        return t

    async def export_target_of(
        self, kind: str, chat_id: int, wanted: int | None
    ) -> Tournament | None:
        """The tournament of ``kind`` that ``/export`` means: ``wanted`` by id, else the newest
        of this chat (any, in a private chat); finished ones too."""
        async with self.db.read() as tx:
            if wanted is not None:
                found = await tournaments.get(tx, wanted)
            else:
                recent = await tournaments.recent(tx, 50)
                mine = [
                    x for x in recent if x.kind == kind and (chat_id > 0 or x.chat_id == chat_id)
                ]
                found = mine[0] if mine else None
        return found if found is not None and found.kind == kind else None

    async def keep_registration(self, tx: Tx, tournament_id: int, sent: tuple[int, int]) -> None:
        """Remember the tournament's registration message (its «✋ Join» button), in the
        transaction that created it, so that its end can settle it (``close_registration``)."""
        chat_id, message_id = sent
        await outbox.record(
            tx, registration_key(tournament_id), chat_id, message_id, self.now().isoformat()
        )

    async def close_registration(self, tournament: Tournament) -> None:
        """The tournament is over (finished or cancelled): its registration message becomes
        one line saying so; its button would mean nothing any more."""
        found = await self.outbox.sent(registration_key(tournament.id))
        if found is None:
            return
        how = "cancelled" if tournament.status == "cancelled" else "finished"
        text = self.tr(self.group_lang())(f"tournament.registration_{how}", name=tournament.name)
        await self.outbox.edit(*found, text)


def registration_key(tournament_id: int) -> str:
    """The outbox key of a tournament's registration message."""
    return f"t:{tournament_id}:registration"
