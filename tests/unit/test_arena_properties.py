"""Properties of the Arena's rules over random months of play (hypothesis): sectors are
conserved (each a player's in the Arena or neutral; created only by an entry, five each; a
player's lost only to a winner or to neutral), every player in holds at least one, a pair plays
at most once a day, the week's exits happen exactly at the thresholds, places follow 605.5."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.arena import (
    AUTO_EXIT,
    BASE_SECTORS,
    DAYS,
    ArAnswer,
    ArApprove,
    ArChallenge,
    ArChoice,
    ArDayEnd,
    ArDisqualify,
    ArenaError,
    ArenaEvent,
    ArEntry,
    ArExcuse,
    ArFinish,
    ArResult,
    ArStart,
    ArVoid,
    ArWeekEnd,
    Exit,
    State,
    Status,
    is_week_end,
    may_choose,
    prize_cards,
    replay,
    week_of,
)

PLAYERS = list(range(1, 9))
#: one action of a day: (what, first player, second player, a choice)
actions = st.tuples(
    st.sampled_from(
        [
            "enter",
            "challenge",
            "challenge",
            "accept",
            "refuse",
            "result",
            "result",
            "approve",
            "approve",
            "excuse",
            "choose",
            "void",
            "disqualify",
        ]
    ),
    st.sampled_from(PLAYERS),
    st.sampled_from(PLAYERS),
    st.integers(0, 2),
)
months = st.lists(st.lists(actions, max_size=12), min_size=1, max_size=DAYS)


def attempt(state: State, action: tuple[str, int, int, int], day: int) -> ArenaEvent | None:
    """The event a valid action writes (the checks the service makes), or None."""
    what, a, b, pick = action
    try:
        if what == "enter":
            state.check_entry(a, day)
            return ArEntry(a, day)
        if what == "challenge":
            state.check_challenge(a, b, day)
            return ArChallenge(len(state.challenges) + 1, a, b, day)
        live = sorted(state.challenges)
        if not live:
            return None
        c = state.challenges[live[(a * 7 + b) % len(live)]]
        if what in ("accept", "refuse"):
            state.check_answer(c.id, c.challenged)
            return ArAnswer(c.id, accepted=what == "accept")
        if what == "result":
            winner = (c.challenger, c.challenged, None)[pick]
            state.check_result(c.id, winner, "classic")
            return ArResult(c.id, winner, "classic", day)
        if what == "approve":
            state.check_approve(c.id)
            return ArApprove(c.id)
        if what == "void" and pick == 0 and c.status is Status.APPROVED:
            return ArVoid(c.id)
        if what == "excuse":
            return ArExcuse(a, day - pick) if state.is_in(a) else None
        if what == "choose" and a in state.offers:
            return ArChoice(a, state.offers[a], leave=pick == 0)
        if what == "disqualify" and pick == 0 and b == 1 and state.is_in(a):
            return ArDisqualify(a)
    except ArenaError:
        return None
    return None


def check_invariants(state: State, entries_before: int, before: State | None) -> None:
    owners = Counter(state.owner.values())
    entries = len(state.entries)
    # created only by an entry, five each; never destroyed
    assert len(state.owner) == BASE_SECTORS * entries
    assert sorted(state.owner) == list(range(1, len(state.owner) + 1))
    active = state.active
    # every sector is a player's in the Arena or neutral; every player in holds one at least
    assert {p for p in owners if p is not None} <= set(active)
    assert all(state.count(p) >= 1 for p in active)
    # a pair meets at most once a day
    pairs = Counter((c.day, c.pair) for c in state.challenges.values())
    assert max(pairs.values(), default=0) <= 1
    if before is not None and entries == entries_before:
        assert len(before.owner) == len(state.owner)


def check_exits(state: State) -> None:
    """Exits exactly at the thresholds (605.4): twelve or more leave on their own, a chosen
    exit has a prize, a ruined one has nothing; a prize follows the sectors."""
    for entry in state.entries:
        if entry.exit is Exit.AUTO:
            assert entry.sectors >= AUTO_EXIT and entry.prize == 3
        if entry.exit is Exit.CHOSE:
            assert entry.sectors >= 8 and entry.prize >= 1
        if entry.exit is Exit.RUINED:
            assert entry.sectors == 0 and entry.prize == 0
        if entry.exit is Exit.DISQUALIFIED:
            assert entry.prize == 0
        if entry.exit in (Exit.END, Exit.INACTIVE, Exit.AUTO, Exit.CHOSE):
            assert entry.prize == prize_cards(entry.sectors)


def check_week_end(state: State) -> None:
    assert all(state.count(p) < AUTO_EXIT for p in state.active)
    assert all(may_choose(state.count(p)) for p in state.offers)
    assert {p for p in state.active if may_choose(state.count(p))} == set(state.offers)


def check_places(state: State) -> None:
    places = state.places()
    totals = state.totals()
    assert [t for _, _, t in places] == sorted((t for _, _, t in places), reverse=True)
    assert all(totals[p] == t for _, p, t in places)
    assert not {p for _, p, _ in places} & state.disqualified
    # a place is one more than the number of players strictly ahead
    for place, player, total in places:
        won, played = state.record_of(player)
        ahead = [
            q
            for _, q, t in places
            if (-t, -state.record_of(q)[0], state.record_of(q)[1]) < (-total, -won, played)
        ]
        assert place == len(ahead) + 1


def snapshot(state: State) -> State:
    return State(owner=dict(state.owner), entries=list(state.entries))


@settings(max_examples=150, deadline=None)
@given(st.sets(st.sampled_from(PLAYERS), min_size=4), months)
def test_a_random_month_keeps_every_rule(
    first: set[int], days: list[list[tuple[str, int, int, int]]]
) -> None:
    state = State()
    log: list[ArenaEvent] = []

    def apply(event: ArenaEvent) -> None:
        log.append(event)
        state.apply(event)

    for player in sorted(first):
        apply(ArEntry(player, -1))
    apply(ArStart())
    for day, todays in enumerate(days):
        for action in todays:
            event = attempt(state, action, day)
            if event is None:
                continue
            before = snapshot(state)
            moved_from = {p: state.count(p) for p in state.active}
            apply(event)
            check_invariants(state, len(before.entries), before)
            lost_by = {p: n - state.count(p) for p, n in moved_from.items() if state.is_in(p)}
            if not isinstance(event, (ArApprove, ArVoid)):
                # only a game or its voiding moves sectors between players in the Arena
                assert all(n <= 0 for n in lost_by.values()), (event, lost_by)
            if isinstance(event, ArApprove):
                # a game moves at most one sector
                assert sum(abs(n) for n in lost_by.values()) <= 2
        neutral_before = len(state.neutral())
        apply(ArDayEnd(day))
        check_invariants(state, len(state.entries), None)
        assert len(state.neutral()) >= neutral_before  # refusals only lose to neutral
        assert not any(c.status is Status.OPEN and c.day <= day for c in state.challenges.values())
        if is_week_end(day):
            apply(ArWeekEnd(week_of(day)))
            check_invariants(state, len(state.entries), None)
            check_week_end(state)
    apply(ArFinish())
    check_invariants(state, len(state.entries), None)
    check_exits(state)
    # the state is its log: replayed, the same month gives the same state
    assert replay(log) == state
    assert state.active == {} and len(state.neutral()) == len(state.owner)
    check_places(state)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.booleans(), min_size=1, max_size=DAYS))
def test_a_refusal_streak_costs_one_sector_every_two_days(refusing: list[bool]) -> None:
    """Refusing on ``n`` days in a row costs ``n // 2`` sectors (unless out first)."""
    state = State()
    for player in (1, 2, 3, 4):
        state.apply(ArEntry(player, -1))
    state.apply(ArStart())
    expected, run = 0, 0
    for day, refuses in enumerate(refusing):
        if refuses:
            state.apply(ArChallenge(day + 1, 1, 2, day))
        run = run + 1 if refuses else 0
        if run and run % 2 == 0:
            expected += 1
        state.apply(ArDayEnd(day))
    assert BASE_SECTORS - state.count(2) == min(expected, BASE_SECTORS)
    assert len(state.neutral()) == min(expected, BASE_SECTORS)
