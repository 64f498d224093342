"""Score groups for pairing count wins and draws, not tenths (spec section 4)."""

from hypothesis import given
from hypothesis import strategies as st

from rules.results import MatchRecord, Outcome, points
from rules.swiss import pair_round, pairing_cost, pairing_score, pairing_scores

WIN_LIKE = (Outcome.CLEAN_WIN, Outcome.TECHNICAL_WIN, Outcome.BYE)
DRAWS = (Outcome.DRAW, Outcome.AGREED_DRAW)


def test_every_kind_of_win_is_one_win_and_a_draw_is_a_draw() -> None:
    assert {pairing_score(o) for o in WIN_LIKE} == {30}
    assert {pairing_score(o) for o in DRAWS} == {10}
    losses = (Outcome.LOSS, Outcome.TECHNICAL_LOSS, Outcome.DOUBLE_LOSS)
    assert {pairing_score(o) for o in losses} == {0}


def test_a_bye_holder_pairs_with_the_winners_instead_of_floating() -> None:
    # Round 1 of seven: a beat b, c beat d 2–1, e beat f, g had the bye (2.9).
    records = [
        MatchRecord(1, "a", "b", Outcome.CLEAN_WIN, 2, 0),
        MatchRecord(1, "c", "d", Outcome.CLEAN_WIN, 2, 1),
        MatchRecord(1, "e", "f", Outcome.CLEAN_WIN, 2, 0),
        MatchRecord(1, "g", None, Outcome.BYE),
    ]
    scores = pairing_scores("abcdefg", records)
    assert scores == {"a": 30, "c": 30, "e": 30, "g": 30, "b": 0, "d": 0, "f": 0}
    played = {frozenset("ab"), frozenset("cd"), frozenset("ef")}
    ranking = list("acegbdf")  # the standings: exact points, g's 2.9 below the 3s
    pairs, bye = pair_round(ranking, scores, played, {"g"}, seed=1, round_number=2)
    # Four winners are one even group, paired top half against bottom half: nobody floats.
    assert (pairs, bye) == ([("a", "e"), ("c", "g"), ("b", "d")], "f")
    assert pairing_cost(pairs, scores)[0] == 0
    # By tenths, 2.9 was a group of its own: e would have floated down to g.
    tenths = {**scores, "g": 29}
    old, _ = pair_round(ranking, tenths, played, {"g"}, seed=1, round_number=2)
    assert ("e", "g") in old and pairing_cost(old, tenths)[0] == 2


outcome = st.sampled_from(list(Outcome))


@st.composite
def tournaments(draw: st.DrawFn) -> list[MatchRecord]:
    """Any sequence of results of four players a–d over a few rounds (byes and missed rounds
    as records without an opponent)."""
    records = []
    for number in range(1, draw(st.integers(1, 5)) + 1):
        for a, b in (("a", "b"), ("c", "d")):
            result = draw(outcome)
            if result is Outcome.BYE:
                records += [MatchRecord(number, a, None, Outcome.BYE)]
                records += [MatchRecord(number, b, None, Outcome.TECHNICAL_LOSS)]
            else:
                records.append(MatchRecord(number, a, b, result))
    return records


@given(tournaments())
def test_pairing_score_is_three_per_win_one_per_draw_and_never_below_the_points(
    records: list[MatchRecord],
) -> None:
    scores = pairing_scores("abcd", records)
    for player in "abcd":
        mine = [r.outcome_of(player) for r in records if player in (r.player_a, r.player_b)]
        wins = sum(o in WIN_LIKE for o in mine)
        draws = sum(o in DRAWS for o in mine)
        assert scores[player] == 30 * wins + 10 * draws
        assert scores[player] >= sum(points(o) for o in mine)  # only the tenths are gone
        assert scores[player] % 10 == 0  # whole points: no group of its own for 2.9 or 2.5
