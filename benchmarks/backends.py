"""A benchmark on both databases, side by side (issue 28): SQLite, then PostgreSQL.

    .venv/bin/python -m benchmarks.backends load --players 256 --minutes 1
    .venv/bin/python -m benchmarks.backends burst --sizes 256

runs ``python -m benchmarks.<name> <arguments>`` twice, the second time with ``DATABASE_URL``
set to an empty database of a throw-away PostgreSQL server (``tests.pg``: loopback, no fsync,
``synchronous_commit`` off, as SQLite's WAL with ``synchronous=NORMAL`` does not wait for the
disk either), and prints each run's last lines, its wall time and the ratio PostgreSQL/SQLite.
"""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import time

from tests import pg


def run(name: str, args: list[str], env: dict[str, str]) -> tuple[float, str]:
    began = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-m", f"benchmarks.{name}", *args],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    took = time.monotonic() - began
    if done.returncode != 0:
        print(done.stdout[-2000:], done.stderr[-3000:], sep="\n")
        raise SystemExit(f"benchmarks.{name} failed ({done.returncode})")
    return took, done.stdout


def main() -> int:
    if len(sys.argv) < 2:
        print(__doc__)
        return 2
    name, args = sys.argv[1], sys.argv[2:]
    server = pg.server()
    if server is None:
        print(f"no PostgreSQL server: {pg.why_not}")
        return 1
    url = asyncio.run(server.fresh())
    plain = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    try:
        results = {
            "sqlite": run(name, args, plain),
            "postgresql": run(name, args, {**plain, "DATABASE_URL": url}),
        }
    finally:
        pg.stop()
    for backend, (took, out) in results.items():
        print(f"=== {backend}: {took:.1f} s wall")
        print("\n".join(out.strip().splitlines()[-12:]))
    ratio = results["postgresql"][0] / results["sqlite"][0]
    print(f"wall time PostgreSQL / SQLite: {ratio:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
