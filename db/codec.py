"""The one codec between a kind's typed events (frozen dataclasses in ``rules/<kind>/events.py``)
and the payloads its log stores (``events.payload_json``).

An event class names its kind in the log (``NAME``); its fields are the payload's keys, a
trailing ``_`` dropped (``as_`` ↔ ``as``: a keyword in Python). Decoding checks and converts
each value to the field's type through pydantic's ``TypeAdapter`` (``"3"`` keys of a stored
mapping become ints, lists tuples, an outcome's value its enum), fills the defaults of keys an
older log lacks (or stored as null) and ignores keys the class does not name; a payload that
does not fit is an error naming the event, never a silently wrong state.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Iterable, Mapping
from typing import Any, Generic, TypeVar

from pydantic import TypeAdapter, ValidationError

E = TypeVar("E")


S = TypeVar("S")


@functools.cache
def _settings_of(cls: type[Any]) -> tuple[TypeAdapter[Any], frozenset[str]]:
    """``cls``'s adapter and field names, built once: building an adapter takes about 5 ms
    (``benchmarks.burst``: 2.1 of 18 s at 256 players, one per read of a tournament)."""
    names = frozenset(f.name for f in dataclasses.fields(cls))
    return TypeAdapter(cls), names


def parse_settings(cls: type[S], raw: Mapping[str, Any]) -> S:
    """A tournament's settings as ``cls`` (a frozen dataclass of defaults): values converted to
    the fields' types, keys it does not name ignored, nulls and values that do not fit (a
    hand-edited or very old row) read as the field's default, never a failed read."""
    built, names = _settings_of(cls)  # type: ignore[arg-type]  # a class is hashable
    adapter: TypeAdapter[S] = built
    values = {key: value for key, value in raw.items() if key in names and value is not None}
    while True:
        try:
            return adapter.validate_python(values)
        except ValidationError as exc:
            wrong = {str(error["loc"][0]) for error in exc.errors() if error["loc"]}
            if not wrong & set(values):
                raise
            values = {key: value for key, value in values.items() if key not in wrong}


class BadEvent(ValueError):
    """A stored payload that is not the event its kind names."""


def _stored(name: str) -> str:
    return name[:-1] if name.endswith("_") else name


class Codec(Generic[E]):
    """Reads and writes the events of ``classes`` (one kind's)."""

    def __init__(self, classes: Iterable[type[E]]) -> None:
        self._classes: dict[str, type[E]] = {}
        self._adapters: dict[str, TypeAdapter[Any]] = {}
        self._fields: dict[str, dict[str, str]] = {}
        self._optional: dict[str, frozenset[str]] = {}
        for cls in classes:
            kind = cls.NAME  # type: ignore[attr-defined]
            self._classes[kind] = cls
            self._adapters[kind] = TypeAdapter(cls)
            every = dataclasses.fields(cls)  # type: ignore[arg-type]
            self._fields[kind] = {_stored(f.name): f.name for f in every}
            self._optional[kind] = frozenset(
                f.name
                for f in every
                if f.default is not dataclasses.MISSING
                or f.default_factory is not dataclasses.MISSING
            )

    def kinds(self) -> frozenset[str]:
        return frozenset(self._classes)

    def decode(self, kind: str, payload: Mapping[str, Any]) -> E | None:
        """The typed event of a stored one; ``None`` for a kind this codec does not know."""
        fields = self._fields.get(kind)
        if fields is None:
            return None
        optional = self._optional[kind]
        # A key an older log stored as null where the field has a default: the default.
        values = {
            fields[key]: value
            for key, value in payload.items()
            if key in fields and not (value is None and fields[key] in optional)
        }
        try:
            return self._adapters[kind].validate_python(values)  # type: ignore[no-any-return]
        except ValidationError as exc:
            raise BadEvent(f"{kind} {dict(payload)!r}: {exc}") from exc

    def encode(self, event: E) -> tuple[str, dict[str, Any]]:
        """(kind, payload) to store ``event`` as."""
        kind = type(event).NAME  # type: ignore[attr-defined]
        dumped = self._adapters[kind].dump_python(event, mode="json")
        return kind, {_stored(name): value for name, value in dumped.items()}

    def typed(self, stored: Iterable[tuple[str, Mapping[str, Any]]]) -> list[E]:
        """The events of this codec's kind among stored (kind, payload) pairs, in order."""
        found = (self.decode(kind, payload) for kind, payload in stored)
        return [event for event in found if event is not None]
