"""One :class:`KnowledgeIndex` per knowledge base for the whole process (indexing and search share it).

Each index is told, whenever it is handed out, what it should be built with now: the index format
and the knowledge base's embedder, read afresh (another process may have switched the embedder).
When that embedder cannot run here the live generation counts as current, so nothing starts a
rebuild it could not finish; indexing then fails with the reason instead.
"""

from __future__ import annotations

import threading

from mira_desktop.core.phrases import Phrase, said
from mira_desktop.index.knowledge_index import KnowledgeIndex
from mira_desktop.index.manifest import IndexSpec
from mira_desktop.services.knowledge.embedders import KnowledgeEmbedders
from mira_desktop.services.knowledge.files import KnowledgeFiles


class KnowledgeIndexes:
    def __init__(self, files: KnowledgeFiles, embedders: KnowledgeEmbedders) -> None:
        self.files = files
        self.embedders = embedders
        self._indexes: dict[str, KnowledgeIndex] = {}
        self._lock = threading.Lock()

    def spec(self, kb_id: str) -> IndexSpec | None:
        """What ``kb_id``'s index is built with now (None: its embedder cannot run here)."""
        return self.embedders.spec_for(kb_id)

    def get(self, kb_id: str, label: Phrase | str = "") -> KnowledgeIndex:
        wanted = self.spec(kb_id)
        with self._lock:
            index = self._indexes.get(kb_id)
            if index is None:
                index = KnowledgeIndex(
                    self.files.index_dir(kb_id),
                    wanted or _unbuildable(),
                    label or said("kb.lock.base_id", id=kb_id),
                )
                self._indexes[kb_id] = index
            elif label:
                index.label = label
        if wanted is None:
            live = index.manifest()
            index.spec = live.spec if live is not None else _unbuildable()
        else:
            index.spec = wanted
        return index

    def needs_rebuild(self, kb_id: str) -> bool:
        """The live generation was built otherwise than this knowledge base's index is built now."""
        return not self.get(kb_id).is_current()

    def forget(self, kb_id: str) -> None:
        with self._lock:
            self._indexes.pop(kb_id, None)


def _unbuildable() -> IndexSpec:
    """A spec no index is built with: the embedder is unavailable and there is no live generation."""
    return IndexSpec(embedding_model="", dimension=0, embedder="")
