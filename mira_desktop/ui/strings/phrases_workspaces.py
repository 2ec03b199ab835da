"""Window text: the sentences services say (``core/phrasebook/workspaces.py``), by the same keys with ``phrase.`` before
them and the same English. Written by ``tools/i18n_sync.py``; the translations are in ``ui/translations``."""

from __future__ import annotations

from mira_desktop.ui.strings.source import Source, translate

STRINGS: dict[str, Source] = {
    "phrase.workspace.root.refused": translate(
        "phrase", "{path} cannot be a workspace: it {why}.", "phrase.workspace.root.refused"
    ),
    "phrase.workspace.root.missing": translate("phrase", "does not exist", "phrase.workspace.root.missing"),
    "phrase.workspace.root.not_folder": translate(
        "phrase", "is not a folder", "phrase.workspace.root.not_folder"
    ),
    "phrase.workspace.root.shared": translate(
        "phrase",
        "is a shared top-level folder; pick a project folder inside it",
        "phrase.workspace.root.shared",
    ),
    "phrase.workspace.root.home": translate(
        "phrase", "is your home folder itself; pick a project folder inside it", "phrase.workspace.root.home"
    ),
    "phrase.workspace.root.inside_data": translate(
        "phrase",
        "lies inside {folder}, which Mira keeps its own data in",
        "phrase.workspace.root.inside_data",
    ),
    "phrase.workspace.root.holds_data": translate(
        "phrase", "holds {folder}, which Mira keeps its own data in", "phrase.workspace.root.holds_data"
    ),
    "phrase.workspace.root.system": translate(
        "phrase", "is a system folder (inside {folder})", "phrase.workspace.root.system"
    ),
    "phrase.workspace.default_kept": translate(
        "phrase", "{name} is the default workspace and cannot be deleted.", "phrase.workspace.default_kept"
    ),
    "phrase.workspace.default_missing": translate(
        "phrase",
        "The default workspace is missing: restart Mira to recreate it.",
        "phrase.workspace.default_missing",
    ),
    "phrase.workspace.is_file": translate(
        "phrase",
        "{folder} is a file, not a folder: a workspace must be a folder.",
        "phrase.workspace.is_file",
    ),
    "phrase.workspace.no_folder": translate(
        "phrase",
        "The folder {folder} does not exist: create it first or pick another.",
        "phrase.workspace.no_folder",
    ),
    "phrase.workspace.not_found": translate(
        "phrase",
        "No workspace with id {workspace_id}: see `mira workspaces list`.",
        "phrase.workspace.not_found",
    ),
    "phrase.workspace.taken": translate(
        "phrase", "The folder {root} is already the workspace {name!r} ({where}).", "phrase.workspace.taken"
    ),
}
