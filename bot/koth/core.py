"""What every part of the King-of-the-Hill service shares: names of things, one tournament read
in one transaction (``KothSnapshot``), and ``KothCore`` — the clock, the texts, private messages and
the audit log.

The tournament state is never stored: it is ``rules.koth.replay`` of the stored events
(``bot.koth.events``) over the order and norms fixed at ``/begin`` (kept in the tournament's
settings).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from aiogram.types import InlineKeyboardMarkup

from bot.errors import UserError
from bot.infra import KindCore
from bot.koth.events import begun, contributions, game_key, main_due
from bot.koth.replayed import Replayed
from bot.notify import mention
from bot.texts import Html, Translate, pick_language
from db import audit, game_messages, players, reports, tournaments
from db.database import Tx
from db.tournaments import Tournament
from rules.koth import KothState, prize_fund
from rules.koth.events import Begun
from rules.koth.settings import KothSettings

if TYPE_CHECKING:
    from bot.infra import Infra

Markup = Callable[[str], InlineKeyboardMarkup]

KIND = "koth"
DISCIPLINE = "billiards"
WARN = "koth_warn"
EXPIRE = "koth_expire"
BOARD_TICK = "koth_board"
BONUS_CHECK = "koth_bonus"
#: The timers of a running tournament (all cancelled when it finishes or is cancelled).
TIMERS = (WARN, EXPIRE, BOARD_TICK)
WARNING_BEFORE = timedelta(minutes=15)
#: How often the board's "time left" is brought up to date while the main time runs.
BOARD_EVERY = timedelta(minutes=5)


@dataclass(frozen=True, slots=True)
class Sent:
    """Where a message went (chat and message id) and the language it was written in."""

    chat_id: int
    message_id: int
    lang: str


@dataclass
class KothSnapshot:
    """A tournament as read in one transaction: stored events, state, names, group language."""

    tournament: Tournament
    stored: Sequence[tournaments.Event]
    state: KothState[int] | None
    names: dict[int, str]
    lang: str
    #: the unsettled reports of the game at the table (pending or disputed), oldest first
    table_reports: list[reports.Report] = field(default_factory=list)

    @property
    def key(self) -> str:
        """The key of the game at the table now (see ``bot.koth.events.game_key``)."""
        return game_key(self.stored)

    @property
    def main_due(self) -> datetime | None:
        """When the main time ends (``bot.koth.events.main_due``: derived from the log); for a
        log without ``begin`` (none is known), the ``main_due`` older versions kept in the
        settings."""
        derived = main_due(self.stored)
        if derived is not None:
            return derived
        kept = self.tournament.settings_as(KothSettings).main_due
        return datetime.fromisoformat(kept) if kept else None

    @property
    def begun(self) -> Begun | None:
        """What ``/begin`` fixed (``bot.koth.events.begun``; ``None`` before it)."""
        return begun(self.stored)

    @property
    def fund(self) -> int:
        """The prize fund (7.1): 1 000 ₽ a participant plus the contributions."""
        return prize_fund(
            len(self.names), contributions(self.stored, self.tournament.settings_as(KothSettings))
        )


class KothCore(KindCore):
    """Reading a tournament, private messages and the audit log (on ``bot.infra.KindCore``)."""

    def __init__(self, infra: Infra) -> None:
        super().__init__(infra)
        self.replayed = Replayed()

    async def tournament(self, tx: Tx, tournament_id: int) -> Tournament:
        found = await tournaments.get(tx, tournament_id)
        if found is None or found.kind != KIND:
            raise UserError("koth.no_tournament")
        return found

    async def participant_ids(self, tx: Tx, tournament_id: int) -> list[int]:
        return [p.player_id for p in await tournaments.participants(tx, tournament_id)]

    async def snapshot(self, tx: Tx, tournament_id: int) -> KothSnapshot:
        tournament = await self.tournament(tx, tournament_id)
        kept = await self.replayed.read(tx, tournament)
        ids = await self.participant_ids(tx, tournament_id)
        found = await players.many(tx, ids)
        names = {pid: found[pid].display_name if pid in found else f"#{pid}" for pid in ids}
        lang = self.group_lang()
        snap = KothSnapshot(tournament, kept.stored, kept.state, names, lang)
        found_reports = await reports.for_game(tx, tournament_id, snap.key)
        snap.table_reports = [r for r in found_reports if r.status in ("pending", "disputed")]
        return snap

    async def user_lang(self, tx: Tx, telegram_id: int | None) -> str:
        user = await players.tg_user(tx, telegram_id) if telegram_id else None
        return pick_language(user.language_code if user else None, self.texts.default)

    async def _recipient(self, player_id: int) -> tuple[int, str, str] | None:
        """(Telegram id, display name, language) of a player who has a Telegram account."""
        async with self.db.read() as tx:
            player = await players.by_id(tx, player_id)
            if player is None or player.telegram_id is None:
                return None
            lang = await self.user_lang(tx, player.telegram_id)
        return player.telegram_id, player.display_name, lang

    async def unreached(self, player_ids: Iterable[int]) -> dict[int, Html]:
        """The players the bot cannot write to privately (they never opened its chat, or
        blocked it), each as a mention: the public message about what concerns them names them
        so and their private notice of the same thing is not sent, rather than becoming a
        second group message beside the public one (issue 22, item 17)."""
        found: dict[int, Html] = {}
        for pid in dict.fromkeys(player_ids):
            recipient = await self._recipient(pid)
            if recipient is None:
                continue
            telegram_id, name, _ = recipient
            if not await self.notifier.reachable(telegram_id):
                found[pid] = Html(mention(telegram_id, name))
        return found

    async def dm(
        self,
        player_id: int,
        key: str,
        chat_id: int | None,
        *,
        markup: Markup | None = None,
        outbox_key: str | None = None,
        note: Callable[[Translate], str] | None = None,
        **values: object,
    ) -> Sent | None:
        """A private message to a player in his language (in the group when he is unreachable);
        with ``outbox_key``, sent once under that key (a durable job's message, ``bot.outbox``);
        ``note`` makes a first line in his language (e.g. why it comes late, ``bot.late``).
        Returns where it went and in which language (``None``: nowhere)."""
        recipient = await self._recipient(player_id)
        if recipient is None:
            return None
        telegram_id, name, lang = recipient
        text = self.texts.get(lang, key, **values)
        if note is not None:
            text = note(self.tr(lang)) + "\n" + text
        keyboard = markup(lang) if markup else None
        if outbox_key is None:
            message = await self.notifier.to_user(
                telegram_id, name, text, keyboard, fallback_chat=chat_id
            )
            where = None if message is None else (message.chat.id, message.message_id)
        else:
            where = await self.outbox.notify_once(
                outbox_key, telegram_id, name, text, keyboard, fallback_chat=chat_id
            )
        return None if where is None else Sent(*where, lang)

    async def remember(self, tournament_id: int, game: str, sent: Sent | None) -> None:
        """A message with the game's result buttons: its result line replaces it once the
        game settles (``ResultNotices.settle``)."""
        if sent is not None:
            async with self.db.transaction() as tx:
                await game_messages.add(
                    tx, tournament_id, game, sent.chat_id, sent.message_id, sent.lang
                )

    async def dm_once(
        self,
        outbox_key: str,
        player_id: int,
        key: str,
        chat_id: int | None,
        *,
        markup: Markup | None = None,
        **values: object,
    ) -> Sent | None:
        """``dm`` sent once under ``outbox_key``."""
        return await self.dm(
            player_id, key, chat_id, markup=markup, outbox_key=outbox_key, note=None, **values
        )

    async def audit(self, tx: Tx, tid: int, actor: int, action: str, **details: object) -> None:
        await audit.record(tx, tid, actor, action, dict(details), self.now().isoformat())
