"""Window text: the sentences services say (``core/phrasebook/backup.py``), by the same keys with ``phrase.`` before
them and the same English. Written by ``tools/i18n_sync.py``; the translations are in ``ui/translations``."""

from __future__ import annotations

from mira_desktop.ui.strings.source import Source, translate

STRINGS: dict[str, Source] = {
    "phrase.backup.bad_checksum": translate(
        "phrase",
        "{member} in {name} does not match its checksum: the backup was changed or is damaged; nothing was restored.",
        "phrase.backup.bad_checksum",
    ),
    "phrase.backup.busy": translate(
        "phrase",
        "Another backup is being written to {target}: wait for it to finish or choose another file name.",
        "phrase.backup.busy",
    ),
    "phrase.backup.database_damaged": translate(
        "phrase",
        "The database in {label} is damaged ({error}): nothing was restored.",
        "phrase.backup.database_damaged",
    ),
    "phrase.backup.exists": translate(
        "phrase", "{target} already exists: choose a new file name for the backup.", "phrase.backup.exists"
    ),
    "phrase.backup.incomplete": translate(
        "phrase",
        "{name} is not a complete Mira backup ({error}): it may be truncated; use another copy.",
        "phrase.backup.incomplete",
    ),
    "phrase.backup.inside": translate(
        "phrase",
        "{target} is inside the data folder: save the backup elsewhere (or under its backups folder).",
        "phrase.backup.inside",
    ),
    "phrase.backup.into_current": translate(
        "phrase",
        "Restore into a new folder, not the data folder Mira is using now.",
        "phrase.backup.into_current",
    ),
    "phrase.backup.manifest_damaged": translate(
        "phrase",
        "The manifest of {name} is damaged ({error}): use another copy of the backup.",
        "phrase.backup.manifest_damaged",
    ),
    "phrase.backup.manifest_mismatch": translate(
        "phrase",
        "{name} does not match its manifest (missing {missing}, unlisted {extra}): it was changed or is damaged; nothing was restored.",
        "phrase.backup.manifest_mismatch",
    ),
    "phrase.backup.newer": translate(
        "phrase",
        "{name} was made by a newer Mira ({app_version}, schema {schema_version}): update Mira to restore it.",
        "phrase.backup.newer",
    ),
    "phrase.backup.no_manifest": translate(
        "phrase",
        "{name} has no Mira backup manifest: it is not a Mira backup, or it is damaged.",
        "phrase.backup.no_manifest",
    ),
    "phrase.backup.not_a_file": translate(
        "phrase", "{path} is not a file: give the path of a Mira backup (.zip).", "phrase.backup.not_a_file"
    ),
    "phrase.backup.not_empty": translate(
        "phrase",
        "{target} is not an empty folder: restore into a new, empty folder.",
        "phrase.backup.not_empty",
    ),
    "phrase.backup.unsafe_name": translate(
        "phrase",
        "The backup holds an unsafe file name {name!r}: it was refused, nothing was restored.",
        "phrase.backup.unsafe_name",
    ),
    "phrase.backup.write_failed": translate(
        "phrase",
        "{member} was not written correctly (is the disk full?): nothing was restored.",
        "phrase.backup.write_failed",
    ),
}
