"""Callback data of the King-of-the-Hill buttons."""

from __future__ import annotations

from aiogram.filters.callback_data import CallbackData


class KothJoinCb(CallbackData, prefix="kj"):
    t: int


class KothStayCb(CallbackData, prefix="ks"):
    """An eliminated player's answer: stay for the extra games (``leave`` False) or leave."""

    t: int
    p: int
    leave: bool


class KothCancelCb(CallbackData, prefix="kc"):
    """The organiser's answer to "cancel the tournament?" (``yes`` False keeps it)."""

    t: int
    yes: bool


class KothRatingCb(CallbackData, prefix="kr"):
    """An organiser sets newcomer ``p``'s starting billiards rating ``r`` and enters him in
    tournament ``t`` (the newcomer's «Participate» asked for it)."""

    t: int
    p: int
    r: int


class KothConsentCb(CallbackData, prefix="kcs"):
    """Yes to tournament ``t`` an organiser (``by``) asked a player into, with the starting
    rating ``r`` he typed ("" for none), sent to that player alone: he is not in its group, so
    he enters only if he wants (issue 29). Valid only if that very question was sent."""

    t: int
    by: int
    r: str = ""
