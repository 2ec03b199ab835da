"""How a knowledge-base document, or a whole knowledge base, goes to the trash and comes back.

A document's versions, index rows and stored copy stay while it is in the trash: search leaves it
out (``DocumentRepository.hidden_versions``), so restoring is instant and needs no re-indexing. A
knowledge base keeps its documents, index folder and stored copies; its queued jobs end, its folder
is no longer followed, and the threads bound to it are unbound and bound again on restore.
"""

from __future__ import annotations

from mira_desktop.core import phrases
from mira_desktop.core.changes import Topic
from mira_desktop.core.errors import ConflictError, NotFoundError
from mira_desktop.core.phrases import Phrase
from mira_desktop.services.knowledge.bases import KnowledgeBaseService
from mira_desktop.services.trash.kinds import rebind_threads, refuse_if_busy, unbind_threads
from mira_desktop.services.trash.service import Moved
from mira_desktop.store.database import Database
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
            raise NotFoundError.said("kb.no_document_trash", object_id=object_id)
        kb = self._bases.get(row["knowledge_base_id"])
        detail = {"knowledge_base_id": kb.id, "knowledge_base": kb.name, "source_path": row["source_path"]}
        return Moved(row["name"], detail, (Topic.KNOWLEDGE_BASES,))

    def restore(self, entry: TrashRow) -> list[Phrase]:
        row = self._trash.row("document", entry.object_id) or {}
        base = self._trash.row("knowledge_base", row.get("knowledge_base_id", ""))
        if base is not None and base.get("trashed_at"):
            raise ConflictError.said("kb.base_in_trash", label=entry.label, name=base["name"])
        source = row.get("source_path")
        if source and source in self._bases.latest_sources(row["knowledge_base_id"]):
            return [phrases.said("trash.document_twice", label=entry.label)]
        return []

    def after_restore(self, entry: TrashRow) -> None:
        return None

    def purge(self, entry: TrashRow) -> None:
        row = self._trash.row("document", entry.object_id)
        if row is not None:
            self._bases.purge_document(row["knowledge_base_id"], entry.object_id)


class KnowledgeBaseTrash:
    kind = "knowledge_base"
    topic = Topic.KNOWLEDGE_BASES

    def __init__(self, bases: KnowledgeBaseService, database: Database, trash: TrashRepository) -> None:
        self._bases = bases
        self._db = database
        self._trash = trash

    def move(self, object_id: str) -> Moved:
        kb = self._bases.get(object_id)
        refuse_if_busy(
            self._db, "knowledge_base_id", object_id, phrases.said("trash.busy.knowledge_base", name=kb.name)
        )
        self._bases.cancel_jobs(object_id, phrases.said("kb.job.base_trashed"))
        threads = unbind_threads(self._db, "knowledge_base_id", object_id)
        return Moved(kb.name, {"threads": threads}, (Topic.THREADS, Topic.INDEX))

    def restore(self, entry: TrashRow) -> list[Phrase]:
        threads = list(entry.detail.get("threads", []))
        return rebind_threads(self._db, "knowledge_base_id", entry.object_id, threads, "knowledge_base")

    def after_restore(self, entry: TrashRow) -> None:
        return None

    def purge(self, entry: TrashRow) -> None:
        self._bases.purge(entry.object_id)
