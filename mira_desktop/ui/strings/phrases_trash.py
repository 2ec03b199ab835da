"""Window text: the sentences services say (``core/phrasebook/trash.py``), by the same keys with ``phrase.`` before
them and the same English. Written by ``tools/i18n_sync.py``; the translations are in ``ui/translations``."""

from __future__ import annotations

from mira_desktop.ui.strings.source import Source, translate

STRINGS: dict[str, Source] = {
    "phrase.trash.bad_retention": translate(
        "phrase",
        "trash.retention_days must be 1 to {most} days (got {days}): nothing was changed.",
        "phrase.trash.bad_retention",
    ),
    "phrase.trash.busy": translate(
        "phrase",
        "{what} has an answer being written or an agent run waiting for approval: stop or cancel it first.",
        "phrase.trash.busy",
    ),
    "phrase.trash.folder_taken": translate(
        "phrase",
        "The folder of {label!r} is now the workspace {name!r}: delete that one first, then restore this one. Nothing was restored.",
        "phrase.trash.folder_taken",
    ),
    "phrase.trash.no_object": translate(
        "phrase", "No {noun} with id {object_id}: see `{hint}`.", "phrase.trash.no_object"
    ),
    "phrase.trash.not_found": translate(
        "phrase", "Nothing in the trash has the id {ref}: see `mira trash list`.", "phrase.trash.not_found"
    ),
    "phrase.trash.orphan": translate(
        "phrase",
        "{label} cannot be restored: what it belonged to was deleted for good. Its entry was removed from the trash.",
        "phrase.trash.orphan",
    ),
    "phrase.trash.threads_gone": translate(
        "phrase",
        "{count} thread(s) that used it were deleted for good, so they cannot use it again.",
        "phrase.trash.threads_gone",
    ),
    "phrase.trash.kept_other_role": translate(
        "phrase",
        "The thread {title!r} now uses another role and was left as it is.",
        "phrase.trash.kept_other_role",
    ),
    "phrase.trash.kept_other_workspace": translate(
        "phrase",
        "The thread {title!r} now uses another workspace and was left as it is.",
        "phrase.trash.kept_other_workspace",
    ),
    "phrase.trash.kept_other_knowledge_base": translate(
        "phrase",
        "The thread {title!r} now uses another knowledge base and was left as it is.",
        "phrase.trash.kept_other_knowledge_base",
    ),
    "phrase.trash.binding_in_trash_role": translate(
        "phrase",
        "Its role {name!r} is in the trash: restore it to bind it again.",
        "phrase.trash.binding_in_trash_role",
    ),
    "phrase.trash.binding_in_trash_workspace": translate(
        "phrase",
        "Its workspace {name!r} is in the trash: restore it to bind it again.",
        "phrase.trash.binding_in_trash_workspace",
    ),
    "phrase.trash.binding_in_trash_knowledge_base": translate(
        "phrase",
        "Its knowledge base {name!r} is in the trash: restore it to bind it again.",
        "phrase.trash.binding_in_trash_knowledge_base",
    ),
    "phrase.trash.binding_gone_role": translate(
        "phrase",
        "Its role was deleted for good: the thread goes on without one.",
        "phrase.trash.binding_gone_role",
    ),
    "phrase.trash.binding_gone_workspace": translate(
        "phrase",
        "Its workspace was deleted for good: the thread goes on without one.",
        "phrase.trash.binding_gone_workspace",
    ),
    "phrase.trash.binding_gone_knowledge_base": translate(
        "phrase",
        "Its knowledge base was deleted for good: the thread goes on without one.",
        "phrase.trash.binding_gone_knowledge_base",
    ),
    "phrase.trash.document_twice": translate(
        "phrase",
        "{label} was added again meanwhile: both copies are now in the knowledge base.",
        "phrase.trash.document_twice",
    ),
}
