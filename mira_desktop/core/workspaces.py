"""Workspaces are projects: a group of threads with the defaults a new thread in it takes, its
instructions, and optionally a folder on disk that its agent threads work inside."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

DEFAULT_WORKSPACE_NAME = "Mira BASE"
INSTRUCTIONS_LIMIT = 20_000  # characters of a project's instructions (they go with every request)
MemoryScope = Literal["shared", "project", "off"]
MEMORY_SCOPES: tuple[MemoryScope, ...] = ("shared", "project", "off")


@dataclass(frozen=True)
class ProjectDefaults:
    """What a thread started in the project takes (each changeable on the thread afterwards)."""

    role_id: str | None = None
    knowledge_base_id: str | None = None
    model_ref: str | None = None  # None: the app's default model
    agent: bool = False
    # The memory slot of its threads: the global facts and the project's ("shared"), the project's
    # only ("project"), or none ("off": a new thread starts with memory off).
    memory_scope: MemoryScope = "shared"

    @property
    def memory(self) -> bool:
        return self.memory_scope != "off"


@dataclass(frozen=True)
class Workspace:
    id: str
    name: str
    root_path: str  # '' when the project has no folder (agent runs and file tools need one)
    status: str
    is_default: bool
    created_at: str
    updated_at: str
    instructions: str = ""  # sent with every request of its threads, never shown as a message
    defaults: ProjectDefaults = ProjectDefaults()

    @property
    def has_folder(self) -> bool:
        return bool(self.root_path)


@dataclass(frozen=True)
class ProjectSummary:
    """A project as the sidebar groups by: how many threads it holds and when one was last used."""

    workspace: Workspace
    thread_count: int
    last_used: str  # the newest thread's activity, else the project's own change
