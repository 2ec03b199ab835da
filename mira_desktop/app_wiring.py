"""The composition root's wiring: every service, built in one call (:func:`build_services`).

The ``mira`` command and the tests call it directly; the window calls it on a worker thread after its
first frame (the data folder's first look), so nothing here is imported before that frame. Each
service is built with what it needs handed in: none holds one built after it, and what follows an
event of another (media files after a delete) subscribes to the change feed.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mira_desktop.core.data_folder import DataFolder
    from mira_desktop.core.notifications import NotificationBus
    from mira_desktop.core.tasks import TaskRunner
    from mira_desktop.models.secrets import SecretStore
    from mira_desktop.services.app.bundle import AppServices
    from mira_desktop.store.database import Database


def build_services(
    data_dir: Path,
    notifications: NotificationBus | None = None,
    secrets: SecretStore | None = None,
) -> AppServices:
    """Open (creating on first start) the data folder at ``data_dir`` and build every service.

    The imports are here, not at the top, so that the window can paint before they load.
    """
    from mira_desktop.core.data_folder import prepare_data_folder
    from mira_desktop.core.notifications import NotificationBus
    from mira_desktop.core.tasks import TaskRunner
    from mira_desktop.models.secrets import SecretStore
    from mira_desktop.services.app.crash_reports import CrashReports
    from mira_desktop.services.app.logs import log_to_file
    from mira_desktop.store.database import open_database

    folder = prepare_data_folder(data_dir)
    # A refused database leaves the folder untouched; one about to be migrated is backed up first.
    database = open_database(folder.database_path, partial(_back_up_before_migrating, folder))
    log_to_file(folder.logs_dir)
    bus = notifications or NotificationBus()
    crashes = CrashReports(folder.logs_dir, bus)  # every bug in background work: a report and its path
    tasks = TaskRunner(crashes.report_task, crash_report=crashes.save)
    try:
        return _wire(folder, database, bus, tasks, secrets or SecretStore())
    except BaseException:
        tasks.close()
        database.close()
        raise


def _wire(
    folder: DataFolder, database: Database, bus: NotificationBus, tasks: TaskRunner, secrets: SecretStore
) -> AppServices:
    from mira_desktop.core.changes import ChangeFeed, Topic
    from mira_desktop.core.conversation.runs import RunKind
    from mira_desktop.core.fileio import remove_stray_temporaries
    from mira_desktop.core.model_refs import ModelKind
    from mira_desktop.core.notifications import Level
    from mira_desktop.core.providers import KeySource
    from mira_desktop.models.adapters.local import local_adapter
    from mira_desktop.models.adapters.remote import remote_adapter
    from mira_desktop.models.adapters.scripted import scripted_adapter
    from mira_desktop.models.registry import ModelRegistry
    from mira_desktop.services.app.bootstrap import ensure_default_workspace, seed_starter_roles
    from mira_desktop.services.app.bundle import AppServices
    from mira_desktop.services.app.info import InfoService
    from mira_desktop.services.app.other_processes import OtherProcesses
    from mira_desktop.services.app.preferences import Preferences
    from mira_desktop.services.attachments.blobs import BlobStore
    from mira_desktop.services.attachments.retrieval import FileRetriever
    from mira_desktop.services.attachments.service import AttachmentService
    from mira_desktop.services.backup.archive import remove_abandoned_partials
    from mira_desktop.services.backup.service import BackupService
    from mira_desktop.services.chat.agent_runs import AgentRuns, default_limits
    from mira_desktop.services.chat.compare import CompareService
    from mira_desktop.services.chat.recovery import recover_interrupted
    from mira_desktop.services.chat.requests import RequestBuilder
    from mira_desktop.services.chat.routes.agent import AgentRoute
    from mira_desktop.services.chat.routes.rag import RagRoute
    from mira_desktop.services.chat.routes.rag_retriever import KnowledgeRetriever
    from mira_desktop.services.chat.run_bus import RunBus
    from mira_desktop.services.chat.service import ChatService
    from mira_desktop.services.chat.summaries import SummaryService
    from mira_desktop.services.data.sources import DataSources
    from mira_desktop.services.http_tools.library import HttpToolLibrary
    from mira_desktop.services.hub.downloads import DownloadService
    from mira_desktop.services.hub.endpoint import HubSettings
    from mira_desktop.services.hub.service import HubService
    from mira_desktop.services.knowledge.bundle import build_knowledge_services
    from mira_desktop.services.knowledge.sources import SourceService
    from mira_desktop.services.knowledge.trash import DocumentTrash, KnowledgeBaseTrash
    from mira_desktop.services.local_server.service import LocalServerService
    from mira_desktop.services.mcp.host import McpHost
    from mira_desktop.services.mcp.service import McpService, on_state_change
    from mira_desktop.services.mcp.sessions import McpSessions
    from mira_desktop.services.media.service import MediaService
    from mira_desktop.services.memory.service import MemoryService
    from mira_desktop.services.model_catalog.catalog import ModelService
    from mira_desktop.services.model_catalog.idle import IdleUnloader
    from mira_desktop.services.model_check.service import ModelCheckService
    from mira_desktop.services.roles.service import RoleService
    from mira_desktop.services.sandbox.bwrap import availability
    from mira_desktop.services.skills.context import SkillContext
    from mira_desktop.services.skills.setup import build_skills
    from mira_desktop.services.speech_input.service import SpeechInputService
    from mira_desktop.services.threads.branches import BranchEditor
    from mira_desktop.services.threads.fork import ThreadForks
    from mira_desktop.services.threads.service import ThreadService
    from mira_desktop.services.threads.transfer import ThreadTransfer
    from mira_desktop.services.tools.catalog import ToolCatalog
    from mira_desktop.services.tools.permissions import ToolPermissions
    from mira_desktop.services.trash.service import TrashService
    from mira_desktop.services.trash.setup import register_kinds
    from mira_desktop.services.web.research import WebResearch
    from mira_desktop.services.workspaces.project_transfer import ProjectTransfer
    from mira_desktop.services.workspaces.projects import ProjectService
    from mira_desktop.services.workspaces.service import WorkspaceService
    from mira_desktop.store.attachments import AttachmentRepository
    from mira_desktop.store.change_log import ChangeLog
    from mira_desktop.store.documents import DocumentRepository
    from mira_desktop.store.downloads import DownloadRepository
    from mira_desktop.store.evaluation_runs import EvaluationRunRepository
    from mira_desktop.store.index_jobs import IndexJobRepository
    from mira_desktop.store.knowledge_bases import KnowledgeBaseRepository
    from mira_desktop.store.mcp_servers import McpServerRepository
    from mira_desktop.store.media import MediaRepository
    from mira_desktop.store.memory import MemoryRepository
    from mira_desktop.store.messages import MessageRepository
    from mira_desktop.store.model_checks import ModelCheckRepository
    from mira_desktop.store.providers import ProviderRepository
    from mira_desktop.store.roles import RoleRepository
    from mira_desktop.store.runs import RunRepository
    from mira_desktop.store.settings import SettingsRepository
    from mira_desktop.store.threads import ThreadRepository
    from mira_desktop.store.tool_permissions import ToolPermissionRepository
    from mira_desktop.store.trash import TrashRepository
    from mira_desktop.store.workspaces import WorkspaceRepository

    changes = ChangeFeed()
    settings = SettingsRepository(database)
    workspaces = WorkspaceRepository(database)
    roles = RoleRepository(database)
    trash_rows = TrashRepository(database)
    trash = TrashService(database, trash_rows, settings, changes)
    ensure_default_workspace(folder, workspaces)
    seed_starter_roles(roles, settings)
    providers = ProviderRepository(database)
    registry = ModelRegistry(
        {
            ModelKind.LOCAL: local_adapter(
                lambda: ModelService.read_local_settings(settings),
                tasks,
                # the window's status line follows loads and unloads ("loading…", which are in memory)
                on_state=lambda ref, state: changes.publish(Topic.MODEL_MEMORY, ref, model_state=state),
            ),
            ModelKind.REMOTE: remote_adapter(providers.get_by_name, secrets),
            ModelKind.SCRIPTED: scripted_adapter(),
        }
    )
    models = ModelService(registry, providers, settings, secrets, changes)
    threads = ThreadRepository(database)
    messages = MessageRepository(database)
    runs = RunRepository(database)
    knowledge_base_rows = KnowledgeBaseRepository(database)
    recover_interrupted(database, runs, messages)
    # "Is a reply being written in this thread" is read from the runs table (this process's runs and
    # a `mira` command's alike); media files follow deletions through the change feed (below).
    branches = BranchEditor(database, threads, messages, changes, runs=runs)
    workspace_service = WorkspaceService(workspaces, changes, folder.private_paths(), trash)
    projects = ProjectService(
        database=database,
        workspaces=workspaces,
        threads=threads,
        roles=roles,
        knowledge_bases=knowledge_base_rows,
        folders=workspace_service,
        changes=changes,
        check_model=models.validate_ref,
    )
    role_service = RoleService.assemble(
        roles=roles,
        settings=settings,
        data_root=folder.root,
        threads=threads,
        messages=messages,
        models=models,
        changes=changes,
        trash=trash,
    )
    thread_service = ThreadService(
        threads,
        messages,
        settings,
        changes,
        workspaces,
        runs=runs,
        knowledge_bases=knowledge_base_rows,
        trash=trash,
    )
    register_kinds(
        trash,
        database=database,
        entries=trash_rows,
        threads=thread_service,
        roles=role_service,
        workspaces=workspace_service,
    )
    hub_settings = HubSettings(settings, secrets)
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
    memory.project_scope = projects.memory_scope  # a project may keep its threads to its own facts
    media_rows = MediaRepository(database)
    media = MediaService(
        media=media_rows,
        threads=threads,
        messages=messages,
        providers=providers,
        settings=settings,
        secrets=secrets,
        tasks=tasks,
        changes=changes,
        folder=folder.root / "media",
    )
    changes.subscribe(media.follow_deletions)  # a deleted message or thread takes its media files
    documents = DocumentRepository(database)
    attachment_rows = AttachmentRepository(database)
    knowledge = build_knowledge_services(
        folder,
        database,
        knowledge_bases=knowledge_base_rows,
        documents=documents,
        jobs=IndexJobRepository(database),
        evaluation_runs=EvaluationRunRepository(database),
        settings=settings,
        trash=trash,
        notifications=bus,
        tasks=tasks,
        changes=changes,
    )
    trash.register(DocumentTrash(knowledge.bases, trash_rows))
    trash.register(KnowledgeBaseTrash(knowledge.bases, database, trash_rows))
    retriever = KnowledgeRetriever(knowledge.search)
    permissions = ToolPermissions(ToolPermissionRepository(database), changes)
    mcp = McpService(
        servers=McpServerRepository(database),
        settings=settings,
        secrets=secrets,
        sessions=McpSessions(McpHost(), on_state_change(changes)),
        changes=changes,
        logs_dir=folder.logs_dir,
    )
    skills = build_skills(folder.skills_dir, settings, changes, trash)
    data = DataSources(settings, changes)
    http_tools = HttpToolLibrary(settings, secrets, changes)
    web = WebResearch(settings, secrets, changes)
    tool_catalog = ToolCatalog(
        mcp=mcp,
        permissions=permissions,
        workspaces=workspaces,
        settings=settings,
        sandbox=availability,
        private_paths=folder.private_paths(),
        changes=changes,
        skills=skills,
        data=data,
        http_tools=http_tools,
        web=web,
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
    requests = RequestBuilder(
        roles,
        settings,
        models,
        memory,
        agent_route.context_text,
        skills=SkillContext(skills),
        tool_schemas=agent_route.schema_share,
        project_instructions=projects.instructions,
    )
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
    run_bus = RunBus()
    chat = ChatService(
        database=database,
        threads=threads,
        messages=messages,
        runs=runs,
        attachment_rows=attachment_rows,
        roles=roles,
        knowledge_bases=knowledge_base_rows,
        workspaces=workspaces,
        models=models,
        requests=requests,
        branches=branches,
        bus=run_bus,
        tasks=tasks,
        changes=changes,
        memory=memory,
        attachments=attachments,
        routes={RunKind.RAG: RagRoute(retriever), RunKind.AGENT: agent_route},
        answer_listeners=[attachments.cite_answer, media.after_answer],
    )
    summaries = SummaryService(
        threads=threads,
        chat=chat,
        branches=branches,
        models=models,
        tasks=tasks,
        changes=changes,
        on_failure=lambda error: bus.post(Level.WARNING, str(error), error=error),
    )
    chat.after_each_run(summaries.refresh_if_needed)  # the summary service is built from the chat service
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
    tasks.start("trash-purge", lambda _cancel: trash.purge_expired())  # what is older than the retention period
    media.mark_interrupted()
    remove_abandoned_partials(folder.root / "backups")  # left by a backup killed mid-write
    private = [p for p in folder.private_paths() if p.is_dir() and p.name != "backups"]
    tasks.start("temporaries", lambda _cancel: remove_stray_temporaries(private))
    tasks.start("attachments-gc", lambda _cancel: (attachments.collect(), media.remove_orphaned_files()))
    thread_transfer = ThreadTransfer(database, threads, messages, changes, runs=runs, models_dir=folder.models_dir)
    projects.transfer = ProjectTransfer(
        database=database,
        workspaces=workspaces,
        threads=threads,
        roles=roles,
        knowledge_bases=knowledge_base_rows,
        transfer=thread_transfer,
        changes=changes,
    )
    return AppServices(
        folder=folder,
        database=database,
        notifications=bus,
        changes=changes,
        tasks=tasks,
        run_bus=run_bus,
        workspaces=workspace_service,
        projects=projects,
        roles=role_service,
        threads=thread_service,
        branches=branches,
        models=models,
        preferences=Preferences(settings, changes),
        trash=trash,
        other_processes=OtherProcesses(database, changes, tasks, ChangeLog(database)),
        idle_models=IdleUnloader(models, lambda: bool(chat.active_runs()), tasks),
        model_checks=ModelCheckService(models=models, checks=ModelCheckRepository(database), changes=changes),
        info=InfoService(folder, database, settings),
        knowledge_bases=knowledge.bases,
        knowledge=knowledge,
        chat=chat,
        compare=CompareService(chat, models, thread_service, branches, run_bus),
        summaries=summaries,
        transfer=thread_transfer,
        forks=ThreadForks(
            database,
            threads,
            messages,
            changes,
            runs=runs,
            attachments=attachment_rows,
            media=media_rows,
            media_folder=folder.root / "media",
            settings=settings,
        ),
        sources=SourceService(messages, documents, knowledge.files, attachment_path=attachments.stored_path),
        agent_runs=agent_runs,
        memory=memory,
        attachments=attachments,
        media=media,
        backup=BackupService(
            folder,
            pause_indexing=knowledge.indexer.paused,
            providers_with_keys=lambda: [p.name for p in providers.list() if p.api_key_source is KeySource.KEYRING],
        ),
        hub=hub,
        mcp=mcp,
        tool_permissions=permissions,
        tools=tool_catalog,
        skills=skills,
        data=data,
        http_tools=http_tools,
        web=web,
        speech_input=SpeechInputService(folder.root / "models", folder.root / "media" / "recordings"),
        local_server=LocalServerService(
            models=models,
            embedders=knowledge.embedders,
            settings=settings,
            secrets=secrets,
            tasks=tasks,
            changes=changes,
        ),
    )


def _back_up_before_migrating(folder: DataFolder, database: Path, found: int, newest: int) -> Path:
    """Before a schema migration: the database as it was, saved among the backups."""
    from mira_desktop.services.backup.service import pre_migration_backup

    return pre_migration_backup(folder, database, found, newest)
