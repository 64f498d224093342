"""Test modules import nothing from each other: what tests share lives in modules of its own
(``tests/e2e/drivers/``, ``tests/unit/swiss_events.py``, ``tests/e2e/harness.py`` …), so that
a test module is only ever run, never imported, and moving a test breaks no other."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FOLDERS = ("tests", "benchmarks")


OWN = ("tests", "benchmarks")
"""The project's own packages that hold tests (``aiohttp.test_utils`` is not a test module)."""


def imported_modules(tree: ast.AST) -> list[tuple[int, str]]:
    """Every module of the project an ``import`` or ``from … import`` names, with its line; a
    ``from`` import names its module, or, when that is no test module, each imported name
    (``from tests.e2e import test_koth`` imports a module)."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = "." * node.level + (node.module or "")
            if is_test_module(base):
                found.append((node.lineno, base))
            else:
                found += [(node.lineno, f"{base}.{alias.name}") for alias in node.names]
    return [(line, module) for line, module in found if module.startswith((".", *OWN))]


def is_test_module(module: str) -> bool:
    """A module path with a component starting with ``test_``."""
    return any(part.startswith("test_") for part in module.split("."))


def imports_of_test_modules(source: str) -> list[str]:
    """The imports in ``source`` of a test module of the project, as ``line N: module``."""
    return [
        f"line {line}: {module}"
        for line, module in imported_modules(ast.parse(source))
        if is_test_module(module)
    ]


def python_files() -> list[Path]:
    return sorted(
        path
        for folder in FOLDERS
        for path in (ROOT / folder).rglob("*.py")
        if "__pycache__" not in path.parts
    )


def assert_no_test_module_imports(sources: dict[str, str]) -> None:
    """Fails naming every import of a test module in ``sources`` (file name → source)."""
    offences = [
        f"{name} {offence}"
        for name, source in sources.items()
        for offence in imports_of_test_modules(source)
    ]
    assert not offences, "test modules imported:\n" + "\n".join(offences)


def test_no_file_under_tests_or_benchmarks_imports_a_test_module() -> None:
    files = python_files()
    assert any(path.name == "test_koth.py" for path in files)  # the walk does find the tests
    assert any(path.parent.name == "drivers" for path in files)
    assert_no_test_module_imports(
        {str(path.relative_to(ROOT)): path.read_text("utf-8") for path in files}
    )


def test_the_check_fails_on_a_file_that_imports_a_test_module() -> None:
    source = "from tests.e2e.test_swiss import GROUP, Club\n"
    with pytest.raises(AssertionError, match=r"sample.py line 1: tests\.e2e\.test_swiss"):
        assert_no_test_module_imports({"sample.py": source})
    assert_no_test_module_imports({"sample.py": "from tests.e2e.drivers.swiss_club import Club\n"})


def test_the_check_finds_every_form_of_importing_a_test_module() -> None:
    sample = (
        "import os\n"
        "from tests.e2e.test_swiss import GROUP, Club\n"
        "from tests.e2e import test_koth, harness\n"
        "import tests.unit.test_swiss_state as state\n"
        "from .test_draft import seating\n"
        "def helper():\n"
        "    from tests.e2e.test_webhook import SECRET\n"
    )
    assert imports_of_test_modules(sample) == [
        "line 2: tests.e2e.test_swiss",
        "line 3: tests.e2e.test_koth",
        "line 4: tests.unit.test_swiss_state",
        "line 5: .test_draft",
        "line 7: tests.e2e.test_webhook",
    ]


def test_the_check_lets_drivers_and_harness_imports_pass() -> None:
    sample = (
        "from tests.e2e.drivers.swiss_club import GROUP, Club\n"
        "from tests.e2e.drivers import koth_club\n"
        "from tests.e2e.harness import RunningBot\n"
        "from tests.unit.swiss_events import begin\n"
        "import pytest_asyncio\n"
        "from aiohttp.test_utils import TestServer\n"
    )
    assert imports_of_test_modules(sample) == []
