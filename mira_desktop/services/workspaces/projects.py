"""Projects (the workspaces): group threads, carry the defaults a new thread in one takes and the
instructions every request of its threads sends; move threads between them; delete one with its
threads moved to Mira BASE or to the trash with it (both restorable).

A project's folder is optional: only agent runs and file tools need one (``WorkspaceService.add``
checks a folder the same way for both).
"""

from __future__ import annotations

import builtins
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Literal

from mira_desktop.core.changes import ChangeFeed, Topic
from mira_desktop.core.errors import ConflictError, InvalidInputError, NotFoundError
from mira_desktop.core.workspaces import (
    INSTRUCTIONS_LIMIT,
    MEMORY_SCOPES,
    MemoryScope,
    ProjectSummary,
    Workspace,
)
from mira_desktop.store.database import Database
from mira_desktop.store.knowledge_bases import KnowledgeBaseRepository
from mira_desktop.store.roles import RoleRepository
from mira_desktop.store.threads import ThreadRepository
from mira_desktop.store.workspaces import WorkspaceRepository

if TYPE_CHECKING:
    from mira_desktop.services.workspaces.project_transfer import ProjectTransfer
    from mira_desktop.services.workspaces.service import WorkspaceService

ThreadsOnDelete = Literal["base", "trash"]  # where a deleted project's threads go
BUSY = ("running", "waiting_approval")
UNSET: object = object()  # ``set``: this field stays as it is


class ProjectService:
    def __init__(
        self,
        *,
        database: Database,
        workspaces: WorkspaceRepository,
        threads: ThreadRepository,
        roles: RoleRepository,
        knowledge_bases: KnowledgeBaseRepository,
        folders: WorkspaceService,
        changes: ChangeFeed,
        check_model: Callable[[str], str] | None = None,
    ) -> None:
        self._db = database
        self._workspaces = workspaces
        self._threads = threads
        self._roles = roles
        self._kbs = knowledge_bases
        self._folders = folders  # checks a folder and owns the trash
        self._changes = changes
        self.check_model = check_model  # a model reference, checked (set once the models exist)
        self.transfer: ProjectTransfer | None = (
            None  # export and import of a whole project (set by the wiring)
        )

    # -- reading ---------------------------------------------------------------------------------
    def list(self, archived: bool = False) -> builtins.list[ProjectSummary]:
        """Every project with its thread count, the last used first (Mira BASE counts the threads
        bound to no project)."""
        return self._workspaces.summaries("archived" if archived else "active")

    def get(self, project_id: str) -> Workspace:
        found = self._workspaces.get(project_id)
        if found is None:
            raise NotFoundError.said("project.not_found", project_id=project_id)
        return found

    def default(self) -> Workspace:
        return self._folders.default()

    def of_thread(self, workspace_id: str | None) -> Workspace | None:
        """The project a thread with ``workspace_id`` belongs to (Mira BASE when none)."""
        found = self._workspaces.get(workspace_id) if workspace_id else None
        return found or self._workspaces.get_default()

    def memory_scope(self, workspace_id: str | None) -> MemoryScope:
        """Which facts a thread of ``workspace_id`` is given: ``shared``, ``project`` or ``off``."""
        project = self.of_thread(workspace_id)
        return project.defaults.memory_scope if project else "shared"

    def instructions(self, workspace_id: str | None) -> str:
        """The instructions a thread of ``workspace_id`` sends with every request ('' for none)."""
        project = self.of_thread(workspace_id)
        return project.instructions.strip() if project else ""

    # -- changing --------------------------------------------------------------------------------
    def create(self, name: str, folder: str | None = None) -> Workspace:
        """A new project; with ``folder`` it is also a workspace its agent threads work inside."""
        if folder:
            return self._folders.add(name, folder)
        name = name.strip()
        if not name:
            raise InvalidInputError.said("workspace.needs_name")
        added = self._workspaces.add(name, "")
        self._changes.publish(Topic.WORKSPACES, added.id)
        return added

    def set(
        self,
        project_id: str,
        *,
        name: str | None = None,
        instructions: str | None = None,
        folder: str | None = None,
        role_id: str | object | None = UNSET,
        knowledge_base_id: str | object | None = UNSET,
        model_ref: str | object | None = UNSET,
        agent: bool | None = None,
        memory: str | None = None,
    ) -> Workspace:
        """Change what is given (``UNSET`` keeps; None clears a default; ``folder`` '' removes it).
        Everything is checked before anything is written."""
        project = self.get(project_id)
        defaults = project.defaults
        if role_id is not UNSET:
            if role_id is not None and self._roles.get(str(role_id)) is None:
                raise NotFoundError.said("chat.role_not_found", id=role_id)
            defaults = replace(defaults, role_id=None if role_id is None else str(role_id))
        if knowledge_base_id is not UNSET:
            kb = None if knowledge_base_id is None else str(knowledge_base_id)
            if kb is not None and self._kbs.get(kb) is None:
                raise NotFoundError.said("chat.kb_not_found", id=kb)
            defaults = replace(defaults, knowledge_base_id=kb)
        if model_ref is not UNSET:
            ref = None if model_ref is None else str(model_ref)
            if ref is not None and self.check_model is not None:
                ref = self.check_model(ref)
            defaults = replace(defaults, model_ref=ref)
        if agent is not None:
            defaults = replace(defaults, agent=agent)
        if memory is not None:
            if memory not in MEMORY_SCOPES:
                raise InvalidInputError.said("project.bad_memory", scope=memory)
            defaults = replace(defaults, memory_scope=memory)
        text = project.instructions if instructions is None else instructions.strip()
        if len(text) > INSTRUCTIONS_LIMIT:
            raise InvalidInputError.said("project.instructions_long", most=f"{INSTRUCTIONS_LIMIT:,}")
        root = project.root_path
        if folder is not None:
            root = self._folders.checked_root(folder, project_id) if folder.strip() else ""
        if name is not None and name.strip() != project.name:
            self._folders.rename(project_id, name)
        self._workspaces.update(project_id, instructions=text, root_path=root, defaults=defaults)
        self._changes.publish(Topic.WORKSPACES, project_id)
        return self.get(project_id)

    def move_thread(self, thread_id: str, project_id: str) -> Workspace:
        """Move a thread to another project; refused (nothing changed) while it is answering or its
        agent run waits for approval."""
        thread = self._threads.get(thread_id)
        if thread is None:
            raise NotFoundError.said("threads.not_found", thread_id=thread_id)
        target = self.get(project_id)
        busy = self._db.one(
            f"SELECT status FROM runs WHERE thread_id = ? AND status IN {BUSY} LIMIT 1", (thread_id,)
        )
        if busy is not None:
            key = "project.move_waiting" if busy["status"] == "waiting_approval" else "project.move_answering"
            raise ConflictError.said(key, title=thread.title or thread_id)
        if (thread.workspace_id or self.default().id) != target.id:
            self._threads.set_workspace(thread_id, target.id)
            self._changes.publish(Topic.THREADS, thread_id)
        return target

    def delete(self, project_id: str, threads: ThreadsOnDelete) -> Workspace:
        """Move the project to the trash; its threads go to Mira BASE (``base``: back into the
        project when it is restored) or to the trash with it (``trash``: each restorable). Refused,
        with nothing changed, while one of its threads is answering or waits for approval."""
        if threads not in ("base", "trash"):
            raise InvalidInputError.said("project.bad_threads_choice", choice=threads)
        project = self.get(project_id)
        if project.is_default:
            raise ConflictError.said("workspace.default_kept", name=project.name)
        busy = self._db.one(
            f"SELECT t.title, t.id FROM runs r JOIN threads t ON t.id = r.thread_id "
            f"WHERE t.workspace_id = ? AND r.status IN {BUSY} LIMIT 1",
            (project_id,),
        )
        if busy is not None:
            raise ConflictError.said("project.busy", name=project.name, title=busy["title"] or busy["id"])
        trash = self._folders.trash
        with self._db.transaction():  # all or nothing: the threads and the project
            trashed = self._workspaces.thread_ids(project_id) if threads == "trash" else []
            for thread_id in trashed:
                trash.put("thread", thread_id)
            trash.put("workspace", project_id, {"trashed_threads": trashed})
        return project
