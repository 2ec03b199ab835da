"""Adding documents to a knowledge base: each new or changed file becomes a version with a job.

Adding only records durable work (a stored copy of the file, a ``pending`` version, a ``queued``
job); :class:`~mira_desktop.services.knowledge.indexing.builder.IndexBuilder` does the work, in this process
(``mira kb add`` waits for it) or in the app's background worker.
"""

from __future__ import annotations

import mimetypes
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from mira_desktop.core import phrases
from mira_desktop.core.cancel import CancelToken
from mira_desktop.core.changes import ChangeFeed, Topic
from mira_desktop.core.errors import NotFoundError
from mira_desktop.index.locking import IndexBusyError
from mira_desktop.services.knowledge.files import KnowledgeFiles, Skipped, SourceFile, expand_paths
from mira_desktop.services.knowledge.indexes import KnowledgeIndexes
from mira_desktop.services.knowledge.indexing.builder import IndexBuilder, RunReport
from mira_desktop.services.knowledge.indexing.progress import IndexProgress, ProgressCallback
from mira_desktop.store.database import Database
from mira_desktop.store.documents import DocumentRepository, DocumentVersion, VersionStatus
from mira_desktop.store.index_jobs import IndexJob, IndexJobRepository, JobState
from mira_desktop.store.knowledge_bases import KnowledgeBaseRepository

_ROWS_PER_TRANSACTION = 500


@dataclass(frozen=True)
class ReindexResult:
    jobs: list[str] = field(default_factory=list)
    busy: list[str] = field(default_factory=list)  # documents with a job under way: left to it
    missing: list[str] = field(default_factory=list)  # neither a stored copy nor the file is there


@dataclass(frozen=True)
class AddResult:
    jobs: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)  # documents already indexed with this content
    skipped: list[Skipped] = field(default_factory=list)  # files under a folder of unsupported types


class IndexQueue:
    def __init__(
        self,
        *,
        database: Database,
        knowledge_bases: KnowledgeBaseRepository,
        documents: DocumentRepository,
        jobs: IndexJobRepository,
        files: KnowledgeFiles,
        indexes: KnowledgeIndexes,
        builder: IndexBuilder,
        changes: ChangeFeed,
    ) -> None:
        self._db = database
        self._kbs = knowledge_bases
        self._docs = documents
        self._jobs = jobs
        self._files = files
        self._indexes = indexes
        self.builder = builder
        self._changes = changes
        self._listeners: list[Callable[[str], None]] = []

    def on_queued(self, listener: Callable[[str], None]) -> None:
        """Call ``listener(kb_id)`` whenever jobs are queued (the background worker wakes up)."""
        self._listeners.append(listener)

    def _require(self, kb_id: str) -> None:
        if self._kbs.get(kb_id) is None:
            raise NotFoundError.said("kb.not_found", kb_id=kb_id)

    def add(self, kb_id: str, paths: Sequence[str]) -> AddResult:
        """Queue the files (folders: the supported files under them; BEIR ``corpus.jsonl``: one
        document per line). A path that does not exist changes nothing."""
        self._require(kb_id)
        sources, skipped = expand_paths(list(paths))
        result = self.add_sources(kb_id, sources)
        return AddResult(result.jobs, result.unchanged, skipped)

    def add_sources(self, kb_id: str, sources: Sequence[SourceFile]) -> AddResult:
        self._require(kb_id)
        queued: list[str] = []
        unchanged: list[str] = []
        for start in range(0, len(sources), _ROWS_PER_TRANSACTION):
            part = sources[start : start + _ROWS_PER_TRANSACTION]
            stored = [(s, *self._files.store_source(kb_id, s.stored_name, s.read())) for s in part]
            with self._db.transaction():
                for source, sha256, stored_path in stored:
                    job = self._queue(kb_id, source, sha256, stored_path)
                    if job is None:
                        unchanged.append(source.name)
                    else:
                        queued.append(job.id)
        if queued:
            self._changes.publish(Topic.INDEX, kb_id)
            for listener in self._listeners:
                listener(kb_id)
        return AddResult(queued, unchanged)

    def _queue(self, kb_id: str, source: SourceFile, sha256: str, stored_path: str) -> IndexJob | None:
        document = self._docs.find_by_source(kb_id, source.source_path)
        if document is None:
            document = self._docs.create(kb_id, source.name, source.source_path, _mime(source.stored_name))
        else:
            latest = self._docs.versions(document.id)[-1:]
            if (
                latest
                and latest[0].sha256 == sha256
                and latest[0].status
                not in (
                    VersionStatus.FAILED,
                    VersionStatus.CANCELLED,
                )
            ):
                return None
        size = (
            len(source.data)
            if source.data is not None
            else (source.path.stat().st_size if source.path else 0)
        )
        version = self._docs.add_version(document.id, sha256, size, stored_path, source.mtime_ns)
        return self._jobs.create(kb_id, version.id)

    def reindex(
        self, kb_id: str, document_ids: Sequence[str] | None = None, *, password: str | None = None
    ) -> ReindexResult:
        """Index documents again (all of ``kb_id``'s, or ``document_ids``) as new versions, built
        beside the current ones and published by the usual switch: their text is read anew (in
        today's form: ligatures, soft hyphens and full-width letters normalised), or an encrypted
        PDF is opened with ``password``, which the builder holds in memory until it has read it.

        Each is read from its stored copy, or — when that was dropped after a failure — from the
        file it was added from. Raises ``NotFoundError`` for an id that is not in ``kb_id``.
        """
        self._require(kb_id)
        documents = self._docs.list(kb_id)
        if document_ids is not None:
            known = {d.id for d in documents}
            unknown = [i for i in document_ids if i not in known]
            if unknown:
                raise NotFoundError.said("kb.no_document_id", id=unknown[0])
            documents = [d for d in documents if d.id in set(document_ids)]
        running = {job.document_version_id for job in self._jobs.active(kb_id)}
        busy, missing = [], []
        wanted: list[tuple[str, str, int, str, int | None]] = []  # document, sha256, size, stored copy, mtime
        for document in documents:
            versions = self._docs.versions(document.id)
            if any(v.id in running for v in versions):
                busy.append(document.name)
                continue
            found = self._source_of(kb_id, document.source_path, versions)
            if found is None:
                missing.append(document.name)
            else:
                wanted.append((document.id, *found))
        jobs = []
        with self._db.transaction():
            for document_id, sha256, size, stored_path, mtime in wanted:
                version = self._docs.add_version(document_id, sha256, size, stored_path, mtime)
                jobs.append(self._jobs.create(kb_id, version.id).id)
                if password:
                    self.builder.passwords[version.id] = password
        if jobs:
            self._changes.publish(Topic.INDEX, kb_id)
            for listener in self._listeners:
                listener(kb_id)
        return ReindexResult(jobs, busy, missing)

    def _source_of(
        self, kb_id: str, source_path: str | None, versions: Sequence[DocumentVersion]
    ) -> tuple[str, int, str, int | None] | None:
        """(sha256, size, stored copy, mtime) to index a document from: the newest version's stored
        copy, else the file it was added from (stored again), else the current version's copy."""
        newest = versions[-1] if versions else None
        if (
            newest is not None
            and newest.stored_path
            and self._files.source_path(kb_id, newest.stored_path).is_file()
        ):
            return newest.sha256, newest.size_bytes, newest.stored_path, newest.source_mtime_ns
        original = Path(source_path) if source_path and "#" not in source_path else None
        if original is not None and original.is_file():
            data = original.read_bytes()
            name = (
                Path(newest.stored_path).name if newest is not None and newest.stored_path else original.name
            )
            sha256, stored = self._files.store_source(kb_id, name, data)
            return sha256, len(data), stored, original.stat().st_mtime_ns
        for version in reversed(versions):
            if version.stored_path and self._files.source_path(kb_id, version.stored_path).is_file():
                return version.sha256, version.size_bytes, version.stored_path, version.source_mtime_ns
        return None

    # -- running ----------------------------------------------------------------------------------

    def run(
        self,
        kb_id: str,
        cancel: CancelToken | None = None,
        on_progress: ProgressCallback | None = None,
        on_wait: Callable[[str], None] | None = None,
        lock_timeout: float | None = None,
    ) -> RunReport:
        self._require(kb_id)
        return self.builder.run(kb_id, cancel, on_progress, on_wait, lock_timeout)

    def run_until_done(
        self,
        kb_id: str,
        job_ids: Sequence[str],
        cancel: CancelToken | None = None,
        on_progress: ProgressCallback | None = None,
        on_wait: Callable[[str], None] | None = None,
    ) -> RunReport:
        """Run the knowledge base's jobs here, or, while another process holds its index lock,
        wait (reporting its progress) until ``job_ids`` are finished by whoever gets to them."""
        cancel = cancel or CancelToken()
        report = RunReport()
        told = False
        while True:
            jobs = self._jobs.many(list(job_ids))
            if all(j.state.terminal for j in jobs) and not self._jobs.active(kb_id):
                return _tally(report, jobs)
            try:
                report = self.builder.run(kb_id, cancel, on_progress, None, lock_timeout=0)
            except IndexBusyError as busy:
                if on_wait is not None and not told:
                    on_wait(str(busy).replace("try again when it has finished", "waiting for it to finish…"))
                    told = True
                if on_progress is not None:
                    done = sum(1 for j in jobs if j.state.terminal)
                    on_progress(IndexProgress(kb_id, "waiting for the other process", done, len(jobs)))
                if cancel.wait(0.5):
                    cancel.raise_if_cancelled()
                continue
            jobs = self._jobs.many(list(job_ids))
            if all(j.state.terminal for j in jobs):
                return _tally(report, jobs)
            time.sleep(0.05)

    def cancel(self, kb_id: str) -> int:
        """Cancel the knowledge base's queued jobs (a running wave stops at its next check)."""
        self._require(kb_id)
        count = 0
        for job in self._jobs.active(kb_id):
            with self._db.transaction():
                self._jobs.update(job.id, state=JobState.CANCELLED, message=phrases.said("kb.job.cancelled"))
                self._docs.set_status(job.document_version_id, VersionStatus.CANCELLED)
            count += 1
        return count

    def pending_knowledge_bases(self) -> list[str]:
        """Knowledge bases with jobs to run, or whose index must be rebuilt (another embedder chosen,
        another index format): the rebuild is a run without jobs."""
        pending = self._jobs.knowledge_bases_with_active_jobs()
        for kb in self._kbs.list():
            if kb.id not in pending and self._indexes.needs_rebuild(kb.id):
                pending.append(kb.id)
        return pending


def _tally(report: RunReport, jobs: list[IndexJob]) -> RunReport:
    report.published = sum(1 for j in jobs if j.state is JobState.PUBLISHED)
    report.failed = sum(1 for j in jobs if j.state is JobState.FAILED)
    report.cancelled = sum(1 for j in jobs if j.state is JobState.CANCELLED)
    return report


def _mime(name: str) -> str | None:
    if name.endswith(".beir.json"):
        return "application/x-beir-record+json"
    return mimetypes.guess_type(Path(name).name)[0]
