"""Window text: the trash. The translations are in ``ui/translations``."""

from __future__ import annotations

from mira_desktop.ui.strings.source import Source, translate

STRINGS: dict[str, Source] = {
    "trash.title": translate("trash", "Trash", "trash.title"),
    "trash.hint": translate(
        "trash",
        "Deleted items stay here for %Ln day(s), then Mira deletes them for good when it starts. Restoring brings back what they were bound to where that still makes sense.",
        "trash.hint",
        1,
    ).counted_by("days"),
    "trash.name": translate("trash", "Name", "trash.name"),
    "trash.kind": translate("trash", "Kind", "trash.kind"),
    "trash.deleted": translate("trash", "Deleted", "trash.deleted"),
    "trash.purged_on": translate("trash", "Deleted for good on", "trash.purged_on"),
    "trash.kind_thread": translate("trash", "Thread", "trash.kind_thread"),
    "trash.kind_role": translate("trash", "Role", "trash.kind_role"),
    "trash.kind_workspace": translate("trash", "Workspace", "trash.kind_workspace"),
    "trash.kind_document": translate("trash", "Document", "trash.kind_document"),
    "trash.kind_knowledge_base": translate("trash", "Knowledge base", "trash.kind_knowledge_base"),
    "trash.kind_skill": translate("trash", "Skill", "trash.kind_skill"),
    "trash.empty_state": translate("trash", "The trash is empty.", "trash.empty_state"),
    "trash.restore": translate("trash", "Restore", "trash.restore"),
    "trash.purge": translate("trash", "Delete for good…", "trash.purge"),
    "trash.empty": translate("trash", "Empty trash…", "trash.empty"),
    "trash.keep": translate("trash", "Keep for", "trash.keep"),
    "trash.days_suffix": translate("trash", " days", "trash.days_suffix"),
    "trash.days_tip": translate(
        "trash", "How long deleted items stay before they are deleted for good.", "trash.days_tip"
    ),
    "trash.restored_title": translate("trash", "Restored", "trash.restored_title"),
    "trash.purge_confirm": translate(
        "trash", "Delete %Ln item(s) for good? This cannot be undone.", "trash.purge_confirm", 1
    ),
    "trash.empty_confirm": translate(
        "trash",
        "Delete all %Ln item(s) in the trash for good? This cannot be undone.",
        "trash.empty_confirm",
        1,
    ),
}
