"""Numbers people type (ids, ratings, fees, norms, minutes, tables): parsed exactly, bounded.

Every number an organiser or judge types goes through ``whole`` or ``decimal`` with its
``Bound``. The typed text must be plain ASCII digits (an optional decimal point or comma where
decimals are allowed): ``str.isdigit`` also accepts "²" and "٣", and ``Decimal`` accepts "NaN",
"Infinity" and "1e999", all of which used to end in a crash or a nonsense value. The bound is
checked on the exact typed value *before* anything is rounded or converted, so 4999.999 is
refused as above 4999.99 instead of becoming 5000.00, and a 500-digit number never reaches the
database (whose integers stop at 2⁶³). A refusal is a ``UserError`` whose text names the
allowed range (``numbers.<name>`` in the locales).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

from bot.errors import UserError
from rules.koth.money import MIN_ENTRY_FEE

#: Longer texts are refused unread: no bound here needs more characters (digits and a point).
MAX_CHARS = 24
_WHOLE = re.compile(r"[0-9]+")
_DECIMAL = re.compile(r"[0-9]+(?:[.,][0-9]+)?")


@dataclass(frozen=True, slots=True)
class Bound:
    """The allowed range of one kind of number, both ends included; ``name`` names its
    refusal text (``numbers.<name>``)."""

    name: str
    low: Decimal
    high: Decimal

    @property
    def key(self) -> str:
        return f"numbers.{self.name}"


def _bound(name: str, low: int | str, high: int | str) -> Bound:
    return Bound(name, Decimal(low), Decimal(high))


#: A club ID (a player's number, also a tournament's): the database hands them out from 1.
CLUB_ID = _bound("club_id", 1, 999_999_999)
#: A Telegram user id: Telegram documents at most 52 significant bits (16 digits).
TELEGRAM_ID = _bound("telegram_id", 1, 10**16 - 1)
#: A billiards rating set by the organiser: kept in hundredths, below 5000 (3.1).
RATING = _bound("rating", "0.01", "4999.99")
#: The King-of-the-Hill entry fee in rubles: at least 2 500 (2.3); a million is no club's fee.
FEE = _bound("fee", MIN_ENTRY_FEE, 1_000_000)
#: A voluntary contribution to the prize fund, in rubles (7.1).
FUND = _bound("fund", 1, 1_000_000)
#: A win norm set by hand (3.5): computed norms stay far below 100.
NORM = _bound("norm", 1, 99)
#: /extend of the King-of-the-Hill main time, in minutes (at most ten hours).
KOTH_MINUTES = _bound("koth_minutes", 1, 600)
#: /extend of a Swiss round or table, in minutes (at most three hours).
SWISS_MINUTES = _bound("swiss_minutes", 1, 180)
#: A round number of a Swiss tournament (the Swiss rounds and the Top's).
ROUND = _bound("round", 1, 99)
#: A table number of a Swiss round.
TABLE = _bound("table", 1, 999)


def is_whole(text: str) -> bool:
    """The text is meant as a whole number (ASCII digits only), e.g. a club ID, not a name."""
    return _WHOLE.fullmatch(text) is not None


def _exact(text: str, bound: Bound, pattern: re.Pattern[str]) -> Decimal:
    cleaned = text.strip()
    if len(cleaned) > MAX_CHARS or pattern.fullmatch(cleaned) is None:
        raise UserError(bound.key)
    value = Decimal(cleaned.replace(",", "."))
    if not bound.low <= value <= bound.high:
        raise UserError(bound.key)
    return value


def whole(text: str, bound: Bound) -> int:
    """The whole number ``text`` says, within ``bound``; else ``UserError(bound.key)``."""
    return int(_exact(text, bound, _WHOLE))


def decimal(text: str, bound: Bound) -> Decimal:
    """The exact decimal ``text`` says (a point or a comma), within ``bound``."""
    return _exact(text, bound, _DECIMAL)


def hundredths(value: Decimal) -> int:
    """A rating in hundredths, rounded half away from zero as every rating is (3.1); the
    value was bounded first, so the result stays within the bound's hundredths."""
    return int(value.scaleb(2).quantize(Decimal(1), rounding=ROUND_HALF_UP))
