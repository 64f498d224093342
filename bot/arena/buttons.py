"""The button data of the Arena (each fits Telegram's 64 bytes)."""

from __future__ import annotations

from aiogram.filters.callback_data import CallbackData


class ArWizCb(CallbackData, prefix="arw"):
    """A choice of the creation wizard: step ``s``, value ``v``."""

    s: str
    v: str


class ArEnterCb(CallbackData, prefix="are"):
    """A judge approves (``ok``) or declines the entry player ``p`` asked for."""

    t: int
    p: int
    ok: bool = True


class ArAnswerCb(CallbackData, prefix="ara"):
    """The challenged player accepts (``ok``) or refuses challenge ``n``."""

    t: int
    n: int
    ok: bool


class ArFormatCb(CallbackData, prefix="arf"):
    """A player of challenge ``n`` names the format played (605.6)."""

    t: int
    n: int
    f: str


class ArApproveCb(CallbackData, prefix="arp"):
    """A judge approves the result of challenge ``n``: it counts."""

    t: int
    n: int


class ArExcuseCb(CallbackData, prefix="arx"):
    """A judge accepts the reason of player ``p``'s refusals on day ``d``."""

    t: int
    p: int
    d: int


class ArChoiceCb(CallbackData, prefix="arc"):
    """A player offered the choice at week ``w``'s end leaves with his prize or stays."""

    t: int
    w: int
    leave: bool


class ArChallengeCb(CallbackData, prefix="arv"):
    """The presser challenges player ``p`` (a button on the player's line of his ``/arena``)."""

    t: int
    p: int
