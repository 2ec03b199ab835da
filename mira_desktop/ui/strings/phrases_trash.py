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
}
