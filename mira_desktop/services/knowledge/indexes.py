"""One :class:`KnowledgeIndex` per knowledge base for the whole process (indexing and search share it)."""

from __future__ import annotations

import threading

from mira_desktop.index.embedder import Embedder
from mira_desktop.index.knowledge_index import KnowledgeIndex
from mira_desktop.index.manifest import IndexSpec
from mira_desktop.services.knowledge.files import KnowledgeFiles


class KnowledgeIndexes:
    def __init__(self, files: KnowledgeFiles, embedder: Embedder) -> None:
        self.files = files
        self.embedder = embedder
        self._indexes: dict[str, KnowledgeIndex] = {}
        self._lock = threading.Lock()

    def spec(self) -> IndexSpec:
        """What this Mira builds: the index format and the embedding model (read without loading it)."""
        return IndexSpec(embedding_model=self.embedder.model_id, dimension=self.embedder.dimension)

    def get(self, kb_id: str, label: str = "") -> KnowledgeIndex:
        with self._lock:
            index = self._indexes.get(kb_id)
            if index is None:
                index = KnowledgeIndex(
                    self.files.index_dir(kb_id), self.spec(), label or f"knowledge base {kb_id}"
                )
                self._indexes[kb_id] = index
            return index

    def forget(self, kb_id: str) -> None:
        with self._lock:
            self._indexes.pop(kb_id, None)
