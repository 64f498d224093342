"""Tests of the Bot API emulator, driven by a real aiogram Bot (and Dispatcher for polling)."""

from __future__ import annotations

import asyncio
import contextlib
import io
import time
from collections.abc import AsyncIterator

import pytest
from aiogram import Bot, Dispatcher
from aiogram.exceptions import (
    TelegramBadRequest,
    TelegramForbiddenError,
    TelegramMigrateToChat,
    TelegramNetworkError,
    TelegramNotFound,
    TelegramRetryAfter,
    TelegramServerError,
    TelegramUnauthorizedError,
)
from aiogram.methods import GetMyName
from aiogram.types import (
    BotCommand,
    BotCommandScopeChat,
    BufferedInputFile,
    CallbackQuery,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    KeyboardButton,
    LinkPreviewOptions,
    Message,
    ReplyKeyboardMarkup,
    ReplyParameters,
)

from tests.e2e.emulator import NOT_MODIFIED, BotApiEmulator, Fault, RateLimits
from tests.e2e.emulator_html import EntityParseError, html_to_plain, parse_html

pytestmark = pytest.mark.e2e

TOKEN = "424242:emulator-test-token"


@pytest.fixture
async def emu() -> AsyncIterator[BotApiEmulator]:
    # Flood limits are off by default here; the rate-limit tests switch them on explicitly.
    limits = RateLimits.disabled()
    async with BotApiEmulator(token=TOKEN, bot_username="club_bot", rate_limits=limits) as emulator:
        yield emulator


@pytest.fixture
async def bot(emu: BotApiEmulator) -> AsyncIterator[Bot]:
    bot = emu.make_bot()
    yield bot
    await bot.session.close()


def kb(*buttons: tuple[str, str]) -> InlineKeyboardMarkup:
    return InlineKeyboardMarkup(
        inline_keyboard=[[InlineKeyboardButton(text=t, callback_data=d)] for t, d in buttons]
    )


@contextlib.asynccontextmanager
async def polling(dp: Dispatcher, bot: Bot) -> AsyncIterator[None]:
    task = asyncio.create_task(
        dp.start_polling(bot, handle_signals=False, polling_timeout=1, close_bot_session=False)
    )
    try:
        yield
    finally:
        await dp.stop_polling()
        await asyncio.wait_for(task, 5)


# -- basics ------------------------------------------------------------------------------------


async def test_get_me_and_auth(emu: BotApiEmulator, bot: Bot) -> None:
    me = await bot.get_me()
    assert me.id == 424242 and me.is_bot and me.username == "club_bot"
    stranger = Bot("1:wrong", session=emu.session())
    with pytest.raises(TelegramUnauthorizedError):
        await stranger.get_me()
    await stranger.session.close()
    assert await bot.delete_webhook() is True
    assert await bot.log_out() is True
    assert emu.requests[0].method == "getMe" and emu.requests[0].status == 200
    assert emu.stats.by_status[401] == 1


def image(size: tuple[int, int], kind: str = "PNG") -> bytes:
    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", size, "white").save(out, format=kind)
    return out.getvalue()


async def test_send_photo_keeps_the_picture_and_refuses_what_telegram_refuses(
    emu: BotApiEmulator, bot: Bot
) -> None:
    ann = emu.add_user(11, "Ann")
    await ann.start()
    png = image((640, 360))
    sent = await bot.send_photo(
        ann.id, BufferedInputFile(png, "a.png"), caption="<b>Сетка</b>", parse_mode="HTML"
    )
    assert sent.photo is not None and (sent.photo[-1].width, sent.photo[-1].height) == (640, 360)
    assert sent.caption == "Сетка"
    shown = emu.last_bot_message(ann.id)
    assert shown is not None and shown.photo is not None and shown.photo.content == png
    assert shown.plain == "Сетка"
    jpeg = await bot.send_photo(ann.id, BufferedInputFile(image((300, 500), "JPEG"), "b.jpg"))
    assert jpeg.photo is not None and (jpeg.photo[-1].width, jpeg.photo[-1].height) == (300, 500)
    with pytest.raises(TelegramBadRequest, match="IMAGE_PROCESS_FAILED"):
        await bot.send_photo(ann.id, BufferedInputFile(b"not a picture", "c.png"))
    with pytest.raises(TelegramBadRequest, match="PHOTO_INVALID_DIMENSIONS"):
        await bot.send_photo(ann.id, BufferedInputFile(image((2100, 100)), "d.png"))
    with pytest.raises(TelegramBadRequest, match="no photo"):
        await bot.send_photo(ann.id, "some-file-id")


async def test_send_document_keeps_the_file_and_its_caption(emu: BotApiEmulator, bot: Bot) -> None:
    ann = emu.add_user(11, "Ann")
    await ann.start()
    sent = await bot.send_document(
        ann.id,
        BufferedInputFile("rank,name\n1,Аня\n".encode(), filename="t.csv"),
        caption="<b>Кубок</b> (CSV)",
        parse_mode="HTML",
    )
    assert sent.document is not None and sent.document.file_name == "t.csv"
    assert sent.caption == "Кубок (CSV)" and sent.text is None
    shown = emu.last_bot_message(ann.id)
    assert shown is not None and shown.document is not None
    assert shown.document.content.decode() == "rank,name\n1,Аня\n"
    assert shown.plain == "Кубок (CSV)"
    with pytest.raises(TelegramBadRequest, match="no document"):
        await bot.send_document(ann.id, "some-file-id")
    with pytest.raises(TelegramBadRequest, match="can't parse entities"):
        await bot.send_document(
            ann.id, BufferedInputFile(b"x", "x.csv"), caption="<b>open", parse_mode="HTML"
        )


async def test_unknown_method_is_404(emu: BotApiEmulator, bot: Bot) -> None:
    import aiohttp

    async with (
        aiohttp.ClientSession() as http,
        http.post(f"{emu.url}/bot{TOKEN}/fooBar", data={"a": "1"}) as resp,
    ):
        body = await resp.json()
    assert resp.status == 404
    assert body == {"ok": False, "error_code": 404, "description": "Not Found"}
    with pytest.raises(TelegramNotFound):
        await bot(GetMyName())  # a method the emulator does not implement


async def test_json_body_is_accepted(emu: BotApiEmulator) -> None:
    import aiohttp

    user = emu.add_user(5, "Json")
    await user.start()
    async with (
        aiohttp.ClientSession() as http,
        http.post(
            f"{emu.url}/bot{TOKEN}/sendMessage",
            json={"chat_id": 5, "text": "hi", "reply_markup": {"inline_keyboard": []}},
        ) as resp,
    ):
        body = await resp.json()
    assert resp.status == 200 and body["result"]["text"] == "hi"


# -- updates -----------------------------------------------------------------------------------


async def test_get_updates_offsets(emu: BotApiEmulator, bot: Bot) -> None:
    alice = emu.add_user(1, "Alice", username="alice")
    await alice.start()
    await alice.send(None, "hello")
    await alice.send(None, "world")
    first = await bot.get_updates(limit=2)
    assert [u.update_id for u in first] == [1, 2]
    assert first[0].message is not None and first[0].message.text == "/start"
    entities = first[0].message.entities or []
    assert entities[0].type == "bot_command" and entities[0].length == 6
    # Without confirmation the same updates come again.
    again = await bot.get_updates()
    assert [u.update_id for u in again] == [1, 2, 3]
    confirmed = await bot.get_updates(offset=3)
    assert [u.update_id for u in confirmed] == [3]
    assert await bot.get_updates(offset=4) == []
    assert emu.pending_updates() == 0


async def test_long_poll_wakes_up_on_update(emu: BotApiEmulator, bot: Bot) -> None:
    bob = emu.add_user(2, "Bob")
    started = time.monotonic()
    poll = asyncio.create_task(bot.get_updates(timeout=5))
    await asyncio.sleep(0.05)
    assert not poll.done()
    await bob.start()
    updates = await asyncio.wait_for(poll, 2)
    assert len(updates) == 1 and time.monotonic() - started < 1.5
    # An empty long poll returns after its timeout.
    started = time.monotonic()
    assert await bot.get_updates(offset=updates[0].update_id + 1, timeout=1) == []
    assert 0.9 < time.monotonic() - started < 2


async def test_duplicate_update_is_delivered_twice(emu: BotApiEmulator, bot: Bot) -> None:
    alice = emu.add_user(1, "Alice")
    emu.duplicate_next_update()
    await alice.start()
    updates = await bot.get_updates(limit=1)
    assert [u.update_id for u in updates] == [1]
    # Confirming update 1 does not drop the not-yet-delivered duplicate.
    updates = await bot.get_updates(offset=2)
    assert [u.update_id for u in updates] == [1]
    assert await bot.get_updates(offset=2) == []


async def test_duplicate_update_reaches_handler_twice(emu: BotApiEmulator, bot: Bot) -> None:
    seen: list[int] = []
    dp = Dispatcher()

    @dp.message()
    async def echo(message: Message) -> None:
        seen.append(message.message_id)
        await message.answer(f"echo: {message.text}")

    alice = emu.add_user(1, "Alice")
    emu.duplicate_next_update()
    async with polling(dp, bot):
        await alice.start()
        await alice.wait_message(contains="echo: /start")
        await alice.wait_message(contains="echo: /start")
        await emu.idle(quiet=0.05)
    assert seen == [1, 1]


async def test_reorder_next(emu: BotApiEmulator, bot: Bot) -> None:
    alice = emu.add_user(1, "Alice")
    emu.reorder_next(3)
    for text in ("one", "two", "three"):
        await alice.send(None, text)
    updates = await bot.get_updates()
    texts = [u.message.text for u in updates if u.message]
    assert texts == ["three", "two", "one"]
    assert [u.update_id for u in updates] == sorted(u.update_id for u in updates)


async def test_dispatcher_echo_flow(emu: BotApiEmulator, bot: Bot) -> None:
    dp = Dispatcher()

    @dp.message()
    async def echo(message: Message) -> None:
        await message.answer(f"<b>echo</b>: {message.text}", parse_mode="HTML")

    users = [emu.add_user(100 + i, f"U{i}") for i in range(20)]
    async with polling(dp, bot):
        await asyncio.gather(*(u.start() for u in users))
        for u in users:
            reply = await u.wait_message(contains="echo: /start")
            assert reply.from_bot and reply.raw_text == "<b>echo</b>: /start"
            assert reply.entities == [{"type": "bold", "offset": 0, "length": 4}]
        await emu.idle(quiet=0.05)
        assert emu.pending_updates() == 0
        # "Nothing changed": no further bot message.
        with pytest.raises(TimeoutError):
            await users[0].wait_message(timeout=0.1)


async def test_wait_bot_message_sees_edits_and_cursor(emu: BotApiEmulator, bot: Bot) -> None:
    alice = emu.add_user(1, "Alice")
    await alice.start()
    first = await bot.send_message(1, "first")
    await bot.send_message(1, "second")
    assert (await alice.wait_message()).text == "first"
    assert (await alice.wait_message()).text == "second"
    await bot.edit_message_text("first, edited", chat_id=1, message_id=first.message_id)
    edited = await emu.wait_bot_message(1, contains="edited")
    assert edited.message_id == first.message_id and edited.edits == 1
    assert emu.last_bot_message(1) is not None
    assert [m.text for m in emu.bot_messages(1)] == ["first, edited", "second"]
    marker = emu.mark()
    await bot.send_message(1, "third")
    found = await emu.wait_bot_message(1, since=marker)
    assert found.text == "third"
    value = await emu.wait_for(lambda: len(emu.bot_messages(1)) == 3 and "ok", timeout=1)
    assert value == "ok"


# -- text rules --------------------------------------------------------------------------------


async def test_message_length_limits(emu: BotApiEmulator, bot: Bot) -> None:
    alice = emu.add_user(1, "Alice")
    await alice.start()
    await bot.send_message(1, "x" * 4096)
    with pytest.raises(TelegramBadRequest, match="message is too long"):
        await bot.send_message(1, "x" * 4097)
    # The limit applies to the visible text, after HTML parsing.
    await bot.send_message(1, "<b>" + "y" * 4096 + "</b>", parse_mode="HTML")
    await bot.send_message(1, "&lt;" * 4096, parse_mode="HTML")
    with pytest.raises(TelegramBadRequest, match="message is too long"):
        await bot.send_message(1, "&amp;" * 4097, parse_mode="HTML")
    # UTF-16 code units: an emoji outside the BMP counts twice.
    await bot.send_message(1, "😀" * 2048)
    with pytest.raises(TelegramBadRequest, match="message is too long"):
        await bot.send_message(1, "😀" * 2049)
    with pytest.raises(TelegramBadRequest, match="message text is empty"):
        await bot.send_message(1, "<b> </b>\n", parse_mode="HTML")
    assert emu.stats.by_status[400] == 4


async def test_callback_data_size(emu: BotApiEmulator, bot: Bot) -> None:
    alice = emu.add_user(1, "Alice")
    await alice.start()
    await bot.send_message(1, "ok", reply_markup=kb(("a", "x" * 64)))
    with pytest.raises(TelegramBadRequest, match="BUTTON_DATA_INVALID"):
        await bot.send_message(1, "bad", reply_markup=kb(("a", "x" * 65)))
    # Bytes, not characters: 33 Cyrillic letters are 66 bytes.
    with pytest.raises(TelegramBadRequest, match="BUTTON_DATA_INVALID"):
        await bot.send_message(1, "bad", reply_markup=kb(("a", "я" * 33)))
    with pytest.raises(TelegramBadRequest, match="BUTTON_DATA_INVALID"):
        await bot.send_message(1, "bad", reply_markup=kb(("a", "")))


BAD_HTML = [
    ("1 < 2", "Unsupported start tag"),
    ("<b>bold", 'Can\'t find end tag corresponding to start tag "b"'),
    ("<b><i>x</b></i>", "Unmatched end tag"),
    ("x</b>", "Unexpected end tag"),
    ("<foo>x</foo>", 'Unsupported start tag "foo"'),
    ("Tom & Jerry", "byte offset 4"),
    ("&nbsp;", "Unsupported HTML entity"),
    ("<span>x</span>", 'must have class "tg-spoiler"'),
    ("<b", "Unclosed start tag"),
    ("<b>x</b", "Unclosed end tag"),
    ('<a href="http://x.y>x</a>', "Unclosed start tag"),
    ("<tg-emoji>x</tg-emoji>", "emoji-id"),
]

GOOD_HTML = [
    ("<b>bold</b> <strong>s</strong> <i>i</i> <em>e</em>", "bold s i e"),
    ("<u>u</u><ins>i</ins><s>s</s><strike>k</strike><del>d</del>", "uiskd"),
    ('<span class="tg-spoiler">x</span><tg-spoiler>y</tg-spoiler>', "xy"),
    ('<a href="https://example.com/?a=1&amp;b=2">link</a>', "link"),
    ("<code>x &lt; y</code>", "x < y"),
    ('<pre><code class="language-python">print(1)</code></pre>', "print(1)"),
    ("<blockquote expandable>q</blockquote><blockquote>r</blockquote>", "qr"),
    ('<tg-emoji emoji-id="5368324170671202286">👍</tg-emoji>', "👍"),
    ("a &gt; b &amp;&amp; c &quot;d&quot; &#33; &#x41;", 'a > b && c "d" ! A'),
    ("2 > 1 <B>upper</B>", "2 > 1 upper"),
    ("<b>bold <i>both <u>three</u></i></b>", "bold both three"),
]


@pytest.mark.parametrize(("text", "error"), BAD_HTML)
async def test_bad_html_rejected(emu: BotApiEmulator, bot: Bot, text: str, error: str) -> None:
    alice = emu.add_user(1, "Alice")
    await alice.start()
    with pytest.raises(TelegramBadRequest, match="can't parse entities") as info:
        await bot.send_message(1, text, parse_mode="HTML")
    assert error in info.value.message
    with pytest.raises(EntityParseError):
        parse_html(text)


@pytest.mark.parametrize(("text", "visible"), GOOD_HTML)
async def test_good_html_accepted(emu: BotApiEmulator, bot: Bot, text: str, visible: str) -> None:
    alice = emu.add_user(1, "Alice")
    await alice.start()
    message = await bot.send_message(1, text, parse_mode="HTML")
    assert message.text == visible
    assert emu.last_bot_message(1) is not None
    assert html_to_plain(text) == visible


def test_html_entities_offsets_in_utf16() -> None:
    text, entities = parse_html(
        '😀 <b>жир</b> <a href="https://t.me">t</a> <pre><code class="language-py">x</code></pre>'
    )
    assert text == "😀 жир t x"
    assert entities == [
        {"type": "bold", "offset": 3, "length": 3},
        {"type": "text_link", "offset": 7, "length": 1, "url": "https://t.me"},
        {"type": "pre", "offset": 9, "length": 1, "language": "py"},
    ]
    assert html_to_plain("<b>a &lt; b</b> <unknown>") == "a < b "


async def test_markup_parse_errors_are_in_plain_messages_only(
    emu: BotApiEmulator, bot: Bot
) -> None:
    alice = emu.add_user(1, "Alice")
    await alice.start()
    message = await bot.send_message(1, "1 < 2 & <b>")  # no parse_mode: sent verbatim
    assert message.text == "1 < 2 & <b>"


# -- rate limits -------------------------------------------------------------------------------


async def test_per_chat_rate_limit(emu: BotApiEmulator, bot: Bot) -> None:
    emu.rate_limits = RateLimits(per_chat=1.0, per_chat_burst=2)
    alice = emu.add_user(1, "Alice")
    await alice.start()
    await bot.send_message(1, "one")
    await bot.send_message(1, "two")
    with pytest.raises(TelegramRetryAfter) as info:
        await bot.send_message(1, "three")
    assert info.value.retry_after == 1
    assert "Too Many Requests: retry after 1" in info.value.message
    assert emu.stats.rate_limited == 1 and emu.stats.too_many_requests == 1
    # Edits count against the per-chat bucket too.
    with pytest.raises(TelegramRetryAfter):
        await bot.edit_message_text("edited", chat_id=1, message_id=2)
    # Another chat is unaffected; after the retry delay the chat works again.
    bob = emu.add_user(2, "Bob")
    await bob.start()
    await bot.send_message(2, "hi bob")
    await asyncio.sleep(1.0)
    await bot.send_message(1, "three, later")


async def test_group_and_global_rate_limits(emu: BotApiEmulator, bot: Bot) -> None:
    emu.rate_limits = RateLimits(
        per_chat=100, per_chat_burst=100, per_group_per_minute=3, global_per_second=5
    )
    emu.add_group(-100, "Club", members=[])
    for i in range(3):
        await bot.send_message(-100, f"group {i}")
    with pytest.raises(TelegramRetryAfter) as info:
        await bot.send_message(-100, "too much")
    assert info.value.retry_after == 20  # one message per 3 s... 20/min -> bucket of 3/min
    users = [emu.add_user(10 + i, f"U{i}") for i in range(5)]
    for u in users:
        await u.start()
    sent = 0
    with pytest.raises(TelegramRetryAfter):
        for u in users:
            await bot.send_message(u.id, "hi")
            sent += 1
    assert sent == 2  # 3 group messages + 2 private = the global burst of 5
    emu.rate_limits = RateLimits.disabled()
    for u in users:
        await bot.send_message(u.id, "unlimited")


# -- faults ------------------------------------------------------------------------------------


async def test_injected_faults(emu: BotApiEmulator, bot: Bot) -> None:
    alice = emu.add_user(1, "Alice")
    await alice.start()
    emu.inject("sendMessage", Fault.server_error(502))
    with pytest.raises(TelegramServerError, match="Bad Gateway"):
        await bot.send_message(1, "x")
    emu.inject("sendMessage", Fault.server_error())
    with pytest.raises(TelegramServerError):
        await bot.send_message(1, "x")
    emu.inject("sendMessage", Fault.too_many_requests(7))
    with pytest.raises(TelegramRetryAfter) as info:
        await bot.send_message(1, "x")
    assert info.value.retry_after == 7
    emu.inject("sendMessage", Fault.connection_reset())
    with pytest.raises(TelegramNetworkError):
        await bot.send_message(1, "x")
    emu.inject("sendMessage", Fault.slow(0.2))
    started = time.monotonic()
    await bot.send_message(1, "slow but fine")
    assert time.monotonic() - started >= 0.2
    emu.inject("*", Fault.hang(), times=1)
    with pytest.raises(TelegramNetworkError, match="timeout"):
        await bot.get_me(request_timeout=1)
    assert [m.text for m in emu.bot_messages(1)] == ["slow but fine"]
    assert emu.stats.injected_faults == 6
    assert [r.fault for r in emu.requests if r.fault] == [
        "server_error",
        "server_error",
        "retry_after",
        "reset",
        "delay",
        "timeout",
    ]


async def test_fault_on_get_updates_is_survived_by_polling(emu: BotApiEmulator, bot: Bot) -> None:
    dp = Dispatcher()

    @dp.message()
    async def echo(message: Message) -> None:
        await message.answer("pong")

    alice = emu.add_user(1, "Alice")
    emu.inject("getUpdates", Fault.server_error(502), times=1)
    async with polling(dp, bot):
        await alice.start()
        await alice.wait_message(contains="pong", timeout=5)
    assert emu.stats.by_status[502] == 1


# -- users and chats ---------------------------------------------------------------------------


async def test_blocked_and_not_started_users(emu: BotApiEmulator, bot: Bot) -> None:
    alice = emu.add_user(1, "Alice")
    with pytest.raises(TelegramForbiddenError, match="can't initiate conversation"):
        await bot.send_message(1, "hi")
    await alice.start()
    await bot.send_message(1, "hi")
    alice.block_bot()
    with pytest.raises(TelegramForbiddenError, match="bot was blocked by the user"):
        await bot.send_message(1, "hi")
    updates = await bot.get_updates()
    member = updates[-1].my_chat_member
    assert member is not None and member.new_chat_member.status == "kicked"
    with pytest.raises(TelegramBadRequest, match="chat not found"):
        await bot.send_message(999, "nobody")
    await alice.send(None, "I'm back")  # writing again unblocks
    await bot.send_message(1, "welcome back")


async def test_group_migration(emu: BotApiEmulator, bot: Bot) -> None:
    alice = emu.add_user(1, "Alice")
    emu.add_group(-5, "Old", kind="group", members=[alice], creator=alice)
    await bot.send_message(-5, "before")
    emu.migrate_group(-5, -1005)
    with pytest.raises(TelegramMigrateToChat) as info:
        await bot.send_message(-5, "after")
    assert info.value.migrate_to_chat_id == -1005
    assert "group chat was upgraded to a supergroup chat" in info.value.message
    updates = await bot.get_updates()
    service = [u.message for u in updates if u.message]
    assert service[0].migrate_to_chat_id == -1005 and service[0].chat.id == -5
    assert service[1].migrate_from_chat_id == -5 and service[1].chat.type == "supergroup"
    await bot.send_message(-1005, "after")
    member = await bot.get_chat_member(-1005, 1)
    assert member.status == "creator"


async def test_chat_members_and_admins(emu: BotApiEmulator, bot: Bot) -> None:
    alice = emu.add_user(1, "Alice")
    bob = emu.add_user(2, "Bob")
    carol = emu.add_user(3, "Carol")
    emu.add_group(-100, "Club", members=[bob], admins=[alice], creator=carol)
    assert (await bot.get_chat_member(-100, 1)).status == "administrator"
    assert (await bot.get_chat_member(-100, 2)).status == "member"
    assert (await bot.get_chat_member(-100, 3)).status == "creator"
    emu.add_user(4, "Dave")
    assert (await bot.get_chat_member(-100, 4)).status == "left"
    admins = await bot.get_chat_administrators(-100)
    assert {a.user.id for a in admins} == {1, 3}
    emu.set_admin(-100, bob)
    emu.set_admin(-100, alice, False)
    assert (await bot.get_chat_member(-100, 2)).status == "administrator"
    assert (await bot.get_chat_member(-100, 1)).status == "member"
    chat = await bot.get_chat(-100)
    assert chat.title == "Club" and chat.type == "supergroup"
    private = await bot.get_chat(1)
    assert private.first_name == "Alice"
    assert await bot.send_chat_action(-100, "typing") is True


async def test_group_command_entities(emu: BotApiEmulator, bot: Bot) -> None:
    alice = emu.add_user(1, "Alice")
    emu.add_group(-100, "Club", members=[alice])
    await alice.send(-100, "/report@club_bot 2:1")
    updates = await bot.get_updates()
    message = updates[0].message
    assert message is not None and message.chat.id == -100
    assert message.entities is not None
    assert (message.entities[0].type, message.entities[0].offset) == ("bot_command", 0)
    assert message.entities[0].length == len("/report@club_bot")


async def test_my_commands_per_scope_and_language(emu: BotApiEmulator, bot: Bot) -> None:
    default = [BotCommand(command="start", description="Start")]
    russian = [BotCommand(command="start", description="Начать")]
    admin = [BotCommand(command="admin", description="Admin tools")]
    await bot.set_my_commands(default)
    await bot.set_my_commands(russian, language_code="ru")
    await bot.set_my_commands(admin, scope=BotCommandScopeChat(chat_id=-100))

    def pairs(commands: list[BotCommand]) -> list[tuple[str, str]]:
        return [(c.command, c.description) for c in commands]

    assert pairs(await bot.get_my_commands()) == pairs(default)
    assert pairs(await bot.get_my_commands(language_code="ru")) == pairs(russian)
    scoped = await bot.get_my_commands(scope=BotCommandScopeChat(chat_id=-100))
    assert pairs(scoped) == pairs(admin)
    await bot.delete_my_commands(language_code="ru")
    assert await bot.get_my_commands(language_code="ru") == []
    assert emu.commands[("chat:chat_id=-100", "")] == [
        {"command": "admin", "description": "Admin tools"}
    ]
    with pytest.raises(TelegramBadRequest, match="BOT_COMMAND_INVALID"):
        await bot.set_my_commands([BotCommand(command="Bad-Name", description="x")])


# -- edits, callbacks, keyboards ----------------------------------------------------------------


async def test_not_modified(emu: BotApiEmulator, bot: Bot) -> None:
    alice = emu.add_user(1, "Alice")
    await alice.start()
    markup = kb(("A", "a"))
    sent = await bot.send_message(1, "<b>same</b>", parse_mode="HTML", reply_markup=markup)
    with pytest.raises(TelegramBadRequest) as info:
        await bot.edit_message_text(
            "<b>same</b>",
            chat_id=1,
            message_id=sent.message_id,
            parse_mode="HTML",
            reply_markup=markup,
        )
    assert info.value.message == NOT_MODIFIED
    with pytest.raises(TelegramBadRequest, match="message is not modified"):
        await bot.edit_message_reply_markup(
            chat_id=1, message_id=sent.message_id, reply_markup=markup
        )
    # Dropping the markup is a modification.
    await bot.edit_message_text(
        "<b>same</b>", chat_id=1, message_id=sent.message_id, parse_mode="HTML"
    )
    assert emu.messages(1)[-1].reply_markup is None
    with pytest.raises(TelegramBadRequest, match="message to edit not found"):
        await bot.edit_message_text("x", chat_id=1, message_id=999)
    start_message = emu.messages(1)[0]
    with pytest.raises(TelegramBadRequest, match="message can't be edited"):
        await bot.edit_message_text("x", chat_id=1, message_id=start_message.message_id)


async def test_press_by_label_on_edited_message(emu: BotApiEmulator, bot: Bot) -> None:
    alice = emu.add_user(1, "Alice")
    await alice.start()
    sent = await bot.send_message(1, "Choose", reply_markup=kb(("Old", "old")))
    await bot.edit_message_text(
        "Choose again", chat_id=1, message_id=sent.message_id, reply_markup=kb(("New", "new:1"))
    )
    message = await alice.wait_message(contains="again")
    with pytest.raises(LookupError):
        await alice.press(message, "Old")
    handle = await alice.press(message, "New")
    updates = await bot.get_updates(offset=2)
    query = updates[0].callback_query
    assert isinstance(query, CallbackQuery)
    assert query.data == "new:1" and query.from_user.id == 1
    assert isinstance(query.message, Message) and query.message.text == "Choose again"
    assert handle.answered is None
    await bot.answer_callback_query(query.id, text="Saved", show_alert=True)
    answer = await handle.answer(timeout=1)
    assert (answer.text, answer.show_alert) == ("Saved", True)
    with pytest.raises(TelegramBadRequest, match="query is too old"):
        await bot.answer_callback_query(query.id)
    forged = await alice.press_data(message, "admin:delete_everything")
    updates = await bot.get_updates(offset=updates[-1].update_id + 1)
    assert updates[0].callback_query is not None
    assert updates[0].callback_query.data == "admin:delete_everything"
    assert forged.data == "admin:delete_everything"


async def test_press_with_dispatcher(emu: BotApiEmulator, bot: Bot) -> None:
    dp = Dispatcher()

    @dp.message()
    async def menu(message: Message) -> None:
        await message.answer("Menu", reply_markup=kb(("Count", "count:0")))

    @dp.callback_query()
    async def count(query: CallbackQuery) -> None:
        assert query.data is not None and isinstance(query.message, Message)
        n = int(query.data.split(":")[1]) + 1
        await query.message.edit_text(f"Count {n}", reply_markup=kb(("Count", f"count:{n}")))
        await query.answer(f"now {n}")

    alice = emu.add_user(1, "Alice")
    async with polling(dp, bot):
        await alice.start()
        menu_message = await alice.wait_message(contains="Menu")
        for n in (1, 2, 3):
            handle = await alice.press(menu_message, "Count")
            assert (await handle).text == f"now {n}"
            edited = await alice.wait_message(contains=f"Count {n}")
            assert edited.message_id == menu_message.message_id


async def test_reply_keyboard_and_contact(emu: BotApiEmulator, bot: Bot) -> None:
    alice = emu.add_user(1, "Alice", "Smith", phone="+79001234567")
    await alice.start()
    markup = ReplyKeyboardMarkup(
        keyboard=[
            [KeyboardButton(text="Share phone", request_contact=True)],
            [KeyboardButton(text="Skip")],
        ],
        one_time_keyboard=True,
    )
    sent = await bot.send_message(1, "Your phone?", reply_markup=markup)
    assert sent.reply_markup is None  # Telegram returns only inline keyboards in Message
    assert alice.keyboard() == [["Share phone"], ["Skip"]]
    message = await alice.press_keyboard("Share phone")
    assert message.contact == {
        "phone_number": "+79001234567",
        "first_name": "Alice",
        "last_name": "Smith",
        "user_id": 1,
    }
    assert alice.keyboard() is None  # one-time keyboard hidden
    updates = await bot.get_updates()
    contact = updates[-1].message.contact if updates[-1].message else None
    assert contact is not None and contact.user_id == 1


async def test_reply_parameters_and_options(emu: BotApiEmulator, bot: Bot) -> None:
    alice = emu.add_user(1, "Alice")
    start = await alice.start()
    reply = await bot.send_message(
        1,
        "replying",
        reply_parameters=ReplyParameters(message_id=start.message_id),
        link_preview_options=LinkPreviewOptions(is_disabled=True),
        disable_notification=True,
    )
    assert reply.reply_to_message is not None
    assert reply.reply_to_message.text == "/start"
    stored = emu.last_bot_message(1)
    assert stored is not None and stored.reply_to == start.message_id
    assert stored.options["disable_notification"] == "true"
    with pytest.raises(TelegramBadRequest, match="message to be replied not found"):
        await bot.send_message(1, "x", reply_parameters=ReplyParameters(message_id=999))
    assert stored.message_id == reply.message_id
    user_reply = await alice.reply_to(stored, "thanks")
    updates = await bot.get_updates()
    last = updates[-1].message
    assert last is not None and last.reply_to_message is not None
    assert last.reply_to_message.message_id == reply.message_id == user_reply.reply_to


async def test_delete_message(emu: BotApiEmulator, bot: Bot) -> None:
    alice = emu.add_user(1, "Alice")
    await alice.start()
    sent = await bot.send_message(1, "bye", reply_markup=kb(("X", "x")))
    assert await bot.delete_message(1, sent.message_id) is True
    message = emu.messages(1)[-1]
    assert message.deleted and emu.last_bot_message(1) is None
    with pytest.raises(TelegramBadRequest, match="message to delete not found"):
        await bot.delete_message(1, sent.message_id)
    with pytest.raises(LookupError):
        await alice.press(message, "X")


async def test_idle(emu: BotApiEmulator, bot: Bot) -> None:
    alice = emu.add_user(1, "Alice")
    await alice.start()
    with pytest.raises(TimeoutError):
        await emu.idle(quiet=0.01, timeout=0.1)  # the update was never fetched
    await bot.get_updates()
    started = time.monotonic()
    await emu.idle(quiet=0.05, timeout=1)
    assert time.monotonic() - started < 0.5
