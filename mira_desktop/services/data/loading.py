"""Load a CSV, XLSX or Parquet file's tables, once per version of the file, within limits.

A file above the size cap is refused before a byte is read. Loading runs under its own time limit
and the run's cancel token (DuckDB's ``interrupt()`` for CSV and Parquet, a check every few hundred
rows for XLSX), so Stop ends it at once. What was loaded is kept as Arrow tables, keyed by the
file's path, size and modification time, so the calls of one run (``sql_schema``, then each
``sql_query``) read the file once; a changed file is a new key, and the least recently used tables
are let go past a memory budget.
"""

from __future__ import annotations

import re
import threading
import time
from collections import OrderedDict
from pathlib import Path
from typing import Any

from mira_desktop.core.cancel import CancelToken
from mira_desktop.core.errors import InvalidInputError
from mira_desktop.core.phrases import said

Tables = list[tuple[str, Any]]  # (table name, pyarrow.Table) in the file's order
Key = tuple[str, int, int]

XLSX_CHECK_ROWS = 500
LOAD_BATCH_ROWS = 50_000


def table_name(text: str) -> str:
    """A file or sheet name as the table a query names."""
    return re.sub(r"\W+", "_", text).strip("_").lower() or "data"


class LoadTimedOutError(Exception):
    """Loading ran past its time limit and was interrupted; ``phrase`` says so."""

    def __init__(self, path: Path, seconds: float) -> None:
        self.phrase = said("data.load_timed_out", path=path.name, seconds=f"{seconds:g}")
        super().__init__(self.phrase.english)


class TableCache:
    """Loaded tables by file version, least recently used let go past ``most_bytes``."""

    def __init__(self, most_bytes: int = 512 * 1024 * 1024) -> None:
        self.most_bytes = most_bytes
        self._entries: OrderedDict[Key, tuple[Tables, int]] = OrderedDict()
        self._lock = threading.Lock()
        self.loads = 0  # files read from disk, for tests and benchmarks

    def get(self, key: Key) -> Tables | None:
        with self._lock:
            entry = self._entries.get(key)
            if entry is None:
                return None
            self._entries.move_to_end(key)
            return entry[0]

    def put(self, key: Key, tables: Tables) -> None:
        size = sum(int(table.nbytes) for _, table in tables)
        with self._lock:
            self.loads += 1
            for old in [k for k in self._entries if k[0] == key[0]]:
                del self._entries[old]  # an older version of the same file
            if size > self.most_bytes:
                return
            self._entries[key] = (tables, size)
            while sum(s for _, s in self._entries.values()) > self.most_bytes:
                self._entries.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()


CACHE = TableCache()


def check_size(path: Path, most: int) -> int:
    """The file's size in bytes.

    Raises:
        InvalidInputError: the file is larger than ``most`` bytes.
    """
    size = path.stat().st_size
    if size > most:
        shown, cap = f"{size / 1_000_000:.1f} MB", f"{most / 1_000_000:.1f} MB"
        if shown == cap:  # just past the cap: the exact count says why
            shown, cap = f"{size:,} bytes", f"{most:,} bytes"
        raise InvalidInputError.said("data.too_big", path=path.name, size=shown, most=cap)
    return size


def load(
    path: Path, kind: str, *, seconds: float, cancel: CancelToken | None = None, cache: TableCache = CACHE
) -> Tables:
    """The file's tables, from ``cache`` when this version of the file was loaded before.

    Raises:
        LoadTimedOutError: loading took longer than ``seconds``.
        Cancelled: ``cancel`` was cancelled while loading.
    """
    stat = path.stat()
    key = (str(path), stat.st_size, stat.st_mtime_ns)
    found = cache.get(key)
    if found is not None:
        return found
    if cancel is not None:
        cancel.raise_if_cancelled()
    deadline = time.monotonic() + seconds
    tables = (
        _load_xlsx(path, deadline, seconds, cancel)
        if kind == "xlsx"
        else _load_with_duckdb(path, kind, seconds, cancel)
    )
    cache.put(key, tables)
    return tables


def _load_with_duckdb(path: Path, kind: str, seconds: float, cancel: CancelToken | None) -> Tables:
    import duckdb
    import pyarrow as pa  # type: ignore[import-untyped]

    connection = duckdb.connect(":memory:")
    timed_out = threading.Event()

    def time_out() -> None:
        timed_out.set()
        connection.interrupt()

    timer = threading.Timer(seconds, time_out)
    unregister = cancel.on_cancel(connection.interrupt) if cancel is not None else None
    literal = "'" + str(path).replace("'", "''") + "'"
    reader = "read_parquet" if kind == "parquet" else "read_csv_auto"
    timer.start()
    try:
        # batch by batch: DuckDB's interrupt() is lost when it lands between two steps (it surfaces
        # as InterruptException, or as OSError through Arrow's reader), so each batch checks too
        relation = connection.sql(f"SELECT * FROM {reader}({literal})")
        stream = relation.to_arrow_reader(LOAD_BATCH_ROWS)
        batches = []
        for batch in stream:
            if timed_out.is_set() or (cancel is not None and cancel.cancelled):
                raise OSError("interrupted")
            batches.append(batch)
        table = pa.Table.from_batches(batches, schema=stream.schema)
    except (duckdb.Error, OSError):
        if cancel is not None:
            cancel.raise_if_cancelled()
        if timed_out.is_set():
            raise LoadTimedOutError(path, seconds) from None
        raise
    finally:
        timer.cancel()
        if unregister is not None:
            unregister()
        connection.close()
    return [(table_name(path.stem), table)]


def _load_xlsx(path: Path, deadline: float, seconds: float, cancel: CancelToken | None) -> Tables:
    """Each sheet as a table: its first row the column names."""
    import openpyxl
    import pyarrow as pa

    tables: Tables = []
    book = openpyxl.load_workbook(path, read_only=True, data_only=True)
    try:
        for sheet in book.worksheets:
            rows: list[tuple[Any, ...]] = []
            for row in sheet.iter_rows(values_only=True):
                rows.append(row)
                if len(rows) % XLSX_CHECK_ROWS == 0:
                    if cancel is not None:
                        cancel.raise_if_cancelled()
                    if time.monotonic() > deadline:
                        raise LoadTimedOutError(path, seconds)
            if not rows:
                continue
            header = [str(h) if h is not None else f"column{i + 1}" for i, h in enumerate(rows[0])]
            arrays = []
            for i in range(len(header)):
                values = [r[i] if i < len(r) else None for r in rows[1:]]
                try:
                    arrays.append(pa.array(values))
                except (pa.ArrowInvalid, pa.ArrowTypeError):
                    arrays.append(pa.array([None if v is None else str(v) for v in values]))
            tables.append((table_name(sheet.title), pa.Table.from_arrays(arrays, names=header)))
    finally:
        book.close()
    return tables
