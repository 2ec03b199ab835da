"""Opening the Mira database: checks before any write, WAL, foreign keys, serialized writes."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mira_desktop.core.errors import DatabaseError, DatabaseTooNewError
from mira_desktop.store import migrations

if TYPE_CHECKING:
    import sqlite_utils

BUSY_TIMEOUT_MS = 5000
Row = dict[str, Any]


class Database:
    """One connection shared by the app's threads; writes are serialized by a lock.

    ``transaction()`` opens ``BEGIN IMMEDIATE`` so that a write never waits behind a reader in WAL
    mode and a second process (the ``mira`` command beside the app) waits for the busy timeout.
    """

    def __init__(self, conn: sqlite3.Connection, path: Path) -> None:
        self.conn = conn
        self.path = path
        self._lock = threading.RLock()
        self._depth = 0

    @cached_property
    def db(self) -> sqlite_utils.Database:
        """sqlite-utils over the same connection, for introspection and bulk work.

        Imported on first use: sqlite-utils pulls in numpy, which costs start-up time.
        """
        import sqlite_utils

        return sqlite_utils.Database(self.conn)

    @contextmanager
    def transaction(self) -> Iterator[Database]:
        with self._lock:
            outermost = self._depth == 0
            if outermost:
                self.conn.execute("BEGIN IMMEDIATE")
            self._depth += 1
            try:
                yield self
            except BaseException:
                self._depth -= 1
                if outermost:
                    self.conn.execute("ROLLBACK")
                raise
            self._depth -= 1
            if outermost:
                self.conn.execute("COMMIT")

    def execute(self, sql: str, params: tuple[Any, ...] | dict[str, Any] = ()) -> sqlite3.Cursor:
        with self._lock:
            return self.conn.execute(sql, params)

    def query(self, sql: str, params: tuple[Any, ...] | dict[str, Any] = ()) -> list[Row]:
        with self._lock:
            cursor = self.conn.execute(sql, params)
            names = [d[0] for d in cursor.description]
            return [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]

    def tuples(self, sql: str, params: tuple[Any, ...] | dict[str, Any] = ()) -> list[tuple[Any, ...]]:
        """Rows as tuples, fetched under the lock (for the hot paths that skip building dicts)."""
        with self._lock:
            return self.conn.execute(sql, params).fetchall()

    def one(self, sql: str, params: tuple[Any, ...] | dict[str, Any] = ()) -> Row | None:
        rows = self.query(sql, params)
        return rows[0] if rows else None

    def data_version(self) -> int:
        """SQLite's ``PRAGMA data_version``: changes when another connection has committed."""
        with self._lock:
            return int(self.conn.execute("PRAGMA data_version").fetchone()[0])

    @property
    def schema_version(self) -> int:
        with self._lock:
            return int(self.conn.execute("PRAGMA user_version").fetchone()[0])

    def close(self) -> None:
        with self._lock:
            self.conn.close()


def open_read_only(path: Path) -> Database:
    """The database at ``path`` opened for reading only (nothing is created, migrated or written):
    what the window shows before its services open it. Raises :class:`DatabaseError`."""
    try:
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=1, check_same_thread=False)
    except sqlite3.Error as exc:
        raise DatabaseError.said("app.db_unopenable", path=path, error=exc) from exc
    return Database(conn, path)


def read_schema_version(path: Path) -> int:
    """Read ``PRAGMA user_version`` without writing to the file (read-only URI)."""
    try:
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    except sqlite3.Error as exc:
        raise DatabaseError.said("app.db_denied", path=path, error=exc) from exc
    try:
        conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
        return int(conn.execute("PRAGMA user_version").fetchone()[0])
    except sqlite3.DatabaseError as exc:
        raise DatabaseError.said("app.db_damaged", path=path, error=exc) from exc
    finally:
        conn.close()


def open_database(path: Path, before_migration: Callable[[Path, int, int], object] | None = None) -> Database:
    """Open (creating if absent) and migrate the database at ``path``.

    An existing file is inspected read-only first: a newer schema or a damaged file is refused
    before anything is written to it. ``before_migration(path, found, newest)`` runs before an
    existing database is migrated (the composition root saves a backup there).
    """
    known = migrations.latest_version()
    if path.exists():
        found = read_schema_version(path)
        if found > known:
            raise DatabaseTooNewError(str(path), found, known)
        if 0 < found < known and before_migration is not None:
            before_migration(path, found, known)
    conn = sqlite3.connect(
        path, isolation_level=None, check_same_thread=False, timeout=BUSY_TIMEOUT_MS / 1000
    )
    try:
        conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("PRAGMA foreign_keys = ON")
        conn.execute("PRAGMA synchronous = NORMAL")
        database = Database(conn, path)
        migrations.migrate(database)
    except sqlite3.DatabaseError as exc:
        conn.close()
        raise DatabaseError.said("app.db_unprepared", path=path, error=exc) from exc
    except BaseException:
        conn.close()
        raise
    return database
