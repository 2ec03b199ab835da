"""Workspace use cases: add a folder, list, rename, delete without touching the disk."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from mira_desktop.agent.errors import InvalidWorkspaceRoot
from mira_desktop.agent.files.root_check import validate_workspace_root
from mira_desktop.core.changes import ChangeFeed, Topic
from mira_desktop.core.errors import ConflictError, InvalidInputError, NotFoundError
from mira_desktop.core.phrases import said
from mira_desktop.core.workspaces import Workspace
from mira_desktop.store.workspaces import WorkspaceRepository

if TYPE_CHECKING:
    from mira_desktop.services.trash.service import TrashService


class WorkspaceService:
    def __init__(
        self,
        workspaces: WorkspaceRepository,
        changes: ChangeFeed,
        private_paths: list[Path],
        trash: TrashService,
    ) -> None:
        self._private = private_paths  # Mira's own data: never a workspace, never inside one
        self._workspaces = workspaces
        self._changes = changes
        self.trash = trash  # a delete goes there; a purge of the trash forgets for good

    def list(self) -> list[Workspace]:
        return self._workspaces.list()

    def get(self, workspace_id: str) -> Workspace:
        found = self._workspaces.get(workspace_id)
        if found is None:
            raise NotFoundError.said("workspace.not_found", workspace_id=workspace_id)
        return found

    def default(self) -> Workspace:
        found = self._workspaces.get_default()
        if found is None:
            raise NotFoundError.said("workspace.default_missing")
        return found

    def add(self, name: str, path: str) -> Workspace:
        name = name.strip()
        if not name:
            raise InvalidInputError.said("workspace.needs_name")
        added = self._workspaces.add(name, self.checked_root(path))
        self._changes.publish(Topic.WORKSPACES, added.id)
        return added

    def checked_root(self, path: str, workspace_id: str | None = None) -> str:
        """``path`` as a workspace folder: an existing folder, not /, the home folder itself, a
        system folder or Mira's data, and no other workspace's (``workspace_id``'s own is fine)."""
        folder = Path(path).expanduser()
        if not folder.exists():
            raise InvalidInputError.said("workspace.no_folder", folder=folder)
        if not folder.is_dir():
            raise InvalidInputError.said("workspace.is_file", folder=folder)
        try:
            root = str(validate_workspace_root(folder, also_refused=self._private))
        except InvalidWorkspaceRoot as exc:  # the same sentence (and phrase), as the service's error
            refused = InvalidInputError(str(exc))
            refused.phrase = exc.phrase
            raise refused from exc
        existing = self._workspaces.find_by_path(root)
        if existing is not None and existing[0].id != workspace_id:
            found, trashed = existing
            where = said("workspace.taken_in_trash", id=found.id) if trashed else found.id
            raise ConflictError.said("workspace.taken", root=root, name=found.name, where=where)
        return root

    def rename(self, workspace_id: str, name: str) -> Workspace:
        """Give the workspace another name (its folder, threads and rules stay as they are)."""
        name = name.strip()
        if not name:
            raise InvalidInputError.said("workspace.needs_name")
        workspace = self.get(workspace_id)
        if name != workspace.name:
            self._workspaces.rename(workspace_id, name)
            self._changes.publish(Topic.WORKSPACES, workspace_id)
        return self.get(workspace_id)

    def delete(self, workspace_id: str) -> Workspace:
        """Move the workspace to the trash; its folder and files stay, its threads are unbound until
        it is restored."""
        workspace = self.get(workspace_id)
        if workspace.is_default:
            raise ConflictError.said("workspace.default_kept", name=workspace.name)
        self.trash.put("workspace", workspace_id)
        return workspace

    def destroy(self, workspace_id: str) -> Workspace | None:
        """Forget the workspace for good (a purge of the trash) with its tool permissions and server
        switches (their rows go with it); the folder stays."""
        workspace = self._workspaces.get(workspace_id)
        self._workspaces.delete(workspace_id)
        self._changes.publish(Topic.WORKSPACES, workspace_id)
        self._changes.publish(Topic.THREADS)  # its threads lost the binding
        return workspace
