"""tools/audit.py on made-up PyPI documents: what passes, what fails, and that no data fails."""

from typing import Any

import pytest
from packaging.tags import Tag
from packaging.version import Version

from tools.audit import PYPI_URL, Document, FetchError, Installed, audit, report

PY = Version("3.11.7")
TAGS = frozenset({Tag("py3", "none", "any")})
VULN = {"id": "GHSA-xxxx", "aliases": ["CVE-2026-1"], "fixed_in": ["9.9"], "withdrawn": None}


def release(requires_python: str | None = None) -> list[dict[str, Any]]:
    return [
        {
            "filename": "pkg-1-py3-none-any.whl",
            "packagetype": "bdist_wheel",
            "requires_python": requires_python,
            "yanked": False,
        }
    ]


def project(latest: str, versions: dict[str, Any], vulns: list[Any] | None = None) -> Document:
    return {"info": {"version": latest}, "releases": versions, "vulnerabilities": vulns or []}


def fetcher(projects: dict[str, Document], versioned: dict[str, Document] | None = None) -> Any:
    def fetch(url: str) -> Document:
        path = url.removeprefix(PYPI_URL + "/").removesuffix("/json").split("/")
        if len(path) == 2:
            return (versioned or {}).get("/".join(path))
        if path[0] == "down":
            raise FetchError("unreachable")
        return projects.get(path[0])

    return fetch


def run(dists: list[Installed], fetch: Any, strict: bool = False) -> tuple[list[str], int]:
    findings = audit(dists, fetch, python=PY, tags=TAGS, workers=2)
    return [f.status for f in findings], report(findings, strict)


def test_newest_release_without_advisories_passes() -> None:
    fetch = fetcher({"a": project("2.0", {"1.0": release(), "2.0": release()})})
    assert run([Installed("a", "2.0")], fetch) == (["checked"], 0)


def test_newest_release_with_an_advisory_fails() -> None:
    fetch = fetcher({"a": project("2.0", {"2.0": release()}, [VULN])})
    assert run([Installed("a", "2.0")], fetch) == (["vulnerable"], 1)


def test_withdrawn_advisories_do_not_count() -> None:
    fetch = fetcher({"a": project("2.0", {"2.0": release()}, [{**VULN, "withdrawn": "2026"}])})
    assert run([Installed("a", "2.0")], fetch) == (["checked"], 0)


def test_the_versioned_document_is_used_when_it_answers() -> None:
    fetch = fetcher(
        {"a": project("2.0", {"1.0": release(), "2.0": release()})},
        versioned={"a/1.0": {"vulnerabilities": [VULN]}},
    )
    assert run([Installed("a", "1.0")], fetch) == (["vulnerable"], 1)


def test_an_older_release_that_could_be_upgraded_fails_as_stale() -> None:
    fetch = fetcher({"a": project("2.0", {"1.0": release(), "2.0": release()})})
    assert run([Installed("a", "1.0")], fetch) == (["stale"], 1)


def test_held_back_by_a_requirement_is_reported_and_fails_only_when_strict(
    capsys: pytest.CaptureFixture[str],
) -> None:
    fetch = fetcher(
        {
            "a": project("2.0", {"1.0": release(), "1.1": release(), "2.0": release()}),
            "b": project("5", {"5": release()}),
        }
    )
    dists = [Installed("a", "1.1"), Installed("b", "5", requires=("a<2,>=1",))]
    assert run(dists, fetch) == (["held back", "checked"], 0)
    out = capsys.readouterr().out
    assert "b 5 requires <2,>=1" in out and "NOT VERIFIED" in out and "a" in out.splitlines()[-1]
    assert run(dists, fetch, strict=True)[1] == 1


def test_an_extra_that_is_not_installed_holds_nothing_back() -> None:
    fetch = fetcher(
        {
            "a": project("2.0", {"1.0": release(), "2.0": release()}),
            "b": project("5", {"5": release()}),
        }
    )
    requires = ('a<2; extra == "x"', 'missing; extra == "x"')
    dists = [Installed("a", "1.0"), Installed("b", "5", requires=requires, extras=("x",))]
    assert run(dists, fetch)[0] == ["stale", "checked"]


def test_held_back_by_requires_python() -> None:
    fetch = fetcher({"a": project("2.0", {"1.0": release(">=3.11"), "2.0": release(">=3.12")})})
    assert run([Installed("a", "1.0")], fetch) == (["held back"], 0)


def test_held_back_when_the_newest_release_has_advisories_fails() -> None:
    fetch = fetcher({"a": project("2.0", {"1.0": release(), "2.0": release(">=3.12")}, [VULN])})
    assert run([Installed("a", "1.0")], fetch) == (["vulnerable"], 1)


def test_no_data_fails_never_passes_silently() -> None:
    fetch = fetcher({"a": project("2.0", {"2.0": release()})})
    dists = [Installed("a", "2.0"), Installed("not-on-pypi", "1.0")]
    assert run(dists, fetch) == (["checked", "unknown"], 2)
    assert run([Installed("down", "1.0")], fetch) == (["unknown"], 2)


def test_local_projects_are_listed_not_asked() -> None:
    def fetch(url: str) -> Document:
        raise AssertionError(url)

    assert run([Installed("club-tournament-bot", "0.1.0", local=True)], fetch) == (["local"], 0)
