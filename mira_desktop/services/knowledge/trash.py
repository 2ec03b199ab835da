"""How a knowledge-base document goes to the trash and comes back.

Its versions, index rows and stored copy stay while it is in the trash: search leaves it out
(``DocumentRepository.hidden_versions``), so restoring is instant and needs no re-indexing.
"""

from __future__ import annotations

from mira_desktop.core.errors import NotFoundError
from mira_desktop.services.app.changes import Topic
from mira_desktop.services.knowledge.bases import KnowledgeBaseService
from mira_desktop.services.trash.service import Moved
from mira_desktop.store.trash import TrashRepository, TrashRow


class DocumentTrash:
    kind = "document"
    topic = Topic.INDEX

    def __init__(self, bases: KnowledgeBaseService, trash: TrashRepository) -> None:
        self._bases = bases
        self._trash = trash

    def move(self, object_id: str) -> Moved:
        row = self._trash.row("document", object_id)
        if row is None or row.get("trashed_at"):
            raise NotFoundError(f"No document {object_id!r}: see `mira kb docs`.")
        kb = self._bases.get(row["knowledge_base_id"])
        detail = {"knowledge_base_id": kb.id, "knowledge_base": kb.name, "source_path": row["source_path"]}
        return Moved(row["name"], detail, (Topic.KNOWLEDGE_BASES,))

    def restore(self, entry: TrashRow) -> list[str]:
        row = self._trash.row("document", entry.object_id) or {}
        source = row.get("source_path")
        if source and source in self._bases.latest_sources(row["knowledge_base_id"]):
            return [f"{entry.label} was added again meanwhile: both copies are now in the knowledge base."]
        return []

    def after_restore(self, entry: TrashRow) -> None:
        return None

    def purge(self, entry: TrashRow) -> None:
        row = self._trash.row("document", entry.object_id)
        if row is not None:
            self._bases.purge_document(row["knowledge_base_id"], entry.object_id)
