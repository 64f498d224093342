"""A throw-away PostgreSQL server for the tests and the benchmarks, owned by the run.

``server()`` gives the one server of this process: the one named by ``TEST_POSTGRES_URL`` (an
address of a role that may create databases), or else a cluster made here with Debian's
``initdb`` in a temporary folder, listening on a free loopback port (and a socket in that
folder), stopped and deleted when the process ends. PostgreSQL refuses to run as root, so as
root (CI) the cluster belongs to ``nobody``. Its settings trade durability for speed (no
``fsync``): it only ever holds test data. ``None`` (with ``why_not``) when there is no server
to be had (or ``TEST_POSTGRES=off`` asks for none): the PostgreSQL half of the tests is then
skipped, with one line saying why.

Every test gets a database of its own (``Server.fresh``), empty, in the C collation (text
sorts by code point, as SQLite's does).
"""

from __future__ import annotations

import atexit
import contextlib
import glob
import itertools
import os
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

import asyncpg

#: why there is no server (``server()`` returned ``None``)
why_not = ""
_server: Server | None = None
_tried = False


def _binaries() -> Path | None:
    """The folder of ``initdb`` and ``pg_ctl``: PostgreSQL's own, the newest installed."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"), key=_major)
    if found:
        return Path(found[-1]).parent
    on_path = shutil.which("pg_ctl")
    return Path(on_path).resolve().parent if on_path else None


def _major(path: str) -> int:
    part = Path(path).parent.parent.name
    return int(part) if part.isdigit() else 0


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Server:
    """A server at ``url`` (a role that creates databases); ``fresh`` makes one per test."""

    def __init__(self, url: str, stop: list[str] | None = None, folder: Path | None = None):
        self.url = url
        self._stop = stop
        self._folder = folder
        self._numbers = itertools.count(1)

    def address(self, name: str) -> str:
        return self.url.rsplit("/", 1)[0] + "/" + name

    async def fresh(self) -> str:
        """The address of a new, empty database."""
        name = f"t{os.getpid()}_{next(self._numbers)}"
        conn = await asyncpg.connect(self.url)
        try:
            await conn.execute(
                f"CREATE DATABASE {name} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' "
                "LC_CTYPE 'C'"
            )
        finally:
            await conn.close()
        return self.address(name)

    async def drop(self, url: str) -> None:
        name = url.rsplit("/", 1)[1]
        conn = await asyncpg.connect(self.url)
        try:
            await conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        finally:
            await conn.close()

    def stop(self) -> None:
        if self._stop is not None:
            subprocess.run(self._stop, capture_output=True, check=False, timeout=60)
            self._stop = None
        if self._folder is not None:
            shutil.rmtree(self._folder, ignore_errors=True)
            self._folder = None


def _as_owner(command: list[str]) -> list[str]:
    """``command`` as ``nobody`` when this process is root (PostgreSQL refuses root)."""
    if os.geteuid() != 0:
        return command
    return ["runuser", "-u", "nobody", "--", *command]


def _start() -> Server:
    """A new cluster in a temporary folder; raises ``RuntimeError`` with the reason."""
    binaries = _binaries()
    if binaries is None:
        raise RuntimeError("no PostgreSQL server installed (Debian's postgresql package)")
    folder = Path(tempfile.mkdtemp(prefix="club-pg-"))
    if os.geteuid() == 0:
        shutil.chown(folder, "nobody")
    data = folder / "data"
    port = _free_port()
    initdb = [
        str(binaries / "initdb"),
        "-D",
        str(data),
        "-U",
        "postgres",
        "--auth=trust",
        "--encoding=UTF8",
        "--locale=C",
        "--no-sync",
    ]
    done = subprocess.run(_as_owner(initdb), capture_output=True, text=True, timeout=120)
    if done.returncode != 0:
        shutil.rmtree(folder, ignore_errors=True)
        raise RuntimeError(f"initdb failed: {done.stderr.strip()[-300:]}")
    options = (
        f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c fsync=off "
        "-c synchronous_commit=off -c full_page_writes=off -c max_connections=200"
    )
    pg_ctl = str(binaries / "pg_ctl")
    start = [pg_ctl, "-D", str(data), "-l", str(folder / "log"), "-o", options, "-w", "start"]
    done = subprocess.run(_as_owner(start), capture_output=True, text=True, timeout=120)
    if done.returncode != 0:
        log = (
            (folder / "log").read_text(errors="replace")[-300:] if (folder / "log").exists() else ""
        )
        shutil.rmtree(folder, ignore_errors=True)
        raise RuntimeError(f"pg_ctl start failed: {done.stderr.strip()[-200:]} {log}")
    stop = _as_owner([pg_ctl, "-D", str(data), "-m", "immediate", "-w", "stop"])
    return Server(f"postgresql://postgres@127.0.0.1:{port}/postgres", stop, folder)


def server() -> Server | None:
    """This process's server (see the module), started on first use; ``None`` and ``why_not``
    when there is none."""
    global _server, _tried, why_not
    if _tried:
        return _server
    _tried = True
    if os.environ.get("TEST_POSTGRES") == "off":
        why_not = "TEST_POSTGRES=off"
        return None
    url = os.environ.get("TEST_POSTGRES_URL", "")
    if url:
        _server = Server(url)
        return _server
    try:
        _server = _start()
    except (RuntimeError, OSError, subprocess.SubprocessError) as exc:
        why_not = str(exc)
        return None
    atexit.register(_server.stop)
    return _server


def stop() -> None:
    """Stop the cluster started here (the end of the test session)."""
    if _server is not None:
        with contextlib.suppress(OSError, subprocess.SubprocessError):
            _server.stop()
