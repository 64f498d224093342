"""The commands every kind has are written once (``handlers.shared_commands``) and each
registered kind answers all of them (``handlers.kind``)."""

from __future__ import annotations

import importlib

import pytest

from bot.kind import KindSpec
from bot.kinds import KINDS
from bot.roles import Role
from handlers.kind import SHARED, Call, KindCommands, Own
from handlers.shared_commands import commands_of


async def nothing(call: Call, service: object) -> None:
    return None


@pytest.mark.parametrize("spec", KINDS, ids=lambda spec: spec.name)
def test_every_kind_answers_every_shared_command_and_routes_none_itself(spec: KindSpec) -> None:
    own = commands_of(spec.name)
    assert set(own.own) == set(SHARED)
    routed = importlib.import_module(spec.handlers).routes.commands()
    assert routed & set(SHARED) == set(), f"{spec.handlers} routes shared commands itself"


def test_the_shared_router_has_exactly_the_shared_commands() -> None:
    from handlers.shared_commands import routes

    assert routes.commands() == set(SHARED)


def test_a_kind_missing_a_shared_command_is_refused_at_import() -> None:
    partial = {name: Own(Role.JUDGE, nothing) for name in SHARED if name != "extend"}
    with pytest.raises(ValueError, match="extend"):
        KindCommands(object, partial)
    with pytest.raises(ValueError, match="swap"):
        KindCommands(object, {**partial, "extend": Own(None, nothing), "swap": Own(None, nothing)})


def test_the_role_a_command_needs_is_the_kinds_own() -> None:
    """/finish: a King of the Hill's judge declares the winner; a Swiss tournament is ended
    early by its organiser."""
    assert commands_of("koth").need("finish") is Role.JUDGE
    assert commands_of("swiss").need("finish") is Role.ORGANISER
    assert commands_of("koth").need("join") is None
