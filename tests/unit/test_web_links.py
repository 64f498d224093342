"""The web board's address and buttons (``bot.web.links``) and its settings."""

import pytest

from bot.settings import Settings, SettingsError, load_settings
from bot.web.links import base_url, board_button, board_url, serves

TOKEN = "123456789:TEST-token-abcdefghijklmnop"


def settings(**values: object) -> Settings:
    return load_settings(bot_token=TOKEN, _env_file=None, **values)


def test_where_the_board_is_reached() -> None:
    assert base_url(settings()) is None and not serves(settings())
    assert board_url(settings(web_port=8090), "tok") == "http://localhost:8090/t/tok"
    lan = settings(web_port=8090, web_host="192.168.1.5")
    assert board_url(lan, "tok") == "http://192.168.1.5:8090/t/tok"
    public = settings(web_port=8090, public_url="https://club.example/")
    assert board_url(public, "tok") == "https://club.example/t/tok"
    hook = settings(webhook_url="https://bot.example", webhook_secret="s" * 20)
    assert serves(hook) and board_url(hook, "tok") == "https://bot.example/t/tok"


def test_mini_app_in_private_url_in_a_group_https_only() -> None:
    public = settings(public_url="https://club.example")
    private = board_button(public, "tok", "Board", private=True)
    group = board_button(public, "tok", "Board", private=False)
    assert private is not None and group is not None
    assert private.inline_keyboard[0][0].web_app is not None
    assert private.inline_keyboard[0][0].web_app.url == "https://club.example/t/tok"
    assert group.inline_keyboard[0][0].url == "https://club.example/t/tok"
    assert group.inline_keyboard[0][0].web_app is None
    plain = settings(public_url="http://club.lan")
    assert board_button(plain, "tok", "Board", private=True) is None
    assert board_button(public, None, "Board", private=False) is None


def test_bad_web_settings_are_named() -> None:
    with pytest.raises(SettingsError, match="WEB_PORT"):
        settings(web_port=70000)
    with pytest.raises(SettingsError, match="PUBLIC_URL"):
        settings(public_url="club.example")
    assert settings(web_port="").web_port is None
