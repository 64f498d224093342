import subprocess
import sys
from pathlib import Path

import pytest

from bot.settings import SettingsError, load_settings

TOKEN = "123456:ABCDEFGHIJKLMNOPQRSTUVWXYZ"


@pytest.fixture(autouse=True)
def clean_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    names = ("BOT_TOKEN", "ORGANIZER_IDS", "TIMEZONE", "DEFAULT_LANGUAGE", "WEBHOOK_URL")
    for name in (*names, "WEBHOOK_SECRET", "WEBHOOK_HOST"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)  # no .env of the developer's


def test_missing_token_names_the_setting_and_how_to_get_one() -> None:
    with pytest.raises(SettingsError) as info:
        load_settings()
    assert "BOT_TOKEN" in str(info.value) and "@BotFather" in str(info.value)


@pytest.mark.parametrize("token", ["", "abc", "123:short", "notdigits:ABCDEFGHIJKLMNOPQRSTUVWXYZ"])
def test_malformed_token_is_refused(token: str) -> None:
    with pytest.raises(SettingsError, match="BOT_TOKEN"):
        load_settings(bot_token=token)


def test_defaults() -> None:
    settings = load_settings(bot_token=TOKEN)
    assert settings.database_path == Path("data/club.db")
    assert settings.timezone == "Europe/Moscow"
    assert settings.default_language == "ru"
    assert settings.organizer_ids == frozenset()


def test_organizer_ids_from_comma_list(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BOT_TOKEN", TOKEN)
    monkeypatch.setenv("ORGANIZER_IDS", "12, 34,56")
    assert load_settings().organizer_ids == frozenset({12, 34, 56})


@pytest.mark.parametrize(
    ("name", "value", "word"),
    [
        ("ORGANIZER_IDS", "12,abc", "ORGANIZER_IDS"),
        ("TIMEZONE", "Mars/Olympus", "TIMEZONE"),
        ("DEFAULT_LANGUAGE", "de", "DEFAULT_LANGUAGE"),
        ("WEBHOOK_URL", "http://insecure", "WEBHOOK_URL"),
        ("WEBHOOK_PORT", "99999", "WEBHOOK_PORT"),
        ("TELEGRAM_API_URL", "ftp://x", "TELEGRAM_API_URL"),
    ],
)
def test_invalid_setting_is_named(
    monkeypatch: pytest.MonkeyPatch, name: str, value: str, word: str
) -> None:
    monkeypatch.setenv("BOT_TOKEN", TOKEN)
    monkeypatch.setenv(name, value)
    with pytest.raises(SettingsError) as info:
        load_settings()
    assert word in str(info.value)
    assert "\n" not in str(info.value)


def test_dotenv_file_is_read(tmp_path: Path) -> None:
    (tmp_path / ".env").write_text(f"BOT_TOKEN={TOKEN}\nDEFAULT_LANGUAGE=en\n")
    assert load_settings().default_language == "en"


def test_program_without_token_exits_nonzero_with_one_line(tmp_path: Path) -> None:
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
    )
    assert done.returncode != 0
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and "BOT_TOKEN" in lines[0]


@pytest.mark.parametrize("secret", ["", "short", "x" * 15, "sixteen-chars-ok" + "?"])
def test_webhook_mode_needs_a_real_secret(secret: str) -> None:
    """Issue 10, item 2: without a secret anyone could post forged updates to the webhook."""
    with pytest.raises(SettingsError) as info:
        load_settings(bot_token=TOKEN, webhook_url="https://bot.example.org", webhook_secret=secret)
    assert "WEBHOOK_SECRET" in str(info.value) and "\n" not in str(info.value)


def test_webhook_mode_with_a_secret_listens_on_localhost_by_default() -> None:
    settings = load_settings(
        bot_token=TOKEN, webhook_url="https://bot.example.org", webhook_secret="a" * 16
    )
    assert settings.webhook_secret == "a" * 16
    assert settings.webhook_host == "127.0.0.1"  # the TLS proxy is on the same machine
    assert load_settings(bot_token=TOKEN).webhook_secret == ""  # polling needs none


def test_program_in_webhook_mode_without_secret_exits_with_one_line(tmp_path: Path) -> None:
    env = {
        "PATH": "/usr/bin:/bin",
        "HOME": str(tmp_path),
        "BOT_TOKEN": TOKEN,
        "WEBHOOK_URL": "https://bot.example.org",
    }
    done = subprocess.run(
        [sys.executable, "-m", "bot", "--webhook"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
    )
    assert done.returncode != 0
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and "WEBHOOK_SECRET" in lines[0], lines
    assert not (tmp_path / "data").exists()  # refused before anything was opened


async def test_file_clock_follows_the_file_and_tells_listeners(tmp_path: Path) -> None:
    import asyncio
    from datetime import UTC, datetime

    from bot.clock import FileClock

    path = tmp_path / "now"
    path.write_text("2026-11-30T10:00:00+00:00")
    clock = FileClock(str(path), poll_seconds=0.01)
    assert clock.now() == datetime(2026, 11, 30, 10, tzinfo=UTC)
    jumps: list[datetime] = []
    clock.subscribe(lambda: jumps.append(clock.now()))
    clock.start()
    path.write_text("2026-11-30T12:30:00+00:00")
    for _ in range(200):
        if jumps:
            break
        await asyncio.sleep(0.01)
    clock.stop()
    assert jumps == [datetime(2026, 11, 30, 12, 30, tzinfo=UTC)]


def test_file_clock_reads_a_time_without_an_offset_as_the_clubs(tmp_path: Path) -> None:
    """ "2026-11-30 21:00" in Moscow is 18:00 UTC (it used to be ignored: the real time ran)."""
    from datetime import UTC, datetime
    from zoneinfo import ZoneInfo

    from bot.clock import FileClock
    from bot.settings import load_settings

    path = tmp_path / "now"
    path.write_text("2026-11-30 21:00\n")
    settings = load_settings(bot_token="123456789:TEST-token-abcdefghijklmnop", _env_file=None)
    assert settings.zone == ZoneInfo("Europe/Moscow")
    clock = FileClock(str(path), zone=settings.zone)
    assert clock.now() == datetime(2026, 11, 30, 18, 0, tzinfo=UTC)
    path.write_text("2026-06-15T09:30")  # summer, no DST in Moscow: still UTC+3
    assert FileClock(str(path), zone=ZoneInfo("Europe/Moscow")).now() == datetime(
        2026, 6, 15, 6, 30, tzinfo=UTC
    )
    path.write_text("2026-11-30T21:00+01:00")  # an offset is kept
    assert FileClock(str(path), zone=ZoneInfo("Europe/Moscow")).now() == datetime(
        2026, 11, 30, 20, 0, tzinfo=UTC
    )
