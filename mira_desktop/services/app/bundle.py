"""The bundle of services the UI and the CLI use; built by the composition root (``app.py``).

Its fields are opened first: the data folder and what lists and opens threads, picks models, roles
and workspaces. The services under :class:`LaterParts` are built afterwards (see
:mod:`~mira_desktop.services.app.later`): the window is usable before they exist, and each is a
stand-in until then. ``later.finish()`` builds them at once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from mira_desktop.services.app.later import Later, LaterServices

if TYPE_CHECKING:  # the types only: importing the later services' modules is what the window skips
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
    from mira_desktop.services.chat.run_bus import RunBus
    from mira_desktop.services.chat.service import ChatService
    from mira_desktop.services.chat.summaries import SummaryService
    from mira_desktop.services.hub.service import HubService
    from mira_desktop.services.knowledge.bases import KnowledgeBaseService
    from mira_desktop.services.knowledge.bundle import KnowledgeServices
    from mira_desktop.services.knowledge.sources import SourceService
    from mira_desktop.services.mcp.service import McpService
    from mira_desktop.services.media.service import MediaService
    from mira_desktop.services.memory.service import MemoryService
    from mira_desktop.services.model_catalog.catalog import ModelService
    from mira_desktop.services.roles.service import RoleService
    from mira_desktop.services.speech_input.service import SpeechInputService
    from mira_desktop.services.threads.branches import BranchEditor
    from mira_desktop.services.threads.service import ThreadService
    from mira_desktop.services.threads.transfer import ThreadTransfer
    from mira_desktop.services.tools.catalog import ToolCatalog
    from mira_desktop.services.tools.permissions import ToolPermissions
    from mira_desktop.services.trash.service import TrashService
    from mira_desktop.services.workspaces.service import WorkspaceService
    from mira_desktop.store.database import Database


@dataclass
class LaterParts:
    """The services built after the window is usable."""

    info: InfoService
    knowledge_bases: KnowledgeBaseService
    knowledge: KnowledgeServices
    chat: ChatService
    summaries: SummaryService
    transfer: ThreadTransfer
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
    speech_input: SpeechInputService  # dictation: speech to text on this computer


@dataclass
class AppServices:
    folder: DataFolder
    database: Database
    notifications: NotificationBus
    changes: ChangeFeed
    tasks: TaskRunner
    run_bus: RunBus  # every run's live events, for the window (the chat service publishes them)
    workspaces: WorkspaceService
    roles: RoleService
    threads: ThreadService
    branches: BranchEditor
    models: ModelService
    preferences: Preferences
    trash: TrashService
    other_processes: OtherProcesses  # the window follows what the `mira` command writes beside it
    later: LaterServices[LaterParts]

    info: ClassVar[Later[InfoService]] = Later()
    knowledge_bases: ClassVar[Later[KnowledgeBaseService]] = Later()
    knowledge: ClassVar[Later[KnowledgeServices]] = Later()
    chat: ClassVar[Later[ChatService]] = Later()
    summaries: ClassVar[Later[SummaryService]] = Later()
    transfer: ClassVar[Later[ThreadTransfer]] = Later()
    sources: ClassVar[Later[SourceService]] = Later()
    agent_runs: ClassVar[Later[AgentRuns]] = Later()
    memory: ClassVar[Later[MemoryService]] = Later()
    attachments: ClassVar[Later[AttachmentService]] = Later()
    media: ClassVar[Later[MediaService]] = Later()
    backup: ClassVar[Later[BackupService]] = Later()
    hub: ClassVar[Later[HubService]] = Later()
    mcp: ClassVar[Later[McpService]] = Later()
    tool_permissions: ClassVar[Later[ToolPermissions]] = Later()
    tools: ClassVar[Later[ToolCatalog]] = Later()
    speech_input: ClassVar[Later[SpeechInputService]] = Later()

    def close(self) -> None:
        """Stop runs and background work (index jobs stay resumable), unload models, close the database."""
        parts = self.later.settle()  # a build under way ends first; one never started needs no closing
        if parts is not None:
            parts.knowledge.close()
            parts.chat.close()
            parts.summaries.close()
            parts.mcp.close()  # after the runs: every MCP server process ends here
        self.models.registry.close()
        self.tasks.close()
        self.database.close()
