"""``bot.access`` without a bot: which button kind data is, and who sent an update."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest
from aiogram.types import Update

from bot.access import CHAT_SENDERS, RULES, parse, sent_as_chat
from bot.buttons import ConfirmCb, DecideCb
from bot.kind import Rule
from bot.roles import Role
from bot.swiss.buttons import SwBeginCb, SwEntryCb, SwManageCb, SwPenaltyCb, SwTopCb

GROUP = {"id": -100700, "type": "supergroup", "title": "Club"}
PERSON = {"id": 11, "is_bot": False, "first_name": "Ann"}
ANONYMOUS = {"id": 1087968824, "is_bot": True, "first_name": "Group"}
CHANNEL_BOT = {"id": 136817688, "is_bot": True, "first_name": "Channel"}
CHANNEL = {"id": -1001234, "type": "channel", "title": "News"}


def message_update(**fields: Any) -> Update:
    message = {"message_id": 1, "date": int(datetime.now(UTC).timestamp()), "chat": GROUP}
    message.update(fields)
    return Update.model_validate({"update_id": 1, "message": message})


def test_the_reported_attack_parses_as_an_organisers_button() -> None:
    found = parse("swm:1:finish")
    assert found is not None
    button, rule = found
    assert isinstance(button, SwManageCb) and button.t == 1
    assert rule.need is Role.ORGANISER and rule.kind == "swiss"


@pytest.mark.parametrize(
    "button",
    [
        SwEntryCb(t=2, p=5, ok=True),
        DecideCb(t=1, g="g2v0", c="a"),
        ConfirmCb(r=3, ok=False),
        SwTopCb(t=4, n=2),
        SwBeginCb(t=4, r=3, n=2),
        SwPenaltyCb(t=4, r=2, n=1, p=7, k="dq"),
    ],
)
def test_every_kind_round_trips(button: Any) -> None:
    found = parse(button.pack())
    assert found is not None and found[0] == button and found[1] is RULES[type(button)]


@pytest.mark.parametrize("data", ["", ":", "swm", "swm:x:finish", "zz:1", None, "swe:1:2"])
def test_junk_is_no_kind(data: str | None) -> None:
    assert parse(data) is None


def test_the_top_offer_is_a_judges_button_and_begin_an_organisers() -> None:
    assert RULES[SwTopCb] == Rule(Role.JUDGE, kind="swiss")
    assert RULES[SwBeginCb] == Rule(Role.ORGANISER, kind="swiss")


def test_a_penalty_button_is_a_judges_at_every_step() -> None:
    """Each press of the /pending penalty path (table, player, kind) is checked as a judge's."""
    for button in (SwPenaltyCb(t=1, r=1, n=2), SwPenaltyCb(t=1, r=1, n=2, p=3, k="warning")):
        found = parse(button.pack())
        assert found is not None and found[1] == Rule(Role.JUDGE, kind="swiss")


def test_a_person_is_not_a_chat() -> None:
    assert not sent_as_chat(message_update(**{"from": PERSON, "text": "/join"}))


@pytest.mark.parametrize(
    ("author", "sender"), [(ANONYMOUS, GROUP), (CHANNEL_BOT, CHANNEL), (PERSON, CHANNEL)]
)
def test_a_command_on_behalf_of_a_chat(author: dict[str, Any], sender: dict[str, Any]) -> None:
    update = message_update(**{"from": author, "sender_chat": sender, "text": "/join"})
    assert sent_as_chat(update)


def test_the_service_account_without_sender_chat_is_a_chat_too() -> None:
    assert {1087968824, 136817688} <= CHAT_SENDERS
    assert sent_as_chat(message_update(**{"from": ANONYMOUS, "text": "/begin"}))


def test_a_service_message_still_reaches_its_handler() -> None:
    """The supergroup's "migrated from" message comes from GroupAnonymousBot, with no text."""
    update = message_update(
        **{"from": ANONYMOUS, "sender_chat": GROUP, "migrate_from_chat_id": -700}
    )
    assert not sent_as_chat(update)
