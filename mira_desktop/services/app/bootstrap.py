"""First start of a data folder: the default workspace and the starter roles, exactly once."""

from __future__ import annotations

import json
import shutil
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from mira_desktop.core.data_folder import DataFolder
from mira_desktop.core.roles.records import RoleStatus
from mira_desktop.core.workspaces import DEFAULT_WORKSPACE_NAME
from mira_desktop.store.roles import RoleRepository
from mira_desktop.store.settings import SettingsRepository
from mira_desktop.store.workspaces import WorkspaceRepository

STARTER_ROLES_SEEDED = "bootstrap.starter_roles_seeded"
DEFAULT_WORKSPACE_DIR = "mira-base"


def ensure_default_workspace(folder: DataFolder, workspaces: WorkspaceRepository) -> None:
    """Create "Mira BASE" and its folder (from the template) if the database has no default."""
    if workspaces.get_default() is not None:
        return
    target = folder.workspaces_dir / DEFAULT_WORKSPACE_DIR
    if not target.exists():
        _copy_tree(resources.files("mira_desktop.workspaces") / DEFAULT_WORKSPACE_DIR, target)
    workspaces.add(DEFAULT_WORKSPACE_NAME, str(target), is_default=True)


def seed_starter_roles(roles: RoleRepository, settings: SettingsRepository) -> None:
    """Seed the starter roles once per data folder; a role the user deleted is not brought back."""
    if settings.get(STARTER_ROLES_SEEDED, False):
        return
    for spec in starter_role_specs():
        roles.create(
            spec["name"],
            summary=spec.get("summary", ""),
            status=RoleStatus(spec.get("status", "active")),
            tags=spec.get("tags", []),
            prompt=spec.get("prompt", {}),
            lorebook=spec.get("lorebook", []),
            llm_profile=spec.get("llm_profile", {}),
        )
    settings.set(STARTER_ROLES_SEEDED, True)


def starter_role_specs() -> list[dict[str, Any]]:
    folder = resources.files("mira_desktop.resources") / "roles"
    specs = [
        json.loads(entry.read_text("utf-8")) for entry in folder.iterdir() if entry.name.endswith(".json")
    ]
    return sorted(specs, key=lambda spec: str(spec["name"]))


def _copy_tree(source: Traversable, target: Path) -> None:
    staging = target.with_name(target.name + ".partial")
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir(parents=True)
    _copy_children(source, staging)
    staging.rename(target)


def _copy_children(source: Traversable, target: Path) -> None:
    for entry in source.iterdir():
        if entry.name in {"__pycache__", "__init__.py"}:
            continue
        if entry.is_dir():
            (target / entry.name).mkdir()
            _copy_children(entry, target / entry.name)
        else:
            (target / entry.name).write_bytes(entry.read_bytes())
