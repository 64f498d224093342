"""Dependency audit: every distribution installed in this environment against PyPI's advisories.

Run with ``.venv/bin/python -m tools.audit`` (``make audit``; ``make test`` runs it).

Why not pip-audit: its ``pypi`` service asks ``/pypi/<name>/<version>/json``, which this
machine's (and CI's) PyPI answers with 404 — pip-audit then *skips* every package and still says
"No known vulnerabilities found" with exit status 0 (only ``--strict`` makes that a failure); its
``osv`` and ``esms`` services cannot be reached at all. What does answer is the unversioned
``/pypi/<name>/json``: its ``vulnerabilities`` field lists the advisories of the *newest*
release, and its ``releases`` the files (and Requires-Python) of every release. So, per
installed distribution:

- the versioned document, when it answers (a normal network), gives the installed version's own
  advisories: **checked**;
- otherwise, when the installed version is the newest release, the unversioned document's
  advisories are the installed version's: **checked**;
- when it is not the newest, but every newer release is excluded by this interpreter (Python
  version, wheel tags), by yanking, or by a requirement of another installed distribution (e.g.
  aiogram's ``pydantic<2.14``), it is **held back**: PyPI's data here says nothing about it. It
  is reported by name with what holds it back, and fails the audit only if the newest release
  has advisories or with ``--strict``. This is the documented limit of the check;
- when a newer release could be installed, the audit fails (**stale**): recreate the
  environment (``make clean``) so it is checked against current data;
- a distribution that PyPI does not know, or a document that cannot be fetched, fails the audit
  (**unknown**, exit status 2): without data nothing passes. Local projects (PEP 610 directory
  installs, i.e. this bot) are listed as **local** and not audited.

Exit status: 0 when nothing known is found, 1 for advisories or stale or (``--strict``) held-back
distributions, 2 when the audit could not get its data.
"""

from __future__ import annotations

import argparse
import importlib.metadata as md
import json
import os
import sys
import sysconfig
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterable, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Literal

from packaging.requirements import InvalidRequirement, Requirement
from packaging.specifiers import SpecifierSet
from packaging.tags import Tag, sys_tags
from packaging.utils import InvalidWheelFilename, canonicalize_name, parse_wheel_filename
from packaging.version import InvalidVersion, Version

PYPI_URL = os.environ.get("AUDIT_PYPI_URL", "https://pypi.org/pypi").rstrip("/")
TIMEOUT = 20.0
ATTEMPTS = 3

Status = Literal["checked", "vulnerable", "held back", "stale", "unknown", "local"]
FAILING: frozenset[Status] = frozenset({"vulnerable", "stale", "unknown"})

# A fetched JSON document, or None for 404.
Document = dict[str, Any] | None
Fetch = Callable[[str], Document]


class FetchError(Exception):
    """The index could not be asked (network, server error, not JSON)."""


@dataclass(frozen=True)
class Installed:
    name: str  # canonical
    version: str
    local: bool = False
    requires: tuple[str, ...] = ()
    extras: tuple[str, ...] = ()


@dataclass
class Finding:
    name: str
    version: str
    status: Status
    detail: str = ""
    advisories: list[str] = field(default_factory=list)


def installed_distributions(paths: Iterable[str] | None = None) -> list[Installed]:
    """The distributions of this environment's site-packages, one per canonical name."""
    if paths is None:
        paths = sorted({sysconfig.get_path("purelib"), sysconfig.get_path("platlib")})
    found: dict[str, Installed] = {}
    for dist in md.distributions(path=list(paths)):
        raw = dist.metadata["Name"]
        if not raw:
            continue
        name = canonicalize_name(raw)
        if name in found:
            continue
        found[name] = Installed(
            name=name,
            version=dist.version,
            local=_is_local(dist),
            requires=tuple(dist.requires or ()),
            extras=tuple(dist.metadata.get_all("Provides-Extra") or ()),
        )
    return sorted(found.values(), key=lambda d: d.name)


def _is_local(dist: md.Distribution) -> bool:
    """A PEP 610 install from a local directory (editable or not): not a PyPI release."""
    text = dist.read_text("direct_url.json")
    if not text:
        return False
    try:
        direct = json.loads(text)
    except ValueError:
        return False
    return "dir_info" in direct


def _parse_requirements(dist: Installed) -> list[Requirement]:
    out = []
    for text in dist.requires:
        try:
            out.append(Requirement(text))
        except InvalidRequirement:
            continue
    return out


def _active_extras(dist: Installed, reqs: list[Requirement], names: set[str]) -> set[str]:
    """Extras taken to be in use: every requirement that only the extra brings is installed."""
    active = {""}
    for extra in dist.extras:
        gated = [
            r
            for r in reqs
            if r.marker is not None
            and r.marker.evaluate({"extra": extra})
            and not r.marker.evaluate({"extra": ""})
        ]
        if gated and all(canonicalize_name(r.name) in names for r in gated):
            active.add(extra)
    return active


def constraints_on(target: str, dists: Iterable[Installed]) -> list[tuple[str, SpecifierSet]]:
    """What the installed distributions require of ``target``: (who, specifier) pairs."""
    dists = list(dists)
    names = {d.name for d in dists}
    out: list[tuple[str, SpecifierSet]] = []
    for dist in dists:
        reqs = _parse_requirements(dist)
        mine = [r for r in reqs if canonicalize_name(r.name) == target]
        if not mine:
            continue
        extras = _active_extras(dist, reqs, names)
        for req in mine:
            if req.marker is not None and not any(
                req.marker.evaluate({"extra": e}) for e in extras
            ):
                continue
            if str(req.specifier):
                out.append((f"{dist.name} {dist.version}", req.specifier))
    return out


def _usable(files: list[dict[str, Any]], python: Version, tags: frozenset[Tag]) -> bool:
    """Whether a release has a file that this interpreter could install."""
    for f in files:
        if f.get("yanked"):
            continue
        requires_python = f.get("requires_python")
        if requires_python:
            try:
                if python not in SpecifierSet(requires_python):
                    continue
            except ValueError:
                pass
        if f.get("packagetype") == "bdist_wheel":
            try:
                _, _, _, wheel_tags = parse_wheel_filename(f.get("filename", ""))
            except InvalidWheelFilename:
                continue
            if wheel_tags.isdisjoint(tags):
                continue
        return True
    return False


def _advisories(doc: Mapping[str, Any]) -> list[str]:
    out = []
    for vuln in doc.get("vulnerabilities") or ():
        if vuln.get("withdrawn"):
            continue
        ident = str(vuln.get("id") or "?")
        aliases = [str(a) for a in vuln.get("aliases") or () if a != ident]
        fixed = ", ".join(str(v) for v in vuln.get("fixed_in") or ()) or "no fix listed"
        also = f" ({', '.join(aliases)})" if aliases else ""
        out.append(f"{ident}{also}, fixed in: {fixed}")
    return out


def assess(
    dist: Installed,
    versioned: Document,
    project: Document,
    constraints: list[tuple[str, SpecifierSet]],
    python: Version,
    tags: frozenset[Tag],
) -> Finding:
    """Judge one distribution from its PyPI documents (``versioned`` first, when it answered)."""
    name, version = dist.name, dist.version
    if versioned is not None:
        found = _advisories(versioned)
        return Finding(name, version, "vulnerable" if found else "checked", "", found)
    if project is None:
        return Finding(name, version, "unknown", "not on PyPI: cannot be audited")
    latest_text = str(project.get("info", {}).get("version", ""))
    latest_found = _advisories(project)
    try:
        installed_v, latest_v = Version(version), Version(latest_text)
    except InvalidVersion:
        return Finding(name, version, "unknown", f"unreadable version ({version}/{latest_text})")
    if installed_v == latest_v:
        status: Status = "vulnerable" if latest_found else "checked"
        return Finding(name, version, status, "newest release", latest_found)
    # Not the newest: the newest release this environment could have instead.
    candidates = []
    for text, files in (project.get("releases") or {}).items():
        try:
            v = Version(text)
        except InvalidVersion:
            continue
        if v.is_prerelease and not installed_v.is_prerelease:
            continue
        if files and _usable(files, python, tags):
            candidates.append(v)
    allowed = [
        v for v in candidates if all(spec.contains(v, prereleases=True) for _, spec in constraints)
    ]
    best = max(allowed, default=None)
    if best is None or installed_v > best:
        return Finding(name, version, "unknown", f"not a release PyPI offers here ({latest_text})")
    if installed_v < best:
        return Finding(
            name,
            version,
            "stale",
            f"{best} is installable (newest {latest_text}): upgrade it or recreate the environment",
        )
    holders = [f"{who} requires {spec}" for who, spec in constraints if latest_v not in spec]
    reason = "; ".join(holders) or "newer releases do not install on this Python"
    if latest_found:
        return Finding(
            name,
            version,
            "vulnerable",
            f"held back ({reason}) and newest {latest_text} has advisories",
            latest_found,
        )
    return Finding(
        name,
        version,
        "held back",
        f"newest {latest_text} is clear; PyPI here has no data for {version}: {reason}",
    )


def fetch_json(url: str) -> Document:
    """GET a JSON document; None for 404; FetchError once the retries are spent."""
    last: Exception | None = None
    for attempt in range(ATTEMPTS):
        if attempt:
            time.sleep(attempt)
        try:
            request = urllib.request.Request(url, headers={"Accept": "application/json"})
            with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
                data = json.load(response)
            if not isinstance(data, dict):
                raise FetchError(f"{url}: not a JSON object")
            return data
        except urllib.error.HTTPError as error:
            if error.code == 404:
                return None
            last = error
            if error.code < 500 and error.code != 429:
                break
        except (urllib.error.URLError, OSError, ValueError) as error:
            last = error
    raise FetchError(f"{url}: {last}")


def audit(
    dists: list[Installed],
    fetch: Fetch = fetch_json,
    python: Version | None = None,
    tags: frozenset[Tag] | None = None,
    workers: int = 8,
) -> list[Finding]:
    python = python or Version(".".join(str(n) for n in sys.version_info[:3]))
    tags = tags if tags is not None else frozenset(sys_tags())

    def one(dist: Installed) -> Finding:
        if dist.local:
            return Finding(dist.name, dist.version, "local", "installed from a local directory")
        try:
            versioned = fetch(f"{PYPI_URL}/{dist.name}/{dist.version}/json")
            project = None if versioned is not None else fetch(f"{PYPI_URL}/{dist.name}/json")
        except FetchError as error:
            return Finding(dist.name, dist.version, "unknown", f"no data: {error}")
        return assess(dist, versioned, project, constraints_on(dist.name, dists), python, tags)

    with ThreadPoolExecutor(max_workers=workers) as pool:
        return list(pool.map(one, dists))


def report(findings: list[Finding], strict: bool) -> int:
    width = max((len(f.name) for f in findings), default=4)
    vwidth = max((len(f.version) for f in findings), default=7)
    counts: dict[str, int] = {}
    for f in findings:
        counts[f.status] = counts.get(f.status, 0) + 1
        print(f"{f.name:<{width}}  {f.version:<{vwidth}}  {f.status:<10}  {f.detail}".rstrip())
        for advisory in f.advisories:
            print(f"{'':<{width}}    ! {advisory}")
    summary = ", ".join(f"{n} {status}" for status, n in sorted(counts.items()))
    print(f"audit: {len(findings)} distributions: {summary} (data: {PYPI_URL})")
    if any(f.status == "unknown" for f in findings):
        print("audit: FAILED: no advisory data for some distributions (see 'unknown' above)")
        return 2
    failing = FAILING | ({"held back"} if strict else set())
    if any(f.status in failing for f in findings):
        print("audit: FAILED")
        return 1
    held = [f.name for f in findings if f.status == "held back"]
    if held:
        print(
            f"audit: no known vulnerabilities; NOT VERIFIED (no data for the held-back "
            f"version): {', '.join(held)}"
        )
    else:
        print("audit: no known vulnerabilities")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--strict", action="store_true", help="fail on held-back distributions too")
    args = parser.parse_args(argv)
    return report(audit(installed_distributions()), strict=args.strict)


if __name__ == "__main__":
    sys.exit(main())
