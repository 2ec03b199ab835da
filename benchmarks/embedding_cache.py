"""An embedder that remembers: benchmarks embed each distinct text once per model, across bases and runs.

Vectors are kept in a SQLite file per model id under the cache folder, keyed by the SHA-256 of the
text and whether it was a query. Only benchmarks use it: the app embeds through its own de-duplication
(by content hash, inside an index).
"""

from __future__ import annotations

import hashlib
import sqlite3
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from mira_desktop.core.cancel import CancelToken
from mira_desktop.index.embedding import TextEmbedder


class CachedEmbedder:
    def __init__(self, inner: TextEmbedder, folder: Path) -> None:
        self.inner = inner
        folder.mkdir(parents=True, exist_ok=True)
        safe = hashlib.sha256(inner.model_id.encode()).hexdigest()[:16]
        self._db = sqlite3.connect(folder / f"{inner.name}-{safe}.sqlite", check_same_thread=False)
        self._db.execute("CREATE TABLE IF NOT EXISTS v (key TEXT PRIMARY KEY, vector BLOB)")
        self._lock = threading.Lock()
        self.embedded = 0  # texts the model really embedded in this process

    name = property(lambda self: self.inner.name)
    model_id = property(lambda self: self.inner.model_id)
    languages = property(lambda self: self.inner.languages)
    dimension = property(lambda self: self.inner.dimension)
    max_tokens = property(lambda self: self.inner.max_tokens)

    def load(self) -> None:
        self.inner.load()

    def count_tokens(self, text: str) -> int:
        return self.inner.count_tokens(text)

    def encode(
        self,
        texts: Sequence[str],
        cancel: CancelToken | None = None,
        progress: Callable[[int], None] | None = None,
    ) -> Any:
        return self._cached(texts, False, cancel, progress)

    def encode_queries(self, texts: Sequence[str], cancel: CancelToken | None = None) -> Any:
        return self._cached(texts, True, cancel, None)

    def encode_query(self, text: str) -> Any:
        return self._cached([text], True, None, None)[0]

    def _cached(
        self,
        texts: Sequence[str],
        query: bool,
        cancel: CancelToken | None,
        progress: Callable[[int], None] | None,
    ) -> Any:
        keys = [("q:" if query else "p:") + hashlib.sha256(t.encode()).hexdigest() for t in texts]
        found: dict[str, Any] = {}
        with self._lock:
            for start in range(0, len(keys), 500):
                part = keys[start : start + 500]
                marks = ",".join("?" * len(part))
                for key, blob in self._db.execute(f"SELECT key, vector FROM v WHERE key IN ({marks})", part):
                    found[key] = np.frombuffer(blob, dtype=np.float32)
        missing = sorted({i for i, k in enumerate(keys) if k not in found}, key=lambda i: keys[i])
        unique = list(dict.fromkeys(keys[i] for i in missing))
        first = {keys[i]: i for i in reversed(missing)}
        if unique:
            todo = [texts[first[k]] for k in unique]
            if query:
                vectors = self.inner.encode_queries(todo, cancel)
            else:
                vectors = self.inner.encode(todo, cancel, progress)
            self.embedded += len(todo)
            with self._lock:
                self._db.executemany(
                    "INSERT OR REPLACE INTO v VALUES (?, ?)",
                    [
                        (k, np.asarray(v, dtype=np.float32).tobytes())
                        for k, v in zip(unique, vectors, strict=True)
                    ],
                )
                self._db.commit()
            found.update(zip(unique, (np.asarray(v, dtype=np.float32) for v in vectors), strict=True))
        elif progress is not None:
            progress(len(texts))
        return np.vstack([found[k] for k in keys]) if keys else np.zeros((0, self.dimension), np.float32)
