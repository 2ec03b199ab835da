"""Workspaces: folders on disk that agent threads work inside."""

from __future__ import annotations

from dataclasses import dataclass

DEFAULT_WORKSPACE_NAME = "Mira BASE"


@dataclass(frozen=True)
class Workspace:
    id: str
    name: str
    root_path: str
    status: str
    is_default: bool
    created_at: str
    updated_at: str
