"""Properties of the team rules (hypothesis): teammates never meet, no mirror game when an
assignment exists, no team rematch while avoidable, at most 6 a round by sum, the deciding game
exactly on a clean split."""

from __future__ import annotations

from collections.abc import Iterator

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.results import Outcome
from rules.teams import (
    DECIDING,
    MAX_ROUND_POINTS,
    NoLegalPairing,
    Scoring,
    State,
    Team,
    TmGame,
    apply,
    assign_boards,
    deciding_game_due,
    mirror_bound,
    pair_next,
    pair_teams,
    score_match,
)
from tests.unit.team_events import begin, paired, team

GAME_OUTCOMES = [
    Outcome.CLEAN_WIN,
    Outcome.LOSS,
    Outcome.TECHNICAL_WIN,
    Outcome.TECHNICAL_LOSS,
    Outcome.DRAW,
    Outcome.AGREED_DRAW,
    Outcome.DOUBLE_LOSS,
]
outcomes = st.sampled_from(GAME_OUTCOMES)
decks = st.sampled_from(["слуа", "вампиры", "гномы"])


def all_pairings(teams: list[int]) -> Iterator[list[tuple[int, int]]]:
    if not teams:
        yield []
        return
    first, rest = teams[0], teams[1:]
    for i, other in enumerate(rest):
        for tail in all_pairings(rest[:i] + rest[i + 1 :]):
            yield [(first, other), *tail]


def pairable(teams: list[int], avoided: set[frozenset[int]]) -> bool:
    """Brute force: some bye (if odd) and some pairing of the others avoid every pair."""
    byes: list[int | None] = list(teams) if len(teams) % 2 else [None]
    for bye in byes:
        others = [t for t in teams if t != bye]
        if any(all(frozenset(m) not in avoided for m in p) for p in all_pairings(others)):
            return True
    return False


@st.composite
def duel_teams(draw: st.DrawFn, max_teams: int = 7) -> list[Team]:
    n = draw(st.integers(4, max_teams))
    return [team(i, draw(decks), draw(decks)) for i in range(1, n + 1)]


@st.composite
def met_pairs(draw: st.DrawFn, teams: list[Team]) -> set[frozenset[int]]:
    ids = [t.id for t in teams]
    every = [frozenset((a, b)) for i, a in enumerate(ids) for b in ids[i + 1 :]]
    return set(draw(st.lists(st.sampled_from(every), max_size=len(every))))


@settings(max_examples=60, deadline=None)
@given(data=st.data(), swap=st.booleans())
def test_no_team_rematch_while_avoidable_and_no_mirror_while_an_assignment_exists(
    data: st.DataObject, swap: bool
) -> None:
    teams = data.draw(duel_teams())
    played = data.draw(met_pairs(teams))
    ids = [t.id for t in teams]
    scores = {t: data.draw(st.sampled_from([0, 10, 30, 60])) for t in ids}
    ranking = sorted(ids, key=lambda t: -scores[t])
    bound = {
        frozenset((a.id, b.id))
        for i, a in enumerate(teams)
        for b in teams[i + 1 :]
        if mirror_bound(a, b, swap=swap)
    }
    try:
        pairing = pair_teams(teams, ranking, scores, played, set(), 3, round_number=2, swap=swap)
    except NoLegalPairing:
        assert not pairable(ids, played)
        return
    matches = {frozenset(m) for m in pairing.matches}
    assert not matches & played  # never a rematch
    by_id = {t.id: t for t in teams}
    for (a, b), crossed in zip(pairing.matches, pairing.crossed, strict=True):
        chosen = assign_boards(by_id[a], by_id[b], swap=swap)
        assert chosen.crossed is crossed
        assert (chosen.mirrors > 0) is (frozenset((a, b)) in bound)
        assert swap or not crossed
    if pairing.mirrors:
        assert not pairable(ids, played | bound)  # a mirror only when nothing else was legal
    else:
        assert not matches & bound


@settings(max_examples=60, deadline=None)
@given(a=st.tuples(decks, decks), b=st.tuples(decks, decks))
def test_a_match_has_a_mirror_only_when_no_assignment_avoids_one(
    a: tuple[str, str], b: tuple[str, str]
) -> None:
    one, two = team(1, *a), team(2, *b)
    chosen = assign_boards(one, two)
    either = [
        [x != y for x, y in ((a[0], b[0]), (a[1], b[1]))],
        [x != y for x, y in ((a[0], b[1]), (a[1], b[0]))],
    ]
    exists = any(all(assignment) for assignment in either)
    assert (chosen.mirrors == 0) is exists
    assert mirror_bound(one, two) is not exists


@st.composite
def played_events(draw: st.DrawFn) -> tuple[State, Scoring]:
    """A team event played for a few rounds by the engine, with random games and deciders."""
    scoring = draw(st.sampled_from(list(Scoring)))
    n = draw(st.integers(4, 9))
    swap = scoring is Scoring.DUEL
    teams = [team(i, draw(decks), draw(decks)) if swap else team(i) for i in range(1, n + 1)]
    state = begin(teams, scoring, swap=swap, seed=draw(st.integers(0, 99)), rounds=3)
    for _ in range(draw(st.integers(1, 3))):
        try:
            pairing = pair_next(state)
        except NoLegalPairing:
            break
        number = paired(state, pairing)
        for table in range(1, len(pairing.matches) + 1):
            for board in (1, 2):
                apply(state, TmGame(number, table, board, draw(outcomes)))
            if state.deciding_players(number, table) is not None and draw(st.booleans()):
                apply(state, TmGame(number, table, DECIDING, draw(outcomes)))
    return state, scoring


@settings(max_examples=40, deadline=None)
@given(event=played_events())
def test_teammates_never_meet(event: tuple[State, Scoring]) -> None:
    state, _ = event
    team_of = {p: t.id for t in state.teams.values() for p in t.players}
    assert state.player_games()
    for game in state.player_games():
        assert team_of[game.player] != team_of[game.opponent]
    for rnd in state.rounds:
        for match in rnd.matches:
            assert match.a != match.b


@settings(max_examples=40, deadline=None)
@given(event=played_events())
def test_the_deciding_game_is_due_exactly_when_the_split_is_clean(
    event: tuple[State, Scoring],
) -> None:
    state, scoring = event
    clean = {Outcome.CLEAN_WIN, Outcome.LOSS}
    for rnd in state.rounds:
        for match in rnd.matches:
            one, two = (rnd.games[(match.table, b)].outcome_a for b in (1, 2))
            due = scoring is Scoring.BY_MATCH and {one, two} == clean
            assert (state.deciding_players(rnd.number, match.table) is not None) is due
            recorded = match.table in rnd.deciders
            assert (state.match_result(rnd.number, match.table) is None) is (due and not recorded)
            assert ((match.table, DECIDING) in state.open_games(rnd.number)) is (
                due and not recorded
            )


@settings(max_examples=40, deadline=None)
@given(event=played_events())
def test_a_teams_round_points_by_sum_never_exceed_6(event: tuple[State, Scoring]) -> None:
    state, scoring = event
    for record in state.records():
        for points in (record.points_a, record.points_b):
            assert 0 <= points <= MAX_ROUND_POINTS
            if scoring is Scoring.BY_MATCH:
                assert points in (0, 10, 30)


@settings(max_examples=100, deadline=None)
@given(one=outcomes, two=outcomes, decider=st.one_of(st.none(), outcomes))
def test_scoring_by_sum_is_at_most_6_and_the_deciding_game_needs_a_clean_split(
    one: Outcome, two: Outcome, decider: Outcome | None
) -> None:
    for scoring in (Scoring.BY_SUM, Scoring.DUEL):
        result = score_match(scoring, one, two, decider)
        assert result is not None
        assert 0 <= result.points_a <= MAX_ROUND_POINTS
        assert 0 <= result.points_b <= MAX_ROUND_POINTS
    clean = {one, two} == {Outcome.CLEAN_WIN, Outcome.LOSS}
    assert deciding_game_due(Scoring.BY_MATCH, one, two) is clean
    result = score_match(Scoring.BY_MATCH, one, two, decider)
    assert (result is None) is (clean and decider is None)
    if result is not None:
        assert result.decided is clean


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_610_6_the_bye_is_the_lowest_rated_team_without_one_that_leaves_a_pairing(
    data: st.DataObject,
) -> None:
    n = data.draw(st.sampled_from([5, 7]))
    teams = [team(i, data.draw(decks), data.draw(decks)) for i in range(1, n + 1)]
    ids = [t.id for t in teams]
    played = data.draw(met_pairs(teams))
    had_bye = set(data.draw(st.lists(st.sampled_from(ids), max_size=n)))
    by_rating = data.draw(st.permutations(ids))
    scores = dict.fromkeys(ids, 0)
    try:
        pairing = pair_teams(
            teams, ids, scores, played, had_bye, 5, round_number=2, bye_order=by_rating, swap=True
        )
    except NoLegalPairing:
        assert not pairable(ids, played)
        return
    candidates = [t for t in by_rating if t not in had_bye] + [t for t in by_rating if t in had_bye]
    avoided = set(pairing.avoided)
    expected = next(t for t in candidates if pairable([o for o in ids if o != t], avoided))
    assert pairing.bye == expected
