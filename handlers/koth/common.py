"""Small helpers of the King-of-the-Hill handlers: the command's words."""

from __future__ import annotations

from aiogram.filters import CommandObject


def args_of(command: CommandObject) -> list[str]:
    return (command.args or "").split()
