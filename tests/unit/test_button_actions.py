"""A button's action is one of its enum's members: forged data with any other action is not
read as that button at all (the stale-button answer), never as a known action."""

from __future__ import annotations

import pytest
from aiogram.filters.callback_data import CallbackData

from bot.buttons import ProfileAction, ProfileCb
from bot.draft.buttons import ClockAction, DraftClockCb
from bot.swiss.buttons import ManageAction, SwManageCb


@pytest.mark.parametrize(
    ("button", "actions"),
    [
        (ProfileCb(action=ProfileAction.DELETE_YES), ProfileAction),
        (SwManageCb(t=7, a=ManageAction.CANCEL), ManageAction),
        (DraftClockCb(t=7, a=ClockAction.GO, n=2), ClockAction),
    ],
)
def test_every_action_survives_the_round_trip_and_a_forged_one_is_refused(
    button: CallbackData, actions: type[ProfileAction | ManageAction | ClockAction]
) -> None:
    kind = type(button)
    field = "action" if isinstance(button, ProfileCb) else "a"
    for action in actions:
        packed = button.model_copy(update={field: action}).pack()
        assert getattr(kind.unpack(packed), field) is action
    forged = button.pack().replace(str(getattr(button, field)), "drop")
    with pytest.raises(ValueError):
        kind.unpack(forged)
