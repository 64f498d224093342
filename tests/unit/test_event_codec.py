"""The one codec of typed events (``db.codec``) with the Swiss events (``rules.swiss.events``):
what the log stores reads back as the event written, old payloads read with their defaults,
and a payload that is not its event is refused by name."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.swiss.replayed import EVENTS
from db.codec import BadEvent
from rules.results import Outcome
from rules.swiss.events import (
    EVENTS as CLASSES,
)
from rules.swiss.events import (
    SwBegin,
    SwFinish,
    SwJoin,
    SwPenalty,
    SwResult,
    SwRound,
)

ids = st.integers(min_value=1, max_value=10_000)


@given(
    st.builds(
        SwRound,
        round=ids,
        stage=st.sampled_from(["swiss", "top"]),
        gen=st.integers(0, 5),
        tables=st.lists(st.tuples(ids, ids), max_size=8).map(tuple),
        bye=st.none() | ids,
        auto=st.lists(ids, max_size=3).map(tuple),
    )
)
def test_a_round_reads_back_as_written(event: SwRound) -> None:
    kind, payload = EVENTS.encode(event)
    assert kind == "sw_round" and EVENTS.decode(kind, payload) == event


@given(st.builds(SwResult, round=ids, table=ids, outcome_a=st.sampled_from(Outcome)))
def test_a_result_reads_back_with_its_outcome(event: SwResult) -> None:
    assert EVENTS.decode(*EVENTS.encode(event)) == event


def test_every_swiss_event_is_known_by_its_kind() -> None:
    assert EVENTS.kinds() == {cls.NAME for cls in CLASSES}
    assert EVENTS.decode("draft_booster", {"booster": 1}) is None  # another part's note


def test_stored_keys_are_as_the_log_has_them() -> None:
    kind, payload = EVENTS.encode(SwJoin(3, 120_000, (1, 2), "loss"))
    assert (kind, payload) == (
        "sw_join",
        {"player": 3, "rating": 120_000, "missed": [1, 2], "as": "loss"},
    )
    begun = EVENTS.decode(
        "sw_begin",
        {"seed": 7, "rounds": 3, "top": 2, "ratings": {"3": 120_000}, "format": "draft"},
    )
    assert begun == SwBegin(7, 3, 2, {3: 120_000})  # a note it does not name is left


def test_an_old_payload_reads_with_the_defaults() -> None:
    """Keys a tournament logged before they existed (or logged as null) read as their
    defaults: a late entrant without missed rounds, a finish without a champion."""
    assert EVENTS.decode("sw_join", {"player": 4, "rating": 1, "missed": None}) == SwJoin(4, 1)
    assert EVENTS.decode("sw_finish", {"changes": {"1": 5}}) == SwFinish(None, {1: 5})
    penalty = {"player": 2, "kind": "warning", "reason": "опоздание", "round": None}
    assert EVENTS.decode("sw_penalty", penalty) == SwPenalty(2, "warning", "опоздание")


def test_a_payload_that_is_not_its_event_is_refused_by_name() -> None:
    with pytest.raises(BadEvent, match="sw_result"):
        EVENTS.decode("sw_result", {"round": 1, "table": "two", "outcome_a": "clean_win"})
    with pytest.raises(BadEvent, match="sw_round"):
        EVENTS.decode("sw_round", {"round": 1, "stage": "swiss"})  # no gen, no tables
