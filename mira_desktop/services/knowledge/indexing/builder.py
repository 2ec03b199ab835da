"""Running a knowledge base's index jobs to publication, under its index lock.

Jobs run in waves: parse each job's stored source into chunks (``parsing``), embed the leaves that
are not stored yet (``embedding``; vectors are saved every ``checkpoint_leaves`` so a killed run
keeps them), write parents and BM25 entries, mark the wave ``staged``, then publish each version by
switching its document's current version in one transaction. Superseded versions are purged last.
A job found mid-way when the lock is taken was interrupted: it is parsed again (chunk ids are
stable) and only the leaves missing from the index are embedded.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mira_desktop.core import phrases
from mira_desktop.core.cancel import Cancelled, CancelToken
from mira_desktop.core.errors import MiraError
from mira_desktop.core.tasks import SHUTDOWN, BugReporter  # SHUTDOWN: the reason that keeps jobs resumable
from mira_desktop.index.embedding import EmbedderUnavailableError, TextEmbedder
from mira_desktop.index.knowledge_index import Generation
from mira_desktop.index.records import LeafRow, ParentRow
from mira_desktop.ingest.chunker import BlockProgress
from mira_desktop.ingest.ocr import OcrOptions, PageCallback
from mira_desktop.ingest.types import ReadError, ReadErrorKind
from mira_desktop.services.knowledge.embedders import KnowledgeEmbedders
from mira_desktop.services.knowledge.files import KnowledgeFiles
from mira_desktop.services.knowledge.indexes import KnowledgeIndexes
from mira_desktop.services.knowledge.indexing.ocr_pages import job_ocr
from mira_desktop.services.knowledge.indexing.progress import Emitter, ProgressCallback
from mira_desktop.services.knowledge.indexing.reading import (
    ChunkedFile,
    IndexingSettings,
    chunk_file,
    phrase_of,
    with_notes,
)
from mira_desktop.services.knowledge.indexing.rebuild import rebuild_generation
from mira_desktop.services.knowledge.indexing.rows import chunk_rows, stacked
from mira_desktop.store.database import Database
from mira_desktop.store.documents import Document, DocumentRepository, DocumentVersion, VersionStatus
from mira_desktop.store.index_jobs import IndexJob, IndexJobRepository, JobState
from mira_desktop.store.knowledge_bases import KnowledgeBaseRepository

if TYPE_CHECKING:
    pass


PARSE_SHARE = 0.05  # of a job's bar: reading and chunking (embedding takes the next 90 %)


@dataclass
class RunReport:
    published: int = 0
    failed: int = 0
    cancelled: int = 0
    embedded: int = 0  # texts sent to the model
    reused: int = 0  # embeddings copied from identical text already in the index
    kept: int = 0  # leaves already stored by an interrupted run
    rebuilt: bool = False
    recovered_lock_from: int | None = None
    errors: list[dict[str, str]] = field(default_factory=list)


@dataclass
class _Prepared:
    job: IndexJob
    version: DocumentVersion
    document: Document
    leaves: list[LeafRow]
    parents: list[ParentRow]
    resumed: bool
    notes: list[phrases.Phrase | str] = field(default_factory=list)  # what the reader left out, and why


class IndexBuilder:
    def __init__(
        self,
        *,
        database: Database,
        knowledge_bases: KnowledgeBaseRepository,
        documents: DocumentRepository,
        jobs: IndexJobRepository,
        files: KnowledgeFiles,
        indexes: KnowledgeIndexes,
        embedders: KnowledgeEmbedders,
        report_bug: BugReporter,
        settings: IndexingSettings | None = None,
    ) -> None:
        self._db = database
        self._report_bug = report_bug
        self._kbs = knowledge_bases
        self._docs = documents
        self._jobs = jobs
        self._files = files
        self._indexes = indexes
        self._embedders = embedders
        self.settings = settings or IndexingSettings()
        # Passwords of encrypted PDFs, by the version they open: in memory only, dropped once that
        # version was read (never in SQLite, a job's message, an event or a log).
        self.passwords: dict[str, str] = {}

    def run(
        self,
        kb_id: str,
        cancel: CancelToken | None = None,
        on_progress: ProgressCallback | None = None,
        on_wait: Callable[[str], None] | None = None,
        lock_timeout: float | None = None,
    ) -> RunReport:
        """Run every pending and interrupted job of ``kb_id`` to the end; returns what happened.

        Waits for the index lock (``on_wait`` hears about it once) up to ``lock_timeout`` seconds.
        """
        cancel = cancel or CancelToken()
        kb = self._kbs.get(kb_id)
        index = self._indexes.get(kb_id, phrases.said("kb.the_base", name=kb.name) if kb else "")
        lock = index.lock()
        lock.acquire(timeout=lock_timeout, on_wait=on_wait, cancel=cancel)
        report = RunReport(recovered_lock_from=lock.recovered_from)
        emit = Emitter(kb_id, on_progress)
        try:
            if self._kbs.get(kb_id) is None:  # deleted while this run waited for the lock
                return report
            try:
                embedder = self._embedders.for_kb(kb_id)
            except EmbedderUnavailableError as exc:
                self._fail_all(kb_id, {"kind": "embedder", "message": str(exc), **phrase_of(exc)}, report)
                return report
            index = self._indexes.get(kb_id)  # what to build with, read again under the lock
            if not index.is_current():
                started = time.perf_counter()
                rebuilt = rebuild_generation(
                    index, self._docs.current_versions(kb_id), embedder, self._chunked(kb_id, embedder),
                    cancel=cancel, progress=emit.send,
                )  # fmt: skip
                report.embedded += rebuilt.embedded
                report.reused += rebuilt.reused
                report.rebuilt = True
                self._embedders.observed(embedder.name, rebuilt.embedded, time.perf_counter() - started)
            generation = index.ensure_live()
            self._purge(kb_id, generation)
            total = len(self._jobs.active(kb_id))
            emit.jobs_total = total
            while not cancel.cancelled:
                active = self._jobs.active(kb_id)
                if not active:
                    break
                emit.jobs_total = max(emit.jobs_total, emit.jobs_done + len(active))
                self._wave(kb_id, generation, embedder, active, cancel=cancel, emit=emit, report=report)
            if cancel.cancelled:
                self._stop(kb_id, cancel, report)
            generation.vectors.maintain()
            self._purge(kb_id, generation)
            spec = index.manifest()
            if spec is not None:
                self._kbs.record_index(kb_id, spec.spec.embedding_model, spec.spec.format)
        finally:
            lock.release()
        return report

    # -- one wave ---------------------------------------------------------------------------------

    def _wave(
        self,
        kb_id: str,
        generation: Generation,
        embedder: TextEmbedder,
        active: list[IndexJob],
        *,
        cancel: CancelToken,
        emit: Emitter,
        report: RunReport,
    ) -> None:
        prepared: list[_Prepared] = []
        leaves = 0
        for job in active:
            if cancel.cancelled or leaves >= self.settings.wave_leaves:
                break
            try:
                item = self._prepare(job, embedder, emit, report, cancel)
            except Cancelled:
                if cancel.cancelled:
                    return  # the run stops: the caller ends or keeps the jobs
                self._cancelled_while_reading(job, report, emit)
                continue
            if item is not None:
                prepared.append(item)
                leaves += len(item.leaves)
        if not prepared:
            return
        try:
            started = time.perf_counter()
            embedded = report.embedded
            self._embed_and_write(generation, embedder, prepared, cancel=cancel, emit=emit, report=report)
            self._embedders.observed(embedder.name, report.embedded - embedded, time.perf_counter() - started)
        except Cancelled:
            return
        except Exception as exc:  # the index could not be written: these jobs fail, others go on
            failure = exc if isinstance(exc, MiraError) else self._report_bug(exc)
            for item in prepared:
                self._fail(item.job, item.version, {"kind": "index", "message": str(failure), **phrase_of(failure)}, report)
                emit.job_finished(item.job.id, JobState.FAILED)
            return
        emit.send(
            f"{len(prepared)} document(s) written to the index; publishing", state=JobState.STAGED.value
        )
        self._stage_and_publish(kb_id, prepared, emit, report)

    def _prepare(
        self, job: IndexJob, embedder: TextEmbedder, emit: Emitter, report: RunReport, cancel: CancelToken
    ) -> _Prepared | None:
        version = self._docs.version(job.document_version_id)
        document = self._docs.get(version.document_id) if version else None
        if version is None or document is None:
            self._jobs.update(job.id, state=JobState.CANCELLED, message=phrases.said("kb.job.removed"))
            return None
        resumed = job.state is not JobState.QUEUED
        if job.state is JobState.STAGED:
            self._jobs.update(job.id, message=phrases.said("kb.job.resuming_staged"))
        else:
            self._jobs.update(
                job.id,
                state=JobState.PARSING,
                started=True,
                message=phrases.said("kb.job.resuming") if resumed else phrases.said("kb.job.reading", name=document.name),
            )
            self._docs.set_status(version.id, VersionStatus.INDEXING)
        emit.send(f"reading {document.name}", job.id, JobState.PARSING.value)
        try:
            ocr = self._job_ocr(job, document, version, emit, cancel)
            chunks = self._chunk(
                job.knowledge_base_id, document, version, embedder, ocr,
                password=self.passwords.pop(version.id, None), progress=self._parse_progress(job, document, emit),
            )  # fmt: skip
        except ReadError as exc:
            self._fail(job, version, {"kind": exc.kind.value, "message": str(exc), **phrase_of(exc)}, report)
            emit.job_finished(job.id, JobState.FAILED, f"{document.name}: {exc}")
            return None
        except Cancelled:
            raise  # the run or this job was cancelled while OCR read its pages
        except Exception as exc:  # a reader bug must not stop the other files: a crash report, named on the job
            reported = self._report_bug(exc)
            error = {"kind": "internal", "message": f"{document.name}: {reported}", **phrase_of(reported, document.name)}
            self._fail(job, version, error, report)
            emit.job_finished(job.id, JobState.FAILED, error["message"])
            return None
        leaves, parents = chunk_rows(chunks.chunks, version.id, document.id)
        if job.state is not JobState.STAGED:
            self._jobs.update(
                job.id,
                state=JobState.EMBEDDING,
                total_units=len(leaves),
                done_units=0,
                progress=0.05,
                message=with_notes(phrases.said("kb.job.to_embed", count=len(leaves)), chunks.notes),
            )
        return _Prepared(job, version, document, leaves, parents, resumed, chunks.notes)

    def _parse_progress(self, job: IndexJob, document: Document, emit: Emitter) -> BlockProgress:
        """The parse phase's progress, per block (paragraph, page, slide, sheet) chunked, in the job's
        row (the first 5 % of its bar, as OCR's) and as a step of the run: at most every
        ``parse_step_s``, and at the last block."""
        last = time.monotonic()

        def on_block(done: int, total: int) -> None:
            nonlocal last
            now = time.monotonic()
            if now - last < self.settings.parse_step_s and done < total:
                return
            last = now
            message = f"reading {document.name}: {done} of {total} blocks"
            self._jobs.update(job.id, progress=PARSE_SHARE * done / max(total, 1), message=message)
            emit.send(message, job.id, JobState.PARSING.value)

        return on_block

    def _job_ocr(
        self, job: IndexJob, document: Document, version: DocumentVersion, emit: Emitter, cancel: CancelToken
    ) -> OcrOptions:
        """OCR for one job: the base's languages, pages kept beside the stored copy, progress per
        page in the job's row, stopped by the run's cancel or by the job's (from any process)."""

        def on_page(done: int, total: int, page: int) -> None:
            current = self._jobs.get(job.id)
            if current is None or current.state is JobState.CANCELLED:
                raise Cancelled("the job was cancelled")
            message = (
                phrases.said("kb.job.ocr_page", name=document.name, page=page, number=done + 1, total=total)
                if done < total
                else phrases.said("kb.job.ocr_done", name=document.name, total=total)
            )
            self._jobs.update(job.id, progress=0.05 * done / max(total, 1), message=message)
            emit.send(message.english, job.id, JobState.PARSING.value)

        callback: PageCallback = on_page
        folder = self._source_folder(job.knowledge_base_id, version)
        return job_ocr(self.settings.ocr, self._kbs.settings(job.knowledge_base_id), folder, callback, cancel)

    def _source_folder(self, kb_id: str, version: DocumentVersion) -> Path | None:
        if version.stored_path is None:
            return None
        return self._files.source_path(kb_id, version.stored_path).parent

    def _cancelled_while_reading(self, job: IndexJob, report: RunReport, emit: Emitter) -> None:
        """The job was cancelled (by `mira kb` or the window) while OCR read its pages."""
        with self._db.transaction():
            self._jobs.update(job.id, state=JobState.CANCELLED, message=phrases.said("kb.job.cancelled"))
            self._docs.set_status(job.document_version_id, VersionStatus.CANCELLED)
        report.cancelled += 1
        emit.job_finished(job.id, JobState.CANCELLED, "cancelled")

    def _chunked(
        self, kb_id: str, embedder: TextEmbedder
    ) -> Callable[[DocumentVersion], tuple[list[LeafRow], list[ParentRow]] | None]:
        """Rows of a published version read again from its stored copy (None: it cannot be read now)."""

        def rows(version: DocumentVersion) -> tuple[list[LeafRow], list[ParentRow]] | None:
            document = self._docs.get(version.document_id)
            if document is None:
                return None
            try:
                folder = self._source_folder(kb_id, version)
                ocr = job_ocr(self.settings.ocr, self._kbs.settings(kb_id), folder, None, CancelToken())
                chunked = self._chunk(kb_id, document, version, embedder, ocr).chunks
                return chunk_rows(chunked, version.id, document.id)
            except ReadError:
                return None  # it was readable when published; without its copy it cannot be rebuilt

        return rows

    def _chunk(
        self,
        kb_id: str,
        document: Document,
        version: DocumentVersion,
        embedder: TextEmbedder,
        ocr: OcrOptions | None = None,
        *,
        password: str | None = None,
        progress: BlockProgress | None = None,
    ) -> ChunkedFile:
        if version.stored_path is None:
            raise ReadError.said(ReadErrorKind.CORRUPT, "read.no_copy", document=document.name)
        path = self._files.source_path(kb_id, version.stored_path)
        if not path.is_file():
            raise ReadError.said(ReadErrorKind.CORRUPT, "read.copy_missing", document=document.name)
        return chunk_file(
            path, document.name, self.settings, embedder.count_tokens, ocr, password=password, progress=progress
        )

    def _embed_and_write(
        self,
        generation: Generation,
        embedder: TextEmbedder,
        prepared: list[_Prepared],
        *,
        cancel: CancelToken,
        emit: Emitter,
        report: RunReport,
    ) -> None:
        vectors = generation.vectors
        resumed = [p.version.id for p in prepared if p.resumed]
        stored: set[str] = set()
        for version_id in resumed:
            stored |= vectors.leaf_ids(version_id)
        missing = [leaf for p in prepared for leaf in p.leaves if leaf.row_id not in stored]
        report.kept += sum(len(p.leaves) for p in prepared) - len(missing)
        reusable = (
            vectors.vectors_by_hash(sorted({leaf.content_hash for leaf in missing}))
            if vectors.count()
            else {}
        )
        texts: dict[str, str] = {}
        for leaf in missing:
            if leaf.content_hash not in reusable:
                texts.setdefault(leaf.content_hash, leaf.search_text)
        report.reused += sum(1 for leaf in missing if leaf.content_hash in reusable)
        # Leaves whose vectors are known are written now; the rest after each checkpoint of embedding.
        ready = [leaf for leaf in missing if leaf.content_hash in reusable]
        if ready:
            vectors.add_leaves(ready, stacked([reusable[leaf.content_hash] for leaf in ready]))
        pending = [leaf for leaf in missing if leaf.content_hash not in reusable]
        hashes = sorted(texts, key=lambda h: -len(texts[h]))
        total = len(hashes)
        emit.leaves_total, emit.leaves_done = total, 0
        waiting = {leaf.row_id for leaf in pending}
        done_by_job = {p.job.id: sum(1 for leaf in p.leaves if leaf.row_id not in waiting) for p in prepared}
        job_of = {leaf.row_id: p.job.id for p in prepared for leaf in p.leaves}
        step = max(self.settings.checkpoint_leaves, 1)
        embedded: dict[str, Any] = {}
        for start in range(0, len(hashes), step):
            cancel.raise_if_cancelled()
            part = hashes[start : start + step]
            result = embedder.encode([texts[h] for h in part], cancel, emit.embedding_from(emit.leaves_done))
            report.embedded += len(part)
            embedded.update(zip(part, result, strict=True))
            batch = [leaf for leaf in pending if leaf.content_hash in embedded]
            pending = [leaf for leaf in pending if leaf.content_hash not in embedded]
            vectors.add_leaves(batch, stacked([embedded[leaf.content_hash] for leaf in batch]))
            changed: set[str] = set()
            for leaf in batch:
                done_by_job[job_of[leaf.row_id]] += 1
                changed.add(job_of[leaf.row_id])
            self._checkpoint([p for p in prepared if p.job.id in changed], done_by_job)
            if all(j.state is JobState.CANCELLED for j in self._jobs.many([p.job.id for p in prepared])):
                raise Cancelled("cancelled")  # by `mira kb` or the app, maybe from another process
            emit.send(f"saved {emit.leaves_done} of {total} embedded chunks", state=JobState.EMBEDDING.value)
        cancel.raise_if_cancelled()
        if resumed:
            generation.parents.delete_versions(resumed)
            generation.lexical.delete_versions(resumed)
        generation.parents.add([parent for p in prepared for parent in p.parents])
        generation.lexical.add(leaf for p in prepared for leaf in p.leaves)

    def _checkpoint(self, prepared: list[_Prepared], done_by_job: dict[str, int]) -> None:
        with self._db.transaction():
            for p in prepared:
                done = done_by_job[p.job.id]
                total = max(len(p.leaves), 1)
                self._jobs.update(p.job.id, done_units=done, progress=0.05 + 0.9 * done / total)

    def _stage_and_publish(
        self, kb_id: str, prepared: list[_Prepared], emit: Emitter, report: RunReport
    ) -> None:
        current = {j.id: j for j in self._jobs.many([p.job.id for p in prepared])}
        live = [p for p in prepared if current[p.job.id].state is not JobState.CANCELLED]
        with self._db.transaction():
            for p in live:
                self._docs.set_status(p.version.id, VersionStatus.STAGED, chunk_count=len(p.leaves))
                self._jobs.update(
                    p.job.id,
                    state=JobState.STAGED,
                    done_units=len(p.leaves),
                    progress=0.97,
                    message=phrases.said("kb.job.staged"),
                )
        with self._db.transaction():
            for p in live:
                self._docs.publish(p.version.id)
                self._jobs.update(
                    p.job.id,
                    state=JobState.PUBLISHED,
                    message=with_notes(phrases.said("kb.job.published", count=len(p.leaves)), p.notes),
                )
        published = {p.job.id for p in live}
        for p in prepared:
            if p.job.id in published:
                report.published += 1
                emit.job_finished(p.job.id, JobState.PUBLISHED, f"published {p.document.name}")
            else:
                self._docs.set_status(p.version.id, VersionStatus.CANCELLED)
                report.cancelled += 1
                emit.job_finished(p.job.id, JobState.CANCELLED, f"cancelled {p.document.name}")

    def _fail(
        self, job: IndexJob, version: DocumentVersion, error: dict[str, Any], report: RunReport
    ) -> None:
        with self._db.transaction():
            self._docs.set_status(version.id, VersionStatus.FAILED, error=error)
            phrase = phrases.from_dict(error.get("phrase"))
            self._jobs.update(job.id, state=JobState.FAILED, error=error, message=phrase or error["message"])
        report.failed += 1
        report.errors.append({"job": job.id, **error})

    def _fail_all(self, kb_id: str, error: dict[str, Any], report: RunReport) -> None:
        """Fail every active job of ``kb_id`` with one error (its embedder cannot run here)."""
        for job in self._jobs.active(kb_id):
            version = self._docs.version(job.document_version_id)
            if version is None:
                self._jobs.update(job.id, state=JobState.CANCELLED, message=phrases.said("kb.job.removed"))
                continue
            self._fail(job, version, error, report)

    def _stop(self, kb_id: str, cancel: CancelToken, report: RunReport) -> None:
        """After a cancel: a shutdown leaves jobs to resume; a user's cancel ends them as cancelled."""
        if cancel.reason == SHUTDOWN:
            return
        for job in self._jobs.active(kb_id):
            with self._db.transaction():
                self._jobs.update(job.id, state=JobState.CANCELLED, message=phrases.said("kb.job.cancelled"))
                self._docs.set_status(job.document_version_id, VersionStatus.CANCELLED)
            report.cancelled += 1

    # -- clean-up ---------------------------------------------------------------------------------

    def _purge(self, kb_id: str, generation: Generation) -> None:
        """Remove index rows and source copies of superseded, failed and cancelled versions."""
        dead = self._docs.versions_to_purge(kb_id)
        if not dead:
            return
        ids = [v.id for v in dead]
        generation.delete_versions(ids)
        self._docs.mark_purged(ids)
        for version in dead:
            if version.stored_path and not self._docs.stored_path_in_use(kb_id, version.stored_path):
                self._files.remove_source(kb_id, version.stored_path)
