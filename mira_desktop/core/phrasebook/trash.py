"""Phrases of trash: the English of the sentences (see ``core/phrases.py``)."""

from __future__ import annotations

ENGLISH: dict[str, str] = {
    "trash.bad_retention": "trash.retention_days must be 1 to {most} days (got {days}): nothing was changed.",
    "trash.busy": "{what} has an answer being written or an agent run waiting for approval: stop or cancel it first.",
    "trash.folder_taken": "The folder of {label!r} is now the workspace {name!r}: delete that one first, then restore this one. Nothing was restored.",
    "trash.no_object": "No {noun} with id {object_id}: see `{hint}`.",
    "trash.not_found": "Nothing in the trash has the id {ref}: see `mira trash list`.",
    "trash.orphan": "{label} cannot be restored: what it belonged to was deleted for good. Its entry was removed from the trash.",
}
