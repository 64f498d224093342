"""A newcomer's registration wizard in Russian, the optional answers skipped."""

from __future__ import annotations

from tests.e2e.drivers.texts import fixed
from tests.e2e.emulator import SimUser


async def register(user: SimUser, last: str, first: str) -> None:
    """The registration wizard in private, optional answers skipped."""
    await user.start("register")
    for answer in (last, first, "-", "newcomer@club.org", "Тверь", "-", "-"):
        await user.wait_message()
        await user.send(None, answer)
    await user.wait_message(contains=fixed("register.done", 1))
