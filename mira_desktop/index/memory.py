"""Exact vector search in memory for small and medium tables.

LanceDB's per-query overhead dominates a search of a few thousand rows, and up to a hundred thousand
or so one matrix product over all vectors is still faster than its IVF index (and exact): for those
tables the vectors and ids of the current table version are held in a NumPy matrix (about 1.5 KB
per leaf) and scored at once. The snapshot is
reloaded whenever the table's version changes (a write by this process or another one), so results
are the same as LanceDB's flat search on the same rows.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from mira_desktop.index.records import ScoredLeaf, stub_leaf

if TYPE_CHECKING:
    from mira_desktop.index.embedder import Vectors

RECHECK_LARGE_S = 30.0
ID_COLUMNS = ["row_id", "version_id", "document_id", "chunk_id", "parent_id", "siblings"]


@dataclass(frozen=True)
class Snapshot:
    version: int
    matrix: Any  # (rows, dimension) float32, unit-length rows
    ids: dict[str, list[Any]]
    version_ids: Any  # NumPy array of the rows' version ids, to exclude hidden versions

    def search(self, vector: Vectors, limit: int, exclude_versions: Sequence[str]) -> list[ScoredLeaf]:
        import numpy as np

        if not len(self.matrix):
            return []
        scores = self.matrix @ vector.astype(np.float32, copy=False)
        if exclude_versions:
            scores[np.isin(self.version_ids, list(exclude_versions))] = -np.inf
        limit = min(limit, len(scores))
        top = np.argpartition(-scores, limit - 1)[:limit]
        top = top[np.argsort(-scores[top], kind="stable")]
        found = []
        for rank, i in enumerate(top, start=1):
            if scores[i] == -np.inf:
                break
            leaf = stub_leaf(**{c: self.ids[c][i] for c in ID_COLUMNS})
            found.append(ScoredLeaf(leaf, float(scores[i]), rank))
        return found


class SnapshotCache:
    def __init__(self, dimension: int, max_rows: int) -> None:
        self.dimension = dimension
        self.max_rows = max_rows
        self._snapshot: Snapshot | None = None
        self._too_large_until = 0.0  # until when the table is known to be too large to hold
        self._lock = threading.Lock()

    def get(self, table: Any) -> Snapshot | None:
        """The snapshot of ``table``'s current version, or None when it is too large to hold."""
        if self._too_large_until > time.monotonic():
            return None  # a large table stays large: look again in a while, not on every query
        version = int(table.version)
        snapshot = self._snapshot
        if snapshot is not None and snapshot.version == version:
            return snapshot
        with self._lock:
            if self._snapshot is not None and self._snapshot.version == version:
                return self._snapshot
            rows = table.count_rows()
            if rows > self.max_rows:
                self._snapshot, self._too_large_until = None, time.monotonic() + RECHECK_LARGE_S
                return None
            self._snapshot = self._load(table, version, rows)
            return self._snapshot

    def _load(self, table: Any, version: int, rows: int) -> Snapshot:
        import numpy as np

        if rows == 0:
            empty: dict[str, list[Any]] = {c: [] for c in ID_COLUMNS}
            return Snapshot(version, np.zeros((0, self.dimension), np.float32), empty, np.array([]))
        data = table.search().select([*ID_COLUMNS, "vector"]).limit(rows).to_arrow()
        matrix = data.column("vector").combine_chunks().flatten().to_numpy().reshape(-1, self.dimension)
        ids = {c: data.column(c).to_pylist() for c in ID_COLUMNS}
        return Snapshot(
            version, np.ascontiguousarray(matrix, dtype=np.float32), ids, np.array(ids["version_id"])
        )
