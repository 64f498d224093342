"""The project's layering, checked: ``python -m tools.layers`` (part of ``make test``).

It reads every module of ``bot/``, ``handlers/``, ``rules/`` and ``db/`` with ``ast`` (no
import runs) and fails on:

- an **import cycle** among them, counting imports under ``if TYPE_CHECKING:`` and imports
  inside functions (a cycle a type checker or a late import hides is still a cycle a reader
  must hold in his head);
- **``bot`` importing ``handlers``** anywhere but the composition root, ``bot/main.py``;
- **``rules`` importing** anything of the project but ``rules``, or a random source, a clock or
  an I/O library of its own (``secrets``, ``time``, ``asyncio``, aiogram …); **``db``**
  importing anything of the project but ``db`` and ``rules``;
- a **handler that calls a repository or opens a transaction**: ``handlers/`` importing of
  ``db`` anything but its record types (a repository module or function, ``Database``,
  ``Tx``), or calling ``.transaction()`` / ``.read()`` on anything.

``--report`` prints the graph's strongly connected components (the cycles and their members)
and the offending imports without failing: the figures of the closing notes.
"""

from __future__ import annotations

import argparse
import ast
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("bot", "handlers", "rules", "db")
COMPOSITION_ROOT = "bot.main"
#: what each layer may import of the project (besides itself)
ALLOWED = {"rules": {"rules"}, "db": {"db", "rules"}}
#: the unit of work, which only services open
UNIT_OF_WORK = {"Database", "Tx"}
#: what ``rules/`` may not import: a random source or clock of its own, the bot's libraries
RULES_FORBID = frozenset({"secrets", "time", "asyncio", "aiogram", "aiosqlite", "aiohttp"})


@dataclass(frozen=True, slots=True)
class Import:
    """One import of a project module by another, where it is written."""

    importer: str
    imported: str
    line: int
    #: the name imported (``b`` of ``from a import b``; the module itself for ``import a``)
    name: str = ""


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    found: dict[str, Path] = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            found[module_name(path)] = path
    return found


def resolve(importer: str, is_package: bool, node: ast.ImportFrom) -> str:
    """The absolute module an ``ImportFrom`` names (relative imports resolved)."""
    if node.level == 0:
        return node.module or ""
    base = importer.split(".") if is_package else importer.split(".")[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join([*base, node.module] if node.module else base)


def imports_of(name: str, path: Path, known: set[str]) -> Iterator[Import]:
    """Every project module ``name`` imports: ``from a import b`` counts ``a.b`` when that is a
    module, and ``a`` always (importing ``a.b`` runs ``a/__init__.py`` first: a submodule of
    ``a`` that writes ``from a import b`` depends on the package that imports it)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    is_package = path.name == "__init__.py"
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] in PACKAGES:
                    yield Import(name, nearest(alias.name, known), node.lineno, alias.name)
        elif isinstance(node, ast.ImportFrom):
            base = resolve(name, is_package, node)
            if base.split(".")[0] not in PACKAGES:
                continue
            package = nearest(base, known)
            for alias in node.names:
                full = f"{base}.{alias.name}"
                if full in known:
                    yield Import(name, full, node.lineno, alias.name)
                yield Import(name, package, node.lineno, alias.name)


def nearest(name: str, known: set[str]) -> str:
    """The longest known module that ``name`` is or lies in."""
    parts = name.split(".")
    while parts and ".".join(parts) not in known:
        parts.pop()
    return ".".join(parts) or name


def graph() -> tuple[dict[str, set[str]], list[Import]]:
    found = modules()
    known = set(found)
    edges: dict[str, set[str]] = {name: set() for name in found}
    every: list[Import] = []
    for name, path in found.items():
        for imp in imports_of(name, path, known):
            if imp.imported != name and imp.imported in known:
                edges[name].add(imp.imported)
                every.append(imp)
    return edges, every


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for start in sorted(edges):
        if start in index:
            continue
        work: list[tuple[str, Iterator[str]]] = [(start, iter(sorted(edges[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is None:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
            elif child not in index:
                index[child] = low[child] = counter
                counter += 1
                stack.append(child)
                on_stack.add(child)
                work.append((child, iter(sorted(edges[child]))))
            elif child in on_stack:
                low[node] = min(low[node], index[child])
    return found


def layer(name: str) -> str:
    return name.split(".")[0]


def wrong_arrows(every: list[Import]) -> list[str]:
    """Imports against the layering (see the module docstring)."""
    wrong = []
    for imp in every:
        source, target = layer(imp.importer), layer(imp.imported)
        allowed = ALLOWED.get(source)
        if allowed is not None and target not in allowed:
            wrong.append(f"{imp.importer}:{imp.line} imports {imp.imported}")
        if source == "bot" and target == "handlers" and imp.importer != COMPOSITION_ROOT:
            wrong.append(f"{imp.importer}:{imp.line} imports {imp.imported} (bot → handlers)")
        if source == "handlers" and target == "db" and not is_data_type(imp.name):
            wrong.append(f"{imp.importer}:{imp.line} imports {imp.name} (handlers → db)")
    return wrong


def is_data_type(name: str) -> bool:
    """A record type of ``db`` (``Player``, ``Tournament``): a handler may name what a service
    returns; a repository (a module or a function) or the unit of work it may not."""
    return name[:1].isupper() and name not in UNIT_OF_WORK


def transactions_in_handlers() -> list[str]:
    """Calls of ``.transaction()`` or ``.read()`` (a unit of work) in ``handlers/``."""
    found = []
    for path in sorted((ROOT / "handlers").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr in ("transaction", "read")
                and not node.args
            ):
                found.append(f"{module_name(path)}:{node.lineno} opens a unit of work")
    return found


def impure_rules() -> list[str]:
    """Imports in ``rules/`` of a random source, a clock or an I/O library (``RULES_FORBID``;
    ``random.Random(seed)`` from an argument is allowed: the seed is the caller's)."""
    found = []
    for path in sorted((ROOT / "rules").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [node.module or ""]
            else:
                continue
            for name in names:
                if name.split(".")[0] in RULES_FORBID:
                    found.append(f"{module_name(path)}:{node.lineno} imports {name} (rules)")
    return found


def problems() -> tuple[list[list[str]], list[str]]:
    edges, every = graph()
    wrong = wrong_arrows(every) + transactions_in_handlers() + impure_rules()
    return cycles(edges), wrong


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.layers", description=__doc__)
    parser.add_argument("--report", action="store_true", help="print everything, never fail")
    args = parser.parse_args(argv)
    found_cycles, wrong = problems()
    for number, component in enumerate(found_cycles, start=1):
        print(f"cycle {number}: {len(component)} modules: {' '.join(component)}")
    for line in wrong:
        print(line)
    print(
        f"{len(found_cycles)} import cycles "
        f"({sum(len(c) for c in found_cycles)} modules), {len(wrong)} wrong arrows"
    )
    if args.report:
        return 0
    return 1 if found_cycles or wrong else 0


if __name__ == "__main__":
    sys.exit(main())
