"""The knowledge-base services, built together: they share the embedders and one index per base."""

from __future__ import annotations

from dataclasses import dataclass

from mira_desktop.core.changes import ChangeFeed
from mira_desktop.core.data_folder import DataFolder
from mira_desktop.core.notifications import NotificationBus
from mira_desktop.core.tasks import TaskRunner
from mira_desktop.index.embedder import Embedder
from mira_desktop.services.knowledge.bases import KnowledgeBaseService
from mira_desktop.services.knowledge.embedders import KnowledgeEmbedders
from mira_desktop.services.knowledge.evaluation import EvaluationService
from mira_desktop.services.knowledge.files import KnowledgeFiles
from mira_desktop.services.knowledge.indexes import KnowledgeIndexes
from mira_desktop.services.knowledge.indexing.background import BackgroundIndexer
from mira_desktop.services.knowledge.indexing.builder import IndexBuilder
from mira_desktop.services.knowledge.indexing.queue import IndexQueue
from mira_desktop.services.knowledge.rag_evaluation import RagEvaluations
from mira_desktop.services.knowledge.search import KnowledgeSearch
from mira_desktop.services.trash.service import TrashService
from mira_desktop.store.database import Database
from mira_desktop.store.documents import DocumentRepository
from mira_desktop.store.evaluation_runs import EvaluationRunRepository
from mira_desktop.store.index_jobs import IndexJobRepository
from mira_desktop.store.knowledge_bases import KnowledgeBaseRepository
from mira_desktop.store.settings import SettingsRepository


@dataclass
class KnowledgeServices:
    bases: KnowledgeBaseService
    queue: IndexQueue
    search: KnowledgeSearch
    indexer: BackgroundIndexer
    evaluation: EvaluationService
    embedder: Embedder  # the default (MiniLM); each base's own is ``embedders.for_kb(kb_id)``
    embedders: KnowledgeEmbedders
    indexes: KnowledgeIndexes
    rag_evaluations: RagEvaluations
    files: KnowledgeFiles

    def close(self) -> None:
        """Stop the background indexer (its job stays resumable)."""
        self.indexer.stop()


def build_knowledge_services(
    folder: DataFolder,
    database: Database,
    *,
    knowledge_bases: KnowledgeBaseRepository,
    documents: DocumentRepository,
    jobs: IndexJobRepository,
    evaluation_runs: EvaluationRunRepository,
    settings: SettingsRepository,
    trash: TrashService,
    notifications: NotificationBus,
    tasks: TaskRunner,
    changes: ChangeFeed,
    embedder: Embedder | None = None,
) -> KnowledgeServices:
    """Nothing heavy happens here: the model loads on the first embedding, the index on first use."""
    embedder = embedder or Embedder()
    kbs = knowledge_bases
    files = KnowledgeFiles(folder.knowledge_dir)
    embedders = KnowledgeEmbedders(kbs, settings, changes=changes, default=embedder)
    indexes = KnowledgeIndexes(files, embedders)
    bases = KnowledgeBaseService(
        kbs, documents=documents, jobs=jobs, files=files, indexes=indexes, changes=changes, trash=trash
    )
    builder = IndexBuilder(
        database=database,
        knowledge_bases=kbs,
        documents=documents,
        jobs=jobs,
        files=files,
        indexes=indexes,
        embedders=embedders,
        report_bug=tasks.save_crash_report,
    )
    queue = IndexQueue(
        database=database,
        knowledge_bases=kbs,
        documents=documents,
        jobs=jobs,
        files=files,
        indexes=indexes,
        builder=builder,
        changes=changes,
    )
    search = KnowledgeSearch(kbs, documents, indexes, embedders, tasks=tasks)
    indexer = BackgroundIndexer(queue, bases, notifications=notifications, tasks=tasks, changes=changes)
    embedders.on_changed(lambda _kb_id: indexer.wake())
    evaluation = EvaluationService(kbs, search, evaluation_runs)
    return KnowledgeServices(
        bases,
        queue,
        search,
        indexer,
        evaluation,
        embedder,
        embedders,
        indexes,
        RagEvaluations(files, settings, changes),
        files,
    )
