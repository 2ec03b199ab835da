"""The knowledge-base services, built together: they share one embedder and one index per base."""

from __future__ import annotations

from dataclasses import dataclass

from mira_desktop.core.notifications import NotificationBus
from mira_desktop.index.embedder import Embedder
from mira_desktop.services.data_folder import DataFolder
from mira_desktop.services.evaluation import EvaluationService
from mira_desktop.services.indexing import IndexingService
from mira_desktop.services.indexing_runner import IndexRunner
from mira_desktop.services.indexing_worker import IndexingWorker
from mira_desktop.services.knowledge_bases import KnowledgeBaseService
from mira_desktop.services.knowledge_files import KnowledgeFiles
from mira_desktop.services.knowledge_indexes import IndexRegistry
from mira_desktop.services.knowledge_search import KnowledgeSearch
from mira_desktop.store.database import Database
from mira_desktop.store.documents import DocumentRepository
from mira_desktop.store.evaluation_runs import EvaluationRunRepository
from mira_desktop.store.index_jobs import IndexJobRepository
from mira_desktop.store.knowledge_bases import KnowledgeBaseRepository


@dataclass
class KnowledgeServices:
    bases: KnowledgeBaseService
    indexing: IndexingService
    search: KnowledgeSearch
    worker: IndexingWorker
    evaluation: EvaluationService
    embedder: Embedder

    def close(self) -> None:
        """Stop the background indexer (its job stays resumable) and the search threads."""
        self.worker.stop()
        self.search.close()


def build_knowledge_services(
    folder: DataFolder, database: Database, notifications: NotificationBus, embedder: Embedder | None = None
) -> KnowledgeServices:
    """Nothing heavy happens here: the model loads on the first embedding, the index on first use."""
    embedder = embedder or Embedder()
    kbs = KnowledgeBaseRepository(database)
    documents = DocumentRepository(database)
    jobs = IndexJobRepository(database)
    files = KnowledgeFiles(folder.knowledge_dir)
    indexes = IndexRegistry(files, embedder)
    bases = KnowledgeBaseService(kbs, documents, jobs, files, indexes)
    runner = IndexRunner(
        database=database,
        knowledge_bases=kbs,
        documents=documents,
        jobs=jobs,
        files=files,
        indexes=indexes,
        embedder=embedder,
    )
    indexing = IndexingService(
        database=database,
        knowledge_bases=kbs,
        documents=documents,
        jobs=jobs,
        files=files,
        indexes=indexes,
        runner=runner,
    )
    search = KnowledgeSearch(kbs, documents, indexes, embedder)
    worker = IndexingWorker(indexing, bases, notifications)
    evaluation = EvaluationService(kbs, search, EvaluationRunRepository(database))
    return KnowledgeServices(bases, indexing, search, worker, evaluation, embedder)
