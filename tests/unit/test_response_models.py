"""The response models aiogram parametrizes per call survive garbage collection
(``bot.main.KeepResponseModels``): rebuilding one costs milliseconds per call under load."""

from __future__ import annotations

import gc
import weakref
from typing import Any, cast

from aiogram import Bot
from aiogram.methods import SendMessage, TelegramMethod
from aiogram.methods.base import Response
from pydantic import BaseModel

from bot.main import KeepResponseModels


async def test_a_response_model_outlives_a_full_collection() -> None:
    keep = KeepResponseModels()
    bot = Bot("123456:" + "A" * 35)

    async def make_request(bot: Bot, method: TelegramMethod[Any]) -> Response[Any]:
        return Response[Any](ok=True, result=True)

    await keep(make_request, bot, SendMessage(chat_id=1, text="hi"))
    generic = cast(Any, Response)
    model = weakref.ref(generic[SendMessage.__returning__])
    gc.collect()
    assert model() is not None
    assert generic[SendMessage.__returning__] is model()
    await bot.session.close()


def test_without_a_keeper_pydantic_lets_the_model_go() -> None:
    """The reason for the keeper: pydantic's cache of parametrized models is weak."""

    class Returned(BaseModel):
        value: int

    model = weakref.ref(Response[Returned])
    gc.collect()
    assert model() is None
