"""The trash with its thread, role and workspace kinds, tied to the services whose delete uses it."""

from __future__ import annotations

from mira_desktop.core.changes import ChangeFeed
from mira_desktop.services.roles.service import RoleService
from mira_desktop.services.threads.service import ThreadService
from mira_desktop.services.trash.kinds import RoleTrash, ThreadTrash, WorkspaceTrash
from mira_desktop.services.trash.service import TrashService
from mira_desktop.services.workspaces.service import WorkspaceService
from mira_desktop.store.database import Database
from mira_desktop.store.settings import SettingsRepository
from mira_desktop.store.trash import TrashRepository


def build_trash(
    *,
    database: Database,
    settings: SettingsRepository,
    changes: ChangeFeed,
    threads: ThreadService,
    roles: RoleService,
    workspaces: WorkspaceService,
) -> TrashService:
    entries = TrashRepository(database)
    trash = TrashService(database, entries, settings, changes)
    trash.register(ThreadTrash(database, entries, threads.destroy))
    trash.register(RoleTrash(database, entries, roles.destroy))
    trash.register(WorkspaceTrash(database, entries, workspaces.destroy))
    threads.trash = trash
    roles.trash = trash
    workspaces.trash = trash
    return trash
