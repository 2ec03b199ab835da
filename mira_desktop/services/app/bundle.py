"""The bundle of services the UI and the CLI use; built by the composition root (``app.py``).

Every field is the service itself, built before the bundle exists (on a worker thread, for the
window: its first frame is the data folder's first look, painted before any of this is imported).
"""

from __future__ import annotations

from contextlib import ExitStack
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the types only: the window paints its first frame before these modules load
    from mira_desktop.core.changes import ChangeFeed
    from mira_desktop.core.data_folder import DataFolder
    from mira_desktop.core.notifications import NotificationBus
    from mira_desktop.core.tasks import TaskRunner
    from mira_desktop.services.app.info import InfoService
    from mira_desktop.services.app.other_processes import OtherProcesses
    from mira_desktop.services.app.preferences import Preferences
    from mira_desktop.services.attachments.service import AttachmentService
    from mira_desktop.services.backup.service import BackupService
    from mira_desktop.services.chat.agent_runs import AgentRuns
    from mira_desktop.services.chat.compare import CompareService
    from mira_desktop.services.chat.run_bus import RunBus
    from mira_desktop.services.chat.service import ChatService
    from mira_desktop.services.chat.summaries import SummaryService
    from mira_desktop.services.data.sources import DataSources
    from mira_desktop.services.http_tools.library import HttpToolLibrary
    from mira_desktop.services.hub.service import HubService
    from mira_desktop.services.knowledge.bases import KnowledgeBaseService
    from mira_desktop.services.knowledge.bundle import KnowledgeServices
    from mira_desktop.services.knowledge.sources import SourceService
    from mira_desktop.services.local_server.service import LocalServerService
    from mira_desktop.services.mcp.service import McpService
    from mira_desktop.services.media.service import MediaService
    from mira_desktop.services.memory.service import MemoryService
    from mira_desktop.services.model_catalog.catalog import ModelService
    from mira_desktop.services.model_catalog.idle import IdleUnloader
    from mira_desktop.services.model_check.service import ModelCheckService
    from mira_desktop.services.roles.service import RoleService
    from mira_desktop.services.skills.library import SkillLibrary
    from mira_desktop.services.speech_input.service import SpeechInputService
    from mira_desktop.services.threads.branches import BranchEditor
    from mira_desktop.services.threads.fork import ThreadForks
    from mira_desktop.services.threads.service import ThreadService
    from mira_desktop.services.threads.transfer import ThreadTransfer
    from mira_desktop.services.tools.catalog import ToolCatalog
    from mira_desktop.services.tools.permissions import ToolPermissions
    from mira_desktop.services.trash.service import TrashService
    from mira_desktop.services.web.research import WebResearch
    from mira_desktop.services.workspaces.projects import ProjectService
    from mira_desktop.services.workspaces.service import WorkspaceService
    from mira_desktop.store.database import Database


@dataclass
class AppServices:
    folder: DataFolder
    database: Database
    notifications: NotificationBus
    changes: ChangeFeed
    tasks: TaskRunner
    run_bus: RunBus  # every run's live events, for the window (the chat service publishes them)
    workspaces: WorkspaceService
    projects: ProjectService  # the workspaces as projects: group threads, carry their defaults
    roles: RoleService
    threads: ThreadService
    branches: BranchEditor
    models: ModelService
    preferences: Preferences
    trash: TrashService
    other_processes: OtherProcesses  # the window follows what the `mira` command writes beside it
    idle_models: IdleUnloader  # the window unloads local models left unused (the setting's minutes)
    model_checks: ModelCheckService  # the model check: a short suite on this machine, kept per model
    info: InfoService
    knowledge_bases: KnowledgeBaseService
    knowledge: KnowledgeServices
    chat: ChatService
    compare: CompareService  # one message answered by two models side by side
    summaries: SummaryService
    transfer: ThreadTransfer
    forks: ThreadForks  # a new thread from a message: the history up to it, or from it on
    sources: SourceService
    agent_runs: AgentRuns
    memory: MemoryService
    attachments: AttachmentService
    media: MediaService
    backup: BackupService
    hub: HubService  # models from the Hugging Face Hub: search, fit, durable downloads
    mcp: McpService  # MCP servers and their sessions (one asyncio loop on its own thread)
    tool_permissions: ToolPermissions
    tools: ToolCatalog  # every tool a run can call, with its permission
    skills: SkillLibrary  # SKILL.md folders: shipped and added, on or off (services/skills)
    data: DataSources  # data files attached for read-only SQL (services/data)
    http_tools: HttpToolLibrary  # tools declared as data: one HTTPS JSON endpoint each (services/http_tools)
    web: WebResearch  # web research: the search provider, its key, budgets per run (services/web)
    speech_input: SpeechInputService  # dictation: speech to text on this computer
    local_server: LocalServerService  # the OpenAI-compatible server on these services' models

    def stop_work(self) -> None:
        """Cancel what is running, without waiting (the window calls it as it closes): the runs (each
        ends as cancelled, its partial answer kept) and the indexer (its job stays resumable). What
        waits for them, a bounded time, is :meth:`close`."""
        self.chat.stop()
        self.local_server.stop_requests()
        self.knowledge.indexer.stop(timeout=0)

    def close(self) -> None:
        """Stop runs and background work (index jobs stay resumable), unload models, close the database.

        Every part is closed even when one before it fails (an exit stack: the last registered closes
        first); what failed is raised once all are closed. No part waits without a bound.
        """
        with ExitStack() as parts:
            parts.callback(self.database.close)
            parts.callback(self.tasks.close)
            parts.callback(self.models.registry.close)
            parts.callback(self.mcp.close)  # after the runs: every MCP server process ends here
            parts.callback(self.summaries.close)
            parts.callback(self.chat.close)
            parts.callback(self.knowledge.close)
            parts.callback(self.local_server.stop)  # first: no request reaches a part being closed
