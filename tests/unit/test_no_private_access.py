"""Libraries through their public API only (design.md): no project code touches another
object's private attribute.

The rule, checked on the syntax tree of every module of the project:

- ``x._name`` (one leading underscore, or a mangled ``__name``; not a dunder like ``__dict__``)
  only where ``x`` is ``self``, ``cls`` or ``super()``: an object's privates are its own
  business. This covers what the issue asks (no private attribute of aiosqlite, aiogram,
  APScheduler or aiohttp objects) and is stronger: it holds between the project's own classes
  and modules too (``module._helper`` from another module), so nothing private is reached from
  outside whatever it belongs to; a module's own ``_helper()`` (a bare name) is fine;
- ``getattr`` / ``setattr`` / ``hasattr`` / ``delattr`` (``monkeypatch.setattr`` too) with a
  literal private name, on anything but ``self`` / ``cls``: the same access spelled differently;
- ``from module import _name`` and imports of a private module (``aiogram._x``).

Exempt are only the names in ``PUBLIC_DESPITE_UNDERSCORE`` (documented public API whose name
starts with an underscore) and, for now, the findings listed as pending below.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FOLDERS = ("bot", "db", "handlers", "rules", "benchmarks", "tests")

#: Documented public API despite the underscore: ``os._exit`` ("exit without cleanup").
PUBLIC_DESPITE_UNDERSCORE = {("os", "_exit")}

OWN = {"self", "cls"}
BY_NAME = {"getattr", "setattr", "hasattr", "delattr"}


@dataclass(frozen=True, slots=True)
class Finding:
    path: str  #: relative to the project, with forward slashes
    line: int
    access: str  #: the access as written (``conn._execute``)

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.access}"


def private(name: str) -> bool:
    """``_x`` and ``__x``, not ``__x__`` (dunders are the language's own, public protocol)."""
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def own(node: ast.expr) -> bool:
    """``self``, ``cls`` or ``super()``: the object reaching into itself."""
    if isinstance(node, ast.Name):
        return node.id in OWN
    return (
        isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "super"
    )


def exempt(node: ast.Attribute) -> bool:
    base = node.value
    return isinstance(base, ast.Name) and (base.id, node.attr) in PUBLIC_DESPITE_UNDERSCORE


def accesses(tree: ast.AST) -> list[tuple[int, str]]:
    """(line, access as written) of every private access the rule forbids in ``tree``, in the
    order of the source."""
    return sorted(unsorted(tree))


def unsorted(tree: ast.AST) -> Iterator[tuple[int, str]]:
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and private(node.attr):
            if not own(node.value) and not exempt(node):
                yield node.lineno, ast.unparse(node)
        elif isinstance(node, ast.Call):
            yield from by_name(node)
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            names = [alias.name for alias in node.names]
            if any(private(part) for part in module.split(".")) or any(map(private, names)):
                yield node.lineno, f"from {module} import {', '.join(names)}"
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if any(private(part) for part in alias.name.split(".")):
                    yield node.lineno, f"import {alias.name}"


def by_name(call: ast.Call) -> Iterator[tuple[int, str]]:
    """``getattr(x, "_name")`` and the like (``monkeypatch.setattr(x, "_name", ...)`` too)."""
    func = call.func
    name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
    if name not in BY_NAME or len(call.args) < 2:
        return
    target, attribute = call.args[0], call.args[1]
    if (
        isinstance(attribute, ast.Constant)
        and isinstance(attribute.value, str)
        and private(attribute.value)
        and not own(target)
    ):
        yield call.lineno, ast.unparse(call)


def modules() -> Iterator[Path]:
    for folder in FOLDERS:
        yield from sorted((ROOT / folder).rglob("*.py"))


def findings() -> list[Finding]:
    found = []
    for path in modules():
        relative = path.relative_to(ROOT).as_posix()
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=relative)
        found += [Finding(relative, line, access) for line, access in accesses(tree)]
    return found


def test_no_project_code_touches_a_private_attribute_of_another_object() -> None:
    bad = [str(f) for f in findings()]
    assert not bad, "private attributes touched from outside:\n" + "\n".join(bad)


def test_the_rule_sees_each_kind_of_private_access() -> None:
    """The checker itself: what it must find, and what it must let pass."""
    source = """
import aiogram._hidden
from aiosqlite.core import _private
from db import database as d
conn._execute()
d._run_group
getattr(dp, "_handle_update_tasks")
monkeypatch.setattr(database, "_run_group", 1)
obj.__mangled
self._mine
cls._ours
super()._parents
obj.__class__
_module_helper()
os._exit(75)
getattr(self, "_mine")
"""
    found = [access for _line, access in accesses(ast.parse(source))]
    assert found == [
        "import aiogram._hidden",
        "from aiosqlite.core import _private",
        "conn._execute",
        "d._run_group",
        "getattr(dp, '_handle_update_tasks')",
        "monkeypatch.setattr(database, '_run_group', 1)",
        "obj.__mangled",
    ]
