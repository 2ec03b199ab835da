"""Leaf chunks and their embeddings in LanceDB, and cosine search over them.

One table per index generation: ``leaves``, with their vectors. Up to :data:`IN_MEMORY_MAX_ROWS`
leaves the search is exact, on an in-memory copy of the current table version
(:mod:`mira_desktop.index.memory`); from :data:`ANN_MIN_ROWS` leaves LanceDB also keeps an IVF_SQ
index (rebuilt when a fifth of the rows are not in it yet), which serves the larger tables.
Writes happen under the knowledge base's index lock; reads see other processes' writes at once.
"""

from __future__ import annotations

import datetime
import importlib
import threading
from collections.abc import Sequence
from dataclasses import fields
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mira_desktop.index.lancedb_import import import_lancedb
from mira_desktop.index.languages import UNDETERMINED
from mira_desktop.index.memory import LANGUAGE, SnapshotCache, id_columns
from mira_desktop.index.records import LeafRow, ScoredLeaf, stub_leaf

if TYPE_CHECKING:
    from mira_desktop.index.embedder import Vectors

LEAVES = "leaves"
ANN_MIN_ROWS = 25_000
# Up to this many leaves (about 1.5 KB each: 225 MB at the limit) the search runs exactly in memory,
# which on a 2-core machine beat LanceDB's own IVF_SQ search at 116k leaves (7 against 11 ms).
IN_MEMORY_MAX_ROWS = 150_000
MAX_SMALL_FRAGMENTS = 16
_LEAF_COLUMNS = [f.name for f in fields(LeafRow)]


def _pyarrow() -> Any:
    """pyarrow, imported on first use (it ships no type information)."""
    return importlib.import_module("pyarrow")


def sql_list(values: Sequence[str]) -> str:
    return "(" + ",".join("'" + v.replace("'", "''") + "'" for v in values) + ")"


class VectorStore:
    def __init__(self, path: Path, dimension: int) -> None:
        self.path = path
        self.dimension = dimension
        self._db: Any = None
        self._tables: dict[str, Any] = {}
        self._lock = threading.Lock()
        self._snapshots = SnapshotCache(dimension, IN_MEMORY_MAX_ROWS)

    def _schema(self, name: str) -> Any:
        pa = _pyarrow()

        columns = [
            pa.field(c, pa.int32() if c in {"ordinal", "siblings"} else pa.string()) for c in _LEAF_COLUMNS
        ]
        return pa.schema([*columns, pa.field("vector", pa.list_(pa.float32(), self.dimension))])

    def table(self, name: str) -> Any:
        with self._lock:
            table = self._tables.get(name)
            if table is None:
                lancedb = import_lancedb()
                if self._db is None:
                    self.path.mkdir(parents=True, exist_ok=True)
                    # Interval 0: every read checks for commits by other processes (the app and `mira`).
                    self._db = lancedb.connect(self.path, read_consistency_interval=datetime.timedelta(0))
                table = self._db.create_table(name, schema=self._schema(name), exist_ok=True)
                self._tables[name] = table
            return table

    def add_leaves(self, leaves: Sequence[LeafRow], vectors: Vectors) -> None:
        pa = _pyarrow()

        if not leaves:
            return
        columns: dict[str, Any] = {c: [getattr(leaf, c) for leaf in leaves] for c in _LEAF_COLUMNS}
        flat = pa.array(vectors.astype("float32", copy=False).ravel())
        columns["vector"] = pa.FixedSizeListArray.from_arrays(flat, self.dimension)
        self.table(LEAVES).add(pa.table(columns, schema=self._schema(LEAVES)))

    def delete_versions(self, version_ids: Sequence[str]) -> None:
        if not version_ids:
            return
        self.table(LEAVES).delete(f"version_id IN {sql_list(version_ids)}")

    def search(
        self,
        vector: Vectors,
        limit: int,
        exclude_versions: Sequence[str] = (),
        languages: frozenset[str] | None = None,
    ) -> list[ScoredLeaf]:
        """The ``limit`` leaves nearest to ``vector`` by cosine similarity, best first; with
        ``languages``, only leaves in those languages (or of unknown language) take part.

        The leaves carry ids only (:func:`~mira_desktop.index.records.is_stub`); the text of those
        that end up in the results is read from the BM25 index's payloads.
        """
        table = self.table(LEAVES)
        snapshot = self._snapshots.get(table)
        if snapshot is not None:
            return snapshot.search(vector, limit, exclude_versions, languages)
        columns = id_columns(table)
        query = table.search(vector, vector_column_name="vector").distance_type("cosine").limit(limit)
        where = []
        if exclude_versions:
            where.append(f"version_id NOT IN {sql_list(exclude_versions)}")
        if languages is not None and LANGUAGE in columns:
            where.append(f"{LANGUAGE} IN {sql_list([*sorted(languages), '', UNDETERMINED])}")
        if where:
            query = query.where(" AND ".join(where), prefilter=True)
        result = query.select([*columns, "_distance"]).to_arrow().to_pylist()
        return [
            ScoredLeaf(stub_leaf(**{c: row[c] for c in columns}), 1.0 - float(row["_distance"]), rank)
            for rank, row in enumerate(result, start=1)
        ]

    def search_backend(self) -> str:
        """How :meth:`search` runs now: ``memory`` (exact), ``lancedb-flat`` or ``lancedb-ivf_sq``."""
        table = self.table(LEAVES)
        if self._snapshots.get(table) is not None:
            return "memory"
        return "lancedb-ivf_sq" if self._has_ann_index(table) else "lancedb-flat"

    def leaf_ids(self, version_id: str) -> set[str]:
        """Row ids of the leaves already stored for ``version_id`` (what a resumed job can skip)."""
        table = self.table(LEAVES)
        where = f"version_id = {sql_list([version_id])[1:-1]}"
        count = table.count_rows(where)
        if not count:
            return set()
        rows = table.search().where(where).select(["row_id"]).limit(count).to_arrow()
        return set(rows.column("row_id").to_pylist())

    def vectors_by_hash(self, hashes: Sequence[str]) -> dict[str, Vectors]:
        """Stored embeddings of texts already in the index, by content hash (to embed nothing twice)."""
        if not hashes:
            return {}
        table = self.table(LEAVES)
        found: dict[str, Any] = {}
        for start in range(0, len(hashes), 2000):
            part = hashes[start : start + 2000]
            rows = (
                table.search()
                .where(f"content_hash IN {sql_list(part)}")
                .select(["content_hash", "vector"])
                .limit(len(part) * 4)
                .to_arrow()
            )
            matrix = rows.column("vector").combine_chunks().flatten().to_numpy().reshape(-1, self.dimension)
            for content_hash, vector in zip(rows.column("content_hash").to_pylist(), matrix, strict=True):
                found.setdefault(content_hash, vector)
        return found

    def version_ids(self) -> set[str]:
        table = self.table(LEAVES)
        count = table.count_rows()
        if not count:
            return set()
        column = table.search().select(["version_id"]).limit(count).to_arrow().column("version_id")
        return set(column.unique().to_pylist())

    def count(self) -> int:
        return int(self.table(LEAVES).count_rows())

    def all_leaves(self) -> list[LeafRow]:
        table = self.table(LEAVES)
        count = table.count_rows()
        if not count:
            return []
        columns = [c for c in _LEAF_COLUMNS if c in table.schema.names]
        rows = table.search().select(columns).limit(count).to_arrow().to_pylist()
        return [LeafRow(**row) for row in rows]

    def _has_ann_index(self, table: Any) -> bool:
        return any(index.name == "vector_idx" for index in table.list_indices())

    def maintain(self) -> None:
        """Build or refresh the ANN index once the table is large enough; compact small fragments."""
        table = self.table(LEAVES)  # imports lancedb (mira_desktop.index.lancedb_import)
        from lancedb.index import IvfSq

        rows = table.count_rows()
        if rows < ANN_MIN_ROWS:
            # Every write adds a fragment: merge them once they pile up.
            if table.stats()["fragment_stats"]["num_small_fragments"] > MAX_SMALL_FRAGMENTS:
                table.optimize()
            self._index_row_ids()
            return
        if self._has_ann_index(table):
            stats = table.index_stats("vector_idx")
            unindexed = 0 if stats is None else int(stats.num_unindexed_rows)
            if unindexed * 5 < rows:
                return
        table.optimize()
        table.create_index("vector", config=IvfSq(distance_type="cosine"), replace=True, name="vector_idx")
        self._index_row_ids()

    def _index_row_ids(self) -> None:
        """A B-tree index on the row ids, so that :meth:`leaves` reads by id without scanning."""
        table = self.table(LEAVES)
        from lancedb.index import BTree

        rows = table.count_rows()
        if not rows:
            return
        indexed = any(i.name == "row_id_idx" for i in table.list_indices())
        stats = table.index_stats("row_id_idx") if indexed else None
        if stats is None or int(stats.num_unindexed_rows) * 5 > rows:
            table.create_index("row_id", config=BTree(), replace=True, name="row_id_idx")
