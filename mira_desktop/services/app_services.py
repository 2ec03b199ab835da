"""The bundle of services the UI and the CLI use; built by the composition root (``app.py``)."""

from __future__ import annotations

from dataclasses import dataclass

from mira_desktop.core.notifications import NotificationBus
from mira_desktop.services.chat import ChatService
from mira_desktop.services.data_folder import DataFolder
from mira_desktop.services.info import InfoService
from mira_desktop.services.knowledge import KnowledgeServices
from mira_desktop.services.knowledge_bases import KnowledgeBaseService
from mira_desktop.services.models import ModelService
from mira_desktop.services.roles import RoleService
from mira_desktop.services.sources import SourceService
from mira_desktop.services.summaries import SummaryService
from mira_desktop.services.thread_transfer import ThreadTransfer
from mira_desktop.services.threads import ThreadService
from mira_desktop.services.workspaces import WorkspaceService
from mira_desktop.store.database import Database


@dataclass
class AppServices:
    folder: DataFolder
    database: Database
    notifications: NotificationBus
    info: InfoService
    workspaces: WorkspaceService
    roles: RoleService
    threads: ThreadService
    knowledge_bases: KnowledgeBaseService
    knowledge: KnowledgeServices
    models: ModelService
    chat: ChatService
    summaries: SummaryService
    transfer: ThreadTransfer
    sources: SourceService

    def close(self) -> None:
        self.knowledge.close()
        self.chat.close()
        self.summaries.close()
        self.models.registry.close()
        self.database.close()
