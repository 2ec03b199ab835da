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

from mira_desktop.index.languages import UNDETERMINED
from mira_desktop.index.records import ScoredLeaf, stub_leaf

if TYPE_CHECKING:
    from mira_desktop.index.embedder import Vectors

RECHECK_LARGE_S = 30.0
ID_COLUMNS = ["row_id", "version_id", "document_id", "chunk_id", "parent_id", "siblings"]
LANGUAGE = "language"  # absent from tables built before index format 3


def id_columns(table: Any) -> list[str]:
    """The id columns ``table`` has: :data:`ID_COLUMNS`, and the leaf language where it is stored."""
    return [*ID_COLUMNS, LANGUAGE] if LANGUAGE in table.schema.names else list(ID_COLUMNS)


def language_mask(languages: Any, covered: frozenset[str]) -> Any:
    """True for rows whose language is not in ``covered`` (unknown and undetermined count as covered)."""
    import numpy as np

    allowed = [*covered, "", UNDETERMINED]
    return ~np.isin(languages, allowed)


@dataclass(frozen=True)
class Snapshot:
    version: int
    matrix: Any  # (rows, dimension) float32, unit-length rows
    ids: dict[str, list[Any]]
    version_ids: Any  # NumPy array of the rows' version ids, to exclude hidden versions
    languages: Any  # NumPy array of the rows' languages ("" where not recorded)

    def search(
        self,
        vector: Vectors,
        limit: int,
        exclude_versions: Sequence[str],
        languages: frozenset[str] | None = None,
    ) -> list[ScoredLeaf]:
        """The nearest rows, skipping hidden versions and rows in a language outside ``languages``."""
        import numpy as np

        if not len(self.matrix):
            return []
        scores = self.matrix @ vector.astype(np.float32, copy=False)
        if exclude_versions:
            scores[np.isin(self.version_ids, list(exclude_versions))] = -np.inf
        if languages is not None:
            scores[language_mask(self.languages, languages)] = -np.inf
        limit = min(limit, len(scores))
        top = np.argpartition(-scores, limit - 1)[:limit]
        top = top[np.argsort(-scores[top], kind="stable")]
        found = []
        for rank, i in enumerate(top, start=1):
            if scores[i] == -np.inf:
                break
            leaf = stub_leaf(**{c: self.ids[c][i] for c in self.ids})
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

        columns = id_columns(table)
        if rows == 0:
            empty: dict[str, list[Any]] = {c: [] for c in columns}
            blank = np.array([])
            return Snapshot(version, np.zeros((0, self.dimension), np.float32), empty, blank, blank)
        data = table.search().select([*columns, "vector"]).limit(rows).to_arrow()
        matrix = data.column("vector").combine_chunks().flatten().to_numpy().reshape(-1, self.dimension)
        ids = {c: data.column(c).to_pylist() for c in columns}
        languages = np.array(ids[LANGUAGE] if LANGUAGE in ids else [""] * rows)
        return Snapshot(
            version,
            np.ascontiguousarray(matrix, dtype=np.float32),
            ids,
            np.array(ids["version_id"]),
            languages,
        )
