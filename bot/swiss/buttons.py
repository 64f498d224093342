"""Callback data of the Swiss + Top buttons (short prefixes, ids only)."""

from __future__ import annotations

from enum import StrEnum

from aiogram.filters.callback_data import CallbackData


class SwJoinCb(CallbackData, prefix="swj"):
    """Join the Swiss tournament ``t`` (the registration message's button)."""

    t: int


class SwConsentCb(CallbackData, prefix="swc"):
    """Yes to the tournament ``t`` an organiser (``by``) asked a player into, sent to him alone
    (he is not in its group: he enters only if he wants, issue 29)."""

    t: int
    by: int


class SwWizCb(CallbackData, prefix="sww"):
    """A wizard choice: step ``s`` (fmt, strict, rounds, top, time, tb), value ``v``."""

    s: str
    v: str


class ManageAction(StrEnum):
    """The organiser's answer to «finish early?» or «cancel?»."""

    FINISH = "finish"
    CANCEL = "cancel"
    KEEP = "keep"  #: neither: the tournament goes on


class SwManageCb(CallbackData, prefix="swm"):
    """The organiser's confirmation of ``a`` for tournament ``t``."""

    t: int
    a: ManageAction


class SwEntryCb(CallbackData, prefix="swe"):
    """The organiser's answer to player ``p``'s request to enter the running tournament ``t``:
    ``ok`` True lets him in from the next round, False declines."""

    t: int
    p: int
    ok: bool


class SwTopCb(CallbackData, prefix="swt"):
    """The judge's answer when the players still in cannot fill the Top of tournament ``t``:
    play a Top of ``n`` players, or (``n`` 0) finish on the Swiss standings."""

    t: int
    n: int


class SwBeginCb(CallbackData, prefix="swb"):
    """The organiser's one tap to begin tournament ``t`` with ``r`` Swiss rounds and a Top of
    ``n`` (0: none), when the chosen ones did not fit the field; ``o`` 1 when he had typed
    ``/begin override`` (503: begin without every deck list), which the tap keeps."""

    t: int
    r: int
    n: int
    o: int = 0


class SwNudgeCb(CallbackData, prefix="swn"):
    """The judge's reminder to the players of the open tables of tournament ``t``'s current
    round (the button under ``/pending``)."""

    t: int


class SwPenaltyCb(CallbackData, prefix="swp"):
    """A judge's penalty from a table of ``/pending`` in tournament ``t``: table ``n`` of round
    ``r``; then the player ``p`` (0: not chosen yet), then the kind ``k`` ("": not chosen yet;
    ``rules.penalties``). The reason is asked next (``handlers.swiss.penalties``)."""

    t: int
    r: int
    n: int
    p: int = 0
    k: str = ""
