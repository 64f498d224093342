"""Callback data of every button (each fits Telegram's 64 bytes: short prefixes, ids only)."""

from __future__ import annotations

from enum import StrEnum

from aiogram.filters.callback_data import CallbackData


class ProfileAction(StrEnum):
    """What a ``/profile`` button does."""

    EDIT = "edit"  #: offer the fields to change
    FIELD = "field"  #: change ``ProfileCb.field``
    DELETE = "delete"  #: ask whether to delete the profile
    DELETE_YES = "delete_yes"
    DELETE_NO = "delete_no"


class ProfileCb(CallbackData, prefix="pf"):
    action: ProfileAction
    field: str = ""


class NewCb(CallbackData, prefix="new"):
    discipline: str  # billiards (King of the Hill), berserk (Swiss + Top)


class ReportCb(CallbackData, prefix="rp"):
    """A player's report of his game; ``c`` is relative to the presser:
    w (I won), l (I lost), d (draw), ad (agreed draw), or a game score like 21 (2:1 for me)."""

    t: int
    g: str
    c: str


class ConfirmCb(CallbackData, prefix="cf"):
    r: int  # report id
    ok: bool
    rv: int = 0  # the report's revision the request showed (a changed report's is stale)


class WithdrawCb(CallbackData, prefix="wd"):
    """The reporter takes back his report (revision ``rv``) before the opponent answers."""

    r: int  # report id
    rv: int = 0


class DecideCb(CallbackData, prefix="jd"):
    """A judge's decision: a / b (that player won; in a match a20, a21, b20, b21 with the game
    score from the winner's side), d (draw; d11 in a match), ta / tb (technical win), dl (both
    players' technical loss): ``bot.claims.decision_choices``."""

    t: int
    g: str
    c: str


class H2hCb(CallbackData, prefix="h2h"):
    """«Our games» on a pairing message: the presser's record against player ``p`` (a club
    number), answered privately (``bot.memory``)."""

    p: int


class HereCb(CallbackData, prefix="ahh"):
    """A registered player's «Я на месте» before the start (the check-in, ``bot.ahead``)."""

    t: int


class AheadBeginCb(CallbackData, prefix="ahb"):
    """The organiser's «Начать» of a tournament announced ahead; ``e`` = 1 begins with
    everyone, those who did not check in too."""

    t: int
    e: int = 0


class AheadDropCb(CallbackData, prefix="ahx"):
    """The organiser takes off the list those registered who did not check in."""

    t: int
