"""Webhook mode: the same dispatcher behind aiohttp, refusing posts without the secret."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from aiohttp.test_utils import BaseTestServer, TestClient, TestServer

from bot.main import build_services, close_services, create_dispatcher, webhook_application
from bot.pacing import Limits
from tests.clock import ManualClock
from tests.e2e.drivers.webhook import SECRET, update, webhook_settings
from tests.e2e.emulator import BotApiEmulator


async def test_webhook_checks_the_secret_and_answers(
    emu: BotApiEmulator, clock: ManualClock, tmp_path: Path
) -> None:
    settings = webhook_settings(emu, tmp_path)
    app = await build_services(settings, clock=clock, limits=Limits.unlimited())
    dp = create_dispatcher(app)
    ann = emu.add_user(31, "Ann", language_code="en")
    await ann.start()  # the private chat exists, so the bot may answer there
    async with TestClient(TestServer(webhook_application(app, dp))) as client:
        path = settings.webhook_path
        refused = await client.post(path, json=update(1, ann.api_dict()))
        assert refused.status == 401
        wrong = await client.post(
            path,
            json=update(2, ann.api_dict()),
            headers={"X-Telegram-Bot-Api-Secret-Token": "wrong"},
        )
        assert wrong.status == 401
        accepted = await client.post(
            path,
            json=update(3, ann.api_dict()),
            headers={"X-Telegram-Bot-Api-Secret-Token": SECRET},
        )
        assert accepted.status == 200
        reply = await emu.wait_bot_message(ann.id, contains="Players")
        assert "/register" in reply.plain
    assert len([m for m in emu.bot_messages(ann.id) if "Players" in m.plain]) == 1
    await close_services(app)


async def raw_post(server: BaseTestServer, path: str, secret: bytes | None, body: bytes) -> int:
    """The status of a POST whose secret header is sent as these exact bytes (a client library
    would refuse to send non-ASCII ones)."""
    reader, writer = await asyncio.open_connection(server.host, server.port)
    head = [
        f"POST {path} HTTP/1.1".encode(),
        f"Host: {server.host}".encode(),
        b"Content-Type: application/json",
        f"Content-Length: {len(body)}".encode(),
        b"Connection: close",
    ]
    if secret is not None:
        head.append(b"X-Telegram-Bot-Api-Secret-Token: " + secret)
    writer.write(b"\r\n".join(head) + b"\r\n\r\n" + body)
    await writer.drain()
    status_line = await reader.readline()
    writer.close()
    await writer.wait_closed()
    return int(status_line.split()[1])


@pytest.mark.parametrize(
    "secret",
    [
        None,
        b"",
        b"wrong",
        "секрет".encode(),  # valid UTF-8, not ASCII
        b"\xff\xfe" + SECRET.encode(),  # not UTF-8 at all
        SECRET.encode() + b"\xc3",
        SECRET[:-1].encode(),
        SECRET.encode() + b"x",
    ],
)
async def test_webhook_refuses_any_other_header_with_401(
    emu: BotApiEmulator, clock: ManualClock, tmp_path: Path, secret: bytes | None
) -> None:
    """Issue 10, item 2: a missing, wrong or non-ASCII secret header is a 401, never a 500."""
    settings = webhook_settings(emu, tmp_path)
    app = await build_services(settings, clock=clock, limits=Limits.unlimited())
    dp = create_dispatcher(app)
    ann = emu.add_user(32, "Ann", language_code="en")
    body = json.dumps(update(1, ann.api_dict())).encode()
    try:
        async with TestServer(webhook_application(app, dp)) as server:
            assert await raw_post(server, settings.webhook_path, secret, body) == 401
            assert await raw_post(server, settings.webhook_path, SECRET.encode(), body) == 200
    finally:
        await close_services(app)
