"""The one exception for a person's mistake, and how a failure is worded for him.

A service (or a handler) raises ``UserError("koth.full")`` when what was asked cannot be done;
the error router (``handlers.errors``) turns it into an answer in the reader's language. So no
handler repeats a ``try``/``except`` to show a refusal, and every refusal reads the same way.
"""

from __future__ import annotations

from db.database import is_database_error

#: The locale key of a transaction the database refused (locked, disk I/O, ...).
DATABASE_FAILED = "errors.database"
#: The locale key of any other failure: a bug, logged with its trace.
INTERNAL = "errors.internal"


class UserError(Exception):
    """What the person asked cannot be done; ``key`` names the locale text that says why and
    ``values`` fill its placeholders."""

    def __init__(self, key: str, **values: object) -> None:
        super().__init__(key)
        self.key = key
        self.values = values


def database_failure(exc: BaseException) -> bool:
    """The database refused a statement or a commit (locked, disk I/O, a closed connection):
    nothing of that transaction was stored, and trying again later may well work."""
    return is_database_error(exc)
