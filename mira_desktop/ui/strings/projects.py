"""Window text: projects in the sidebar, their menu, settings and deletion. The translations are in
``ui/translations``."""

from __future__ import annotations

from mira_desktop.ui.strings.source import Source, translate

STRINGS: dict[str, Source] = {
    "project.header": translate("project", "{name}  ·  {count}", "project.header"),
    "project.more": translate("project", "Show {count} more…", "project.more"),
    "project.new_thread": translate("project", "New thread in this project", "project.new_thread"),
    "project.search_here": translate("project", "Search in this project", "project.search_here"),
    "project.settings": translate("project", "Project settings…", "project.settings"),
    "project.create": translate("project", "New project…", "project.create"),
    "project.delete": translate("project", "Delete project…", "project.delete"),
    "project.move_to": translate("project", "Move to project", "project.move_to"),
    "project.moved": translate("project", "Moved “{title}” to {name}.", "project.moved"),
    "project.new_title": translate("project", "New project", "project.new_title"),
    "project.name": translate("project", "Name", "project.name"),
    "project.created": translate("project", "Created the project “{name}”.", "project.created"),
    "project.delete_title": translate("project", "Delete project", "project.delete_title"),
    "project.delete_ask": translate(
        "project",
        "Delete the project “{name}”? What should happen to its threads ({count})? Either way the project can be restored from the trash.",
        "project.delete_ask",
    ),
    "project.delete_to_base": translate("project", "Move threads to Mira BASE", "project.delete_to_base"),
    "project.delete_to_trash": translate("project", "Trash threads with it", "project.delete_to_trash"),
    "project.deleted": translate("project", "Moved the project “{name}” to the trash.", "project.deleted"),
    "project.scope": translate("project", "Searching in {name}", "project.scope"),
    "project.scope_clear": translate("project", "Search every project", "project.scope_clear"),
    "project.new_in": translate("project", "New thread in {name}", "project.new_in"),
    "project.settings_title": translate("project", "Project: {name}", "project.settings_title"),
    "project.instructions": translate("project", "Instructions", "project.instructions"),
    "project.instructions_tip": translate(
        "project",
        "Sent with every request of this project's threads, never shown as a message.",
        "project.instructions_tip",
    ),
    "project.folder": translate("project", "Folder", "project.folder"),
    "project.no_folder": translate(
        "project", "No folder: agent runs and file tools need one.", "project.no_folder"
    ),
    "project.choose_folder": translate("project", "Choose…", "project.choose_folder"),
    "project.remove_folder": translate("project", "Remove", "project.remove_folder"),
    "project.defaults": translate("project", "New threads in it start with", "project.defaults"),
    "project.role": translate("project", "Role", "project.role"),
    "project.kb": translate("project", "Knowledge base", "project.kb"),
    "project.model": translate("project", "Model", "project.model"),
    "project.agent": translate("project", "Agent mode", "project.agent"),
    "project.memory": translate("project", "Memory", "project.memory"),
    "project.memory_shared": translate(
        "project", "General facts and this project's", "project.memory_shared"
    ),
    "project.memory_project": translate("project", "This project's facts only", "project.memory_project"),
    "project.memory_off": translate("project", "Off", "project.memory_off"),
    "project.none": translate("project", "None", "project.none"),
    "project.default_model": translate("project", "The app's default model", "project.default_model"),
    "project.export": translate("project", "Export project…", "project.export"),
    "project.import": translate("project", "Import a project…", "project.import"),
    "project.exported": translate("project", "Saved {path}.", "project.exported"),
    "project.imported": translate(
        "project", "Imported the project “{name}” with its threads ({count}).", "project.imported"
    ),
    "project.imported_missing": translate(
        "project", "Not found here, left unbound: {names}.", "project.imported_missing"
    ),
    "project.save": translate("project", "Save", "project.save"),
    "project.saved": translate("project", "Saved the project “{name}”.", "project.saved"),
    "switcher.project": translate("switcher", "Project: {name}", "switcher.project"),
    "meter.project": translate("meter", "Project instructions", "meter.project"),
}
