"""Adding documents to a knowledge base: each new or changed file becomes a version with a job.

Adding only records durable work (a stored copy of the file, a ``pending`` version, a ``queued``
job); :class:`~mira_desktop.services.knowledge.indexing.builder.IndexBuilder` does the work, in this process
(``mira kb add`` waits for it) or in the app's background worker.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from mira_desktop.core.cancel import CancelToken
from mira_desktop.core.errors import NotFoundError
from mira_desktop.index.locking import IndexBusyError
from mira_desktop.services.app.changes import ChangeFeed, Topic
from mira_desktop.services.knowledge.files import KnowledgeFiles, Skipped, SourceFile, expand_paths
from mira_desktop.services.knowledge.indexes import KnowledgeIndexes
from mira_desktop.services.knowledge.indexing.builder import IndexBuilder, RunReport
from mira_desktop.services.knowledge.indexing.progress import IndexProgress, ProgressCallback
from mira_desktop.store.database import Database
from mira_desktop.store.documents import DocumentRepository, VersionStatus
from mira_desktop.store.index_jobs import IndexJob, IndexJobRepository, JobState
from mira_desktop.store.knowledge_bases import KnowledgeBaseRepository

_ROWS_PER_TRANSACTION = 500


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
            raise NotFoundError(f"No knowledge base with id {kb_id}: see `mira kb list`.")

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
                self._jobs.update(job.id, state=JobState.CANCELLED, message="cancelled")
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
    import mimetypes

    if name.endswith(".beir.json"):
        return "application/x-beir-record+json"
    return mimetypes.guess_type(Path(name).name)[0]
