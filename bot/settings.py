"""The bot's settings, read from the environment and `.env` (pydantic-settings).

A missing or invalid setting stops the start with one line naming it (see ``load_settings``).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Annotated, Literal
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pydantic import Field, SecretStr, ValidationError, ValidationInfo, field_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

#: the example token of ``.env.example``: a copied file must not look like a working one
PLACEHOLDER = "replace-with-the-token"
_TOKEN = re.compile(r"^\d{3,}:[A-Za-z0-9_-]{20,}$")

HINTS: dict[str, str] = {
    "bot_token": (
        "BOT_TOKEN is missing or malformed: create a bot with @BotFather in Telegram (/newbot), "
        "then put BOT_TOKEN=<the token it gives, like 123456:ABC-...> in .env"
    ),
    "bot_token_placeholder": (
        "BOT_TOKEN is still the placeholder of .env.example: create a bot with @BotFather in "
        "Telegram (/newbot), then put the token it gives in .env as BOT_TOKEN=..."
    ),
    "organizer_ids": "ORGANIZER_IDS must be Telegram user ids separated by commas, e.g. 1234,5678",
    "club_groups": "CLUB_GROUPS must be Telegram group ids separated by commas, e.g. -1001234",
    "timezone": "TIMEZONE must be an IANA time zone name, e.g. Europe/Moscow",
    "default_language": "DEFAULT_LANGUAGE must be ru or en",
    "log_level": "LOG_LEVEL must be one of DEBUG, INFO, WARNING, ERROR",
    "webhook_url": "WEBHOOK_URL must be an https:// URL reachable by Telegram",
    "webhook_secret": (
        "WEBHOOK_SECRET must be set in webhook mode (WEBHOOK_URL): 16-256 characters of A-Z, a-z, "
        "0-9, _ and -, e.g. from python3 -c 'import secrets; print(secrets.token_urlsafe(32))'"
    ),
    "database_url": (
        "DATABASE_URL must be empty (SQLite at DATABASE_PATH) or a PostgreSQL address, "
        "postgresql://user:password@host:5432/club"
    ),
    "leader_check_seconds": "LEADER_CHECK_SECONDS must be a number of seconds (1-60)",
    "webhook_port": "WEBHOOK_PORT must be a port number (1-65535)",
    "telegram_api_url": "TELEGRAM_API_URL must be an http(s):// URL or empty",
    "web_port": "WEB_PORT must be a port number (1-65535) or empty",
    "public_url": "PUBLIC_URL must be an http(s):// URL (https for the Telegram Mini App) or empty",
}


class SettingsError(Exception):
    """A setting is missing or invalid; the message is one line for the operator."""


class Settings(BaseSettings):
    """Every setting of the bot; `.env.example` documents each one."""

    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    bot_token: SecretStr
    database_path: Path = Path("data/club.db")
    #: a PostgreSQL database instead of the SQLite file (``db.postgres``): several bot
    #: processes may share it, one of them the leader (``bot.leader``)
    database_url: SecretStr = SecretStr("")
    #: how often a standby process checks whether the leader's lease is free
    leader_check_seconds: float = Field(default=3.0, ge=1, le=60)
    organizer_ids: Annotated[frozenset[int], NoDecode] = frozenset()
    #: the club's own groups (``bot.roles.Roles.club_groups``): their admins change what is the
    #: club's (the card list, the banned lists); the groups of tournaments created by
    #: ``ORGANIZER_IDS`` are the club's too
    club_groups: Annotated[frozenset[int], NoDecode] = frozenset()
    #: what the judges of a group that is not the club's see of the club (issue 29): in a
    #: penalty's answer, the kinds and dates of a player's penalties given in the club's groups
    #: (on by default: a judge learns of a repeated offence; the reasons never leave the
    #: judges of the tournament they were given in, whatever this says) ...
    penalties_to_other_groups: bool = True
    #: ... and the club's rating table (``/rating``) posted in their group (off by default: the
    #: table is the club's; its players read it in the club's groups and privately)
    ratings_to_other_groups: bool = False
    timezone: str = "Europe/Moscow"
    default_language: Literal["ru", "en"] = "ru"
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR"] = "INFO"
    telegram_api_url: str = ""
    webhook_url: str = ""
    #: required in webhook mode (see ``_secret``): without it anyone could post forged updates
    webhook_secret: str = Field(default="", validate_default=True)
    #: the TLS proxy in front runs on the same machine, so nothing else needs to reach the port
    webhook_host: str = "127.0.0.1"
    webhook_port: int = Field(default=8080, ge=1, le=65535)
    webhook_path: str = "/telegram/webhook"
    #: the web board (``bot.web``): in polling mode served on this port when set; in webhook
    #: mode on the webhook's own server
    web_port: int | None = Field(default=None, ge=1, le=65535)
    web_host: str = "127.0.0.1"
    #: where people reach the web board (its links); https also gives the Mini App button
    public_url: str = ""
    #: what the web board's visitors may hold (``bot.web.gate``): connections in all and from
    #: one address, event streams from one address, seconds to send a request, requests a
    #: second from one address (Telegram's webhook networks are never bounded)
    web_connections: int = Field(default=512, ge=1, le=100_000)
    web_connections_per_address: int = Field(default=32, ge=1, le=100_000)
    web_streams_per_address: int = Field(default=8, ge=1, le=10_000)
    web_header_seconds: float = Field(default=10, gt=0, le=300)
    web_requests_per_second: float = Field(default=20, gt=0, le=10_000)
    confirmation_minutes: int = Field(default=10, ge=1, le=1440)
    #: where the bot may not pin, the board is posted again after this many of its messages
    #: in the group (``bot.boards``); 0: never
    board_repost_after: int = Field(default=10, ge=0, le=1000)
    # One person's requests in one chat per window (bot.flood); 0 turns the throttle off.
    flood_limit: int = Field(default=20, ge=0, le=10_000)
    flood_seconds: int = Field(default=60, ge=1, le=3600)
    #: how long the start keeps trying while Telegram cannot be reached (``bot.startup``)
    startup_retry_seconds: int = Field(default=120, ge=0, le=3600)
    clock_file: str = ""  # tests and simulations only: see bot.clock.FileClock
    koth_k: float = Field(default=20, gt=0, le=100)
    berserk_k: float = Field(default=16, gt=0, le=100)

    @field_validator("bot_token")
    @classmethod
    def _token_shape(cls, value: SecretStr) -> SecretStr:
        if PLACEHOLDER in value.get_secret_value():
            raise ValueError("placeholder")
        if not _TOKEN.match(value.get_secret_value().strip()):
            raise ValueError("malformed token")
        return SecretStr(value.get_secret_value().strip())

    @field_validator("organizer_ids", "club_groups", mode="before")
    @classmethod
    def _split_ids(cls, value: object) -> object:
        if isinstance(value, str):
            return frozenset(
                int(part) for part in value.replace(";", ",").split(",") if part.strip()
            )
        return value

    @field_validator("timezone")
    @classmethod
    def _known_zone(cls, value: str) -> str:
        try:
            ZoneInfo(value)
        except (ZoneInfoNotFoundError, ValueError) as exc:
            raise ValueError("unknown time zone") from exc
        return value

    @field_validator("telegram_api_url")
    @classmethod
    def _api_url(cls, value: str) -> str:
        if value and not value.startswith(("http://", "https://")):
            raise ValueError("not an http(s) URL")
        return value.rstrip("/")

    @field_validator("web_port", mode="before")
    @classmethod
    def _empty_port(cls, value: object) -> object:
        return None if value == "" else value

    @field_validator("public_url")
    @classmethod
    def _public_url(cls, value: str) -> str:
        if value and not value.startswith(("http://", "https://")):
            raise ValueError("not an http(s) URL")
        return value.rstrip("/")

    @field_validator("webhook_url")
    @classmethod
    def _webhook_url(cls, value: str) -> str:
        if value and not value.startswith("https://"):
            raise ValueError("not an https URL")
        return value

    @field_validator("webhook_secret")
    @classmethod
    def _secret(cls, value: str, info: ValidationInfo) -> str:
        """Telegram allows 1-256 characters; 16 is our floor, so it cannot be guessed."""
        if not value and not info.data.get("webhook_url"):
            return value  # long polling: no secret needed
        if not re.fullmatch(r"[A-Za-z0-9_-]{16,256}", value):
            raise ValueError("missing, too short or bad characters")
        return value

    @field_validator("database_url")
    @classmethod
    def _database_url(cls, value: SecretStr) -> SecretStr:
        text = value.get_secret_value().strip()
        if text and not text.startswith(("postgresql://", "postgres://")):
            raise ValueError("not a postgresql:// address")
        return SecretStr(text)

    @property
    def database(self) -> Path | str:
        """Where the database is: the PostgreSQL address when ``DATABASE_URL`` is set, else
        the SQLite file (``db.database.Database.open``)."""
        return self.database_url.get_secret_value() or self.database_path

    @property
    def zone(self) -> ZoneInfo:
        return ZoneInfo(self.timezone)


def load_settings(**overrides: object) -> Settings:
    """Read the settings; raise ``SettingsError`` with one clear line when one is wrong."""
    try:
        return Settings(**overrides)  # type: ignore[arg-type]
    except ValidationError as exc:
        error = exc.errors()[0]
        field = str(error["loc"][0]) if error["loc"] else "settings"
        if field == "bot_token" and "placeholder" in error["msg"]:
            field = "bot_token_placeholder"
        hint = HINTS.get(field, f"{field.upper()}: {error['msg']}")
        raise SettingsError(hint) from None
