"""Crash safety (issue 5, item 1): the bot as a separate process, killed with SIGKILL at random.

Twenty-four simulated players play a four-round Swiss tournament, reporting and confirming all at
once, while the bot process is killed (seeded RNG) in the middle of their presses, around ``/begin``
and ``/next_round``, and while round timers are due (the clock file moved while the bot is down, or
just before a kill); in the rounds of ``BROADCAST_KILLS`` the kill cuts the pairing's broadcast
short: the moment the pairing is committed, or once its first messages are out. Nobody presses
twice: every press the bot died on must be answered after the restart (from the inbox the dead bot
stored it in, or from Telegram if it never got that far), and every report must bring the opponent
his confirmation request. Nobody asks the organiser to /repair a round: every player must get his
table from the pairing's durable job, also when the bot died before it ran; a kill in the middle of
a broadcast may repeat at most the one message under way. At the end the database and the group are
checked against what the players themselves agreed: each result stored once, nothing half-applied,
each round paired once, each round timer fired and announced once, every durable job done, each
player told his rating change, and the final standings equal to a replay of the players' results
through ``rules.standings``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import re
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

from rules.results import MatchRecord, Outcome
from rules.standings import TieBreak, compute_standings
from tests.e2e.crash_driver import SILENCE, BotProcess, Person, newest
from tests.e2e.drivers.texts import fixed, ru
from tests.e2e.emulator import BotApiEmulator, CallbackHandle, RateLimits, SimMessage
from tests.e2e.harness import TOKEN
from tests.e2e.peek import Peek

GROUP = -100900
ORGANISER = 999
PLAYERS = 24
ROUNDS = 4
SEED = 20261130
START = datetime(2026, 11, 30, 18, 0, tzinfo=UTC)
ROUND_MINUTES = 50
#: Round -> how many of its pairing messages are out when the kill comes (0: at the commit).
BROADCAST_KILLS = {2: 0, 3: 1}

WON, LOST, DRAW, CONFIRM = "Моя победа", "Моё поражение", "Ничья", "✅ Подтверждаю"
FINAL = "Результат принят."
CLOSED = "Результат уже принят или партия уже не текущая."
PENDING = "Отправлено сопернику на подтверждение."
DUPLICATE = "Вы уже сообщили этот результат."
#: a pending report pressed again once its request went out (bot.results.notices)
ALREADY = "Уже отправлено: ждём подтверждения соперника ("
PAIRING = re.compile(r"Тур (\d+): стол (\d+), соперник — (\S+) ")
STANDING = re.compile(r"^(\d+)\. (Pl\d\d)(?: \(выход из турнира\))? — ([\d,]+) · ", re.MULTILINE)
CREATED = fixed("swiss.created", -1)


def round_name(number: int) -> str:
    return ru("swiss.round_name", round=number)


def board_title(number: int) -> str:
    """The title of round ``number``'s board."""
    title = fixed("swiss.board_title")
    return f"Crash Cup {title} {number} {fixed('swiss.board_title', 1)} {ROUNDS}"


def pairing_start(number: int) -> str:
    """The start of a player's pairing message of round ``number``."""
    return f"{round_name(number)}{fixed('swiss.your_table')} "


def warning(number: int) -> str:
    """The round's 10-minute warning."""
    return ru("swiss.ten_minutes", round=round_name(number))


def time_call(number: int) -> str:
    """The start of the round's time call."""
    return f"{round_name(number)}{fixed('swiss.time_swiss', 1)}"


def generation(message: SimMessage) -> int:
    """The pairing generation of a pairing message (its buttons' game key ``r2t3p0``)."""
    data = str(message.inline_keyboard[0][0].get("callback_data", ""))
    return int(data.split(":")[2].rsplit("p", 1)[1])


def points_text(tenths: int) -> str:
    """Points as the bot writes them in Russian: 3, 2,9, 5,5."""
    return str(tenths // 10) if tenths % 10 == 0 else f"{tenths // 10},{tenths % 10}"


@dataclass
class Game:
    """One table as its two players know it; ``winner`` None is a draw."""

    round: int
    table: int
    players: tuple[Person, Person]
    winner: Person | None
    both_report: bool
    pairings: dict[int, SimMessage]  #: each player's pairing message (user id -> message)
    settled: str = ""  #: how the players learned the result was final


class Tournament:
    """The organiser, the players, the bot process and the players' own record."""

    def __init__(self, emu: BotApiEmulator, bot: BotProcess, rng: random.Random) -> None:
        self.emu = emu
        self.bot = bot
        self.rng = rng
        self.org = Person(emu.add_user(ORGANISER, "Org", username="org"), bot)
        self.people = [
            Person(emu.add_user(1000 + i, f"Pl{i:02d}", username=f"pl{i:02d}"), bot)
            for i in range(1, PLAYERS + 1)
        ]
        self.by_name = {p.name: p for p in self.people}
        emu.add_group(GROUP, "Club", members=[p.user for p in self.people], admins=[self.org.user])
        self.record: dict[tuple[int, int], Game] = {}
        self.now = START
        self.timer_kills = 0
        #: how each timer's moment came (``timer``): "down", "up" or "kill"
        self.timer_modes: dict[str, str] = {}
        #: Round -> (its broadcast job still pending at the kill, messages out by then).
        self.cuts: dict[int, tuple[int, int]] = {}
        self.began = time.monotonic()
        self.timeline: list[str] = []
        self.command_kills = 0
        self.duplicates = 0  #: pairing DMs a player got twice
        self.broadcast_kills = 0  #: pairings with a kill around them

    # -- setup (no kills: the crash test is about the tournament) ------------------------------
    async def create(self) -> None:
        for person in [self.org, *self.people]:
            await person.user.start()
            await person.user.wait_message()
        await self.org.user.send(GROUP, "/new")
        kinds = await self.emu.wait_bot_message(GROUP, contains=fixed("tournament.choose_kind"))
        await (await self.org.user.press(kinds, "🃏 Берсерк: швейцарка + ТОП")).answer()
        await self.emu.wait_bot_message(GROUP, contains=fixed("swiss.wiz_name"))
        await self.org.user.send(GROUP, "Crash Cup")
        answers = {
            fixed("swiss.wiz_fmt"): "Констрактед",
            fixed("swiss.wiz_sub"): "Классика",
            fixed("swiss.wiz_strict"): "Любительский (без дэк-листов)",
            fixed("swiss.wiz_rounds"): str(ROUNDS),
            fixed("swiss.wiz_top"): "Без ТОПа",
            fixed("swiss.wiz_time"): str(ROUND_MINUTES),
            fixed("swiss.wiz_tb"): "Бухгольц, усечённый Бухгольц, победы, личная встреча",
            "Формат матча?": "Одна партия",
            fixed("swiss.wiz_game"): "Классический Берсерк",
            fixed("swiss.wiz_k"): "Обычный (16)",
            fixed("swiss.wiz_kind"): "Открытый: играет любой",
        }
        while True:  # the wizard's questions, in whatever order it asks them
            asked = await self.emu.wait_bot_message(
                GROUP, predicate=lambda m: bool(m.button_labels) or CREATED in m.plain
            )
            if CREATED in asked.plain:
                created = asked
                break
            label = next((a for q, a in answers.items() if q in asked.plain), None)
            assert label is not None, f"a wizard question this test does not know: {asked}"
            await (await self.org.user.press(asked, label)).answer()
        joined = await asyncio.gather(
            *[(await p.user.press(created, "✋ Участвую")).answer() for p in self.people]
        )
        assert all(a.text and "вы в турнире" in a.text for a in joined)

    def trace(self, what: str) -> None:
        self.timeline.append(f"{time.monotonic() - self.began:6.1f}s {what}")

    # -- chaos ---------------------------------------------------------------------------------
    async def chaos(self, kills: int, low: float, high: float, *, presses: bool = False) -> None:
        """``kills`` SIGKILLs, each after a random pause of the running bot, and restarts;
        with ``presses``, each kill hits the next press a random moment (0-10 ms) after it
        went out, while the bot handles it."""
        for _ in range(kills):
            await self.bot.wait_up()
            await asyncio.sleep(self.rng.uniform(low, high))
            if presses:  # the kill comes while the next press is in flight
                await self.bot.kill_at_press(2.0, self.rng.uniform(0.0, 0.01))
            else:
                await self.bot.restart()

    async def kill_in_broadcast(self, number: int, sent: int) -> None:
        """SIGKILL once round ``number`` is paired (committed) and ``sent`` of its pairing
        messages are out (read from the database file), then restart."""
        with Peek(self.bot.db_path) as db:

            def count(sql: str, *args: object) -> int:
                return int(db.execute(sql, args).fetchone()[0])

            def out() -> int:
                return count(
                    "SELECT count(*) FROM outbox_keys WHERE key LIKE ?", f"sw:%:r{number}g%"
                )

            paired = "SELECT count(*) FROM events WHERE kind = 'sw_round'"
            before = count(paired)
            while count(paired) == before or out() < sent:
                await asyncio.sleep(0.002)
            await self.bot.kill()
            # What the dead bot left of the broadcast: its job still to do, messages out so far.
            pending = "SELECT count(*) FROM deadlines WHERE kind = ? AND status = 'pending'"
            self.cuts[number] = (count(pending, "job:swiss_round"), out())
        await self.bot.start()

    # -- the organiser's commands ----------------------------------------------------------------
    async def command(
        self, text: str, done: Callable[[], object], refusals: tuple[str, ...]
    ) -> None:
        """Send ``text`` until the bot did it (``done``) or says it was done already."""
        while True:
            await self.bot.wait_up()
            epoch = self.bot.epoch
            last = max((m.message_id for m in self.emu.messages(GROUP)), default=0)

            def refused(last: int = last) -> SimMessage | None:
                for message in reversed(self.emu.bot_messages(GROUP)):
                    if message.message_id <= last:
                        return None
                    if any(r in message.plain for r in refusals):
                        return message
                return None

            await self.org.send(GROUP, text)

            def settled(epoch: int = epoch) -> bool:
                return bool(done() or refused() or self.bot.epoch != epoch)

            await self.emu.wait_for(settled, timeout=20)
            if done() or refused():
                return
            await self.bot.wait_up()
            await asyncio.sleep(0.4)  # a redelivered update may still do it
            if done() or refused():
                return

    async def pair(self, number: int) -> None:
        """``/begin`` or ``/next_round`` with a kill around it; in ``BROADCAST_KILLS`` the kill
        cuts the round's pairing broadcast short."""
        title = board_title(number)
        text = "/begin" if number == 1 else "/next_round"
        refusals = (fixed("swiss.not_in_registration"), fixed("swiss.round_open"))
        if number in BROADCAST_KILLS:
            kill = asyncio.create_task(self.kill_in_broadcast(number, BROADCAST_KILLS[number]))
            await self.command(text, lambda: newest(self.emu, GROUP, title), refusals)
            await kill
        else:
            kill = asyncio.create_task(self.chaos(1, 0.0, 0.15))
            await self.command(text, lambda: newest(self.emu, GROUP, title), refusals)
            await kill
        self.command_kills += 1
        # No /repair: the pairing's durable job sends every table, also after a kill.
        await self.read_pairings(number)

    async def read_pairings(self, number: int) -> None:
        """Every player reads his table from his newest pairing message (people do not guess).

        A player who never got his pairing of the current round fails the test.
        """
        tables: dict[int, list[tuple[Person, str]]] = {}
        gens: dict[str, int] = {}

        def pairing(person: Person) -> Callable[[], SimMessage | None]:
            return lambda: newest(self.emu, person.user.id, pairing_start(number), WON)

        await asyncio.gather(*[self.wait_message(pairing(person), 2.0) for person in self.people])
        await self.emu.idle(quiet=0.3, timeout=30)  # a slow broadcast is not a lost one
        messages = {person.user.id: pairing(person)() for person in self.people}
        for person in self.people:
            message = messages[person.user.id]
            if message is None:
                gens[person.name] = -1
                continue
            found = PAIRING.search(message.plain)
            assert found is not None, message.plain
            gens[person.name] = generation(message)
            tables.setdefault(int(found.group(2)), []).append((person, found.group(3)))
        current = max(gens.values())
        missing = sorted(name for name, gen in gens.items() if gen != current or gen < 0)
        assert not missing, (
            f"round {number} (pairing generation {current}): {len(missing)} players never got "
            f"their pairing message ({', '.join(missing[:4])}...) although the bot was "
            "restarted: the pairing's durable job did not send it"
        )
        assert len(tables) == PLAYERS // 2
        # Each pairing DM is recorded before the next goes: the kill around this pairing may
        # repeat the one message under way, no more.
        repeated = sum(
            max(0, len(self.pairing_messages(person, number)) - 1) for person in self.people
        )
        self.duplicates += repeated
        self.broadcast_kills += 1
        assert repeated <= 1, f"round {number}: {repeated} pairing messages sent twice"
        for table, seated in tables.items():
            (a, a_sees), (b, b_sees) = seated
            assert (a_sees, b_sees) == (b.name, a.name), seated
            roll = self.rng.random()
            winner = None if roll < 0.15 else (a if roll < 0.575 else b)
            both = self.rng.random() < 0.25
            read = {p.user.id: m for p in (a, b) if (m := messages[p.user.id]) is not None}
            game = Game(number, table, (a, b), winner, both, read)
            self.record[(number, table)] = game

    def pairing_messages(self, person: Person, number: int) -> list[SimMessage]:
        """The pairing messages of round ``number`` that ``person`` got (any generation)."""
        return [
            m
            for m in self.emu.bot_messages(person.user.id)
            if pairing_start(number) in m.plain and WON in m.button_labels
        ]

    async def wait_message(
        self, find: Callable[[], SimMessage | None], patience: float
    ) -> SimMessage | None:
        """The message, or None when it did not come within ``patience`` of a running bot."""
        while True:
            await self.bot.wait_up()
            epoch = self.bot.epoch
            try:
                return await self.emu.wait_for(find, timeout=patience)
            except TimeoutError:
                if self.bot.epoch == epoch and self.bot.up:
                    return None

    # -- one game --------------------------------------------------------------------------------
    async def report(self, game: Game, person: Person) -> str | None:
        label = DRAW if game.winner is None else WON if person is game.winner else LOST
        message = game.pairings[person.user.id]  # the pairing he read, not an older one
        return await person.press(lambda: message, label)

    async def play(self, game: Game) -> None:
        """Report and confirm, each press once: what the bot died on it answers after the
        restart, and the opponent's confirmation request comes however the kills fall."""
        a, b = game.players
        first, second = (a, b) if game.winner in (None, a) else (b, a)
        if game.both_report:
            answers = await asyncio.gather(self.report(game, first), self.report(game, second))
            assert any(answer in (FINAL, CLOSED) for answer in answers), (game, answers)
            game.settled = "both reported"
            return
        answer = await self.report(game, first)
        repeated = str(answer).startswith(ALREADY)  # pressed before a kill, asked already
        assert answer in (PENDING, DUPLICATE) or repeated, (game, answer)
        key = f"({ru('swiss.label', table=game.table, round=game.round)})"

        def request() -> SimMessage | None:
            return newest(self.emu, second.user.id, key, CONFIRM)

        assert await self.wait_message(request, SILENCE) is not None, (game, "no request")
        answer = await second.press(request, CONFIRM)
        # None: the prompt was settled meanwhile (its buttons gone)
        assert answer in (FINAL, CLOSED, None), (game, answer)
        game.settled = f"confirm: {answer}"

    async def wave(self, games: list[Game], kills: int) -> None:
        await asyncio.gather(
            *[self.play(g) for g in games], self.chaos(kills, 0.0, 0.0, presses=True)
        )

    # -- round timers ----------------------------------------------------------------------------
    async def timer(self, when: datetime, announcement: str) -> None:
        """Move the clock to ``when`` with the bot down, up, or killed right after."""
        mode = self.rng.choice(["down", "up", "kill"])
        if mode == "down":
            await self.bot.kill()
            self.bot.set_clock(when)
            await self.bot.start()
            self.timer_kills += 1
        elif mode == "up":
            self.bot.set_clock(when)
        else:
            self.bot.set_clock(when)
            await asyncio.sleep(self.rng.uniform(0.0, 0.25))
            await self.bot.restart()
            self.timer_kills += 1
        self.now = when
        self.timer_modes[announcement] = mode
        await self.emu.wait_for(lambda: newest(self.emu, GROUP, announcement), timeout=5)
        # A durable message (the round's time: ``Outbox.tell``) is done once its send is
        # recorded: only a kill before that may repeat it, so the next kill waits for it.
        await self.emu.wait_for(self.nothing_left_to_say, timeout=10)

    def nothing_left_to_say(self) -> bool:
        """Every durable message the bot stored is sent and recorded."""
        with Peek(self.bot.db_path) as db:
            stored = db.execute(
                "SELECT payload_json FROM deadlines WHERE kind = 'job:tell'"
            ).fetchall()
            keys = [n["key"] for (payload,) in stored for n in json.loads(payload)["notices"]]
            recorded = {key for (key,) in db.execute("SELECT key FROM outbox_keys")}
        return all(key in recorded for key in keys)

    async def round(self, number: int) -> None:
        started = self.now
        self.trace(f"round {number}: pairing")
        await self.pair(number)
        self.trace(f"round {number}: wave 1")
        games = [g for (r, _), g in sorted(self.record.items()) if r == number]
        self.rng.shuffle(games)
        half = len(games) // 2
        await self.wave(games[:half], kills=3)
        # Half the tables still play when the round's warning and time come.
        self.trace(f"round {number}: timers")
        await self.timer(started + timedelta(minutes=ROUND_MINUTES - 10), warning(number))
        await self.timer(started + timedelta(minutes=ROUND_MINUTES), time_call(number))
        self.trace(f"round {number}: wave 2")
        await self.wave(games[half:], kills=3)
        self.trace(f"round {number}: done")


async def test_sigkill_at_random_moments_loses_and_repeats_nothing(tmp_path: Path) -> None:
    """On SQLite only: on PostgreSQL its 20-odd kills take minutes more than CI can spare;
    the kill after a fetch (below) and ``test_standby`` cover PostgreSQL."""
    database_at = tmp_path / "club.db"
    rng = random.Random(SEED)
    emu = BotApiEmulator(TOKEN, rate_limits=RateLimits(enabled=False))
    await emu.start()
    db_path = database_at
    bot = BotProcess(emu, db_path, tmp_path / "clock.txt", tmp_path / "bot.log", ORGANISER)
    bot.set_clock(START)
    club = Tournament(emu, bot, rng)
    try:
        await bot.start()
        club.trace("bot up")
        await club.create()
        for number in range(1, ROUNDS + 1):
            await club.round(number)
        # The last /next_round finishes the tournament: its announcement is what we compare.
        await club.org.send(GROUP, "/next_round")
        final = await emu.wait_bot_message(GROUP, contains=fixed("swiss.finished"), timeout=10)
        await emu.idle(quiet=0.2)
    finally:
        await bot.stop()
        await emu.stop()

    print("\n".join(club.timeline))  # noqa: T201
    kills = bot.kills
    in_flight = [n for n in bot.in_flight_at_kill if n > 0]
    print(  # noqa: T201 - the figures of the run, shown with -s
        f"kills={kills} with presses in flight={len(in_flight)} timer kills={club.timer_kills} "
        f"command kills={club.command_kills} starts={bot.starts} "
        f"start p50={sorted(bot.start_seconds)[len(bot.start_seconds) // 2]:.2f}s "
        f"presses={sum(p.presses for p in club.people)} "
        f"answered after a kill={sum(p.across_kills for p in club.people)} "
        f"duplicate pairings={club.duplicates}/{club.broadcast_kills} broadcast kills "
        f"broadcasts cut (round: job pending, messages out of {PLAYERS + 1})={club.cuts} "
        f"settled={Counter(g.settled.split(':')[0] for g in club.record.values())}"
    )
    check_database(db_path, club, final)
    assert kills >= 20
    assert len(in_flight) >= 6
    assert club.timer_kills >= 2
    # The kills did cut the pairings' broadcasts short (the job was still to do).
    assert {n: pending for n, (pending, _) in club.cuts.items()} == dict.fromkeys(
        BROADCAST_KILLS, 1
    )


def check_database(db_path: Path | str, club: Tournament, final: SimMessage) -> None:
    emu = club.emu
    with Peek(db_path) as conn:
        tid, settings_json = conn.execute("SELECT id, settings_json FROM tournaments").fetchone()
        settings = json.loads(settings_json)
        tg_of = dict(conn.execute("SELECT id, telegram_id FROM players").fetchall())
        pid_of = {tg: pid for pid, tg in tg_of.items()}
        events = [
            (kind, json.loads(payload))
            for kind, payload in conn.execute(
                "SELECT kind, payload_json FROM events WHERE tournament_id = ? ORDER BY id", (tid,)
            )
        ]
        reports = conn.execute(
            "SELECT game_key, reporter_id, status FROM reports WHERE tournament_id = ?", (tid,)
        ).fetchall()
        timers = conn.execute(
            """SELECT kind, payload_json, status FROM deadlines
               WHERE kind IN ('swiss_warn', 'swiss_time')"""
        ).fetchall()
        overdue = conn.execute(
            "SELECT id, kind, due_at FROM deadlines WHERE status = 'pending' AND due_at <= ?",
            (club.now.isoformat(),),
        ).fetchall()
        repairs = conn.execute("SELECT count(*) FROM audit_log WHERE action = 'repair'").fetchone()
        jobs = conn.execute(
            "SELECT kind, status FROM deadlines WHERE kind LIKE 'job:swiss_%' OR kind = 'job:tell'"
        ).fetchall()
        order = [
            row[0]
            for row in conn.execute(
                """SELECT player_id FROM participants WHERE tournament_id = ?
                   ORDER BY coalesce(seat, 1000000), joined_at, player_id""",
                (tid,),
            )
        ]

    # Each round paired once (nobody needed a /repair), each pairing and the end announced by
    # a durable job that is done.
    rounds = [(p["round"], p["gen"]) for kind, p in events if kind == "sw_round"]
    assert rounds == [(n, 0) for n in range(1, ROUNDS + 1)], rounds
    assert repairs == (0,), repairs
    # (and each confirmation told to its reporter by notices whose job is done too)
    confirmed = [status for kind, status in jobs if kind == "job:tell"]
    assert confirmed and set(confirmed) == {"fired"}, Counter(confirmed)
    jobs = [(kind, status) for kind, status in jobs if kind != "job:tell"]
    assert Counter(jobs) == {("job:swiss_round", "fired"): ROUNDS, ("job:swiss_end", "fired"): 1}
    for number in range(1, ROUNDS + 1):
        boards = [m for m in emu.bot_messages(GROUP) if board_title(number) in m.plain]
        assert boards, number
    for person in club.people:  # his rating change, privately
        told = [
            m
            for m in emu.bot_messages(person.user.id)
            if f"{fixed('swiss.rating_private', 1)}Берсерк)" in m.plain
        ]
        assert told, person.name
    tables = {
        p["round"]: [tuple(pair) for pair in p["tables"]]
        for kind, p in events
        if kind == "sw_round"
    }  # the last generation of each round
    gen_of = {p["round"]: p["gen"] for kind, p in events if kind == "sw_round"}

    # Every result the players agreed on is stored exactly once, as they agreed it.
    stored = Counter((p["round"], p["table"]) for kind, p in events if kind == "sw_result")
    assert set(stored) == set(club.record), set(stored) ^ set(club.record)
    assert all(count == 1 for count in stored.values()), stored
    for kind, p in events:
        if kind != "sw_result":
            continue
        game = club.record[(p["round"], p["table"])]
        a, b = tables[p["round"]][p["table"] - 1]
        assert {tg_of[a], tg_of[b]} == {x.user.id for x in game.players}
        if game.winner is None:
            assert p["outcome_a"] == "draw", (game, p)
        else:
            winner_is_a = tg_of[a] == game.winner.user.id
            assert p["outcome_a"] == ("clean_win" if winner_is_a else "loss"), (game, p)

    # Nothing half-applied: a result has its settled reports, a confirmed report its result.
    keys = {f"r{r}t{t}p{gen_of[r]}": (r, t) for (r, t) in stored}
    by_key: dict[str, list[str]] = {}
    for key, _, status in reports:
        by_key.setdefault(key, []).append(status)
    for key in keys:
        statuses = by_key.get(key, [])
        assert statuses and set(statuses) == {"confirmed"}, (key, statuses)
    for key, statuses in by_key.items():
        assert key in keys or "confirmed" not in statuses, (key, statuses)
        assert not {"pending", "disputed"} & set(statuses), (key, statuses)

    # Every round timer fired once, and was announced once.
    fired = Counter(
        (kind, json.loads(payload)["round"], status) for kind, payload, status in timers
    )
    for number in range(1, ROUNDS + 1):
        assert fired[("swiss_warn", number, "fired")] == 1, fired
        assert fired[("swiss_time", number, "fired")] == 1, fired
        group = [m.plain for m in emu.bot_messages(GROUP)]
        warned = [t for t in group if warning(number) in t]
        timed = [t for t in group if time_call(number) in t]
        assert len(warned) == 1, warned
        # The round's time is a durable message (``Outbox.tell``): never lost; a kill between
        # its send and its record repeats it once, as it may any durable message (``bot.outbox``).
        killed = club.timer_modes.get(time_call(number)) == "kill"
        assert 1 <= len(timed) <= (2 if killed else 1), timed
    assert not [row for row in fired if row[2] == "pending"], fired
    assert overdue == [], overdue

    # The final standings are the players' own results replayed through the rules.
    records = []
    for (number, _), game in club.record.items():
        x, y = (pid_of[p.user.id] for p in game.players)
        if game.winner is None:
            records.append(MatchRecord(number, x, y, Outcome.DRAW))
        else:
            w = pid_of[game.winner.user.id]
            records.append(MatchRecord(number, w, y if w == x else x, Outcome.CLEAN_WIN))
    rows = compute_standings(
        order,
        records,
        seed=int(settings["seed"]),
        tie_breaks=[TieBreak(v) for v in settings["tie_breaks"]],
    )
    names = {p.user.id: p.name for p in club.people}
    expected = [(str(r.rank), names[tg_of[int(r.player)]], points_text(r.points)) for r in rows]
    shown = STANDING.findall(final.plain)
    assert shown == expected, (shown, expected)


async def kill_after_fetch(emu: BotApiEmulator, bot: BotProcess) -> None:
    """SIGKILL as soon as the bot fetched every update and asked for more: aiogram's own loop
    had confirmed them to Telegram by then, however far their handling got."""
    await emu.wait_for(lambda: emu.unfetched_updates() == 0, timeout=10)
    polls = len(emu.requests_for("getUpdates"))
    await emu.wait_for(lambda: len(emu.requests_for("getUpdates")) > polls, timeout=10)
    await bot.kill()
    await bot.start()


async def answered_after_restart(
    emu: BotApiEmulator, presses: list[CallbackHandle], db_path: Path | str
) -> list[str | None]:
    """The answers to ``presses``, each of which the restarted bot must give."""
    with contextlib.suppress(TimeoutError):
        await emu.wait_for(lambda: all(h.answered for h in presses), timeout=SILENCE)
    lost = [h.data for h in presses if h.answered is None]
    with Peek(db_path) as db:
        reports = db.execute("SELECT count(*) FROM reports").fetchone()[0]
    assert not lost, f"{len(lost)} of {len(presses)} presses lost ({reports} reports stored)"
    return [h.answered.text for h in presses if h.answered is not None]


async def test_sigkill_right_after_get_updates_loses_no_press(
    tmp_path: Path, database_at: Path | str
) -> None:
    """Ten reports, then ten confirmations, each batch pressed once and the bot killed right
    after getUpdates returned it (issue 10, item 4): after the restart every press is answered
    once and every report and result stored once."""
    emu = BotApiEmulator(TOKEN, rate_limits=RateLimits(enabled=False))
    await emu.start()
    db_path = database_at
    bot = BotProcess(emu, db_path, tmp_path / "clock.txt", tmp_path / "bot.log", ORGANISER)
    bot.set_clock(START)
    club = Tournament(emu, bot, random.Random(SEED))
    try:
        await bot.start()
        await club.create()
        await club.org.send(GROUP, "/begin")
        await emu.wait_for(lambda: newest(emu, GROUP, board_title(1)))
        await club.read_pairings(1)
        games = sorted(club.record.values(), key=lambda g: g.table)[:10]
        winners = [g.players[0] for g in games]
        losers = [g.players[1] for g in games]
        # Every press once; none is repeated, whatever happens to the bot.
        reports = [
            await w.user.press(g.pairings[w.user.id], WON)
            for w, g in zip(winners, games, strict=True)
        ]
        await kill_after_fetch(emu, bot)
        answers = await answered_after_restart(emu, reports, db_path)
        assert set(answers) <= {PENDING, DUPLICATE}, answers

        def request(game: Game, loser: Person) -> Callable[[], SimMessage | None]:
            return lambda: newest(
                emu, loser.user.id, f"({ru('swiss.label', table=game.table, round=1)})", CONFIRM
            )

        requests = [
            await emu.wait_for(request(g, p), timeout=SILENCE)
            for g, p in zip(games, losers, strict=True)
        ]
        confirms = [await p.user.press(m, CONFIRM) for p, m in zip(losers, requests, strict=True)]
        await kill_after_fetch(emu, bot)
        answers = await answered_after_restart(emu, confirms, db_path)
        assert set(answers) <= {FINAL, CLOSED}, answers
        await emu.idle(quiet=0.3, timeout=30)
    finally:
        await bot.stop()
        await emu.stop()

    answered = Counter(
        r.params.get("callback_query_id")
        for r in emu.requests_for("answerCallbackQuery")
        if r.status == 200
    )
    pressed = [h.id for h in [*reports, *confirms]]
    assert all(answered[query] == 1 for query in pressed), answered
    with Peek(db_path) as conn:
        stored = Counter(row[0] for row in conn.execute("SELECT game_key FROM reports"))
        results = Counter(
            (p["round"], p["table"])
            for (payload,) in conn.execute(
                "SELECT payload_json FROM events WHERE kind = 'sw_result'"
            )
            for p in [json.loads(payload)]
        )
    print(f"kills={bot.kills} reports={dict(stored)} results={dict(results)}")  # noqa: T201
    keys = {f"r1t{g.table}p0" for g in games}
    assert set(stored) == keys and all(n == 1 for n in stored.values()), stored
    assert results == Counter({(1, g.table): 1 for g in games}), results
