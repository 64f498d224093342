"""Properties of Story Constructed (hypothesis): the tournament always ends; a round's pairing
is always completed by the captains' choices and nobody is paired twice in it; two who drew
do not meet in the next round unless they are the last players of their sides (607.4.7); every
undefeated player ranks above every eliminated one (607.4.6)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.results import Outcome
from rules.story import SIDES, StAnswer, State, StGame, StName, apply
from rules.story.pairing import answers, matching_size
from tests.unit.story_events import begun

OUTCOMES = [
    Outcome.CLEAN_WIN,
    Outcome.LOSS,
    Outcome.TECHNICAL_WIN,
    Outcome.TECHNICAL_LOSS,
    Outcome.DRAW,
    Outcome.DOUBLE_LOSS,
]
DECISIVE = [Outcome.CLEAN_WIN, Outcome.LOSS]
#: after this many rounds the games are decisive (endless draws would never end anything)
DRAWN_ROUNDS = 6


def play(state: State, data: st.DataObject) -> None:
    """The captains and the players act at random, as the rules offer, to the end."""
    limit = len(state.entrants()) + DRAWN_ROUNDS + 1
    while not state.ended:
        rnd = state.current
        assert rnd is not None and rnd.number <= limit, "the tournament did not end"
        while not state.pairing_done(rnd):
            named = data.draw(st.sampled_from(state.nominees()))
            apply(state, StName(rnd.number, named))
            apply(state, StAnswer(rnd.number, data.draw(st.sampled_from(state.answers()))))
        choices = OUTCOMES if rnd.number <= DRAWN_ROUNDS else DECISIVE
        for table in range(1, len(rnd.pairs) + 1):
            apply(state, StGame(rnd.number, table, data.draw(st.sampled_from(choices))))


sizes = st.integers(min_value=1, max_value=7)


@settings(max_examples=60, deadline=None)
@given(attackers=sizes, defenders=sizes, data=st.data())
def test_a_story_tournament_ends_with_consistent_rounds(
    attackers: int, defenders: int, data: st.DataObject
) -> None:
    if attackers + defenders < 4:
        attackers += 4 - attackers - defenders
    state = begun(list(range(1, attackers + 1)), list(range(100, 100 + defenders)))
    play(state, data)
    assert state.ended
    for rnd in state.rounds:
        seated = [p for pair in rnd.pairs for p in pair]
        assert len(seated) == len(set(seated))  # nobody twice in a round
        assert len(rnd.pairs) == min(len(rnd.players[0]), len(rnd.players[1]))
        for a, d in rnd.pairs:
            assert a in rnd.players[0] and d in rnd.players[1]
    for before, after in zip(state.rounds, state.rounds[1:], strict=False):
        drew = {
            frozenset(before.pairs[t - 1]) for t, o in before.results.items() if o is Outcome.DRAW
        }
        last = all(len(after.players[s]) == 1 for s in SIDES)
        met = {frozenset(pair) for pair in after.pairs}
        assert last or not drew & met  # 607.4.7
    rows = state.standings()
    first_out = next((i for i, row in enumerate(rows) if row.defeated), len(rows))
    assert all(row.defeated for row in rows[first_out:])  # 607.4.6
    assert sorted(row.place for row in rows) == list(range(1, len(rows) + 1))


def _general_answers(
    nominee: int, attackers: list[int], defenders: list[int], forbidden: set[frozenset[int]]
) -> list[int]:
    """607.4.2's answers by a matching search alone (what the shortcut must agree with)."""
    need = min(len(attackers), len(defenders))
    refused = forbidden if matching_size(attackers, defenders, forbidden) == need else set()
    rest = [a for a in attackers if a != nominee]
    return [
        d
        for d in defenders
        if frozenset((nominee, d)) not in refused
        and matching_size(rest, [x for x in defenders if x != d], refused) == need - 1
    ]


@settings(max_examples=200, deadline=None)
@given(attackers=sizes, defenders=sizes, data=st.data())
def test_the_pairing_shortcut_agrees_with_the_matching_search(
    attackers: int, defenders: int, data: st.DataObject
) -> None:
    a_side = list(range(1, attackers + 1))
    d_side = list(range(100, 100 + defenders))
    drawn = data.draw(st.permutations(d_side))
    count = data.draw(st.integers(0, min(attackers, defenders)))
    forbidden = {frozenset((a, d)) for a, d in zip(a_side[:count], drawn[:count], strict=False)}
    for nominee in a_side:
        expected = _general_answers(nominee, a_side, d_side, forbidden)
        assert answers(nominee, a_side, d_side, forbidden) == expected
