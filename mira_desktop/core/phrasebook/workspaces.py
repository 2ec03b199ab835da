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
    # projects: a workspace that groups threads and carries their defaults
    "project.not_found": "No project with id {project_id}: see `mira projects list`.",
    "project.instructions_long": "A project's instructions hold at most {most} characters.",
    "project.move_waiting": "The thread {title!r} has an agent run waiting for approval: approve or deny it first, then move the thread. Nothing was changed.",
    "project.move_answering": "The thread {title!r} is answering: stop it or let it finish, then move the thread. Nothing was changed.",
    "project.busy": "The project {name!r} cannot be deleted while its thread {title!r} is answering or waits for approval: stop it or settle the approval first. Nothing was changed.",
    "project.bad_threads_choice": "Say where the project's threads go: base (to Mira BASE) or trash (to the trash with the project), not {choice!r}.",
    "project.agent_needs_folder": "The project {name!r} has no folder, and an agent run works inside one: set it with `mira projects set {id} --folder PATH` (or in the project's settings), or turn agent mode off.",
    "project.bad_memory": "A project's memory is shared (the general facts and the project's), project (its facts only) or off, not {scope!r}.",
    "project.import_bad": "{path} is not a Mira project export: {why}",
}
