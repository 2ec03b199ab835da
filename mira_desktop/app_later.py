"""The composition root's second part: the services built after the window is usable.

:func:`mira_desktop.app.open_services` opens the data folder and builds what lists and opens threads;
:func:`build_later` builds the rest from what it opened (see ``services.app.later``: each stands in
until then). Nothing here is imported before the window's first frame.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mira_desktop.core.changes import ChangeFeed
    from mira_desktop.core.data_folder import DataFolder
    from mira_desktop.core.notifications import NotificationBus
    from mira_desktop.core.tasks import TaskRunner
    from mira_desktop.models.secrets import SecretStore
    from mira_desktop.services.app.bundle import AppServices, LaterParts
    from mira_desktop.services.app.later import LaterServices
    from mira_desktop.services.chat.run_bus import RunBus
    from mira_desktop.services.model_catalog.catalog import ModelService
    from mira_desktop.services.trash.service import TrashKind, TrashService
    from mira_desktop.store.database import Database
    from mira_desktop.store.messages import MessageRepository
    from mira_desktop.store.providers import ProviderRepository
    from mira_desktop.store.roles import RoleRepository
    from mira_desktop.store.runs import RunRepository
    from mira_desktop.store.settings import SettingsRepository
    from mira_desktop.store.threads import ThreadRepository
    from mira_desktop.store.trash import TrashRepository
    from mira_desktop.store.workspaces import WorkspaceRepository


@dataclass
class Opened:
    """What :func:`mira_desktop.app.open_services` opened that the later services are built from."""

    folder: DataFolder
    database: Database
    bus: NotificationBus
    tasks: TaskRunner
    changes: ChangeFeed
    settings: SettingsRepository
    workspaces: WorkspaceRepository
    roles: RoleRepository
    trash_rows: TrashRepository
    trash: TrashService
    providers: ProviderRepository
    secrets: SecretStore
    models: ModelService
    threads: ThreadRepository
    messages: MessageRepository
    runs: RunRepository
    run_bus: RunBus


def build_later(opened: Opened, services: AppServices) -> LaterParts:
    """The services built after the window is usable (see ``services.app.later``)."""
    from mira_desktop.core.conversation.runs import RunKind
    from mira_desktop.core.fileio import remove_stray_temporaries
    from mira_desktop.core.notifications import Level
    from mira_desktop.core.providers import KeySource
    from mira_desktop.services.app.bundle import LaterParts
    from mira_desktop.services.app.info import InfoService
    from mira_desktop.services.attachments.blobs import BlobStore
    from mira_desktop.services.attachments.retrieval import FileRetriever
    from mira_desktop.services.attachments.service import AttachmentService
    from mira_desktop.services.backup.archive import remove_abandoned_partials
    from mira_desktop.services.backup.service import BackupService
    from mira_desktop.services.chat.agent_runs import AgentRuns, default_limits
    from mira_desktop.services.chat.requests import RequestBuilder
    from mira_desktop.services.chat.routes.agent import AgentRoute
    from mira_desktop.services.chat.routes.rag import RagRoute
    from mira_desktop.services.chat.routes.rag_retriever import KnowledgeRetriever
    from mira_desktop.services.chat.service import ChatService
    from mira_desktop.services.chat.summaries import SummaryService
    from mira_desktop.services.hub.downloads import DownloadService
    from mira_desktop.services.hub.endpoint import HubSettings
    from mira_desktop.services.hub.service import HubService
    from mira_desktop.services.knowledge.bundle import build_knowledge_services
    from mira_desktop.services.knowledge.sources import SourceService
    from mira_desktop.services.mcp.host import McpHost
    from mira_desktop.services.mcp.service import McpService, on_state_change
    from mira_desktop.services.mcp.sessions import McpSessions
    from mira_desktop.services.media.service import MediaService
    from mira_desktop.services.memory.service import MemoryService
    from mira_desktop.services.sandbox.bwrap import availability
    from mira_desktop.services.speech_input.service import SpeechInputService
    from mira_desktop.services.threads.transfer import ThreadTransfer
    from mira_desktop.services.tools.catalog import ToolCatalog
    from mira_desktop.services.tools.permissions import ToolPermissions
    from mira_desktop.store.attachments import AttachmentRepository
    from mira_desktop.store.documents import DocumentRepository
    from mira_desktop.store.downloads import DownloadRepository
    from mira_desktop.store.evaluation_runs import EvaluationRunRepository
    from mira_desktop.store.index_jobs import IndexJobRepository
    from mira_desktop.store.knowledge_bases import KnowledgeBaseRepository
    from mira_desktop.store.mcp_servers import McpServerRepository
    from mira_desktop.store.media import MediaRepository
    from mira_desktop.store.memory import MemoryRepository
    from mira_desktop.store.tool_permissions import ToolPermissionRepository

    o = opened
    folder, database, settings, tasks, changes, models = o.folder, o.database, o.settings, o.tasks, o.changes, o.models
    threads, messages, runs, workspaces = o.threads, o.messages, o.runs, o.workspaces
    hub_settings = HubSettings(settings, o.secrets)
    hub = HubService(
        hub_settings,
        DownloadService(
            DownloadRepository(database),
            folder.models_dir,
            client=lambda: HubService.client_for(hub_settings),
            add_model=lambda path, projector: models.add_local(path, projector=projector).ref,
            tasks=tasks,
            changes=changes,
        ),
        models.local_settings,
    )
    memory = MemoryService(MemoryRepository(database), messages, workspaces, changes)
    media = MediaService(
        media=MediaRepository(database),
        threads=threads,
        messages=messages,
        providers=o.providers,
        settings=settings,
        secrets=o.secrets,
        tasks=tasks,
        changes=changes,
        folder=folder.root / "media",
    )
    knowledge_bases = KnowledgeBaseRepository(database)
    documents = DocumentRepository(database)
    attachment_rows = AttachmentRepository(database)
    knowledge = build_knowledge_services(
        folder,
        database,
        knowledge_bases=knowledge_bases,
        documents=documents,
        jobs=IndexJobRepository(database),
        evaluation_runs=EvaluationRunRepository(database),
        settings=settings,
        trash=o.trash,
        notifications=o.bus,
        tasks=tasks,
        changes=changes,
    )
    retriever = KnowledgeRetriever(knowledge.search)
    permissions = ToolPermissions(ToolPermissionRepository(database), changes)
    mcp = McpService(
        servers=McpServerRepository(database),
        settings=settings,
        secrets=o.secrets,
        sessions=McpSessions(McpHost(), on_state_change(changes)),
        changes=changes,
        logs_dir=folder.logs_dir,
    )
    tool_catalog = ToolCatalog(
        mcp=mcp,
        permissions=permissions,
        workspaces=workspaces,
        settings=settings,
        sandbox=availability,
        private_paths=folder.private_paths(),
        changes=changes,
    )
    agent_route = AgentRoute(
        workspaces=workspaces,
        permissions=permissions,
        catalog=tool_catalog,
        runs=runs,
        retriever=retriever,
        snapshots_dir=folder.snapshots_dir,
        private_paths=folder.private_paths(),
        limits=lambda: default_limits(settings.get),
    )
    requests = RequestBuilder(o.roles, settings, models, memory, agent_route.context_text)
    branches = services.branches
    attachments = AttachmentService(
        database=database,
        repository=attachment_rows,
        blobs=BlobStore(folder.attachments_dir),
        retriever=FileRetriever(folder.attachments_dir / ".scratch", lambda: knowledge.embedder),
        settings=settings,
        threads=threads,
        messages=messages,
        changes=changes,
        requests=requests,
        branches=branches,
        models=models,
    )
    chat = ChatService(
        database=database,
        threads=threads,
        messages=messages,
        runs=runs,
        attachment_rows=attachment_rows,
        roles=o.roles,
        knowledge_bases=knowledge_bases,
        workspaces=workspaces,
        models=models,
        requests=requests,
        branches=branches,
        bus=o.run_bus,
        tasks=tasks,
        changes=changes,
        memory=memory,
        attachments=attachments,
        routes={RunKind.RAG: RagRoute(retriever), RunKind.AGENT: agent_route},
        answer_listeners=[attachments.cite_answer, media.after_answer],
        # Summaries need chat (built below): the summary of a long thread is refreshed after each answer.
        on_run_finished=lambda thread_id: summaries.refresh_if_needed(thread_id),  # noqa: PLW0108
    )
    summaries = SummaryService(
        threads=threads,
        chat=chat,
        branches=branches,
        models=models,
        tasks=tasks,
        changes=changes,
        on_failure=lambda text: o.bus.post(Level.WARNING, text),
    )
    agent_runs = AgentRuns(
        chat=chat,
        route=agent_route,
        database=database,
        runs=runs,
        messages=messages,
        threads=threads,
        snapshots_dir=folder.snapshots_dir,
        changes=changes,
    )
    trash = o.trash
    tasks.start("trash-purge", lambda _cancel: trash.purge_expired())  # what is older than the retention period
    media.mark_interrupted()
    remove_abandoned_partials(folder.root / "backups")  # left by a backup killed mid-write
    private = [p for p in folder.private_paths() if p.is_dir() and p.name != "backups"]
    tasks.start("temporaries", lambda _cancel: remove_stray_temporaries(private))
    tasks.start("attachments-gc", lambda _cancel: (attachments.collect(), media.remove_orphaned_files()))
    return LaterParts(
        info=InfoService(folder, database, settings),
        knowledge_bases=knowledge.bases,
        knowledge=knowledge,
        chat=chat,
        summaries=summaries,
        transfer=ThreadTransfer(database, threads, messages, changes),
        sources=SourceService(messages, documents, knowledge.files, attachment_path=attachments.stored_path),
        agent_runs=agent_runs,
        memory=memory,
        attachments=attachments,
        media=media,
        backup=BackupService(
            folder,
            pause_indexing=knowledge.indexer.paused,
            providers_with_keys=lambda: [
                p.name for p in o.providers.list() if p.api_key_source is KeySource.KEYRING
            ],
        ),
        hub=hub,
        mcp=mcp,
        tool_permissions=permissions,
        tools=tool_catalog,
        speech_input=SpeechInputService(folder.root / "models", folder.root / "media" / "recordings"),
    )


def document_trash(opened: Opened, later: LaterServices[LaterParts]) -> TrashKind:
    from mira_desktop.services.knowledge.trash import DocumentTrash

    return DocumentTrash(later.finish().knowledge_bases, opened.trash_rows)


def knowledge_base_trash(opened: Opened, later: LaterServices[LaterParts]) -> TrashKind:
    from mira_desktop.services.knowledge.trash import KnowledgeBaseTrash

    return KnowledgeBaseTrash(later.finish().knowledge_bases, opened.database, opened.trash_rows)
