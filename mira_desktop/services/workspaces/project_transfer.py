"""Exporting a whole project to one JSON file, and importing it: its instructions, the defaults of its
new threads, and every thread (each as lossless as ``mira threads export --format json``). A role or
knowledge base is named by its name, not its id, so the file means the same on another computer; an
import binds each to the one of that name there, and says which it could not find. The folder is
not exported (a path of this computer). A malformed file is refused before anything is written."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mira_desktop import __version__
from mira_desktop.core.changes import ChangeFeed, Topic
from mira_desktop.core.errors import InvalidInputError
from mira_desktop.core.fileio import write_atomically
from mira_desktop.core.workspaces import MEMORY_SCOPES, MemoryScope, ProjectDefaults, Workspace
from mira_desktop.services.threads.transfer import MAX_IMPORT_BYTES, ThreadTransfer
from mira_desktop.store.database import Database
from mira_desktop.store.knowledge_bases import KnowledgeBaseRepository
from mira_desktop.store.roles import RoleRepository
from mira_desktop.store.threads import ThreadRepository
from mira_desktop.store.workspaces import WorkspaceRepository

FORMAT = "mira.project"
FORMAT_VERSION = 1


@dataclass(frozen=True)
class ImportedProject:
    project: Workspace
    threads: int
    missing: list[str]  # the roles and knowledge bases named in the file that this computer lacks


class ProjectTransfer:
    def __init__(
        self,
        *,
        database: Database,
        workspaces: WorkspaceRepository,
        threads: ThreadRepository,
        roles: RoleRepository,
        knowledge_bases: KnowledgeBaseRepository,
        transfer: ThreadTransfer,
        changes: ChangeFeed,
    ) -> None:
        self._db = database
        self._workspaces = workspaces
        self._threads = threads
        self._roles = roles
        self._kbs = knowledge_bases
        self._transfer = transfer
        self._changes = changes

    # -- export ----------------------------------------------------------------------------------
    def to_json(self, project: Workspace) -> dict[str, Any]:
        d = project.defaults
        ids = self._workspaces.thread_ids(project.id, is_default=project.is_default)
        threads = [t for t in (self._threads.get(i) for i in ids) if t is not None]
        return {
            "format": FORMAT,
            "version": FORMAT_VERSION,
            "exported_by": f"Mira {__version__}",
            "project": {
                "name": project.name,
                "instructions": project.instructions,
                "defaults": {
                    "role": self._role_name(d.role_id),
                    "knowledge_base": self._kb_name(d.knowledge_base_id),
                    "model_ref": d.model_ref,
                    "agent": d.agent,
                    "memory": d.memory_scope,
                },
            },
            "threads": [
                {
                    **self._transfer.to_json(t),
                    "bindings": {
                        "role": self._role_name(t.role_id),
                        "knowledge_base": self._kb_name(t.knowledge_base_id),
                    },
                }
                for t in threads
            ],
        }

    def export(self, project: Workspace, target: Path) -> Path:
        write_atomically(target, json.dumps(self.to_json(project), ensure_ascii=False, indent=2))
        return target

    # -- import ----------------------------------------------------------------------------------
    def import_file(self, path: Path) -> ImportedProject:
        try:
            if path.stat().st_size > MAX_IMPORT_BYTES:
                raise InvalidInputError.said("project.import_bad", path=path, why="it is too large")
            data = json.loads(path.read_text("utf-8"))
        except OSError as exc:
            raise InvalidInputError.said("project.import_bad", path=path, why=exc.strerror) from exc
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            raise InvalidInputError.said("project.import_bad", path=path, why=str(exc)) from exc
        return self.import_data(data, str(path))

    def import_data(self, data: Any, source: str = "the file") -> ImportedProject:
        project, threads = _checked(data, source)
        missing: list[str] = []
        defaults = project.get("defaults") or {}
        with self._db.transaction():  # the project and every thread, or nothing
            added = self._workspaces.add(_free_name(self._workspaces, str(project["name"])), "")
            self._workspaces.update(
                added.id,
                instructions=str(project.get("instructions") or ""),
                root_path="",
                defaults=ProjectDefaults(
                    role_id=self._role_id(defaults.get("role"), missing),
                    knowledge_base_id=self._kb_id(defaults.get("knowledge_base"), missing),
                    model_ref=defaults.get("model_ref"),
                    agent=bool(defaults.get("agent", False)),
                    memory_scope=_scope(defaults.get("memory")),
                ),
            )
            for entry in threads:
                thread = self._transfer.import_data(entry, source)
                bindings = entry.get("bindings") or {}
                self._threads.set_bindings(
                    thread.id,
                    role_id=self._role_id(bindings.get("role"), missing),
                    knowledge_base_id=self._kb_id(bindings.get("knowledge_base"), missing),
                    workspace_id=added.id,
                    agent_enabled=False,  # an agent thread needs a folder here first
                )
        self._changes.publish(Topic.WORKSPACES, added.id)
        self._changes.publish(Topic.THREADS)
        found = self._workspaces.get(added.id)
        assert found is not None
        return ImportedProject(found, len(threads), sorted(set(missing)))

    def _role_name(self, role_id: str | None) -> str | None:
        role = self._roles.get(role_id) if role_id else None
        return role.name if role else None

    def _kb_name(self, kb_id: str | None) -> str | None:
        kb = self._kbs.get(kb_id) if kb_id else None
        return kb.name if kb else None

    def _role_id(self, name: object, missing: list[str]) -> str | None:
        if not isinstance(name, str) or not name:
            return None
        found = next((r.id for r in self._roles.list() if r.name == name), None)
        if found is None:
            missing.append(name)
        return found

    def _kb_id(self, name: object, missing: list[str]) -> str | None:
        if not isinstance(name, str) or not name:
            return None
        found = next((k.id for k in self._kbs.list() if k.name == name), None)
        if found is None:
            missing.append(name)
        return found


def _checked(data: Any, source: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The project and its threads, or a refusal that says what is wrong (nothing written yet)."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise InvalidInputError.said("project.import_bad", path=source, why=f'its "format" is not "{FORMAT}"')
    if data.get("version") != FORMAT_VERSION:
        raise InvalidInputError.said(
            "project.import_bad", path=source, why=f"version {data.get('version')!r} is unknown"
        )
    project, threads = data.get("project"), data.get("threads")
    if (
        not isinstance(project, dict)
        or not isinstance(project.get("name"), str)
        or not project["name"].strip()
    ):
        raise InvalidInputError.said("project.import_bad", path=source, why="the project has no name")
    if not isinstance(threads, list) or not all(isinstance(t, dict) for t in threads):
        raise InvalidInputError.said(
            "project.import_bad", path=source, why='"threads" is not a list of threads'
        )
    return project, threads


def _scope(value: object) -> MemoryScope:
    return value if value in MEMORY_SCOPES else "shared"


def _free_name(workspaces: WorkspaceRepository, name: str) -> str:
    """``name``, or ``name (2)``… when a project already has it."""
    candidate, n = name.strip(), 1
    while workspaces.find_by_name(candidate) is not None:
        n += 1
        candidate = f"{name.strip()} ({n})"
    return candidate
