"""The evening's recap (``rules.recap``): hand cases, clause by clause, and properties (the
upset is the minimum expected score among the games won; nothing chosen that did not happen)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.elo import expected_score
from rules.memory import Game, Played, Reign
from rules.recap import (
    GAINS_SHOWN,
    UPSET_BELOW,
    Evening,
    Gain,
    Milestone,
    Past,
    Reached,
    Tonight,
    biggest_gains,
    biggest_upset,
    champions,
    longest_reign,
    milestones,
    recap,
    reigns_of,
)


def test_reigns_are_runs_of_wins_and_a_draw_ends_one() -> None:
    games = [Game(1, 2, 1), Game(1, 3, 1), Game(1, 4, 4), Game(4, 2, None), Game(4, 1, 4)]
    assert reigns_of(games) == (Reign(1, 2), Reign(4, 1), Reign(4, 1))
    assert reigns_of([]) == ()


def test_champions_are_each_tournaments_first_places_teams_share() -> None:
    koth = Tonight(1, Played((), ((5, 2), (6, 1))))
    teams = Tonight(2, Played((), ((7, 1), (8, 1), (9, 2))))
    assert champions(Evening((koth, teams))) == ((1, 6), (2, 7), (2, 8))
    assert champions(Evening((Tonight(3, Played()),))) == ()


def test_the_upset_is_the_lowest_expected_score_that_won() -> None:
    before = {1: 120000, 2: 100000, 3: 150000}
    games = (Game(1, 2, 1), Game(2, 3, 2), Game(1, 3, None), Game(3, 1, 1))
    upset = biggest_upset(Evening((Tonight(4, Played(games), "berserk", before),)))
    assert upset is not None
    # 2 (1000) beat 3 (1500): 1 / (1 + 10^(500/400)) ≈ 0.053, lower than 1 over 3 (≈0.15)
    assert (upset.winner, upset.loser, upset.tournament) == (2, 3, 4)
    assert (upset.winner_before, upset.loser_before) == (100000, 150000)
    assert upset.expected == pytest.approx(0.0532, abs=1e-4)


def test_a_draw_an_unrated_player_or_a_favourite_makes_no_upset() -> None:
    draws = Tonight(1, Played((Game(1, 2, None),)), "x", {1: 100000, 2: 200000})
    unrated = Tonight(2, Played((Game(1, 3, 1),)), "x", {1: 100000})
    favourite = Tonight(3, Played((Game(1, 2, 2), Game(4, 5, 4))), "x", {1: 1, 2: 1, 4: 9, 5: 1})
    assert biggest_upset(Evening((draws, unrated, favourite))) is None


def test_gains_sum_over_the_evening_by_pool_largest_first_only_positive() -> None:
    first = Tonight(1, Played(), "berserk", change={1: 500, 2: -300, 3: 200, 4: 0})
    second = Tonight(2, Played(), "berserk", change={1: -100, 2: 900, 3: 150})
    other = Tonight(3, Played(), "billiards", change={1: 1000, 5: 50})
    gains = biggest_gains(Evening((first, second, other)))
    assert gains == (Gain(1, "billiards", 1000), Gain(2, "berserk", 600), Gain(1, "berserk", 400))
    assert len(gains) == GAINS_SHOWN


def test_the_longest_reign_needs_two_wins_and_the_earlier_wins_a_tie() -> None:
    one = Tonight(1, Played(reigns=(Reign(1, 1), Reign(2, 3))))
    two = Tonight(2, Played(reigns=(Reign(3, 3), Reign(4, 2))))
    assert longest_reign(Evening((one, two))) == (1, Reign(2, 3))
    assert longest_reign(Evening((Tonight(3, Played(reigns=(Reign(1, 1),))),))) is None


def test_milestones_hundredth_game_and_first_win() -> None:
    games = (Game(1, 2, 1), Game(1, 3, 3), Game(2, 3, 2))
    past = {1: Past(99, 40), 2: Past(10, 0), 3: Past(198, 0)}
    found = milestones(Evening((Tonight(1, Played(games)),), past))
    assert found == (
        Milestone(1, Reached.GAMES, 100),
        Milestone(2, Reached.FIRST_WIN),
        Milestone(3, Reached.GAMES, 200),
        Milestone(3, Reached.FIRST_WIN),
    )
    # the hundredth game played before tonight is no milestone tonight
    assert milestones(Evening((Tonight(1, Played((Game(1, 2, None),))),), {1: Past(100, 3)})) == ()


PLAYERS = st.integers(min_value=1, max_value=6)


@st.composite
def games_(draw: st.DrawFn) -> tuple[Game, ...]:
    out = []
    for _ in range(draw(st.integers(0, 12))):
        a = draw(PLAYERS)
        b = draw(st.sampled_from([p for p in range(1, 7) if p != a]))
        out.append(Game(a, b, draw(st.sampled_from((a, b, None)))))
    return tuple(out)


@st.composite
def evenings(draw: st.DrawFn) -> Evening:
    tournaments = []
    for number in range(1, draw(st.integers(1, 3)) + 1):
        games = draw(games_())
        rated = draw(st.sets(PLAYERS))
        before = {p: draw(st.integers(50000, 250000)) for p in sorted(rated)}
        change = {p: draw(st.integers(-3000, 3000)) for p in sorted(rated)}
        reigns = reigns_of(games)
        tournaments.append(Tonight(number, Played(games, (), reigns), "pool", before, change))
    past = {p: Past(draw(st.integers(0, 300)), draw(st.integers(0, 3))) for p in range(1, 7)}
    return Evening(tuple(tournaments), past)


@given(evenings())
def test_the_upset_is_the_minimum_expected_score_among_won_games(evening: Evening) -> None:
    won = [
        (t, g)
        for t in evening.tournaments
        for g in t.played.games
        if g.winner is not None and g.a in t.before and g.b in t.before
    ]
    upset = biggest_upset(evening)
    scores = []
    for t, g in won:
        loser = g.b if g.winner == g.a else g.a
        assert g.winner is not None
        scores.append(expected_score(t.before[g.winner] / 100, t.before[loser] / 100))
    if not scores or min(scores) >= UPSET_BELOW:
        assert upset is None
        return
    assert upset is not None
    assert upset.expected == min(scores)
    # it happened: that tournament has that game won by that winner at those ratings
    t = next(t for t in evening.tournaments if t.tournament == upset.tournament)
    assert any(
        g.winner == upset.winner and {g.a, g.b} == {upset.winner, upset.loser}
        for g in t.played.games
    )
    assert (t.before[upset.winner], t.before[upset.loser]) == (
        upset.winner_before,
        upset.loser_before,
    )


@given(evenings())
def test_nothing_chosen_did_not_happen(evening: Evening) -> None:
    chosen = recap(evening)
    played = {p for t in evening.tournaments for g in t.played.games for p in (g.a, g.b)}
    for gain in chosen.gains:
        total = sum(t.change.get(gain.player, 0) for t in evening.tournaments)
        assert gain.cents == total > 0
    if chosen.reign is not None:
        number, reign = chosen.reign
        t = next(t for t in evening.tournaments if t.tournament == number)
        assert reign in t.played.reigns and reign.wins >= 2
        games = t.played.games
        runs = [
            i
            for i in range(len(games) - reign.wins + 1)
            if all(g.winner == reign.player for g in games[i : i + reign.wins])
        ]
        assert runs, "the reign is that many games won in a row"
    for milestone in chosen.milestones:
        assert milestone.player in played
        if milestone.reached is Reached.FIRST_WIN:
            assert evening.past.get(milestone.player, Past()).wins == 0
            assert any(
                g.winner == milestone.player for t in evening.tournaments for g in t.played.games
            )


@given(games_())
def test_reigns_cover_every_won_game_once(games: tuple[Game, ...]) -> None:
    reigns = reigns_of(games)
    assert sum(r.wins for r in reigns) == sum(1 for g in games if g.winner is not None)
    winners = [g.winner for g in games if g.winner is not None]
    assert [r.player for r in reigns for _ in range(r.wins)] == winners
