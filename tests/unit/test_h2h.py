"""Head-to-head and the nemesis (``rules.h2h``): hand cases, clause by clause, and properties."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.h2h import LAST, Mark, Meeting, NotAPlayer, head_to_head, nemesis


def game(n: int, a: int, b: int, winner: int | None, when: str = "2026-11-01") -> Meeting:
    return Meeting(when, 1, n, a, b, winner)


def test_record_counts_wins_draws_losses_from_my_side() -> None:
    games = [game(1, 1, 2, 1), game(2, 2, 1, 2), game(3, 1, 2, None), game(4, 2, 1, 1)]
    mine = head_to_head(games, 1, 2)
    assert (mine.games, mine.wins, mine.draws, mine.losses) == (4, 2, 1, 1)
    assert mine.leader == 1
    theirs = head_to_head(games, 2, 1)
    assert (theirs.wins, theirs.draws, theirs.losses) == (1, 1, 2)
    assert theirs.leader == 1


def test_other_players_games_are_not_ours() -> None:
    games = [game(1, 1, 3, 1), game(2, 2, 3, 3), game(3, 1, 2, 2)]
    record = head_to_head(games, 1, 2)
    assert (record.games, record.wins, record.losses) == (1, 0, 1)


def test_equal_wins_nobody_leads_and_never_met_is_empty() -> None:
    assert head_to_head([game(1, 1, 2, 1), game(2, 1, 2, 2)], 1, 2).leader is None
    empty = head_to_head([], 1, 2)
    assert empty.games == 0 and empty.leader is None and empty.last == ()


def test_last_five_newest_first_across_tournaments() -> None:
    games = [Meeting(f"2026-11-0{d}", d, 1, 1, 2, 1 if d % 2 else 2) for d in range(1, 8)]
    record = head_to_head(list(reversed(games)), 1, 2)
    assert len(record.last) == LAST
    assert [m.tournament for m, _ in record.last] == [7, 6, 5, 4, 3]
    assert [seen for _, seen in record.last] == [Mark.WIN, Mark.LOSS, Mark.WIN, Mark.LOSS, Mark.WIN]


def test_in_one_tournament_the_game_order_decides_what_is_latest() -> None:
    games = [game(2, 1, 2, 2), game(1, 1, 2, 1)]
    assert head_to_head(games, 1, 2).last[0][1] is Mark.LOSS


def test_a_meeting_names_real_players() -> None:
    with pytest.raises(NotAPlayer):
        game(1, 1, 1, None)
    with pytest.raises(NotAPlayer):
        game(1, 1, 2, 3)
    with pytest.raises(NotAPlayer):
        head_to_head([], 4, 4)


def test_nemesis_beat_me_most_with_three_games_at_least() -> None:
    games = [
        # 2 beat me twice in two games: too few games
        game(1, 1, 2, 2),
        game(2, 1, 2, 2),
        # 3 beat me twice in three
        game(3, 1, 3, 3),
        game(4, 1, 3, 3),
        game(5, 1, 3, 1),
        # 4 beat me once in four
        *[game(n, 1, 4, 1) for n in (6, 7, 8)],
        game(9, 1, 4, 4),
    ]
    found = nemesis(games, 1)
    assert found is not None and found.player == 3 and found.record.losses == 2
    assert nemesis(games, 1, least=2) is not None


def test_nobody_who_never_beat_me_is_my_nemesis() -> None:
    games = [game(n, 1, 2, 1 if n % 2 else None) for n in range(1, 6)]
    assert nemesis(games, 1) is None


def test_nemesis_ties_by_lead_then_the_latest_loss_then_number() -> None:
    # 2 and 3 each beat me twice; 3 lost to me less often (a larger lead)
    lead = [game(1, 1, 2, 2), game(2, 1, 2, 2), game(3, 1, 2, 1), game(4, 1, 2, 1)]
    lead += [game(5, 1, 3, 3), game(6, 1, 3, 3), game(7, 1, 3, 1)]
    found = nemesis(lead, 1)
    assert found is not None and found.player == 3
    # same lead: who beat me last
    later = [game(1, 1, 2, 2), game(2, 1, 2, 2), game(3, 1, 2, None)]
    later += [game(4, 1, 3, 3), game(5, 1, 3, 3), game(6, 1, 3, None)]
    found = nemesis(later, 1)
    assert found is not None and found.player == 3
    # the same, but 2 beat me last: 2
    earlier = [game(n + 10, 1, 2, w) for n, w in ((1, 2), (2, 2), (3, None))]
    found = nemesis(later[3:] + earlier, 1)
    assert found is not None and found.player == 2
    # all equal but the number: the lower one
    twins = [Meeting("2026-11-01", 1, 1, 1, p, p) for p in (3, 2)] * 3
    found = nemesis(twins, 1)
    assert found is not None and found.player == 2


players = st.integers(min_value=1, max_value=5)


@st.composite
def meetings(draw: st.DrawFn) -> list[Meeting]:
    count = draw(st.integers(min_value=0, max_value=30))
    made = []
    for n in range(count):
        a = draw(players)
        b = draw(st.sampled_from([p for p in range(1, 6) if p != a]))
        winner = draw(st.sampled_from([a, b, None]))
        day = draw(st.integers(min_value=1, max_value=9))
        made.append(Meeting(f"2026-11-0{day}", day, n, a, b, winner))
    return made


@given(meetings(), players, players)
def test_record_adds_up_and_is_symmetric(games: list[Meeting], me: int, them: int) -> None:
    if me == them:
        return
    mine, theirs = head_to_head(games, me, them), head_to_head(games, them, me)
    together = sum(1 for g in games if g.between(me, them))
    assert mine.wins + mine.draws + mine.losses == mine.games == together
    assert (mine.wins, mine.draws, mine.losses) == (theirs.losses, theirs.draws, theirs.wins)
    assert mine.leader == theirs.leader
    assert [m for m, _ in mine.last] == [m for m, _ in theirs.last]
    assert len(mine.last) == min(LAST, together)


@given(meetings(), players)
def test_the_nemesis_beat_me_at_least_as_often_as_anyone_met_three_times(
    games: list[Meeting], me: int
) -> None:
    found = nemesis(games, me)
    others = {g.opponent(me) for g in games if me in (g.a, g.b)}
    records = [head_to_head(games, me, o) for o in others]
    eligible = [r for r in records if r.games >= 3 and r.losses > 0]
    if not eligible:
        assert found is None
        return
    assert found is not None and found.record.games >= 3
    assert found.record.losses == max(r.losses for r in eligible)
