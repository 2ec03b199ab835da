"""Knowledge base use cases: create, list, documents and jobs, remove a document, delete, follow a folder.

Removing a document or deleting a knowledge base moves it to the trash (out of every list and search
at once, restorable); purging it takes its index lock, removes the index rows and the stored source
copies, and never touches a conversation: threads bound to a deleted knowledge base keep every
message and lose only the binding (given back when it is restored).
"""

from __future__ import annotations

import builtins
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mira_desktop.core import phrases
from mira_desktop.core.changes import ChangeFeed, Topic
from mira_desktop.core.errors import InvalidInputError, NotFoundError
from mira_desktop.core.knowledge import KnowledgeBase
from mira_desktop.ingest.types import Location
from mira_desktop.services.knowledge.files import KnowledgeFiles
from mira_desktop.services.knowledge.indexes import KnowledgeIndexes
from mira_desktop.services.knowledge.indexing.ocr_pages import OCR_LANGUAGES_KEY, languages_of
from mira_desktop.services.knowledge.rerank import RERANK_KEY, RerankConfig
from mira_desktop.store.documents import Document, DocumentRepository, DocumentVersion, VersionStatus
from mira_desktop.store.index_jobs import IndexJob, IndexJobRepository, JobState
from mira_desktop.store.knowledge_bases import KnowledgeBaseRepository

if TYPE_CHECKING:
    from mira_desktop.services.trash.service import TrashService

LOCK_TIMEOUT_S = 120.0


@dataclass(frozen=True)
class KnowledgeBaseSummary:
    id: str
    name: str
    description: str
    documents: int
    chunks: int
    active_jobs: int
    watch_path: str | None
    created_at: str


@dataclass(frozen=True)
class DocumentView:
    """A document with its published version and, if different, its newest one."""

    id: str
    name: str
    source_path: str | None
    version: int | None  # the published version's number
    status: str  # the newest version's status
    latest_version: int
    chunks: int
    size_bytes: int
    error: str | None
    updated_at: str
    error_kind: str | None = None  # why it failed: encrypted, corrupt, empty, scanned, too_large, …
    error_phrase: phrases.Phrase | None = None  # the error, for the window to say in its language


@dataclass(frozen=True)
class JobView:
    id: str
    document_id: str
    document: str
    version: int
    state: str
    progress: float
    done_units: int
    total_units: int
    message: str
    error: str | None
    heartbeat_at: str | None
    created_at: str
    message_phrase: phrases.Phrase | None = None  # the message and the error, for the window to say
    error_phrase: phrases.Phrase | None = None


@dataclass(frozen=True)
class DeletionReport:
    """What a deletion removed and what it kept, for the confirmation the user sees."""

    knowledge_base: str
    documents_removed: int
    threads_unbound: int
    messages_kept: int


class KnowledgeBaseService:
    def __init__(
        self,
        knowledge_bases: KnowledgeBaseRepository,
        *,
        documents: DocumentRepository,
        jobs: IndexJobRepository,
        files: KnowledgeFiles,
        indexes: KnowledgeIndexes,
        changes: ChangeFeed,
        trash: TrashService,
    ) -> None:
        self._changes = changes
        self._kbs = knowledge_bases
        self._docs = documents
        self._jobs = jobs
        self._files = files
        self._indexes = indexes
        self.trash = trash  # a delete always goes there; a purge of the trash removes for good

    def create(self, name: str, description: str = "") -> KnowledgeBase:
        if not name.strip():
            raise InvalidInputError.said("kb.needs_name")
        created = self._kbs.create(name.strip(), description)
        self._changes.publish(Topic.KNOWLEDGE_BASES, created.id)
        return created

    def list(self) -> builtins.list[KnowledgeBase]:
        return self._kbs.list()

    def get(self, kb_id: str) -> KnowledgeBase:
        found = self._kbs.get(kb_id)
        if found is None:
            raise NotFoundError.said("kb.not_found", kb_id=kb_id)
        return found

    def resolve(self, ref: str) -> KnowledgeBase:
        """A knowledge base by id, or by name when exactly one has it."""
        found = self._kbs.get(ref)
        if found is not None:
            return found
        named = [kb for kb in self._kbs.list() if kb.name == ref]
        if len(named) == 1:
            return named[0]
        if named:
            raise InvalidInputError.said("kb.ambiguous", count=len(named), ref=ref)
        raise NotFoundError.said("kb.no_ref", ref=ref)

    def summaries(self) -> builtins.list[KnowledgeBaseSummary]:
        docs, jobs = self._docs, self._jobs
        return [
            KnowledgeBaseSummary(
                kb.id,
                kb.name,
                kb.description,
                docs.count(kb.id),
                docs.chunk_total(kb.id),
                len(jobs.active(kb.id)),
                self._kbs.watch_path(kb.id),
                kb.created_at,
            )
            for kb in self._kbs.list()
        ]

    def documents(self, kb_id: str) -> builtins.list[DocumentView]:
        self.get(kb_id)
        docs = self._docs
        latest = docs.latest_versions(kb_id)
        current = {v.document_id: v for v in docs.current_versions(kb_id)}
        return [_document_view(d, current.get(d.id), latest.get(d.id)) for d in docs.list(kb_id)]

    def document(self, kb_id: str, ref: str) -> Document:
        """A document of ``kb_id`` by id, or by name when exactly one has it."""
        docs = self._docs
        found = docs.get(ref)
        if found is not None and found.knowledge_base_id == kb_id:
            return found
        named = docs.find_by_name(kb_id, ref)
        if len(named) == 1:
            return named[0]
        if named:
            raise InvalidInputError.said("kb.doc_ambiguous", count=len(named), ref=ref)
        raise NotFoundError.said("kb.no_doc_ref", ref=ref)

    def jobs(self, kb_id: str, limit: int | None = 200) -> builtins.list[JobView]:
        self.get(kb_id)
        docs, jobs = self._docs, self._jobs
        views = []
        for job in jobs.list(kb_id, limit):
            version = docs.version(job.document_version_id)
            document = docs.get(version.document_id) if version else None
            views.append(_job_view(job, version, document))
        return views

    def remove_document(self, kb_id: str, ref: str, on_wait: Callable[[str], None] | None = None) -> Document:
        """Move a document to the trash: out of every search and list at once, its versions, index rows
        and stored copy kept until it is restored or purged."""
        document = self.document(kb_id, ref)
        self.trash.put("document", document.id)
        return document

    def trashed_sources(self, kb_id: str) -> set[str]:
        docs = self._docs
        return docs.trashed_sources(kb_id)

    def purge_document(
        self, kb_id: str, document_id: str, on_wait: Callable[[str], None] | None = None
    ) -> Document:
        """Delete a document for good: its versions, index rows and stored copies (under the index lock)."""
        docs, jobs = self._docs, self._jobs
        files, indexes = self._files, self._indexes
        kb = self._kbs.get(kb_id, include_trashed=True)  # its base may be in the trash too
        if kb is None:
            raise NotFoundError.said("kb.not_found", kb_id=kb_id)
        document = docs.get(document_id, include_trashed=True)
        if document is None:
            raise NotFoundError.said("kb.no_document", document_id=document_id)
        for job in jobs.active(kb_id):
            version = docs.version(job.document_version_id)
            if version is not None and version.document_id == document.id:
                jobs.update(job.id, state=JobState.CANCELLED, message=phrases.said("kb.job.removed"))
        index = indexes.get(kb_id, phrases.said("kb.the_base", name=kb.name))
        with _locked(index.lock(), on_wait):
            versions = docs.versions(document.id)
            docs.unpublish(document.id)
            generation = index.live()
            if generation is not None:
                generation.delete_versions([v.id for v in versions])
            building = index.building()
            if building is not None:
                building.delete_versions([v.id for v in versions])
            docs.delete(document.id)
            for path in {v.stored_path for v in versions if v.stored_path}:
                if not docs.stored_path_in_use(kb_id, path):
                    files.remove_source(kb_id, path)
        self._changes.publish(Topic.INDEX, kb_id)
        return document

    def delete(self, kb_id: str, on_wait: Callable[[str], None] | None = None) -> KnowledgeBase:
        """Move the knowledge base to the trash: hidden from every list and search, its documents,
        index and stored copies kept until it is restored or purged; bound threads keep every
        message and lose only the binding (given back on restore)."""
        kb = self.get(kb_id)
        self.trash.put("knowledge_base", kb.id)
        return kb

    def cancel_jobs(self, kb_id: str, reason: phrases.Phrase) -> None:
        """End the knowledge base's queued and running jobs (their documents stay as they were)."""
        for job in self._jobs.active(kb_id):
            self._jobs.update(job.id, state=JobState.CANCELLED, message=reason)

    def purge(self, kb_id: str, on_wait: Callable[[str], None] | None = None) -> KnowledgeBase:
        """Delete the knowledge base for good with its documents, index and stored copies; bound
        threads keep every message and lose only the binding."""
        kb = self._kbs.get(kb_id, include_trashed=True)
        if kb is None:
            raise NotFoundError.said("kb.not_found", kb_id=kb_id)
        self.cancel_jobs(kb_id, phrases.said("kb.job.base_deleted"))
        index = self._indexes.get(kb_id, phrases.said("kb.the_base", name=kb.name))
        with _locked(index.lock(), on_wait):
            self._kbs.delete(kb_id)
            index.destroy()
            self._files.remove_kb(kb_id)
        self._indexes.forget(kb_id)
        self._deleted(kb_id)
        return kb

    def _deleted(self, kb_id: str) -> None:
        self._changes.publish(Topic.KNOWLEDGE_BASES, kb_id)
        self._changes.publish(Topic.THREADS)  # bound threads lost the binding

    def deletion_preview(self, kb_id: str) -> DeletionReport:
        """What deleting would remove (documents) and keep (threads and their messages)."""
        kb = self.get(kb_id)
        docs = self._docs
        threads, messages = self._kbs.bound_threads(kb_id)
        return DeletionReport(kb.name, docs.count(kb_id), threads, messages)

    def watch(self, kb_id: str, folder: str | None) -> str | None:
        """Follow ``folder`` (None: stop following); returns the folder now followed."""
        self.get(kb_id)
        if folder is None:
            self._kbs.set_watch_path(kb_id, None)
            self._changes.publish(Topic.KNOWLEDGE_BASES, kb_id)
            return None
        path = Path(folder).expanduser().absolute()
        if not path.is_dir():
            raise InvalidInputError.said("kb.not_a_folder", folder=folder)
        self._kbs.set_watch_path(kb_id, str(path))
        self._changes.publish(Topic.KNOWLEDGE_BASES, kb_id)
        return str(path)

    def rerank(self, kb_id: str) -> RerankConfig | None:
        """The knowledge base's rerank endpoint, or None (off, the default)."""
        self.get(kb_id)
        data = self._kbs.settings(kb_id).get(RERANK_KEY)
        return RerankConfig.from_dict(data) if isinstance(data, dict) and data.get("url") else None

    def set_rerank(self, kb_id: str, config: RerankConfig | None) -> RerankConfig | None:
        """Rerank ``kb_id``'s results through ``config``'s endpoint (None: stop reranking).

        Nothing is sent until a search runs; an endpoint that fails then leaves the fused order.
        """
        self.get(kb_id)
        settings = self._kbs.settings(kb_id)
        if config is None:
            settings.pop(RERANK_KEY, None)
        else:
            config.validate()
            settings[RERANK_KEY] = config.to_dict()
        self._kbs.set_settings(kb_id, settings)
        self._changes.publish(Topic.KNOWLEDGE_BASES, kb_id)
        return config

    def ocr_languages(self, kb_id: str) -> tuple[str, ...]:
        """The Tesseract languages scans and pictures of ``kb_id`` are read in (eng+chi_sim by default)."""
        self.get(kb_id)
        return languages_of(self._kbs.settings(kb_id))

    def set_ocr_languages(self, kb_id: str, codes: tuple[str, ...]) -> tuple[str, ...]:
        """Read ``kb_id``'s scans in ``codes`` from its next index job on (what is indexed stays)."""
        self.get(kb_id)
        settings = self._kbs.settings(kb_id)
        settings[OCR_LANGUAGES_KEY] = list(codes)
        self._kbs.set_settings(kb_id, settings)
        self._changes.publish(Topic.KNOWLEDGE_BASES, kb_id)
        return codes

    def latest_sources(self, kb_id: str) -> dict[str, DocumentVersion]:
        """Each file-backed document's newest version, by the path it was added from."""
        docs = self._docs
        latest = docs.latest_versions(kb_id)
        return {d.source_path: latest[d.id] for d in docs.list(kb_id) if d.source_path and d.id in latest}

    def watch_path(self, kb_id: str) -> str | None:
        return self._kbs.watch_path(kb_id)

    def watched(self) -> builtins.list[tuple[str, str]]:
        return self._kbs.watched()

    def remove_orphan_folders(self) -> int:
        """Delete index folders left by knowledge bases deleted while their removal was interrupted."""
        if not self._files.knowledge_dir.is_dir():
            return 0
        known = self._kbs.all_ids()  # a knowledge base in the trash keeps its folder
        removed = 0
        for folder in self._files.knowledge_dir.iterdir():
            if folder.is_dir() and folder.name.startswith("kb_") and folder.name not in known:
                self._files.remove_kb(folder.name)
                removed += 1
        return removed


class _locked:  # noqa: N801 (used as a context manager, like contextlib's)
    def __init__(self, lock: Any, on_wait: Callable[[str], None] | None) -> None:
        self.lock = lock
        self.on_wait = on_wait

    def __enter__(self) -> None:
        self.lock.acquire(timeout=LOCK_TIMEOUT_S, on_wait=self.on_wait)

    def __exit__(self, *exc: object) -> None:
        self.lock.release()


def _error_text(error: dict[str, Any] | None) -> str | None:
    return None if error is None else str(error.get("message") or error)


def _document_view(
    document: Document, current: DocumentVersion | None, newest: DocumentVersion | None
) -> DocumentView:
    shown = newest or current
    sized = current or shown
    error = newest.error if newest is not None and newest.status is VersionStatus.FAILED else None
    return DocumentView(
        id=document.id,
        name=document.name,
        source_path=document.source_path,
        version=current.version if current else None,
        status=shown.status.value if shown else VersionStatus.PENDING.value,
        latest_version=shown.version if shown else 0,
        chunks=current.chunk_count if current else 0,
        size_bytes=sized.size_bytes if sized else 0,
        error=_error_text(error),
        updated_at=document.updated_at,
        error_kind=str(error.get("kind")) if error else None,
        error_phrase=phrases.from_dict(error.get("phrase")) if error else None,
    )


def _job_view(job: IndexJob, version: DocumentVersion | None, document: Document | None) -> JobView:
    return JobView(
        id=job.id,
        document_id=document.id if document else "",
        document=document.name if document else "(removed)",
        version=version.version if version else 0,
        state=job.state.value,
        progress=job.progress,
        done_units=job.done_units,
        total_units=job.total_units,
        message=job.message,
        error=_error_text(job.error),
        heartbeat_at=job.heartbeat_at,
        created_at=job.created_at,
        message_phrase=phrases.from_dict(job.message_phrase),
        error_phrase=phrases.from_dict(job.error.get("phrase")) if job.error else None,
    )


def location_label(location: dict[str, Any]) -> str:
    return Location.from_dict(location).label()
