"""Window text: the sentences services say (``core/phrasebook/app.py``), by the same keys with ``phrase.`` before
them and the same English. Written by ``tools/i18n_sync.py``; the translations are in ``ui/translations``."""

from __future__ import annotations

from mira_desktop.ui.strings.source import Source, translate

STRINGS: dict[str, Source] = {
    "phrase.join.semicolon": translate("phrase", "{first}; {rest}", "phrase.join.semicolon"),
    "phrase.join.comma": translate("phrase", "{first}, {rest}", "phrase.join.comma"),
    "phrase.app.bad_language": translate(
        "phrase", "{language!r} is not a language Mira speaks: use {languages}.", "phrase.app.bad_language"
    ),
    "phrase.app.bad_theme": translate(
        "phrase", "{theme!r} is not a theme: use {themes}.", "phrase.app.bad_theme"
    ),
    "phrase.app.db_damaged": translate(
        "phrase",
        "The database {path} is damaged or not a Mira database ({error}): move it aside or restore a backup; Mira did not change it.",
        "phrase.app.db_damaged",
    ),
    "phrase.app.db_denied": translate(
        "phrase",
        "Cannot open the database {path}: {error}. Check the file's permissions.",
        "phrase.app.db_denied",
    ),
    "phrase.app.db_unopenable": translate(
        "phrase", "Cannot open the database {path}: {error}.", "phrase.app.db_unopenable"
    ),
    "phrase.app.db_unprepared": translate(
        "phrase", "Cannot prepare the database {path}: {error}.", "phrase.app.db_unprepared"
    ),
    "phrase.app.folder_denied": translate(
        "phrase",
        "The data folder {path} is not writable ({reason} on {ancestor}): choose another with --data-dir or {variable}, or fix its permissions.",
        "phrase.app.folder_denied",
    ),
    "phrase.app.database_too_new": translate(
        "phrase",
        "The database {path} has schema version {found}, but this Mira knows only up to version {known}: update Mira to open it (the file was not changed).",
        "phrase.app.database_too_new",
    ),
    "phrase.app.folder_is_file": translate(
        "phrase",
        "The data folder {path} is a file, not a folder: choose another with --data-dir or {variable}.",
        "phrase.app.folder_is_file",
    ),
    "phrase.app.folder_not_writable": translate(
        "phrase",
        "The data folder {path} is not writable ({reason}): choose another with --data-dir or {variable}, or fix its permissions.",
        "phrase.app.folder_not_writable",
    ),
    "phrase.app.folder_under_file": translate(
        "phrase",
        "The data folder {path} cannot be created because {ancestor} is a file: choose another with --data-dir or {variable}.",
        "phrase.app.folder_under_file",
    ),
}
