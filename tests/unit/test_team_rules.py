"""Team events, clause by clause: 604.1–604.4, 604.3.1, 610.4–610.6, the standings and the
players' games (``rules.teams``)."""

from __future__ import annotations

import pytest

from rules.card_rating import rating_changes
from rules.results import Claim, Outcome, ResultError
from rules.teams import (
    DECIDING,
    DecidingGameNotDue,
    NoLegalPairing,
    Scoring,
    Seat,
    TeamError,
    TeamFormat,
    TeamOutcome,
    TeamRecord,
    TeamSettings,
    TmDrop,
    TmGame,
    TmRound,
    TooFewTeams,
    UnknownGame,
    apply,
    assign_boards,
    bye,
    check_teams,
    deciding_game_due,
    default_rounds,
    game_key,
    game_points,
    mirror_bound,
    outcome_from_claim,
    pair_next,
    pair_teams,
    parse_game_key,
    score_match,
    team_standings,
)
from tests.unit.team_events import TL, TW, D, L, W, begin, decide, games, paired, round_of, team

DL = Outcome.DOUBLE_LOSS

# -- 604.1, 604.2: teams of two, fixed seats ---------------------------------------------------


def test_604_1_an_event_needs_four_teams() -> None:
    with pytest.raises(TooFewTeams):
        check_teams([team(1), team(2), team(3)])
    assert len(check_teams([team(n) for n in range(1, 5)])) == 4


def test_604_2_a_player_is_one_number_of_one_team() -> None:
    with pytest.raises(TeamError):
        type(team(1))(1, "solo", 5, 5)
    clash = type(team(1))(2, "T2", 11, 99)  # 11 is team 1's first number
    with pytest.raises(TeamError):
        check_teams([team(1), clash, team(3), team(4)])
    with pytest.raises(TeamError):
        check_teams([team(1), team(1), team(3), team(4)])


def test_604_2_first_numbers_meet_first_numbers_and_seats_stay_fixed() -> None:
    state = begin([team(n) for n in range(1, 5)])
    for _ in range(3):
        number = paired(state, pair_next(state))
        for table in range(1, 3):
            games(state, number, table, W, D)
    for game in state.player_games():
        mine = next(t for t in state.teams.values() if game.player in t.players)
        theirs = next(t for t in state.teams.values() if game.opponent in t.players)
        assert mine.id != theirs.id  # teammates never meet
        assert mine.seat_of(game.player) == theirs.seat_of(game.opponent)
        assert mine.seat_of(game.player) == Seat(game.board)


def test_604_2_the_pairing_never_repeats_a_team_match() -> None:
    state = begin([team(n) for n in range(1, 5)])
    met: set[frozenset[int]] = set()
    for _ in range(3):
        pairing = pair_next(state)
        for a, b in pairing.matches:
            assert frozenset((a, b)) not in met
            met.add(frozenset((a, b)))
        number = paired(state, pairing)
        for table in range(1, 3):
            games(state, number, table, W, W)
    assert len(met) == 6  # 4 teams, 3 rounds: everyone met everyone once
    with pytest.raises(NoLegalPairing):
        pair_next(state)


# -- 604.3: by match ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("one", "two", "points", "games_points", "outcome"),
    [
        (W, D, (30, 0), (40, 10), TeamOutcome.WIN),  # 3 + 1 against 0 + 1
        (D, D, (10, 10), (20, 20), TeamOutcome.DRAW),  # «обе партии завершились вничью»
        (TW, L, (0, 30), (25, 30), TeamOutcome.LOSS),  # 2.5 against 3: no deciding game
        (TW, TL, (10, 10), (25, 25), TeamOutcome.DRAW),  # 2.5 each
        (DL, D, (10, 10), (10, 10), TeamOutcome.DRAW),  # a double loss gives nobody points
        (L, L, (0, 30), (0, 60), TeamOutcome.LOSS),
    ],
)
def test_604_3_the_larger_sum_of_game_points_wins_the_match(
    one: Outcome,
    two: Outcome,
    points: tuple[int, int],
    games_points: tuple[int, int],
    outcome: TeamOutcome,
) -> None:
    result = score_match(Scoring.BY_MATCH, one, two)
    assert result is not None
    assert (result.points_a, result.points_b) == points
    assert (result.game_points_a, result.game_points_b) == games_points
    assert result.outcome_a is outcome
    assert not result.decided


def test_604_3_game_points_are_those_of_801_to_806() -> None:
    assert [game_points(o, Scoring.BY_MATCH) for o in (W, TW, D, L, TL, Outcome.BYE)] == [
        30, 25, 10, 0, 0, 29,
    ]  # fmt: skip


def test_604_3_a_bye_is_a_match_win_with_two_byes_of_game_points() -> None:
    given = bye(Scoring.BY_MATCH)
    assert (given.points, given.game_points) == (30, 58)


# -- 604.3.1: by sum ------------------------------------------------------------------------


def test_604_3_1_a_team_gets_the_sum_of_its_two_games() -> None:
    result = score_match(Scoring.BY_SUM, W, TW)
    assert result is not None
    assert (result.points_a, result.points_b) == (55, 0)
    result = score_match(Scoring.BY_SUM, W, W)
    assert result is not None and result.points_a == 60  # the most a round gives


def test_604_3_1_has_no_deciding_game() -> None:
    assert not deciding_game_due(Scoring.BY_SUM, W, L)
    result = score_match(Scoring.BY_SUM, W, L)
    assert result is not None
    assert (result.points_a, result.points_b, result.outcome_a) == (30, 30, TeamOutcome.DRAW)
    state = begin([team(n) for n in range(1, 5)], Scoring.BY_SUM)
    number = round_of(state, (1, 2), (3, 4))
    games(state, number, 1, W, L)
    assert state.deciding_players(number, 1) is None
    with pytest.raises(DecidingGameNotDue):
        decide(state, number, 1, W)


def test_604_3_1_a_bye_is_two_byes_of_game_points() -> None:
    assert bye(Scoring.BY_SUM).points == 58


# -- 604.4: the deciding game ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("one", "two", "due"),
    [
        (W, L, True),
        (L, W, True),
        (W, W, False),
        (TW, L, False),  # a technical result is no clean result
        (W, TL, False),
        (W, D, False),
        (D, D, False),
        (L, L, False),
    ],
)
def test_604_4_the_deciding_game_is_due_exactly_on_a_clean_split(
    one: Outcome, two: Outcome, due: bool
) -> None:
    assert deciding_game_due(Scoring.BY_MATCH, one, two) is due
    assert (score_match(Scoring.BY_MATCH, one, two) is None) is due


@pytest.mark.parametrize(
    ("decider", "points", "outcome"),
    [
        (W, (30, 0), TeamOutcome.WIN),
        (L, (0, 30), TeamOutcome.LOSS),
        (TW, (30, 0), TeamOutcome.WIN),
        (D, (10, 10), TeamOutcome.DRAW),  # Default: a drawn deciding game leaves a draw
    ],
)
def test_604_4_the_deciding_game_decides_the_match(
    decider: Outcome, points: tuple[int, int], outcome: TeamOutcome
) -> None:
    result = score_match(Scoring.BY_MATCH, L, W, decider)
    assert result is not None
    assert (result.points_a, result.points_b, result.outcome_a) == (*points, outcome)
    assert result.decided
    assert (result.game_points_a, result.game_points_b) == (30, 30)  # it adds no game points


def test_604_4_the_two_winners_play_it_and_the_match_stays_open_until_it_is_recorded() -> None:
    state = begin([team(n) for n in range(1, 5)])
    number = round_of(state, (1, 2), (3, 4))
    games(state, number, 1, L, W)  # team 2's first number won, team 1's second number won
    games(state, number, 2, D, D)
    assert state.deciding_players(number, 1) == (12, 21)
    assert state.match_result(number, 1) is None
    assert state.open_games(number) == [(1, DECIDING)]
    assert not state.complete(number)
    assert [r.team_a for r in state.records()] == [3]
    decide(state, number, 1, L)
    result = state.match_result(number, 1)
    assert result is not None and result.outcome_a is TeamOutcome.LOSS
    assert state.open_games(number) == [] and state.complete(number)
    decider = [g for g in state.player_games() if g.board == DECIDING]
    assert [(g.player, g.opponent, g.outcome) for g in decider] == [(12, 21, L), (21, 12, W)]


def test_604_4_a_correction_recomputes_the_deciding_game() -> None:
    state = begin([team(n) for n in range(1, 5)])
    number = round_of(state, (1, 2), (3, 4))
    games(state, number, 1, W, L)
    decide(state, number, 1, W)
    assert state.match_result(number, 1) is not None
    # the judge corrects board 2 to a draw: no clean split, the deciding game is void
    apply(state, TmGame(number, 1, 2, D, reason="808"))
    result = state.match_result(number, 1)
    assert result is not None and not result.decided
    assert (result.points_a, result.points_b) == (30, 0)  # 3 + 1 against 0 + 1
    assert all(g.board != DECIDING for g in state.player_games())
    # corrected again, the other way round: other players' split, the old game does not count
    games(state, number, 1, L, W)
    assert state.deciding_players(number, 1) == (12, 21)
    assert state.match_result(number, 1) is None
    assert state.open_games(number) == [(1, DECIDING), (2, 1), (2, 2)]
    decide(state, number, 1, D)
    result = state.match_result(number, 1)
    assert result is not None and result.outcome_a is TeamOutcome.DRAW


def test_604_4_a_deciding_game_where_none_is_due_is_refused() -> None:
    state = begin([team(n) for n in range(1, 5)])
    number = round_of(state, (1, 2), (3, 4))
    with pytest.raises(DecidingGameNotDue):
        decide(state, number, 1, W)  # the boards are not in yet
    games(state, number, 1, W, W)
    with pytest.raises(DecidingGameNotDue):
        decide(state, number, 1, W)
    with pytest.raises(UnknownGame):
        apply(state, TmGame(number, 3, 1, W))
    with pytest.raises(UnknownGame):
        apply(state, TmGame(number, 1, 4, W))


# -- 610.4: no mirror game ------------------------------------------------------------------


def test_610_4_straight_when_no_game_is_a_mirror() -> None:
    chosen = assign_boards(team(1, "слуа", "вампиры"), team(2, "вампиры", "слуа"))
    assert not chosen.crossed and chosen.mirrors == 0
    assert [(b.seat_a, b.seat_b) for b in chosen.boards] == [
        (Seat.FIRST, Seat.FIRST),
        (Seat.SECOND, Seat.SECOND),
    ]


def test_610_4_a_team_swaps_boards_when_only_that_avoids_a_mirror() -> None:
    a, b = team(1, "слуа", "вампиры"), team(2, "слуа", "вампиры")
    chosen = assign_boards(a, b)
    assert chosen.crossed and chosen.mirrors == 0
    assert [(x.player_a, x.player_b) for x in chosen.boards] == [(11, 22), (12, 21)]
    assert [(x.deck_a, x.deck_b) for x in chosen.boards] == [
        ("слуа", "вампиры"),
        ("вампиры", "слуа"),
    ]
    straight = assign_boards(a, b, swap=False)  # 604: seats stay
    assert not straight.crossed and straight.mirrors == 2


def test_610_4_a_pair_with_no_mirror_free_assignment() -> None:
    twice = team(1, "слуа", "слуа")
    assert mirror_bound(twice, team(2, "вампиры", "слуа"))
    assert not mirror_bound(twice, team(3, "вампиры", "гномы"))
    assert not mirror_bound(team(4, "слуа", "вампиры"), team(5, "слуа", "вампиры"))
    assert mirror_bound(team(4, "слуа", "вампиры"), team(5, "слуа", "вампиры"), swap=False)


def test_610_4_mirror_bound_pairs_are_avoided_like_rematches() -> None:
    teams = [team(1, "x", "x"), team(2, "x", "y"), team(3, "y", "z"), team(4, "z", "y")]
    scores = dict.fromkeys(range(1, 5), 0)
    # the Dutch order of 1, 3, 2, 4 would pair 1–2, 3–4; 1–2 has a mirror whatever the seats
    pairing = pair_teams(teams, [1, 3, 2, 4], scores, set(), set(), 1, round_number=2, swap=True)
    assert frozenset((1, 2)) not in {frozenset(m) for m in pairing.matches}
    assert pairing.mirrors == ()
    assert frozenset((1, 2)) in pairing.avoided


def test_610_4_a_mirror_only_when_the_alternative_is_a_rematch() -> None:
    teams = [team(1, "x", "x"), team(2, "x", "y"), team(3, "y", "z"), team(4, "z", "y")]
    scores = dict.fromkeys(range(1, 5), 0)
    played = {frozenset((1, 3)), frozenset((1, 4))}
    pairing = pair_teams(teams, [1, 2, 3, 4], scores, played, set(), 1, round_number=3, swap=True)
    assert {frozenset(m) for m in pairing.matches} == {frozenset((1, 2)), frozenset((3, 4))}
    assert [frozenset(m) for m in pairing.mirrors] == [frozenset((1, 2))]  # the judge is told
    assert pairing.avoided == frozenset(played)


# -- 610.5: 3 / 1 / 0 per player ------------------------------------------------------------


def test_610_5_each_player_scores_3_1_0_and_the_team_sums_them() -> None:
    assert [game_points(o, Scoring.DUEL) for o in (W, TW, D, L, TL, DL)] == [30, 30, 10, 0, 0, 0]
    result = score_match(Scoring.DUEL, TW, D)
    assert result is not None and (result.points_a, result.points_b) == (40, 10)
    result = score_match(Scoring.DUEL, W, L)  # a clean split: no deciding game in 610
    assert result is not None and (result.points_a, result.points_b) == (30, 30)
    assert TeamSettings(TeamFormat.DUEL_SETS, Scoring.BY_MATCH).effective_scoring is Scoring.DUEL


# -- 610.6: rounds and the bye by rating ----------------------------------------------------


@pytest.mark.parametrize(("teams", "rounds"), [(4, 3), (5, 5), (12, 5), (31, 5), (32, 7), (200, 7)])
def test_610_6_rounds_by_the_number_of_teams(teams: int, rounds: int) -> None:
    assert default_rounds(teams) == rounds


def test_610_6_fewer_than_four_teams_have_no_rounds() -> None:
    with pytest.raises(TooFewTeams):
        default_rounds(3)


def test_610_6_the_bye_goes_to_the_team_lowest_by_rating_without_one() -> None:
    ratings = {31: 1000_00, 32: 1100_00, 51: 1000_00, 52: 1200_00}  # T3 1050, T5 1100
    decks = [team(n, "слуа", "вампиры") for n in range(1, 6)]
    state = begin(decks, Scoring.DUEL, ratings=ratings, swap=True, rounds=5)
    first = pair_next(state)
    assert first.bye == 3  # round 1 too
    number = paired(state, first)
    for table in range(1, 3):
        games(state, number, table, W, W)
    second = pair_next(state)
    assert second.bye == 5  # T3 had one: the next lowest
    assert bye(Scoring.DUEL).points == 60  # 6 points, 3 each
    row = next(r for r in state.standings() if r.team == 3)
    assert row.points == 60


def test_604_the_bye_goes_to_the_lowest_ranked_team_without_one() -> None:
    state = begin([team(n) for n in range(1, 6)], rounds=5)
    number = paired(state, pair_next(state))
    first_bye = state.round(number).bye
    for table in range(1, 3):
        games(state, number, table, W, D)
    pairing = pair_next(state)
    ranking = [r.team for r in state.standings()]
    expected = next(t for t in reversed(ranking) if t != first_bye)
    assert pairing.bye == expected


# -- standings ------------------------------------------------------------------------------


def record(rnd: int, a: int, b: int | None, gp: tuple[int, int]) -> TeamRecord:
    outcome = TeamOutcome.WIN if gp[0] > gp[1] else TeamOutcome.LOSS
    points = (30, 0) if outcome is TeamOutcome.WIN else (0, 30)
    return TeamRecord(rnd, a, b, *points, *gp, outcome)


def test_standings_match_points_then_buchholz_then_game_points_then_their_match() -> None:
    records = [
        record(1, 1, 2, (40, 10)),
        record(1, 3, 4, (40, 10)),
        record(2, 2, 3, (40, 10)),
        record(2, 4, 1, (60, 0)),
    ]
    rows = team_standings([1, 2, 3, 4], records, seed=1)
    assert {r.points for r in rows} == {30} and {r.buchholz for r in rows} == {60}
    assert [r.team for r in rows] == [4, 2, 3, 1]  # 4 on game points (70); 2 beat 3 (both 50)
    assert [r.place for r in rows] == [1, 2, 3, 4]
    assert [r.head_to_head for r in rows] == [0, 30, 0, 0]


def test_standings_buchholz_counts_opponents_and_a_bye_is_none() -> None:
    given = bye(Scoring.BY_MATCH)
    records = [
        record(1, 1, 2, (40, 10)),
        TeamRecord(1, 3, None, given.points, 0, given.game_points, 0, TeamOutcome.WIN),
        record(2, 3, 1, (40, 10)),
        record(2, 2, 4, (35, 10)),
    ]
    rows = {r.team: r for r in team_standings([1, 2, 3, 4], records, seed=1)}
    assert rows[3].points == 60 and rows[3].buchholz == rows[1].points == 30
    assert rows[1].buchholz == rows[2].points + rows[3].points == 90
    assert [r.team for r in team_standings([1, 2, 3, 4], records, seed=1)][:1] == [3]


def test_a_correction_of_round_1_recomputes_the_standings() -> None:
    state = begin([team(n) for n in range(1, 5)])
    number = round_of(state, (1, 2), (3, 4))
    games(state, number, 1, W, D)
    games(state, number, 2, D, D)
    assert state.standings()[0].team == 1
    apply(state, TmGame(number, 1, 1, L, reason="808"))
    rows = {r.team: r.points for r in state.standings()}
    assert rows == {1: 0, 2: 30, 3: 10, 4: 10}


def test_a_team_drops_as_a_whole_and_keeps_its_place() -> None:
    state = begin([team(n) for n in range(1, 6)], rounds=5)
    number = paired(state, pair_next(state))
    for table in range(1, 3):
        games(state, number, table, W, W)
    leader = state.standings()[0].team
    apply(state, TmDrop(leader))
    pairing = pair_next(state)
    assert leader not in {t for m in pairing.matches for t in m} | {pairing.bye}
    assert len(pairing.matches) == 2 and pairing.bye is None
    assert state.standings()[0].team == leader


# -- ratings: per player, per game ----------------------------------------------------------


def test_every_game_is_rated_per_player_a_penalty_included() -> None:
    state = begin([team(n) for n in range(1, 5)])
    number = round_of(state, (1, 2), (3, 4))
    games(state, number, 1, W, L)
    decide(state, number, 1, W)
    games(state, number, 2, D, D)
    apply(state, TmGame(number, 2, 2, TL, penalty=True))
    records = state.rated_records()
    assert [(r.player_a, r.player_b, r.outcome_a) for r in records] == [
        (11, 21, W),
        (12, 22, L),
        (11, 22, W),  # the deciding game: the two winners
        (31, 41, D),
        (32, 42, TL),  # a penalty's technical loss: a game 32 should have played (section 3)
    ]
    games_of_11 = [g for g in state.player_games() if g.player == 11]
    assert [(g.board, g.opponent) for g in games_of_11] == [(1, 21), (DECIDING, 22)]
    changes = rating_changes(state.ratings, records, participants=8)
    assert sum(changes.values()) == 0
    assert changes[11] > 0 and changes[12] < 0 and changes[22] == 0  # won once, lost once
    assert changes[32] < 0 < changes[42] and changes[32] == -changes[42]


def test_a_player_has_his_teams_place() -> None:
    state = begin([team(n) for n in range(1, 5)])
    number = round_of(state, (1, 2), (3, 4))
    games(state, number, 1, L, D)
    games(state, number, 2, D, D)
    places = state.player_places()
    assert places[21] == places[22] == (1, 2)  # team 2 won 4–1, teams 3 and 4 drew
    assert places[11] == places[12] == (4, 1)
    found = state.team_of(32)
    assert found is not None and found.id == 3 and found.seat_of(32) is Seat.SECOND
    assert state.team_of(99) is None


# -- the result flow's view of a game -------------------------------------------------------


def test_a_games_key_names_its_round_table_board_and_pairing() -> None:
    assert parse_game_key(game_key(2, 3, DECIDING, 1)) == (2, 3, DECIDING, 1)
    assert parse_game_key("r2t3p1") is None  # a Swiss table's key is no team game's


def test_a_claim_is_team_as_players_outcome() -> None:
    assert outcome_from_claim(Claim(winner=11), 11, 21) is W
    assert outcome_from_claim(Claim(winner=21, technical=True), 11, 21) is TL
    assert outcome_from_claim(Claim(draw=True, agreed=True), 11, 21) is Outcome.AGREED_DRAW
    assert outcome_from_claim(Claim(double_loss=True), 11, 21) is DL
    with pytest.raises(ResultError):
        outcome_from_claim(Claim(winner=12), 11, 21)


def test_each_game_names_its_players_crossed_boards_and_the_deciding_game() -> None:
    teams = [team(1, "x", "y"), team(2, "x", "y"), team(3, "y", "x"), team(4, "y", "x")]
    state = begin(teams, Scoring.DUEL, swap=True)
    number = len(state.rounds) + 1
    apply(state, TmRound(number, 0, ((1, 2), (3, 4)), None, (1, 2)))
    assert state.players_of(number, 1, 1) == (11, 22)  # crossed: no x against x
    assert state.players_of(number, 1, 2) == (12, 21)
    assert state.players_of(number, 1, DECIDING) is None
    with pytest.raises(UnknownGame):
        state.players_of(number, 1, 4)


# -- a worked example, computed by hand -----------------------------------------------------


def test_six_teams_three_rounds_by_match_as_computed_by_hand() -> None:
    """R1: 1–2 a clean split (11 beats 21, 12 loses to 22), 11 wins the deciding game; 3–4 two
    draws; 5–6 a technical win and a loss (2.5 against 3: team 6 wins, no deciding game).
    R2: 1–6 W D; 3–5 L L; 2–4 W and a technical loss (3 against 2.5). R3: 1–5 D L; 2–3 D D;
    4–6 W W. Then the judge corrects round 1's 3–4 board 1 to a win of team 3 (808)."""
    state = begin([team(n) for n in range(1, 7)])
    r1 = round_of(state, (1, 2), (3, 4), (5, 6))
    games(state, r1, 1, W, L)
    assert state.open_games(r1) == [(1, DECIDING), (2, 1), (2, 2), (3, 1), (3, 2)]
    decide(state, r1, 1, W)
    games(state, r1, 2, D, D)
    games(state, r1, 3, TW, L)
    r2 = round_of(state, (1, 6), (3, 5), (2, 4))
    games(state, r2, 1, W, D)
    games(state, r2, 2, L, L)
    games(state, r2, 3, W, TL)
    r3 = round_of(state, (1, 5), (2, 3), (4, 6))
    games(state, r3, 1, D, L)
    games(state, r3, 2, D, D)
    games(state, r3, 3, W, W)
    before = {r.team: r.points for r in state.standings()}
    assert before == {1: 60, 2: 40, 3: 20, 4: 40, 5: 60, 6: 30}
    apply(state, TmGame(r1, 2, 1, W, reason="808: the score sheet says team 3 won"))
    rows = state.standings()
    assert [r.team for r in rows] == [5, 1, 2, 3, 6, 4]
    assert [r.points for r in rows] == [60, 60, 40, 40, 30, 30]
    assert [r.buchholz for r in rows] == [130, 130, 130, 130, 150, 110]
    assert [r.game_points for r in rows] == [125, 80, 80, 60, 40, 95]
    assert len(state.rated_records()) == 19  # 3 × 6 boards and the deciding game
