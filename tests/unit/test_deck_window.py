"""When a player's own deck list is taken and when the highest strictness checks the lists
(``rules.decks.window``), clause by clause: Constructed (602) before and after the start, each
Limited format (601.9, 603.3, 608, 609.5) before its start, while drafting, before and after
round 1's pairing, and where 503's check is made."""

from __future__ import annotations

import pytest

from rules.card_formats import LIMITED, Format
from rules.decks.window import Window, checked_at_begin, list_window


def window(fmt: Format, started: bool, paired: bool = False, drafting: bool = False) -> Window:
    return list_window(fmt, started=started, round_one_paired=paired, drafting=drafting)


# -- Constructed: the deck exists before the tournament; lists lock at /begin
def test_constructed_lists_open_with_registration_and_lock_at_the_start() -> None:
    assert window(Format.CONSTRUCTED, started=False) is Window.OPEN
    assert window(Format.CONSTRUCTED, started=True, paired=True) is Window.LOCKED
    assert checked_at_begin(Format.CONSTRUCTED)


# -- Limited: the list is the pool (603.3) or the drafted cards (601.9)
@pytest.mark.parametrize("fmt", [f for f in Format if f in LIMITED])
def test_limited_lists_open_when_the_pool_exists_and_lock_at_round_one(fmt: Format) -> None:
    assert window(fmt, started=False) is Window.NOT_YET  # nothing opened nor drafted yet
    assert window(fmt, started=True) is Window.OPEN  # the product opened / after the draft
    assert window(fmt, started=True, drafting=True) is Window.DRAFTING  # a booster is picked
    assert window(fmt, started=True, paired=True) is Window.LOCKED_ROUND
    assert window(fmt, started=True, paired=True, drafting=True) is Window.LOCKED_ROUND
    assert not checked_at_begin(fmt)  # 503 is checked at round 1's pairing


def test_every_format_is_constructed_or_limited() -> None:
    assert {f for f in Format if checked_at_begin(f)} == set(Format) - LIMITED
