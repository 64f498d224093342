"""The state of an Arena (605), replayed from its log (``rules.arena.events``).

Readings where the regulation is silent (``teams-story-arena-overlord.md`` §4 and issue 25):

- *sectors*: numbered from 1 in the order the entries brought them; each is a player's or
  neutral (``None``). Only an entry creates sectors (five); nothing destroys one. A player's
  stake is his highest-numbered sector, taken when a judge approves the result; the winner takes
  the loser's stake (his own stays his); a draw moves nothing (the stakes return).
- *leaving* (an exit at 12, a chosen exit, no game in a week, the end, losing every sector, a
  disqualification): the player's sectors turn neutral (the map keeps them, grey); what he held
  at the exit is his entry's score (605.5); his challenges not yet approved lapse.
- *once a day* (605.6): a pair has at most one challenge a day, whatever its answer (a refused
  one too: asking again the same day would only count the same refusal twice).
- *refusals*: a challenge refused, or unanswered at the day's end, is a refusal on its day. A
  player who refused on a day and on the day before, neither excused, loses one sector (his
  highest-numbered) to neutral at that day's end; the streak then starts again (days 1–2 cost
  one, days 3–4 another, not 2–3). A judge's excuse of a day clears it: a sector a streak
  through that day cost comes back to the player.
- *no game in a week* (605.4, 605.6): only for a player in the Arena for the whole week (he
  entered before it began) and still in at its end; a game counts on the day it was reported,
  approved or not yet; a voided one does not.
- *the end*: everyone still in leaves with what his sectors give (605.4's thresholds).
- *places* (605.5): by the total of the sectors held at the end of each entry; ties by more
  games won, then fewer games played; a disqualified player has no place.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass, field

from rules.arena.events import (
    ArAnswer,
    ArApprove,
    ArCancel,
    ArChallenge,
    ArChoice,
    ArDayEnd,
    ArDisqualify,
    ArenaEvent,
    ArEntry,
    ArExcuse,
    ArFinish,
    ArFormat,
    ArResult,
    ArStart,
    ArVoid,
    ArWeekEnd,
)
from rules.arena.prizes import (
    AUTO_EXIT,
    BASE_SECTORS,
    FORMATS,
    LAST_ENTRY_DAY,
    MIN_PLAYERS,
    WEEK,
    may_choose,
    prize_cards,
    week_of,
)


class ArenaError(ValueError):
    """An action the rules do not allow; ``code`` is its text key's last part."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


class Status(enum.Enum):
    OPEN = "open"  #: waiting for the challenged player's answer
    ACCEPTED = "accepted"  #: to be played
    REFUSED = "refused"  #: refused, or unanswered at the day's end
    REPORTED = "reported"  #: a result waits for a judge's approval
    APPROVED = "approved"  #: counted: the stakes moved
    VOID = "void"  #: voided by a judge (a falsified result)
    LAPSED = "lapsed"  #: a player left before it counted


class Exit(enum.Enum):
    AUTO = "auto"  #: 12 or more at a week's end
    CHOSE = "chose"  #: left with a prize when offered
    INACTIVE = "inactive"  #: no game in a week
    RUINED = "ruined"  #: lost every sector
    END = "end"  #: the Arena ended
    DISQUALIFIED = "disqualified"


@dataclass(slots=True)
class Challenge:
    id: int
    challenger: int
    challenged: int
    day: int
    status: Status = Status.OPEN
    winner: int | None = None
    format: str = ""
    played_on: int | None = None
    #: the sector that moved at the approval (``None``: a draw)
    stake: int | None = None
    #: refused by nobody pressing anything: the day ended first
    unanswered: bool = False

    @property
    def pair(self) -> frozenset[int]:
        return frozenset((self.challenger, self.challenged))

    def loser(self) -> int | None:
        if self.winner is None:
            return None
        return self.challenged if self.winner == self.challenger else self.challenger


@dataclass(slots=True)
class Entry:
    """One entry of a player (605.4 lets him enter again): the day, and how it ended."""

    player: int
    day: int
    left_on: int | None = None
    sectors: int = 0  #: held at the exit (the entry's score, 605.5)
    prize: int = 0
    exit: Exit | None = None


@dataclass(slots=True)
class State:
    owner: dict[int, int | None] = field(default_factory=dict)
    entries: list[Entry] = field(default_factory=list)
    challenges: dict[int, Challenge] = field(default_factory=dict)
    #: the days each player refused a challenge on (excused days are removed)
    refused: dict[int, set[int]] = field(default_factory=dict)
    excused: dict[int, set[int]] = field(default_factory=dict)
    #: (player, day) → the sector a refusal streak ending that day cost him
    penalties: dict[tuple[int, int], int] = field(default_factory=dict)
    #: players offered the choice at a week's end, still to answer
    offers: dict[int, int] = field(default_factory=dict)
    disqualified: set[int] = field(default_factory=set)
    started: bool = False
    finished: bool = False
    cancelled: bool = False
    #: the last day whose end was processed (-1: none)
    last_day_end: int = -1
    weeks_ended: int = 0
    #: the rating changes (cents) the end applied
    changes: dict[int, int] = field(default_factory=dict)

    # -- reading ----------------------------------------------------------------------------

    @property
    def active(self) -> dict[int, Entry]:
        """The players in the Arena now, with their current entry."""
        return {e.player: e for e in self.entries if e.exit is None}

    def sectors_of(self, player: int) -> list[int]:
        return sorted(s for s, owner in self.owner.items() if owner == player)

    def count(self, player: int) -> int:
        return sum(1 for owner in self.owner.values() if owner == player)

    def neutral(self) -> list[int]:
        return sorted(s for s, owner in self.owner.items() if owner is None)

    def is_in(self, player: int) -> bool:
        return any(e.player == player and e.exit is None for e in self.entries)

    def open_for(self) -> bool:
        return not (self.finished or self.cancelled)

    def pair_today(self, a: int, b: int, day: int) -> Challenge | None:
        pair = frozenset((a, b))
        return next((c for c in self.challenges.values() if c.day == day and c.pair == pair), None)

    def games(self, *, counted_only: bool = True) -> list[Challenge]:
        """Games played: approved (``counted_only``) or also waiting for approval."""
        kinds = {Status.APPROVED} if counted_only else {Status.APPROVED, Status.REPORTED}
        return [c for c in self.challenges.values() if c.status in kinds]

    def waiting(self) -> list[Challenge]:
        """Results a judge has yet to approve."""
        return [c for c in self.challenges.values() if c.status is Status.REPORTED]

    def open_challenges(self, player: int | None = None) -> list[Challenge]:
        live = (Status.OPEN, Status.ACCEPTED)
        return [
            c
            for c in self.challenges.values()
            if c.status in live and (player is None or player in c.pair)
        ]

    def played_in_week(self, player: int, week: int) -> bool:
        return any(
            player in c.pair and c.played_on is not None and week_of(c.played_on) == week
            for c in self.games(counted_only=False)
        )

    def totals(self) -> dict[int, int]:
        """Each player's sectors summed over his entries (605.5); a current entry counts what
        he holds now."""
        total: dict[int, int] = {}
        for entry in self.entries:
            held = self.count(entry.player) if entry.exit is None else entry.sectors
            total[entry.player] = total.get(entry.player, 0) + held
        return total

    def record_of(self, player: int) -> tuple[int, int]:
        """(games won, games played), counted games only."""
        mine = [c for c in self.games() if player in c.pair]
        return sum(1 for c in mine if c.winner == player), len(mine)

    def places(self) -> list[tuple[int, int, int]]:
        """(place, player, total sectors), best first; equal totals, wins and games share a
        place (605.5; a disqualified player has none)."""
        totals = {p: t for p, t in self.totals().items() if p not in self.disqualified}

        def key(p: int) -> tuple[int, int, int]:
            won, played = self.record_of(p)
            return (-totals[p], -won, played)

        order = sorted(totals, key=lambda p: (key(p), p))
        placed: list[tuple[int, int, int]] = []
        for i, player in enumerate(order):
            same = placed and key(placed[-1][1]) == key(player)
            place = placed[-1][0] if same else i + 1
            placed.append((place, player, totals[player]))
        return placed

    # -- checks (what a service asks before it writes an event) ------------------------------

    def check_entry(self, player: int, day: int) -> None:
        """605.2, 605.4, 605.6: a judge may enter the player on ``day``."""
        if not self.open_for():
            raise ArenaError("over")
        if player in self.disqualified:
            raise ArenaError("disqualified")
        if self.is_in(player):
            raise ArenaError("already_in")
        if day > LAST_ENTRY_DAY:
            raise ArenaError("last_week")

    def check_challenge(self, challenger: int, challenged: int, day: int) -> None:
        """605.6: both in, the Arena under way, one challenge a day for a pair."""
        if not self.started or not self.open_for():
            raise ArenaError("not_running")
        if challenger == challenged:
            raise ArenaError("self")
        if not self.is_in(challenger):
            raise ArenaError("not_in")
        if not self.is_in(challenged):
            raise ArenaError("opponent_not_in")
        if day <= self.last_day_end:
            raise ArenaError("day_over")
        if self.pair_today(challenger, challenged, day) is not None:
            raise ArenaError("once_a_day")

    def check_answer(self, challenge: int, player: int) -> Challenge:
        found = self._challenge(challenge)
        if player != found.challenged:
            raise ArenaError("not_yours")
        if found.status is not Status.OPEN:
            raise ArenaError("answered")
        return found

    def check_result(self, challenge: int, winner: int | None, fmt: str) -> Challenge:
        found = self._challenge(challenge)
        if found.status is not Status.ACCEPTED:
            raise ArenaError("not_accepted")
        if winner is not None and winner not in found.pair:
            raise ArenaError("not_a_player")
        if fmt not in FORMATS:
            raise ArenaError("format")
        return found

    def check_approve(self, challenge: int) -> Challenge:
        found = self._challenge(challenge)
        if found.status is not Status.REPORTED:
            raise ArenaError("nothing_to_approve")
        return found

    def check_choice(self, player: int, week: int) -> None:
        if self.offers.get(player) != week or not self.is_in(player):
            raise ArenaError("no_offer")

    def _challenge(self, number: int) -> Challenge:
        found = self.challenges.get(number)
        if found is None:
            raise ArenaError("no_challenge")
        return found

    # -- changes ----------------------------------------------------------------------------

    def _leave(self, player: int, day: int, how: Exit) -> None:
        entry = self.active.get(player)
        if entry is None:
            return
        held = self.sectors_of(player)
        entry.left_on, entry.sectors, entry.exit = day, len(held), how
        entry.prize = 0 if how in (Exit.DISQUALIFIED, Exit.RUINED) else prize_cards(len(held))
        for sector in held:
            self.owner[sector] = None
        self.offers.pop(player, None)
        for c in self.challenges.values():
            if player in c.pair and c.status in (Status.OPEN, Status.ACCEPTED, Status.REPORTED):
                c.status = Status.LAPSED

    def _ruined(self, player: int, day: int) -> None:
        """605.4: a player who lost every sector is out at once."""
        if self.is_in(player) and self.count(player) == 0:
            self._leave(player, day, Exit.RUINED)

    def _day(self) -> int:
        return self.last_day_end + 1

    def _refusal(self, player: int, day: int) -> None:
        if day not in self.excused.get(player, set()):
            self.refused.setdefault(player, set()).add(day)

    def _day_end(self, day: int) -> None:
        for c in self.challenges.values():
            if c.day <= day and c.status is Status.OPEN:
                c.status, c.unanswered = Status.REFUSED, True
                self._refusal(c.challenged, c.day)
        for player in sorted(self.active):
            days = self.refused.get(player, set())
            streak = day in days and day - 1 in days
            if streak and (player, day - 1) not in self.penalties:
                held = self.sectors_of(player)
                if held:
                    self.owner[held[-1]] = None
                    self.penalties[(player, day)] = held[-1]
                self._ruined(player, day)
        self.last_day_end = day

    def _excuse(self, player: int, day: int) -> None:
        self.excused.setdefault(player, set()).add(day)
        self.refused.get(player, set()).discard(day)
        for streak_end in (day, day + 1):
            sector = self.penalties.pop((player, streak_end), None)
            if sector is not None and self.owner.get(sector) is None and self.is_in(player):
                self.owner[sector] = player

    def _approve(self, c: Challenge) -> None:
        c.status = Status.APPROVED
        loser = c.loser()
        if loser is None or c.winner is None:
            return
        held = self.sectors_of(loser)
        if not held:
            return
        c.stake = held[-1]
        self.owner[c.stake] = c.winner
        self._ruined(loser, self._day())

    def _void(self, c: Challenge) -> None:
        if c.status is Status.APPROVED and c.stake is not None and c.winner is not None:
            loser = c.loser()
            if self.owner.get(c.stake) == c.winner:
                self.owner[c.stake] = loser if loser is not None and self.is_in(loser) else None
        c.status = Status.VOID

    def _week_end(self, week: int) -> None:
        """605.4 at the end of week ``week``: twelve leave, the idle leave, 8–11 choose."""
        day = (week + 1) * WEEK - 1
        for player, entry in sorted(self.active.items()):
            if self.count(player) >= AUTO_EXIT:
                self._leave(player, day, Exit.AUTO)
            elif entry.day < week * WEEK and not self.played_in_week(player, week):
                self._leave(player, day, Exit.INACTIVE)
        self.offers = {p: week for p in sorted(self.active) if may_choose(self.count(p))}
        self.weeks_ended = week + 1

    def apply(self, event: ArenaEvent) -> None:
        """One event of the log (events a live service checked first; see ``check_*``)."""
        match event:
            case ArEntry(player=player, day=day):
                self.entries.append(Entry(player, day))
                first = len(self.owner) + 1
                for sector in range(first, first + BASE_SECTORS):
                    self.owner[sector] = player
            case ArStart():
                self.started = True
            case ArChallenge(id=number, challenger=a, challenged=b, day=day):
                self.challenges[number] = Challenge(number, a, b, day)
            case ArAnswer(challenge=number, accepted=accepted):
                c = self._challenge(number)
                if c.status is Status.OPEN:
                    c.status = Status.ACCEPTED if accepted else Status.REFUSED
                    if not accepted:
                        self._refusal(c.challenged, c.day)
            case ArFormat(challenge=number, format=fmt):
                c = self._challenge(number)
                if c.status is Status.ACCEPTED and fmt in FORMATS:
                    c.format = fmt
            case ArResult(challenge=number, winner=winner, format=fmt, day=day):
                c = self._challenge(number)
                c.status, c.winner, c.format, c.played_on = Status.REPORTED, winner, fmt, day
            case ArApprove(challenge=number):
                self._approve(self._challenge(number))
            case ArDayEnd(day=day):
                self._day_end(day)
            case ArExcuse(player=player, day=day):
                self._excuse(player, day)
            case ArWeekEnd(week=week):
                self._week_end(week)
            case ArChoice(player=player, week=week, leave=leave):
                if self.offers.get(player) == week:
                    del self.offers[player]
                    if leave:
                        self._leave(player, self.last_day_end, Exit.CHOSE)
            case ArVoid(challenge=number):
                self._void(self._challenge(number))
            case ArDisqualify(player=player):
                self._leave(player, self._day(), Exit.DISQUALIFIED)
                self.disqualified.add(player)
            case ArFinish(changes=changes):
                self.changes = dict(changes)
                for player in sorted(self.active):
                    self._leave(player, self.last_day_end, Exit.END)
                self.offers.clear()
                self.finished = True
            case ArCancel():
                self.cancelled = True

    def may_start(self) -> bool:
        return not self.started and self.open_for() and len(self.active) >= MIN_PLAYERS


def replay(events: Iterable[ArenaEvent]) -> State:
    state = State()
    for event in events:
        state.apply(event)
    return state
