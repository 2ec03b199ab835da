"""Phrases of backup: the English of the sentences (see ``core/phrases.py``)."""

from __future__ import annotations

ENGLISH: dict[str, str] = {
    "backup.bad_checksum": "{member} in {name} does not match its checksum: the backup was changed or is damaged; nothing was restored.",
    "backup.busy": "Another backup is being written to {target}: wait for it to finish or choose another file name.",
    "backup.database_damaged": "The database in {label} is damaged ({error}): nothing was restored.",
    "backup.exists": "{target} already exists: choose a new file name for the backup.",
    "backup.incomplete": "{name} is not a complete Mira backup ({error}): it may be truncated; use another copy.",
    "backup.inside": "{target} is inside the data folder: save the backup elsewhere (or under its backups folder).",
    "backup.into_current": "Restore into a new folder, not the data folder Mira is using now.",
    "backup.manifest_damaged": "The manifest of {name} is damaged ({error}): use another copy of the backup.",
    "backup.manifest_mismatch": "{name} does not match its manifest (missing {missing}, unlisted {extra}): it was changed or is damaged; nothing was restored.",
    "backup.newer": "{name} was made by a newer Mira ({app_version}, schema {schema_version}): update Mira to restore it.",
    "backup.no_manifest": "{name} has no Mira backup manifest: it is not a Mira backup, or it is damaged.",
    "backup.not_a_file": "{path} is not a file: give the path of a Mira backup (.zip).",
    "backup.not_empty": "{target} is not an empty folder: restore into a new, empty folder.",
    "backup.unsafe_name": "The backup holds an unsafe file name {name!r}: it was refused, nothing was restored.",
    "backup.write_failed": "{member} was not written correctly (is the disk full?): nothing was restored.",
    "backup.the_copy": "the copy of the database",
}
