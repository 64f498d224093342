"""``tools.layers``: the checks ``make test`` runs on the project's imports."""

from __future__ import annotations

import ast
from pathlib import Path

from tools import layers
from tools.layers import Import, cycles, is_data_type, wrong_arrows


def test_the_project_has_no_cycle_and_no_wrong_arrow() -> None:
    found_cycles, wrong = layers.problems()
    assert found_cycles == []
    assert wrong == []


def test_a_cycle_is_found_with_its_members_and_a_chain_is_not() -> None:
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert cycles(edges) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": {"c"}, "c": set()}) == []


def test_two_cycles_are_two_components() -> None:
    edges = {"a": {"b"}, "b": {"a"}, "c": {"d"}, "d": {"c"}, "x": {"a", "c"}}
    assert cycles(edges) == [["a", "b"], ["c", "d"]]


def test_bot_importing_handlers_is_wrong_except_in_the_composition_root() -> None:
    wrong = wrong_arrows(
        [
            Import("bot.koth.core", "handlers.koth", 3, "koth"),
            Import("bot.main", "handlers", 9, "build_router"),
        ]
    )
    assert wrong == ["bot.koth.core:3 imports handlers.koth (bot → handlers)"]


def test_a_handler_may_name_a_record_type_but_not_a_repository_or_the_unit_of_work() -> None:
    assert is_data_type("Tournament")
    assert not is_data_type("tournaments")
    assert not is_data_type("Database")
    assert not is_data_type("Tx")
    wrong = wrong_arrows(
        [
            Import("handlers.board", "db.tournaments", 5, "Tournament"),
            Import("handlers.board", "db.board_links", 6, "board_links"),
        ]
    )
    assert wrong == ["handlers.board:6 imports board_links (handlers → db)"]


def test_rules_import_nothing_of_the_project_but_rules() -> None:
    wrong = wrong_arrows([Import("rules.koth.engine", "db.models", 4, "Player")])
    assert wrong == ["rules.koth.engine:4 imports db.models"]


def test_relative_imports_resolve_to_their_module() -> None:
    node = ast.parse("from ..core import x").body[0]
    assert isinstance(node, ast.ImportFrom)
    assert layers.resolve("bot.koth.desk", False, node) == "bot.core"
    assert layers.resolve("bot.koth", True, node) == "bot.core"


def test_importing_a_sibling_through_its_package_depends_on_the_package(tmp_path: Path) -> None:
    """``from bot.swiss import pods`` in ``bot.swiss.core`` runs ``bot/swiss/__init__.py``,
    which imports ``bot.swiss.core``: a cycle, where ``import bot.swiss.pods`` is none."""
    path = tmp_path / "core.py"
    known = {"bot.swiss", "bot.swiss.core", "bot.swiss.pods"}
    path.write_text("from bot.swiss import pods\n", encoding="utf-8")
    through = {i.imported for i in layers.imports_of("bot.swiss.core", path, known)}
    assert through == {"bot.swiss", "bot.swiss.pods"}
    path.write_text("import bot.swiss.pods as pods\n", encoding="utf-8")
    direct = {i.imported for i in layers.imports_of("bot.swiss.core", path, known)}
    assert direct == {"bot.swiss.pods"}


def test_rules_draw_no_random_source_or_clock_of_their_own() -> None:
    assert layers.impure_rules() == []
    assert "secrets" in layers.RULES_FORBID and "time" in layers.RULES_FORBID
