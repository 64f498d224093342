"""The button data of Story Constructed (each fits Telegram's 64 bytes)."""

from __future__ import annotations

from aiogram.filters.callback_data import CallbackData


class StWizCb(CallbackData, prefix="stw"):
    """A choice of the creation wizard: step ``s``, value ``v``."""

    s: str
    v: str


class StJoinCb(CallbackData, prefix="stj"):
    """A player joins side ``s`` of tournament ``t``."""

    t: int
    s: int


class StVoteCb(CallbackData, prefix="stv"):
    """A member votes for ``p`` as his side's captain."""

    t: int
    p: int


class StCaptainCb(CallbackData, prefix="stc"):
    """The organiser names ``p`` captain of his side (a tie or no vote, 607.4.2)."""

    t: int
    p: int


class StPickCb(CallbackData, prefix="stp"):
    """A captain (or a judge for him) names ``p`` in round ``r``, the ``k``-th pair being made
    (an older pair's button is stale)."""

    t: int
    r: int
    k: int
    p: int


class StOrderCb(CallbackData, prefix="sto"):
    """607.4.6: the winning captain puts ``p`` next in the order of the level players
    (``p`` = 0: they play a round robin first)."""

    t: int
    p: int
