"""Phrases of trash: the English of the sentences (see ``core/phrases.py``)."""

from __future__ import annotations

ENGLISH: dict[str, str] = {
    "trash.bad_retention": "trash.retention_days must be 1 to {most} days (got {days}): nothing was changed.",
    "trash.busy": "{what} has an answer being written or an agent run waiting for approval: stop or cancel it first.",
    "trash.folder_taken": "The folder of {label!r} is now the workspace {name!r}: delete that one first, then restore this one. Nothing was restored.",
    "trash.skill_taken": "A skill named {name!r} is there again: remove or rename that one first, then restore this one. Nothing was restored.",
    "trash.skill_folder_gone": "The folder of the skill {name} is no longer in the trash ({path}): it cannot be restored; emptying the trash removes its entry.",
    "trash.no_object": "No {noun} with id {object_id}: see `{hint}`.",
    "trash.not_found": "Nothing in the trash has the id {ref}: see `mira trash list`.",
    "trash.orphan": "{label} cannot be restored: what it belonged to was deleted for good. Its entry was removed from the trash.",
    "trash.threads_gone": "{count} thread(s) that used it were deleted for good, so they cannot use it again.",
    "trash.kept_other_role": "The thread {title!r} now uses another role and was left as it is.",
    "trash.kept_other_workspace": "The thread {title!r} now uses another workspace and was left as it is.",
    "trash.kept_other_knowledge_base": "The thread {title!r} now uses another knowledge base and was left as it is.",
    "trash.binding_in_trash_role": "Its role {name!r} is in the trash: restore it to bind it again.",
    "trash.binding_in_trash_workspace": "Its workspace {name!r} is in the trash: restore it to bind it again.",
    "trash.binding_in_trash_knowledge_base": "Its knowledge base {name!r} is in the trash: restore it to bind it again.",
    "trash.binding_gone_role": "Its role was deleted for good: the thread goes on without one.",
    "trash.binding_gone_workspace": "Its workspace was deleted for good: the thread goes on without one.",
    "trash.binding_gone_knowledge_base": "Its knowledge base was deleted for good: the thread goes on without one.",
    "trash.document_twice": "{label} was added again meanwhile: both copies are now in the knowledge base.",
    # what is busy, in trash.busy's {what}
    "trash.busy.thread": "The thread",
    "trash.busy.role": "A thread of the role {name!r}",
    "trash.busy.workspace": "A thread of the workspace {name!r}",
    "trash.busy.knowledge_base": "A thread of the knowledge base {name!r}",
}
