"""Webhook mode's endpoint (``bot.webhook.InboxWebhook``): a post with the exact secret is
stored in the inbox and answered at once, waking this process's handling; one without it is
refused and stores nothing; a body that is no update is refused; a post repeated is stored once."""

from __future__ import annotations

from pathlib import Path

from aiohttp.test_utils import TestClient, TestServer

from bot.main import build_services, close_services
from bot.pacing import Limits
from bot.webhook import SECRET_HEADER, inbox_webhook_app
from db import inbox
from tests.clock import ManualClock
from tests.e2e.drivers.webhook import SECRET, update, webhook_settings
from tests.e2e.emulator import BotApiEmulator


async def test_the_endpoint_stores_what_it_accepts_and_wakes_the_handling(
    emu: BotApiEmulator, clock: ManualClock, tmp_path: Path
) -> None:
    settings = webhook_settings(emu, tmp_path)
    app = await build_services(settings, clock=clock, limits=Limits.unlimited())
    woken: list[bool] = []
    ann = emu.add_user(31, "Ann", language_code="en").api_dict()
    web_app = inbox_webhook_app(settings, app.db, app.web_boards, lambda: woken.append(True))
    path = settings.webhook_path
    async with TestClient(TestServer(web_app)) as client:
        assert (await client.post(path, json=update(1, ann))).status == 401
        wrong = {SECRET_HEADER: "wrong"}
        assert (await client.post(path, json=update(2, ann), headers=wrong)).status == 401
        right = {SECRET_HEADER: SECRET}
        assert (await client.post(path, data=b"{not json", headers=right)).status == 400
        assert woken == []
        for _ in range(2):  # Telegram repeats a post whose answer it did not see
            assert (await client.post(path, json=update(3, ann), headers=right)).status == 200
    async with app.db.read() as tx:
        stored = await inbox.pending(tx)
    await close_services(app)
    assert [update_id for update_id, _ in stored] == [3]
    assert '"text":"/help"' in stored[0][1]
    assert woken == [True, True]
    assert not emu.bot_messages(31)  # stored, not handled: no handling runs here
