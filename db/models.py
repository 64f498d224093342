"""Plain records the repositories return (never database rows)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from rules.text import visible


@dataclass(frozen=True, slots=True)
class Player:
    """A club member; ``id`` is his permanent club ID."""

    id: int
    telegram_id: int | None
    last_name: str | None
    first_name: str | None
    patronymic: str | None
    email: str | None
    city: str | None
    nickname: str | None
    phone: str | None
    registered: bool

    @property
    def display_name(self) -> str:
        """How boards and announcements name him: "Last First" or the nickname."""
        name = " ".join(part for part in (self.last_name, self.first_name) if part)
        return visible(name or self.nickname or "") or f"#{self.id}"

    @property
    def spoken_name(self) -> str:
        """How he is addressed ("Alice, you are in"): "First Last", as people say a name, or
        the nickname; the board's name when neither is known."""
        name = " ".join(part for part in (self.first_name, self.last_name) if part)
        return visible(name or self.nickname or "") or self.display_name


@dataclass(frozen=True, slots=True)
class TgUser:
    """Someone the bot has seen in Telegram."""

    id: int
    username: str | None
    first_name: str
    last_name: str | None
    language_code: str | None
    started_bot: bool
    blocked_bot: bool

    @property
    def full_name(self) -> str:
        return visible(" ".join(part for part in (self.first_name, self.last_name) if part))


@dataclass(frozen=True, slots=True)
class Bonus:
    id: int
    player_id: int
    discipline: str
    amount_cents: int
    granted_on: date
    expires_on: date


@dataclass(frozen=True, slots=True)
class Deadline:
    id: int
    kind: str
    ref_id: int
    due_at: str
    payload: dict[str, object]
