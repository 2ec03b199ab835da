"""Open an attached file for reading and run one checked query on it, within limits.

SQLite is opened read-only (``file:…?mode=ro`` and ``PRAGMA query_only``); each allowed table is
shadowed by a TEMP view of the same name that has only the allowed columns and ``'***'`` in place of
the masked ones, so no query can see past them. CSV, XLSX and Parquet are loaded once per version of
the file (``loading``: a size cap, a time limit, Stop) and copied into an in-memory DuckDB the same
way, then external access is turned off and the configuration locked. A query runs
under a time limit (SQLite's progress handler, DuckDB's ``interrupt()``), and its result is cut at a
number of rows, of bytes and of characters per cell.
"""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mira_desktop.core.cancel import CancelToken
from mira_desktop.core.errors import InvalidInputError
from mira_desktop.core.phrases import Phrase, said
from mira_desktop.services.data.guard import check
from mira_desktop.services.data.loading import check_size, load
from mira_desktop.services.data.sources import DataSource

MASK = "***"


@dataclass(frozen=True)
class Limits:
    seconds: float = 5.0
    rows: int = 200
    bytes: int = 64_000
    cell_chars: int = 500
    file_bytes: int = 200_000_000  # a CSV, XLSX or Parquet file larger than this is refused
    load_seconds: float = 30.0  # reading such a file, once per version of it (then kept)


@dataclass(frozen=True)
class Column:
    name: str
    type: str
    masked: bool = False


@dataclass
class QueryResult:
    columns: list[str]
    rows: list[list[Any]] = field(default_factory=list)
    cut: Phrase | None = None  # why the rows stop where they do, when a limit cut them
    seconds: float = 0.0


class QueryFailedError(Exception):
    """The query ran and failed (a missing column, the time limit); ``phrase`` says so."""

    def __init__(self, phrase: Phrase) -> None:
        super().__init__(phrase.english)
        self.phrase = phrase


def _quote(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


class OpenedSource:
    def __init__(
        self, source: DataSource, connection: Any, dialect: str, columns: dict[str, list[Column]]
    ) -> None:
        self.source = source
        self._connection = connection
        self.dialect = dialect
        self._columns = columns

    def tables(self) -> list[str]:
        return list(self._columns)

    def schema(self) -> dict[str, list[Column]]:
        return dict(self._columns)

    def run(self, sql: str, limits: Limits, cancel: CancelToken | None = None) -> QueryResult:
        """Check ``sql`` (raises :class:`SqlRefusedError`), run it (raises :class:`QueryFailedError`)."""
        check(sql, self.dialect, set(self._columns))
        started = time.monotonic()
        try:
            if self.dialect == "sqlite":
                result = self._run_sqlite(sql, limits, cancel, started)
            else:
                result = self._run_duckdb(sql, limits, cancel)
        except QueryFailedError:
            raise
        except Exception as exc:  # the engine's own error: a missing column, a type mismatch
            if cancel is not None and cancel.cancelled:
                cancel.raise_if_cancelled()
            if time.monotonic() - started >= limits.seconds * 0.95 or "interrupt" in str(exc).lower():
                raise QueryFailedError(said("data.sql_timed_out", seconds=f"{limits.seconds:g}")) from exc
            raise QueryFailedError(said("data.sql_failed", problem=str(exc).splitlines()[0][:300])) from exc
        result.seconds = round(time.monotonic() - started, 3)
        return result

    def _run_sqlite(
        self, sql: str, limits: Limits, cancel: CancelToken | None, started: float
    ) -> QueryResult:
        deadline = started + limits.seconds

        def stop() -> int:
            return int(time.monotonic() > deadline or (cancel is not None and cancel.cancelled))

        self._connection.set_progress_handler(stop, 1000)
        try:
            cursor = self._connection.execute(sql)
            columns = [d[0] for d in cursor.description or ()]
            return _collect(columns, cursor, limits)
        finally:
            self._connection.set_progress_handler(None, 0)

    def _run_duckdb(self, sql: str, limits: Limits, cancel: CancelToken | None) -> QueryResult:
        timer = threading.Timer(limits.seconds, self._connection.interrupt)
        unregister = cancel.on_cancel(self._connection.interrupt) if cancel is not None else None
        timer.start()
        try:
            cursor = self._connection.execute(sql)
            columns = [d[0] for d in cursor.description or ()]
            return _collect(columns, cursor, limits)
        finally:
            timer.cancel()
            if unregister is not None:
                unregister()


def _collect(columns: list[str], cursor: Any, limits: Limits) -> QueryResult:
    result = QueryResult(columns)
    size = 0
    while True:
        batch = cursor.fetchmany(100)
        if not batch:
            return result
        for raw in batch:
            if len(result.rows) >= limits.rows:
                result.cut = said("data.cut_rows", most=limits.rows)
                return result
            row = [_cell(value, limits.cell_chars) for value in raw]
            size += sum(len(str(v)) for v in row) + len(row)
            if size > limits.bytes:
                result.cut = said("data.cut_bytes", most=limits.bytes)
                return result
            result.rows.append(row)


def _cell(value: Any, most: int) -> Any:
    if isinstance(value, bytes):
        return f"<{len(value)} bytes>"
    if isinstance(value, int | float | bool) or value is None:
        return value
    text = str(value)
    return text if len(text) <= most else text[:most] + "…"


@contextmanager
def open_source(
    source: DataSource,
    *,
    every_table: bool = False,
    limits: Limits | None = None,
    cancel: CancelToken | None = None,
) -> Iterator[OpenedSource]:
    """The source opened for queries (``every_table``: ignore the allow list, to check it).

    A CSV, XLSX or Parquet file is loaded once per version (see ``loading``), under
    ``limits.load_seconds`` and ``cancel``.

    Raises:
        InvalidInputError: the file is missing, too big, or not the kind of data its name says.
        LoadTimedOutError: loading the file took longer than ``limits.load_seconds``.
        Cancelled: ``cancel`` was cancelled while loading.
    """
    limits = limits or Limits()
    path = Path(source.path)
    if not path.is_file():
        raise InvalidInputError.said("data.file_gone", path=str(path))
    opened = (
        _open_sqlite(source, path, every_table)
        if source.kind == "sqlite"
        else _open_duckdb(source, path, every_table, limits, cancel)
    )
    try:
        yield opened
    finally:
        opened._connection.close()


def _shape(
    source: DataSource, table: str, columns: list[tuple[str, str]], every: bool
) -> tuple[str, list[Column]]:
    """The SELECT list a table is seen through, and its columns as the schema shows them."""
    allowed = None if every else source.columns_allowed(table)
    masked = set() if every else source.masked(table)
    parts: list[str] = []
    shown: list[Column] = []
    for name, kind in columns:
        if allowed is not None and name.lower() not in allowed:
            continue
        if name.lower() in masked:
            parts.append(f"'{MASK}' AS {_quote(name)}")
            shown.append(Column(name, "masked", True))
        else:
            parts.append(_quote(name))
            shown.append(Column(name, kind))
    return ", ".join(parts) or "NULL AS nothing_allowed", shown


def _shape_arrow(source: DataSource, table: str, data: Any, every: bool) -> tuple[Any, set[str]]:
    """The loaded table as a query sees it: allowed columns only, masked ones all ``MASK``."""
    import numpy
    import pyarrow as pa  # type: ignore[import-untyped]

    allowed = None if every else source.columns_allowed(table)
    hidden = set() if every else source.masked(table)
    names: list[str] = []
    arrays: list[Any] = []
    masked: set[str] = set()
    for name, column in zip(data.column_names, data.columns, strict=True):
        if allowed is not None and name.lower() not in allowed:
            continue
        names.append(name)
        if name.lower() in hidden:
            masked.add(name)
            zeros = pa.array(numpy.zeros(data.num_rows, numpy.int8))
            arrays.append(pa.DictionaryArray.from_arrays(zeros, pa.array([MASK])))
        else:
            arrays.append(column)
    if not names:
        return pa.table({"nothing_allowed": pa.nulls(data.num_rows)}), masked
    return pa.Table.from_arrays(arrays, names=names), masked


def _open_sqlite(source: DataSource, path: Path, every: bool) -> OpenedSource:
    connection = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True, check_same_thread=False)
    try:
        names = [
            r[0]
            for r in connection.execute(
                "SELECT name FROM main.sqlite_master WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%' ORDER BY name"
            )
        ]
        columns: dict[str, list[Column]] = {}
        for name in names:
            if not (every or source.table_allowed(name)):
                continue
            info = [(r[1], r[2] or "") for r in connection.execute(f"PRAGMA main.table_info({_quote(name)})")]
            select, shown = _shape(source, name, info, every)
            connection.execute(f"CREATE TEMP VIEW {_quote(name)} AS SELECT {select} FROM main.{_quote(name)}")
            columns[name.lower()] = shown
        connection.execute("PRAGMA query_only = ON")
    except sqlite3.DatabaseError as exc:
        connection.close()
        raise InvalidInputError.said("data.not_database", path=path.name, problem=str(exc)) from exc
    return OpenedSource(source, connection, "sqlite", columns)


def _open_duckdb(
    source: DataSource, path: Path, every: bool, limits: Limits, cancel: CancelToken | None
) -> OpenedSource:
    import duckdb

    check_size(path, limits.file_bytes)
    try:
        loaded = load(path, source.kind, seconds=limits.load_seconds, cancel=cancel)
    except (duckdb.Error, ValueError, OSError) as exc:
        raise InvalidInputError.said(
            "data.not_readable",
            path=path.name,
            kind=source.kind.upper(),
            problem=str(exc).splitlines()[0][:200],
        ) from exc
    connection = duckdb.connect(":memory:")
    try:
        columns: dict[str, list[Column]] = {}
        for name, table in loaded:
            if every or source.table_allowed(name):
                # only what the person allows is registered: the file's own table never enters
                # this database, and nothing is copied (a registered Arrow table is a view)
                shaped, masked = _shape_arrow(source, name, table, every)
                connection.register(name, shaped)
                described = connection.execute(f"DESCRIBE {_quote(name)}").fetchall()
                columns[name] = [
                    Column(str(r[0]), "masked", True) if str(r[0]) in masked else Column(str(r[0]), str(r[1]))
                    for r in described
                ]
        connection.execute("SET memory_limit = '1GB'")  # a runaway join spills or fails, not the machine
        connection.execute("SET enable_external_access = false")
        connection.execute("SET lock_configuration = true")
    except duckdb.Error as exc:
        connection.close()
        raise InvalidInputError.said(
            "data.not_readable",
            path=path.name,
            kind=source.kind.upper(),
            problem=str(exc).splitlines()[0][:200],
        ) from exc
    return OpenedSource(source, connection, "duckdb", columns)
