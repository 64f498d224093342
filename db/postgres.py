"""The PostgreSQL connection (asyncpg), chosen by ``DATABASE_URL=postgresql://…``.

The repositories' SQL is written once, for both databases; what PostgreSQL spells otherwise is
translated here, once per statement (cached), outside string literals and comments:

- ``?`` placeholders (and ``:name`` ones, with a dict) become ``$1, $2 …``;
- ``rowid`` (SQLite's insertion order) becomes ``ctid``;
- SQLite's null-safe ``IS ?`` (``IS NOT ?``) becomes ``IS NOT DISTINCT FROM`` (``IS DISTINCT
  FROM``);
- an ``INSERT`` into a table with an identity column gets ``RETURNING`` that column, so that
  ``Tx.execute`` returns the new row's id and ``Tx.insert`` tells a new row (one returned) from
  an ``ON CONFLICT DO NOTHING`` that found it there (none);
- ``json_extract(column, '$.key')`` is a function of the database (created with the schema,
  ``JSON_EXTRACT``) returning ``jsonb``, and parameters compared with it travel as JSON, so the
  same comparison (``json_extract(payload_json, '$.round') = ?`` with an int) holds on both, and
  the same expression index (0010) serves it.

A migration (``schema``) has its types widened: ``INTEGER`` is ``BIGINT`` (Telegram's ids do not
fit 32 bits), ``REAL`` is ``DOUBLE PRECISION`` (SQLite's is 8 bytes), and an ``INTEGER PRIMARY
KEY`` (SQLite's row id, with or without ``AUTOINCREMENT``) an identity column. So a new portable
migration needs no hand work; the few old ones that PostgreSQL cannot run as written have a file
of the same number in ``db/migrations/postgresql`` (``tests/db/test_schemas.py`` checks that both
databases end with the same tables, columns and indexes).

Why asyncpg (and not psycopg 3): it is the driver the design names, it is asyncio-native with no
thread per connection, its binary protocol and prepared-statement cache make it the faster of
the two for the bot's many small statements, and its one-connection API maps one to one onto
the unit of work (``BEGIN``/``COMMIT`` on the shared connection, ``db.turns`` in front).

The schema's version is the one row of ``schema_version``; migrations run in one transaction
under an advisory lock, so two bot processes starting together migrate once.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from functools import lru_cache
from typing import Any, cast

import asyncpg

from db.driver import Columns, Params, Row, Schema

#: the advisory lock key of a migration (any two processes on the database wait for each other)
MIGRATION_LOCK = 2_825_001

#: SQLite's ``json_extract`` for a ``$.a.b`` path on a JSON text column; JSON null is SQL NULL
JSON_EXTRACT = """
CREATE OR REPLACE FUNCTION json_extract(doc text, path text) RETURNS jsonb
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT nullif(doc::jsonb #> string_to_array(substr(path, 3), '.'), 'null'::jsonb) $$;
"""

VERSION_TABLE = "schema_version"

_TOKEN = re.compile(
    r"""(?P<string>'(?:[^']|'')*')"""
    r"""|(?P<ident>"(?:[^"]|"")*")"""
    r"""|(?P<comment>--[^\n]*|/\*.*?\*/)"""
    r"""|(?P<dollar>\$\$.*?\$\$)""",
    re.DOTALL,
)


def _code_parts(sql: str) -> Iterator[tuple[bool, str]]:
    """``sql`` cut into (is code, text): string literals, quoted names and comments are not."""
    at = 0
    for match in _TOKEN.finditer(sql):
        if match.start() > at:
            yield True, sql[at : match.start()]
        yield False, match.group(0)
        at = match.end()
    if at < len(sql):
        yield True, sql[at:]


_PLACEHOLDER = re.compile(r"\?|(?<![:\w]):([A-Za-z_]\w*)")
_ROWID = re.compile(r"\browid\b", re.IGNORECASE)
_IS_NOT = re.compile(r"\bIS\s+NOT\s+(?=\?)", re.IGNORECASE)
_IS = re.compile(r"\bIS\s+(?=\?)", re.IGNORECASE)
_INSERT = re.compile(r'^\s*INSERT\s+INTO\s+"?(\w+)"?', re.IGNORECASE)
_RETURNING = re.compile(r"\bRETURNING\b", re.IGNORECASE)


@lru_cache(maxsize=4096)
def statement(sql: str) -> tuple[str, tuple[str, ...]]:
    """``sql`` in PostgreSQL's spelling, and the names of its ``:name`` parameters in order
    (empty for ``?`` ones)."""
    names: list[str] = []
    count = 0

    def number(match: re.Match[str]) -> str:
        nonlocal count
        name = match.group(1)
        if name is None:
            count += 1
            return f"${count}"
        if name not in names:
            names.append(name)
        return f"${names.index(name) + 1}"

    out = []
    for code, text in _code_parts(sql):
        if code:
            text = _IS.sub("IS NOT DISTINCT FROM ", _IS_NOT.sub("IS DISTINCT FROM ", text))
            text = _ROWID.sub("ctid", _PLACEHOLDER.sub(number, text))
        out.append(text)
    return "".join(out), tuple(names)


def _returns(sql: str) -> bool:
    return any(code and _RETURNING.search(text) for code, text in _code_parts(sql))


_ROW_ID = re.compile(
    r"\b(\w+)\s+INTEGER\s+PRIMARY\s+KEY(?:\s+AUTOINCREMENT)?\b", re.IGNORECASE | re.ASCII
)
_TYPES = (
    (re.compile(r"\bINTEGER\b", re.IGNORECASE), "BIGINT"),
    (re.compile(r"\bREAL\b", re.IGNORECASE), "DOUBLE PRECISION"),
    (re.compile(r"\bBLOB\b", re.IGNORECASE), "BYTEA"),
)


def schema(script: str) -> str:
    """A migration written for both databases, in PostgreSQL's types (see the module)."""
    out = []
    for code, text in _code_parts(script):
        if code:
            text = _ROW_ID.sub(r"\1 BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY", text)
            for pattern, name in _TYPES:
                text = pattern.sub(name, text)
        out.append(text)
    return "".join(out)


#: PostgreSQL's types in SQLite's words (``schema`` widened them)
_TYPE_NAMES = {"bigint": "INTEGER", "text": "TEXT", "double precision": "REAL", "bytea": "BLOB"}


def is_error(exc: BaseException) -> bool:
    """asyncpg's errors: the server refused, or the connection is gone."""
    return isinstance(exc, asyncpg.PostgresError | asyncpg.InterfaceError)


def _status_count(status: str) -> int:
    """The row count of a command's status (``UPDATE 3``, ``INSERT 0 1``)."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


class PostgresDriver:
    dialect = "postgresql"

    def __init__(self, conn: Any) -> None:
        self._conn = conn
        #: table → its identity column (the row id an INSERT returns)
        self._identity: dict[str, str] = {}

    @classmethod
    async def connect(cls, url: str) -> PostgresDriver:
        conn = await asyncpg.connect(url, statement_cache_size=1024)
        try:
            for name in ("json", "jsonb"):
                await conn.set_type_codec(
                    name, encoder=json.dumps, decoder=json.loads, schema="pg_catalog"
                )
            driver = cls(conn)
            await driver.load_identity()
        except BaseException:
            await conn.close()
            raise
        return driver

    async def load_identity(self) -> None:
        rows = await self._conn.fetch(
            """SELECT table_name, column_name FROM information_schema.columns
               WHERE table_schema = current_schema() AND is_identity = 'YES'"""
        )
        self._identity = {str(row[0]): str(row[1]) for row in rows}

    @staticmethod
    def _args(sql: str, params: Params) -> tuple[str, list[Any]]:
        text, names = statement(sql)
        if isinstance(params, dict):
            return text, [params[name] for name in names]
        return text, list(params)

    async def write(self, sql: str, params: Params) -> tuple[int, int]:
        text, args = self._args(sql, params)
        insert = _INSERT.match(text)
        column = self._identity.get(insert.group(1).lower()) if insert else None
        if column is not None and not _returns(text):
            rows = await self._conn.fetch(f"{text} RETURNING {column}", *args)
            return (int(rows[-1][0]) if rows else 0), len(rows)
        status = await self._conn.execute(text, *args)
        return 0, _status_count(str(status))

    async def write_many(self, sql: str, rows: Iterable[Params]) -> None:
        text, names = statement(sql)
        args = [
            [row[name] for name in names] if isinstance(row, dict) else list(row) for row in rows
        ]
        await self._conn.executemany(text, args)

    async def fetch(self, sql: str, params: Params) -> list[Row]:
        text, args = self._args(sql, params)
        return cast(list[Row], await self._conn.fetch(text, *args))

    async def begin(self) -> None:
        await self._conn.execute("BEGIN")

    async def commit(self) -> None:
        await self._conn.execute("COMMIT")

    async def rollback(self) -> None:
        """Outside a transaction PostgreSQL only warns; a connection already lost has nothing
        to roll back."""
        if not self._conn.is_closed():
            await self._conn.execute("ROLLBACK")

    async def close(self) -> None:
        await self._conn.close()

    async def version(self) -> int:
        if await self._conn.fetchval("SELECT to_regclass($1)", VERSION_TABLE) is None:
            return 0
        value = await self._conn.fetchval(f"SELECT max(version) FROM {VERSION_TABLE}")
        return 0 if value is None else int(value)

    async def migrate(self, scripts: list[tuple[int, str]], target: int | None) -> tuple[int, int]:
        async with self._conn.transaction():
            await self._conn.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
            current = await self.version()
            pending = [
                (number, sql)
                for number, sql in scripts
                if number > current and (target is None or number <= target)
            ]
            if pending:
                await self._conn.execute(
                    f"CREATE TABLE IF NOT EXISTS {VERSION_TABLE} (version INTEGER NOT NULL)"
                )
                await self._conn.execute(JSON_EXTRACT)
                for _, sql in pending:
                    await self._conn.execute(schema(sql))
                await self._conn.execute(f"DELETE FROM {VERSION_TABLE}")
                await self._conn.execute(
                    f"INSERT INTO {VERSION_TABLE} (version) VALUES ($1)", pending[-1][0]
                )
        await self.load_identity()
        return current, (pending[-1][0] if pending else current)

    async def compact(self) -> None:
        """``VACUUM FULL`` rewrites every table from its live rows (the server's WAL and its
        backups are the operator's to age out)."""
        await self._conn.execute("VACUUM FULL")

    async def tables(self) -> list[str]:
        rows = await self._conn.fetch(
            """SELECT table_name FROM information_schema.tables
               WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'
                 AND table_name <> $1 ORDER BY table_name""",
            VERSION_TABLE,
        )
        return [str(row[0]) for row in rows]

    async def reset_ids(self) -> None:
        for table, column in self._identity.items():
            await self._conn.execute(
                f"SELECT setval(pg_get_serial_sequence('{table}', '{column}'),"
                f" greatest(coalesce(max({column}), 0) + 1, 1), false) FROM {table}"
            )

    async def describe(self) -> Schema:
        rows = await self._conn.fetch(
            """SELECT c.relname, a.attname, format_type(a.atttypid, a.atttypmod), a.attnotnull
               FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
               JOIN pg_namespace n ON n.oid = c.relnamespace
               WHERE n.nspname = current_schema() AND c.relkind = 'r' AND a.attnum > 0
                 AND NOT a.attisdropped AND c.relname <> $1""",
            VERSION_TABLE,
        )
        tables: dict[str, Columns] = {}
        for table, column, kind, notnull in rows:
            tables.setdefault(str(table), {})[str(column)] = (
                _TYPE_NAMES.get(str(kind), str(kind)),
                bool(notnull),
            )
        indexes = await self._conn.fetch(
            """SELECT i.relname FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
               JOIN pg_namespace n ON n.oid = i.relnamespace
               WHERE n.nspname = current_schema()
                 AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = x.indexrelid)"""
        )
        return Schema(tables, frozenset(str(row[0]) for row in indexes))
