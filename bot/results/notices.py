"""The messages of the result flow: confirmation requests, disputes for judges, reminders.

A report's confirmation request goes out once: it is sent through the outbox under the report's
key, so pressing the report button again (40 times, or 20 at once) asks the opponent nothing
more — the presser is told it was sent and whom it waits for. Only a press whose request was
never sent (the bot died between storing the report and asking) sends it. The reminder is a
second message of its own, sent once too.

A changed report is a new revision (``bot.results``): it has requests of its own (keys with the
revision), and the older revision's messages are edited to one line that says so, without
buttons. Every message carrying a game's buttons is remembered (``db.game_messages``) and, once
the game settles by whatever path, edited to the one-line result (``settle``).
"""

from __future__ import annotations

from collections.abc import Mapping

from aiogram.types import InlineKeyboardMarkup
from aiogram.utils.keyboard import InlineKeyboardBuilder

from bot.background import Background
from bot.buttons import ConfirmCb, DecideCb, WithdrawCb
from bot.claims import decision_choices
from bot.deadlines import AfterCommit, committed
from bot.notices import Markup, Phrase, phrase, render, spoken
from bot.notify import Notifier
from bot.outbox import Outbox
from bot.results import Claim, Game, GameDesk, OpenGame, ReportOutcome, ResultFlow, Step
from bot.settings import Settings
from bot.texts import Html, Texts, Tr, Translate, pick_language
from db import game_messages, players, reports, tournaments
from db.database import Database
from db.models import Deadline
from db.reports import Report
from db.tournaments import Tournament


def claim_phrase(game: Game, claim: Claim, names: Mapping[int, str]) -> Phrase:
    """A claim in words, the game score from the winner's side («Ann beat Bob 2:1» however
    the table lists them)."""
    if claim.double_loss:
        return phrase("results.claim_double_loss", a=names[game.a], b=names[game.b])
    if claim.winner is None:
        score = Markup(html=f" {claim.games[0]}:{claim.games[1]}" if claim.games else "")
        return phrase("results.claim_draw", a=names[game.a], b=names[game.b], score=score)
    loser = game.opponent(claim.winner)
    score = Markup(html="")
    if claim.games:
        won, lost = claim.games if claim.winner == game.a else claim.games[::-1]
        score = Markup(html=f" {won}:{lost}")
    key = "results.claim_technical" if claim.technical else "results.claim_win"
    return phrase(key, winner=names[claim.winner], loser=names[loser], score=score)


def game_text(t: Translate, found: OpenGame) -> str:
    """A game awaiting a result as ``/report`` shows it."""
    named = spoken(t, found.label)
    label = Html(named[:1].upper() + named[1:])  # the label is written mid-sentence
    lines = [t("report.game", game=label, opponent=found.opponent)]
    if found.mine is not None:
        lines.append(t(f"report.mine_{found.mine.status}"))
    lines.append(t("report.ask"))
    return "\n".join(lines)


class ResultNotices:
    def __init__(
        self,
        db: Database,
        texts: Texts,
        notifier: Notifier,
        flow: ResultFlow,
        settings: Settings,
        outbox: Outbox,
        background: Background,
    ) -> None:
        self._db = db
        self._background = background
        self._texts = texts
        self._notifier = notifier
        self._flow = flow
        self._settings = settings
        self._outbox = outbox
        #: the outbox keys of requests being sent right now: a press from another chat (handled
        #: concurrently) must not send one a second time before the first is recorded
        self._asking: set[str] = set()
        flow.on_reminder = self.remind
        flow.on_settled = self.settle

    def describe(self, lang: str, game: Game, claim: Claim, names: dict[int, str]) -> Html:
        """``claim_phrase`` in ``lang``: markup with the names escaped once (put it into
        another text as it is, or they are escaped twice)."""
        return render(self._texts, lang, claim_phrase(game, claim, names))

    @staticmethod
    def _key(report: Report, reminder: bool, what: str = "") -> str:
        """The outbox key of a report's message: its request, reminder or the reporter's own
        note (``what`` "mine"), per revision (revision 0 keeps the keys it always had)."""
        revision = f":r{report.revision}" if report.revision else ""
        return f"result:{report.id}{revision}:{what or ('remind' if reminder else 'ask')}"

    async def _remember(
        self, tournament: Tournament, game: Game, sent: tuple[int, int] | None, lang: str
    ) -> None:
        """A message with the game's buttons: replaced by its result once it settles."""
        if sent is not None:
            async with self._db.transaction() as tx:
                await game_messages.add(tx, tournament.id, game.key, *sent, lang)

    async def asked(self, outcome: ReportOutcome) -> str | None:
        """The opponent's name if his confirmation request for this report was sent (or is
        being sent); ``None`` if it never went out."""
        assert outcome.game and outcome.report
        key = self._key(outcome.report, False)
        if key not in self._asking and await self._outbox.sent(key) is None:
            return None
        names = await self._names(outcome.game)
        return names[outcome.game.opponent(outcome.report.reporter_id)]

    async def show_games(self, user_id: int, games: list[OpenGame], lang: str) -> bool:
        """``/report``: each game with its result buttons, privately, kept to be replaced by
        its result line once it settles; False (nothing sent) when the bot cannot write to him
        (he never started it, or blocked it)."""
        t = Tr(self._texts, lang)
        for found in games:
            text = game_text(t, found)
            sent = await self._notifier.to_user(user_id, "", text, found.markup, fallback_chat=None)
            if sent is None:
                return False
            await self._flow.remember(found, sent.chat.id, sent.message_id, lang)
        return True

    def follow(
        self, outcome: ReportOutcome, after: AfterCommit | None = None, *, ask: bool = False
    ) -> None:
        """What follows a press of a result button, beside its answer (the presser is not kept
        waiting): ``follow_up``."""
        self._background.spawn(self.follow_up(outcome, after, ask=ask))

    async def follow_up(
        self, outcome: ReportOutcome, after: AfterCommit | None, *, ask: bool
    ) -> None:
        """In order: the result's announcements (``after``, the change's after-commit), the old
        request of a changed report retired (or of a withdrawn one), the request a dead bot
        never sent (``ask``), the reporter's note (with «Withdraw»), the judges' notice of a
        dispute, the board's mark of a waiting game. (A new request is the durable job the
        flow stored.)"""
        await committed(after)
        if outcome.step in (Step.CHANGED, Step.WITHDRAWN):
            await self.retire(outcome, withdrawn=outcome.step is Step.WITHDRAWN)
        if ask:
            await self.ask_confirmation(outcome)
        if outcome.step in (Step.PENDING, Step.CHANGED) or ask:
            await self.tell_reporter(outcome)
        elif outcome.step is Step.DISPUTED and outcome.tournament and outcome.game:
            disputed = [r for r in (outcome.other, outcome.report) if r is not None]
            if disputed:
                await self.to_judges(outcome.tournament, outcome.game, disputed)
        await self._flow.pending_hook(outcome)

    async def ask_confirmation(self, outcome: ReportOutcome, *, reminder: bool = False) -> None:
        """Ask the opponent to confirm, once per report (and once more as the reminder)."""
        assert outcome.report
        key = self._key(outcome.report, reminder)
        if key in self._asking:
            return
        self._asking.add(key)
        try:
            await self._ask(outcome, key, reminder=reminder)
        finally:
            self._asking.discard(key)

    async def _ask(self, outcome: ReportOutcome, key: str, *, reminder: bool = False) -> None:
        assert outcome.tournament and outcome.game and outcome.report
        tournament, game, report = outcome.tournament, outcome.game, outcome.report
        opponent = game.opponent(report.reporter_id)
        tg_id, name, lang, names = await self._people(opponent, game)
        desk = self._flow.desks[tournament.kind]
        text = self._texts.get(
            lang,
            "results.confirm_request",
            reporter=names[report.reporter_id],
            claim=self.describe(lang, game, report.claim, names),
            game=render(self._texts, lang, desk.label(tournament, game)),
        )
        if reminder:  # the same buttons; the reader must see it is not a second result
            text = self._texts.get(lang, "results.reminder") + "\n" + text
        builder = InlineKeyboardBuilder()
        builder.button(
            text=self._texts.get(lang, "results.confirm"),
            callback_data=ConfirmCb(r=report.id, ok=True, rv=report.revision),
        )
        builder.button(
            text=self._texts.get(lang, "results.dispute"),
            callback_data=ConfirmCb(r=report.id, ok=False, rv=report.revision),
        )
        if tg_id is not None:
            sent = await self._outbox.notify_once(
                key, tg_id, name, text, builder.as_markup(), fallback_chat=tournament.chat_id
            )
            await self._remember(tournament, game, sent, lang)

    async def tell_reporter(self, outcome: ReportOutcome) -> None:
        """The reporter's own note of a pending report, with «Withdraw», privately only (the
        group is not told of a report nobody answered yet); once per revision."""
        assert outcome.tournament and outcome.game and outcome.report
        tournament, game, report = outcome.tournament, outcome.game, outcome.report
        tg_id, name, lang, names = await self._people(report.reporter_id, game)
        if tg_id is None:
            return
        desk = self._flow.desks[tournament.kind]
        text = self._texts.get(
            lang,
            "results.report_sent",
            claim=self.describe(lang, game, report.claim, names),
            game=render(self._texts, lang, desk.label(tournament, game)),
            opponent=names[game.opponent(report.reporter_id)],
        )
        builder = InlineKeyboardBuilder()
        builder.button(
            text=self._texts.get(lang, "results.withdraw"),
            callback_data=WithdrawCb(r=report.id, rv=report.revision),
        )
        key = self._key(report, False, "mine")
        sent = await self._outbox.notify_once(
            key, tg_id, name, text, builder.as_markup(), fallback_chat=None
        )
        await self._remember(tournament, game, sent, lang)

    async def retire(self, outcome: ReportOutcome, *, withdrawn: bool) -> None:
        """The messages of a report's replaced revision (``outcome.previous``, or the withdrawn
        ``outcome.report``) lose their buttons: one line says the request was changed or
        withdrawn, to the opponent and to the reporter."""
        old = outcome.report if withdrawn else outcome.previous
        assert outcome.tournament and outcome.game and old
        game = outcome.game
        desk = self._flow.desks[outcome.tournament.kind]
        opponent, reporter = game.opponent(old.reporter_id), old.reporter_id
        which = "withdrawn" if withdrawn else "replaced"
        for reader, what in ((opponent, "ask"), (opponent, "remind"), (reporter, "mine")):
            found = await self._outbox.sent(self._key(old, what == "remind", what))
            if found is None:
                continue
            _, _, lang, names = await self._people(reader, game)
            mine = "_mine" if what == "mine" else ""
            text = self._texts.get(
                lang,
                f"results.request_{which}{mine}",
                reporter=names[reporter],
                claim=self.describe(lang, game, old.claim, names),
                game=render(self._texts, lang, desk.label(outcome.tournament, game)),
            )
            await self._forget(*found)
            await self._outbox.edit(*found, text)

    async def _forget(self, chat_id: int, message_id: int) -> None:
        async with self._db.transaction() as tx:
            await game_messages.forget(tx, chat_id, message_id)

    async def settle(self, tournament: Tournament, game: Game, claim: Claim) -> None:
        """The game has its final result: every message with its buttons (the result buttons
        in the group and in private, requests, the judges' decision buttons) becomes one line
        with the result, in its reader's language."""
        async with self._db.transaction() as tx:
            found = await game_messages.take(tx, tournament.id, game.key)
        if not found:
            return
        names = await self._names(game)
        desk = self._flow.desks[tournament.kind]
        for message in found:
            lang = message.lang
            text = self._texts.get(
                lang,
                "results.settled_line",
                game=render(self._texts, lang, desk.label(tournament, game)),
                claim=self.describe(lang, game, claim, names),
            )
            await self._outbox.edit(message.chat_id, message.message_id, text)

    async def _people(
        self, player_id: int, game: Game
    ) -> tuple[int | None, str, str, dict[int, str]]:
        """(telegram id, display name, language) of one of the game's players and the names of
        both, in one read."""
        async with self._db.read() as tx:
            found = await players.many(tx, [game.a, game.b])
            player = found.get(player_id)
            user = None
            if player is not None and player.telegram_id is not None:
                user = await players.tg_user(tx, player.telegram_id)
        names = {
            pid: (found[pid].display_name if pid in found else f"#{pid}")
            for pid in (game.a, game.b)
        }
        lang = pick_language(user.language_code if user else None, self._texts.default)
        tg_id = player.telegram_id if player else None
        return tg_id, names.get(player_id, f"#{player_id}"), lang, names

    async def _names(self, game: Game) -> dict[int, str]:
        async with self._db.read() as tx:
            found = await players.many(tx, [game.a, game.b])
        return {
            pid: (found[pid].display_name if pid in found else f"#{pid}")
            for pid in (game.a, game.b)
        }

    def decision_keyboard(
        self, lang: str, tournament: Tournament, game: Game, names: dict[int, str], desk: GameDesk
    ) -> InlineKeyboardMarkup:
        """The judge's choices: the winner (in a match, with the game score), a draw where
        allowed, a technical win of either player, and both players' technical loss where a
        game may end without a winner (``Game.double_loss``). Labels are plain text."""
        builder = InlineKeyboardBuilder()
        draws = desk.draws_allowed(tournament, game)
        match = desk.match_format(tournament)
        for choice in decision_choices(game, draws=draws, match=match):
            name = "" if choice.player is None else names[choice.player]
            text = self._texts.plain(lang, choice.label, name=name, score=choice.score)
            callback = DecideCb(t=tournament.id, g=game.key, c=choice.code)
            builder.button(text=text, callback_data=callback)
        builder.adjust(2)
        return builder.as_markup()

    async def judges_of(self, tournament: Tournament) -> list[int]:
        async with self._db.read() as tx:
            judges = await tournaments.judges(tx, tournament.id)
        return judges or sorted({tournament.created_by, *self._settings.organizer_ids})

    async def to_judges(
        self,
        tournament: Tournament,
        game: Game,
        claims: list[Report],
        key: str = "results.dispute_for_judge",
    ) -> None:
        names = await self._names(game)
        desk = self._flow.desks[tournament.kind]
        for judge in await self.judges_of(tournament):
            async with self._db.read() as tx:
                user = await players.tg_user(tx, judge)
            lang = pick_language(user.language_code if user else None, self._texts.default)
            lines = [
                self._texts.get(
                    lang, key, game=render(self._texts, lang, desk.label(tournament, game))
                )
            ]
            for report in claims:
                lines.append(
                    self._texts.get(
                        lang,
                        "results.claim_of",
                        name=names[report.reporter_id],
                        claim=self.describe(lang, game, report.claim, names),
                    )
                )
            markup = self.decision_keyboard(lang, tournament, game, names, desk)
            message = await self._notifier.to_user(
                judge,
                user.full_name if user else str(judge),
                "\n".join(lines),
                markup,
                fallback_chat=tournament.chat_id,
            )
            if message is not None:  # the decision buttons go once the result settles
                sent = (message.chat.id, message.message_id)
                await self._remember(tournament, game, sent, lang)

    async def _pending(self, report_id: int) -> ReportOutcome | None:
        """A report still waiting for its confirmation, with its open game (``None`` once it
        was settled, or its game is no longer open)."""
        async with self._db.read() as tx:
            report = await reports.get(tx, report_id)
            if report is None or report.status != "pending":
                return None
            tournament = await tournaments.get(tx, report.tournament_id)
            if tournament is None or tournament.kind not in self._flow.desks:
                return None
            desk = self._flow.desks[tournament.kind]
            game = await desk.open_game(tx, tournament, report.game_key)
        if game is None:
            return None
        return ReportOutcome(Step.PENDING, tournament, game, report)

    async def ask_job(self, deadline: Deadline) -> None:
        """The durable job stored with a report (``bot.results.ASK_JOB``): the request of the
        report's revision the job was stored for, once (a changed report's old job asks
        nothing: the new revision has its own)."""
        outcome = await self._pending(deadline.ref_id)
        if outcome is None or outcome.report is None:
            return
        if outcome.report.revision == deadline.payload.get("rev", 0):
            await self.ask_confirmation(outcome)

    async def remind(self, report: Report) -> None:
        outcome = await self._pending(report.id)
        if outcome is None or outcome.tournament is None or outcome.game is None:
            return
        await self.ask_confirmation(outcome, reminder=True)
        await self.to_judges(
            outcome.tournament, outcome.game, [report], key="results.unconfirmed_for_judge"
        )
