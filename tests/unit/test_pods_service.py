"""A drafted tournament's rounds and Top by its tables (``bot.swiss.pods``: 601.5.4, 601.5.5,
609.7, 608) and whether its rounds wait for a Marathon's draft (608.3, 608.6)."""

from __future__ import annotations

from typing import Any

from bot.swiss import pods
from db.tournaments import Tournament
from tests.unit.swiss_events import replay_log


def tournament(**settings: Any) -> Tournament:
    return Tournament(1, -1, "berserk", "swiss", "Драфт", "running", settings, None, (), 9, None)


def test_draft_rounds_and_top_by_the_tables() -> None:
    auto = tournament(format="draft", rounds=None, top=None)
    assert pods.sizes(auto, 20) == ((4, 8), (4, 8))  # two tables of 10: 4 rounds (601.5.4)
    assert pods.sizes(auto, 7) == ((3, 4), (3, 4))  # one table under 8: 3 rounds
    assert pods.sizes(auto, 5) == ((3, 2), (3, 2))
    small_top = tournament(format="draft", rounds=None, top=2)
    assert pods.sizes(small_top, 20)[0] == (4, 4)  # at least two from each table (601.5.5)
    # 601.5.4, not the organiser: a Draft created before the wizard stopped asking (rounds 6)
    # plays 3 at one table of 5 and 4 at one table of 9 (issue 21, item 2)
    chosen = tournament(format="draft", rounds=6, top=0)
    assert pods.sizes(chosen, 5) == ((3, 0), (3, 0))
    assert pods.sizes(chosen, 9) == ((4, 0), (4, 0))
    marathon = tournament(format="marathon", rounds=4, top=0, drafts=3)
    assert pods.sizes(marathon, 17)[0] == (4, 0)  # a Marathon's rounds are still chosen


def test_heroes_three_rounds_marathon_the_usual_table() -> None:
    assert pods.sizes(tournament(format="heroes_tournament", rounds=None, top=0), 8)[0] == (3, 0)
    marathon = tournament(format="marathon", rounds=None, top=None, drafts=3)
    assert pods.sizes(marathon, 17)[0] == (5, 8)  # the whole field's usual rounds and Top
    assert pods.in_pods(tournament(format="draft")) and not pods.in_pods(marathon)
    assert pods.drafted(marathon) and not pods.drafted(tournament(format="sealed"))


def test_a_marathon_round_waits_for_its_draft() -> None:
    marathon = tournament(format="marathon", drafts=2)
    begun = ("sw_begin", {"seed": 1, "rounds": 3, "top": 0, "ratings": {}})
    seated = ("sw_pods", {"draft": 1, "pods": [[1, 2, 3, 4]], "how": "random", "seed": "a"})
    round1 = ("sw_round", {"round": 1, "stage": "swiss", "gen": 0, "tables": [[1, 2], [3, 4]]})
    assert pods.draft_before_round(marathon, replay_log([begun]))  # draft 1 not seated
    assert not pods.draft_before_round(marathon, replay_log([begun, seated]))
    assert pods.draft_before_round(marathon, replay_log([begun, seated, round1]))  # draft 2 next
    second = ("sw_pods", {"draft": 2, "pods": [[1, 2, 3, 4]], "how": "standings"})
    assert not pods.draft_before_round(marathon, replay_log([begun, seated, round1, second]))
    assert not pods.draft_before_round(
        tournament(format="draft"), replay_log([begun, seated, round1])
    )
