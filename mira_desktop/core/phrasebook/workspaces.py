"""Phrases of workspaces: the English of the sentences (see ``core/phrases.py``)."""

from __future__ import annotations

ENGLISH: dict[str, str] = {
    "workspace.needs_name": "A workspace needs a name.",
    "workspace.root.refused": "{path} cannot be a workspace: it {why}.",
    "workspace.root.missing": "does not exist",
    "workspace.root.not_folder": "is not a folder",
    "workspace.root.shared": "is a shared top-level folder; pick a project folder inside it",
    "workspace.root.home": "is your home folder itself; pick a project folder inside it",
    "workspace.root.inside_data": "lies inside {folder}, which Mira keeps its own data in",
    "workspace.root.holds_data": "holds {folder}, which Mira keeps its own data in",
    "workspace.root.system": "is a system folder (inside {folder})",
    "workspace.default_kept": "{name} is the default workspace and cannot be deleted.",
    "workspace.default_missing": "The default workspace is missing: restart Mira to recreate it.",
    "workspace.is_file": "{folder} is a file, not a folder: a workspace must be a folder.",
    "workspace.no_folder": "The folder {folder} does not exist: create it first or pick another.",
    "workspace.not_found": "No workspace with id {workspace_id}: see `mira workspaces list`.",
    "workspace.taken": "The folder {root} is already the workspace {name!r} ({where}).",
    "workspace.taken_in_trash": "in the trash: restore it with `mira trash restore {id}`",
}
