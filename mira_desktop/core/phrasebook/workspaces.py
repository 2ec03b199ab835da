"""Phrases of workspaces: the English of the sentences (see ``core/phrases.py``)."""

from __future__ import annotations

ENGLISH: dict[str, str] = {
    "workspace.default_kept": "{name} is the default workspace and cannot be deleted.",
    "workspace.default_missing": "The default workspace is missing: restart Mira to recreate it.",
    "workspace.is_file": "{folder} is a file, not a folder: a workspace must be a folder.",
    "workspace.no_folder": "The folder {folder} does not exist: create it first or pick another.",
    "workspace.not_found": "No workspace with id {workspace_id}: see `mira workspaces list`.",
    "workspace.taken": "The folder {root} is already the workspace {name!r} ({where}).",
}
