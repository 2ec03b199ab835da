"""Window text: the Roles window. The translations are in ``ui/translations``."""

from __future__ import annotations

from mira_desktop.ui.strings.source import Source, translate

STRINGS: dict[str, Source] = {
    "roles.title": translate("roles", "Roles", "roles.title"),
    # A field's problem, under the field (the English of the others comes from the role schema).
    "roles.err.range": translate(
        "roles", "Must be a number from {low} to {high}, or empty for the model's default.", "roles.err.range"
    ),
    "roles.err.range_whole": translate(
        "roles",
        "Must be a whole number from {low} to {high}, or empty for the model's default.",
        "roles.err.range_whole",
    ),
    "roles.err.at_least": translate(
        "roles", "Must be a number of at least {low}, or empty for the model's default.", "roles.err.at_least"
    ),
    "roles.err.at_least_whole": translate(
        "roles",
        "Must be a whole number of at least {low}, or empty for the model's default.",
        "roles.err.at_least_whole",
    ),
    "roles.err.empty": translate("roles", "Must not be empty.", "roles.err.empty"),
    "roles.err.missing": translate("roles", "Required.", "roles.err.missing"),
    "roles.err.one_line": translate("roles", "Must be one line.", "roles.err.one_line"),
    "roles.err.name_too_long": translate(
        "roles", "Is {length} characters long; at most {limit} fit.", "roles.err.name_too_long"
    ),
    "roles.search": translate("roles", "Search roles…", "roles.search"),
    "roles.status.all": translate("roles", "All", "roles.status.all"),
    "roles.status.active": translate("roles", "Active", "roles.status.active"),
    "roles.status.draft": translate("roles", "Draft", "roles.status.draft"),
    "roles.status.archived": translate("roles", "Archived", "roles.status.archived"),
    "roles.new": translate("roles", "New", "roles.new"),
    "roles.duplicate": translate("roles", "Duplicate", "roles.duplicate"),
    "roles.delete": translate("roles", "Delete", "roles.delete"),
    "roles.import": translate("roles", "Import…", "roles.import"),
    "roles.export": translate("roles", "Export…", "roles.export"),
    "roles.export.v2_json": translate("roles", "Character Card V2 (JSON)", "roles.export.v2_json"),
    "roles.export.v3_json": translate("roles", "Character Card V3 (JSON)", "roles.export.v3_json"),
    "roles.export.v2_png": translate("roles", "Character Card V2 (PNG)", "roles.export.v2_png"),
    "roles.export.v3_png": translate("roles", "Character Card V3 (PNG)", "roles.export.v3_png"),
    "roles.import.filter": translate("roles", "Character cards (*.png *.json)", "roles.import.filter"),
    "roles.save": translate("roles", "Save", "roles.save"),
    "roles.revert": translate("roles", "Revert", "roles.revert"),
    "roles.start_chat": translate("roles", "Start a chat with this role", "roles.start_chat"),
    "roles.start_chat.inactive": translate(
        "roles", "Set the role active to chat with it.", "roles.start_chat.inactive"
    ),
    "roles.drop_hint": translate(
        "roles", "Drop character cards (PNG or JSON) here to import them.", "roles.drop_hint"
    ),
    "roles.empty": translate("roles", "No role matches.", "roles.empty"),
    "roles.new_name": translate("roles", "New role", "roles.new_name"),
    "roles.saved": translate("roles", "Saved {name}, version {version}.", "roles.saved"),
    "roles.imported": translate("roles", "Imported {name} ({spec}).", "roles.imported"),
    "roles.sanitized": translate("roles", "Removed unsafe content: {fields}", "roles.sanitized"),
    "roles.import_refused": translate("roles", "{name}: {reason}", "roles.import_refused"),
    "roles.exported": translate("roles", "Wrote {path}.", "roles.exported"),
    "roles.deleted": translate(
        "roles",
        "Moved {name} to the trash; %Ln thread(s) keep their messages and get the role back if you restore it.",
        "roles.deleted",
        1,
    ).counted_by("threads"),
    "roles.delete_confirm": translate(
        "roles",
        "Move the role {name} to the trash? Threads that use it keep every message; restoring the role binds them again.",
        "roles.delete_confirm",
    ),
    "roles.unsaved": translate("roles", "Unsaved changes", "roles.unsaved"),
    "roles.discard_confirm": translate(
        "roles", "Discard the unsaved changes to this role?", "roles.discard_confirm"
    ),
    "roles.fix_fields": translate(
        "roles", "Fix the fields marked in red to see the preview.", "roles.fix_fields"
    ),
    "roles.field.name": translate("roles", "Name", "roles.field.name"),
    "roles.field.summary": translate("roles", "Summary", "roles.field.summary"),
    "roles.field.status": translate("roles", "Status", "roles.field.status"),
    "roles.field.tags": translate("roles", "Tags (comma-separated)", "roles.field.tags"),
    "roles.field.avatar": translate("roles", "Avatar", "roles.field.avatar"),
    "roles.field.description": translate("roles", "Description", "roles.field.description"),
    "roles.field.worldview": translate("roles", "World", "roles.field.worldview"),
    "roles.field.persona": translate("roles", "Persona", "roles.field.persona"),
    "roles.field.scenario": translate("roles", "Scenario", "roles.field.scenario"),
    "roles.field.example_dialogues": translate("roles", "Example dialogues", "roles.field.example_dialogues"),
    "roles.field.style": translate("roles", "Style", "roles.field.style"),
    "roles.field.constraints": translate("roles", "Constraints", "roles.field.constraints"),
    "roles.field.first_message": translate("roles", "First message", "roles.field.first_message"),
    "roles.field.alternate_greetings": translate(
        "roles", "Alternate greetings (separate with a line of ---)", "roles.field.alternate_greetings"
    ),
    "roles.field.lorebook": translate("roles", "Lorebook", "roles.field.lorebook"),
    "roles.field.llm_profile": translate(
        "roles", "Sampling (empty = the model's default)", "roles.field.llm_profile"
    ),
    "roles.avatar.choose": translate("roles", "Choose…", "roles.avatar.choose"),
    "roles.avatar.remove": translate("roles", "Remove", "roles.avatar.remove"),
    "roles.avatar.none": translate("roles", "No avatar", "roles.avatar.none"),
    "roles.avatar.filter": translate(
        "roles", "Images (*.png *.jpg *.jpeg *.webp *.gif *.bmp)", "roles.avatar.filter"
    ),
    "roles.profile.default": translate("roles", "model default", "roles.profile.default"),
    "roles.lore.add": translate("roles", "Add entry", "roles.lore.add"),
    "roles.lore.remove": translate("roles", "Remove entry", "roles.lore.remove"),
    "roles.lore.name": translate("roles", "Name", "roles.lore.name"),
    "roles.lore.keys": translate("roles", "Keys (one per line)", "roles.lore.keys"),
    "roles.lore.content": translate(
        "roles", "Content (inserted when a key appears in the recent messages)", "roles.lore.content"
    ),
    "roles.lore.enabled": translate("roles", "Enabled", "roles.lore.enabled"),
    "roles.lore.constant": translate("roles", "Always insert", "roles.lore.constant"),
    "roles.lore.case_sensitive": translate("roles", "Case-sensitive", "roles.lore.case_sensitive"),
    "roles.lore.untitled": translate("roles", "(entry {n})", "roles.lore.untitled"),
    "roles.preview.title": translate("roles", "Request preview", "roles.preview.title"),
    "roles.preview.thread": translate("roles", "Thread", "roles.preview.thread"),
    "roles.preview.no_thread": translate("roles", "(no thread)", "roles.preview.no_thread"),
    "roles.preview.message": translate("roles", "Try a message…", "roles.preview.message"),
    "roles.preview.not_sent": translate(
        "roles",
        "This role is {status}: shown as it will be sent once active; today the request carries no role.",
        "roles.preview.not_sent",
    ),
    "roles.preview.parameters": translate("roles", "Parameters", "roles.preview.parameters"),
    # Who says each message of the request, in the preview's "── system ──" lines.
    "roles.preview.role.system": translate("roles", "system", "roles.preview.role.system"),
    "roles.preview.role.user": translate("roles", "user", "roles.preview.role.user"),
    "roles.preview.role.assistant": translate("roles", "assistant", "roles.preview.role.assistant"),
    "roles.preview.role.tool": translate("roles", "tool", "roles.preview.role.tool"),
    "roles.preview.section": translate("roles", "{name} {tokens} ({parts})", "roles.preview.section"),
    "roles.preview.part_separator": translate("roles", ", ", "roles.preview.part_separator"),
    "roles.preview.counted": translate("roles", "{label}: {sections} — {total}", "roles.preview.counted"),
    "roles.preview.tokens": translate("roles", "Tokens", "roles.preview.tokens"),
    "roles.preview.tokenizer.model": translate(
        "roles", "the model's tokenizer", "roles.preview.tokenizer.model"
    ),
    "roles.preview.tokenizer.estimate": translate("roles", "estimated", "roles.preview.tokenizer.estimate"),
    "roles.preview.total": translate(
        "roles", "total {used} of {window} ({tokenizer})", "roles.preview.total"
    ),
    # The sampling fields, by their key in the role's llm_profile.
    "roles.profile.temperature": translate("roles", "Temperature", "roles.profile.temperature"),
    "roles.profile.top_p": translate("roles", "Top-p", "roles.profile.top_p"),
    "roles.profile.top_k": translate("roles", "Top-k", "roles.profile.top_k"),
    "roles.profile.max_tokens": translate("roles", "Max tokens", "roles.profile.max_tokens"),
    "roles.profile.frequency_penalty": translate(
        "roles", "Frequency penalty", "roles.profile.frequency_penalty"
    ),
    "roles.profile.presence_penalty": translate(
        "roles", "Presence penalty", "roles.profile.presence_penalty"
    ),
}
