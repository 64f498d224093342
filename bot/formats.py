"""One format for each kind of value people read, in the reader's language.

- a day: ``15.06.2025``, in both languages (the club's way of writing dates);
- a bonus's end: the last day it counts, ``до 14.06.2025 включительно`` (``last_day``);
- a clock time: ``23:00``, 24-hour, in the club's time zone; a moment: ``15.06.2025 23:00``;
- money: ``6 500 ₽``: groups of three split by a narrow no-break space, ₽ after a no-break
  space, so a phone never breaks an amount across lines;
- a rating: ``1193,60`` in Russian, ``1193.60`` in English: two decimals, no grouping (a rating
  is read as one number); a change of one: ``+12,40`` / ``−3,10`` (a real minus sign);
- points: ``3``, ``2,9``, ``5,5``: a decimal only when there is one;
- a share: ``66,7%``.

A value whose text depends on the reader's language is passed to the texts as one of the
classes below (``t("…", rating=Rating(cents))``): ``bot.texts`` renders it in the reader's
language, so no caller needs to know it. The CSV export is for spreadsheets, not readers: it
writes ``.text("en")`` (a dot).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta, tzinfo
from decimal import ROUND_HALF_UP, Decimal
from typing import Protocol, runtime_checkable

from rules.results import Outcome

GROUP = "\u202f"  #: narrow no-break space, between groups of three digits
NBSP = "\u00a0"
MINUS = "\u2212"


def _decimal_mark(text: str, lang: str) -> str:
    return text.replace(".", ",") if lang == "ru" else text


def day(value: date) -> str:
    return value.strftime("%d.%m.%Y")


def last_day(expiry: date) -> str:
    """The last day something counts that stops counting at 00:00 of ``expiry``."""
    return day(expiry - timedelta(days=1))


def clock(when: datetime, zone: tzinfo) -> str:
    return when.astimezone(zone).strftime("%H:%M")


def moment(when: datetime, zone: tzinfo) -> str:
    return when.astimezone(zone).strftime("%d.%m.%Y %H:%M")


def money(rubles: int) -> str:
    return f"{rubles:,}".replace(",", GROUP) + NBSP + "₽"


def rating(cents: int, lang: str) -> str:
    """A rating kept in hundredths."""
    sign = MINUS if cents < 0 else ""
    return sign + _decimal_mark(f"{abs(cents) / 100:.2f}", lang)


def rating_change(cents: int, lang: str) -> str:
    return ("+" if cents >= 0 else MINUS) + rating(abs(cents), lang)


def points(tenths: int, lang: str) -> str:
    """Swiss points, kept in tenths: 3, 2,9, 5,5."""
    whole, tenth = divmod(tenths, 10)
    return str(whole) if tenth == 0 else _decimal_mark(f"{whole}.{tenth}", lang)


def share(fraction: float, lang: str) -> str:
    """A fraction 0..1 as a percentage with one decimal."""
    return _decimal_mark(f"{fraction * 100:.1f}", lang) + "%"


@runtime_checkable
class Readable(Protocol):
    """A value written in the reader's language (see the module docstring)."""

    def text(self, lang: str) -> str: ...


@runtime_checkable
class Countable(Protocol):
    """A value a text may choose a word by (a plural selector: «1 очко», «2,9 очка»): passed
    to Fluent as a number, which writes it in the reader's language itself."""

    def number(self) -> int | float: ...


@dataclass(frozen=True)
class Points:
    tenths: int

    def text(self, lang: str) -> str:
        return points(self.tenths, lang)

    def number(self) -> int | float:
        """A whole number as an ``int`` (CLDR: «3 очка», «5 очков»), else a ``float`` (a
        fraction takes the «other» form: «2,9 очка»)."""
        whole, tenth = divmod(self.tenths, 10)
        return whole if tenth == 0 else self.tenths / 10


@dataclass(frozen=True)
class Rating:
    cents: int

    @classmethod
    def of(cls, value: Decimal) -> Rating:
        """A rating kept as a Decimal (King of the Hill's effective ratings)."""
        return cls(int((value * 100).to_integral_value(ROUND_HALF_UP)))

    def text(self, lang: str) -> str:
        return rating(self.cents, lang)


@dataclass(frozen=True)
class RatingChange:
    cents: int

    def text(self, lang: str) -> str:
        return rating_change(self.cents, lang)


@dataclass(frozen=True)
class Money:
    rubles: int

    def text(self, lang: str) -> str:
        return money(self.rubles)


@dataclass(frozen=True)
class Share:
    fraction: float

    def text(self, lang: str) -> str:
        return share(self.fraction, lang)


@dataclass(frozen=True)
class Decimal2:
    """A plain number with two decimals (a tie-break sum in tenths of a point, / 10)."""

    value: float

    def text(self, lang: str) -> str:
        return _decimal_mark(f"{self.value:.2f}", lang)


@dataclass(frozen=True)
class Joined:
    """Several values in one placeholder, joined by ``sep``."""

    items: Sequence[Readable | str]
    sep: str = " · "

    def text(self, lang: str) -> str:
        return self.sep.join(i if isinstance(i, str) else i.text(lang) for i in self.items)


#: a game's result from its first player's side, as boards and tables write it
OUTCOME_MARKS = {
    Outcome.CLEAN_WIN: "1:0",
    Outcome.LOSS: "0:1",
    Outcome.TECHNICAL_WIN: "+:−",
    Outcome.TECHNICAL_LOSS: "−:+",
    Outcome.DRAW: "½:½",
    Outcome.AGREED_DRAW: "½:½",
    Outcome.DOUBLE_LOSS: "−:−",
}
