"""First start of a data folder: the default workspace and the starter roles, exactly once.

The starter roles are written in the language of that first start (``MIRA_LANG``, else the system's,
as the window picks it): each one's ``translations`` in ``resources/roles`` give its Chinese name,
summary, tags and prompt, so a Chinese first start is Chinese throughout (the request's section
headings follow the role's language, ``core/roles/compiler.py``).
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Mapping
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


def seed_starter_roles(
    roles: RoleRepository,
    settings: SettingsRepository,
    language: str | None = None,
    folder: Path | None = None,
) -> None:
    """Seed the starter roles once per data folder, in ``language`` (``en``/``zh``; default: the
    first start's, :func:`first_start_language`); a role the user deleted is not brought back."""
    if settings.get(STARTER_ROLES_SEEDED, False):
        return
    for spec in starter_role_specs(language or first_start_language(), folder):
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


def first_start_language(environ: Mapping[str, str] = os.environ) -> str:
    """``zh`` or ``en``: ``MIRA_LANG``, else the system's locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``,
    the first one set), Chinese for a Chinese system — what the window shows on that start."""
    forced = environ.get("MIRA_LANG", "").lower()[:2]
    if forced in ("en", "zh"):
        return forced
    system = next((environ[name] for name in ("LC_ALL", "LC_MESSAGES", "LANG") if environ.get(name)), "")
    return "zh" if system.lower().startswith("zh") else "en"


def starter_role_specs(language: str = "en", folder: Path | None = None) -> list[dict[str, Any]]:
    """The starter roles of ``folder`` (default: the package's ``resources/roles``) in ``language``."""
    source: Traversable | Path = folder or resources.files("mira_desktop.resources") / "roles"
    specs = [
        _in_language(json.loads(entry.read_text("utf-8")), language)
        for entry in source.iterdir()
        if entry.name.endswith(".json")
    ]
    return sorted(specs, key=lambda spec: str(spec["name"]))


def _in_language(spec: dict[str, Any], language: str) -> dict[str, Any]:
    """``spec`` with its ``translations[language]`` laid over it (the prompt field by field)."""
    translated = dict(spec.pop("translations", {}).get(language, {}))
    prompt = {**spec.get("prompt", {}), **translated.pop("prompt", {})}
    return {**spec, **translated, "prompt": prompt}


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
