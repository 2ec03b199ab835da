"""The migration runner: applies ``migrations/NNNN_*.sql`` in order, recorded in ``user_version``."""

from __future__ import annotations

import re
import sqlite3
from contextlib import AbstractContextManager
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Protocol

from mira_desktop.core.errors import DatabaseTooNewError

_NAME = re.compile(r"^(\d{4})_([a-z0-9_]+)\.sql$")


class Migratable(Protocol):
    """What the runner needs of a database (``store.database.Database``, which imports this module)."""

    path: Path
    conn: sqlite3.Connection

    @property
    def schema_version(self) -> int: ...

    def transaction(self) -> AbstractContextManager[object]: ...


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    sql: str


@cache
def all_migrations() -> tuple[Migration, ...]:
    found: list[Migration] = []
    for entry in resources.files("mira_desktop.migrations").iterdir():
        match = _NAME.match(entry.name)
        if match:
            found.append(Migration(int(match.group(1)), match.group(2), entry.read_text("utf-8")))
    found.sort(key=lambda m: m.version)
    versions = [m.version for m in found]
    if versions != list(range(1, len(found) + 1)):
        raise RuntimeError(f"migrations must be numbered 1..N without gaps, found {versions}")
    return tuple(found)


def latest_version() -> int:
    return len(all_migrations())


def migrate(database: Migratable, target: int | None = None) -> list[int]:
    """Apply every migration above the current version (up to ``target``); return those applied.

    Each migration and its ``user_version`` bump commit together, so a crash leaves the database at
    a recorded version.
    """
    current = database.schema_version
    known = latest_version()
    if current > known:
        raise DatabaseTooNewError(str(database.path), current, known)
    target = known if target is None else target
    applied: list[int] = []
    for migration in all_migrations():
        if current < migration.version <= target:
            with database.transaction():
                for statement in _statements(migration.sql):
                    database.conn.execute(statement)
                database.conn.execute(f"PRAGMA user_version = {migration.version}")
            applied.append(migration.version)
    return applied


def _statements(script: str) -> list[str]:
    """Split a migration script into statements (``executescript`` would commit our transaction)."""
    statements: list[str] = []
    buffer = ""
    for line in script.splitlines(keepends=True):
        if not buffer and line.strip().startswith("--"):
            continue
        buffer += line
        if sqlite3.complete_statement(buffer):
            statements.append(buffer.strip())
            buffer = ""
    if buffer.strip():
        statements.append(buffer.strip())
    return statements
