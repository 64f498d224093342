"""A notice: what a change makes the bot tell someone, as data.

A notice names who reads it (a chat, or a person: privately, or in a group with a mention when
he never started the bot), its lines (each a text key and its values), its buttons and the
outbox key it is sent once under. A change stores its notices in its own transaction
(``bot.outbox.Outbox.tell``, one durable job for every kind); the job renders each in its
reader's language when it sends it, so nothing a change tells is lost to a crash, and nothing
is written in a language before it is known who reads it.

Values are plain text (escaped when rendered), whole numbers (a plural selector may choose by
them), ``Markup`` the bot built itself and that reads the same in every language (a mention, a
score «2:1»), a ``Number`` written the reader's way (``bot.formats``), or a nested ``Phrase``
(a game's label inside a notice, a claim in words). The data is JSON: ``db`` stores it.
"""

from __future__ import annotations

from typing import Annotated, Literal

from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup
from pydantic import BaseModel, ConfigDict, Field, StrictFloat, StrictInt, TypeAdapter

from bot import formats
from bot.formats import Readable
from bot.texts import Html, Texts, Tr, Translate


class _Data(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Markup(_Data):
    """Markup the bot built itself, the same in every language: put in as it is."""

    kind: Literal["markup"] = "markup"
    html: str


#: ``Number.format`` → the ``bot.formats`` value it is written as
FORMATS: dict[str, type[Readable]] = {
    "points": formats.Points,
    "rating": formats.Rating,
    "rating_change": formats.RatingChange,
    "money": formats.Money,
    "share": formats.Share,
    "decimal2": formats.Decimal2,
}


class Number(_Data):
    """A number written the reader's way (``bot.formats``: points, a rating, money, …)."""

    kind: Literal["number"] = "number"
    format: Literal["points", "rating", "rating_change", "money", "share", "decimal2"]
    value: StrictInt | StrictFloat


class Phrase(_Data):
    """A text key and its values (``bot.texts``); a value may be a phrase itself."""

    kind: Literal["phrase"] = "phrase"
    key: str
    values: dict[str, Value] = Field(default_factory=dict)


Tagged = Annotated[Markup | Number | Phrase, Field(discriminator="kind")]
#: what a phrase's value may be (``str`` before ``int``: a name that looks like a number stays
#: a name; a ``bool`` is not a number here)
Value = str | StrictInt | Tagged
Phrase.model_rebuild()


def phrase(key: str, /, **values: Value) -> Phrase:
    """``phrase("swiss.label", table=2, round=1)``."""
    return Phrase(key=key, values=values)


class ToChat(_Data):
    """A chat (a tournament's group)."""

    kind: Literal["chat"] = "chat"
    chat: int


class ToPerson(_Data):
    """A person: privately, or in ``fallback_chat`` with a mention when that cannot work."""

    kind: Literal["person"] = "person"
    user: int
    name: str
    fallback_chat: int | None = None
    #: a public message in ``fallback_chat`` mentions him: when he cannot be reached privately
    #: (he never opened the bot's chat), nothing more is sent (issue 22, item 17)
    covered: bool = False


class Button(_Data):
    """An inline button: its label, and its callback data (packed) or a link."""

    label: Phrase
    data: str | None = None
    url: str | None = None


class Notice(_Data):
    """One message a change makes, sent once under ``key`` (``bot.outbox``)."""

    key: str
    to: Annotated[ToChat | ToPerson, Field(discriminator="kind")]
    #: its lines, each a phrase (joined by line breaks)
    lines: tuple[Phrase, ...]
    #: rows of buttons
    buttons: tuple[tuple[Button, ...], ...] = ()


NOTICES: TypeAdapter[list[Notice]] = TypeAdapter(list[Notice])


def encode(notices: list[Notice]) -> list[object]:
    """The notices as JSON data (for a durable job's payload)."""
    dumped: list[object] = NOTICES.dump_python(notices, mode="json")
    return dumped


def decode(data: object) -> list[Notice]:
    """The notices a durable job stored (``pydantic.ValidationError`` for anything else)."""
    return NOTICES.validate_python(data)


def value_of(t: Translate, value: Value) -> object:
    """A value as a text getter takes it (a nested phrase rendered by the same getter)."""
    if isinstance(value, Markup):
        return Html(value.html)
    if isinstance(value, Number):
        return FORMATS[value.format](value.value)  # type: ignore[call-arg]
    if isinstance(value, Phrase):
        return Html(spoken(t, value))
    return value


def spoken(t: Translate, said: Phrase) -> str:
    """A phrase as markup through the text getter ``t`` (its plain values escaped once)."""
    return t(said.key, **values_of(t, said))


def render(texts: Texts, lang: str, said: Phrase) -> Html:
    """A phrase as markup in ``lang``, to put into another text as it is."""
    return Html(spoken(Tr(texts, lang), said))


def text_of(texts: Texts, lang: str, notice: Notice) -> str:
    """A notice's text in ``lang``."""
    t = Tr(texts, lang)
    return "\n".join(spoken(t, line) for line in notice.lines)


def keyboard(texts: Texts, lang: str, notice: Notice) -> InlineKeyboardMarkup | None:
    """The notice's buttons in ``lang`` (labels as typed: Telegram shows them as text)."""
    if not notice.buttons:
        return None
    t = Tr(texts, lang)
    rows = [
        [
            InlineKeyboardButton(
                text=texts.plain(lang, b.label.key, **values_of(t, b.label)),
                callback_data=b.data,
                url=b.url,
            )
            for b in row
        ]
        for row in notice.buttons
    ]
    return InlineKeyboardMarkup(inline_keyboard=rows)


def values_of(t: Translate, said: Phrase) -> dict[str, object]:
    return {name: value_of(t, v) for name, v in said.values.items()}
