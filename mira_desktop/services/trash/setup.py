"""The trash's thread, role and workspace kinds, registered once the services whose delete uses the
trash (and whose ``destroy`` a purge calls) are built."""

from __future__ import annotations

from mira_desktop.services.roles.service import RoleService
from mira_desktop.services.threads.service import ThreadService
from mira_desktop.services.trash.kinds import RoleTrash, ThreadTrash, WorkspaceTrash
from mira_desktop.services.trash.service import TrashService
from mira_desktop.services.workspaces.service import WorkspaceService
from mira_desktop.store.database import Database
from mira_desktop.store.trash import TrashRepository


def register_kinds(
    trash: TrashService,
    *,
    database: Database,
    entries: TrashRepository,
    threads: ThreadService,
    roles: RoleService,
    workspaces: WorkspaceService,
) -> None:
    trash.register(ThreadTrash(database, entries, threads.destroy))
    trash.register(RoleTrash(database, entries, roles.destroy))
    trash.register(WorkspaceTrash(database, entries, workspaces.destroy, trash.restore))
