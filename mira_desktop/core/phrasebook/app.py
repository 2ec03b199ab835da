"""Phrases of app: the English of the sentences (see ``core/phrases.py``)."""

from __future__ import annotations

ENGLISH: dict[str, str] = {
    "internal.saved": (
        "Something went wrong inside Mira ({error}). A crash report was saved to {path}: please attach "
        "it when you report the problem."
    ),
    "internal.unsaved": "Something went wrong inside Mira ({error}), and its crash report could not be saved.",
    # lists inside a sentence
    "join.semicolon": "{first}; {rest}",
    "join.comma": "{first}, {rest}",
    "join.space": "{first} {rest}",
    "app.bad_language": "{language!r} is not a language Mira speaks: use {languages}.",
    "app.bad_theme": "{theme!r} is not a theme: use {themes}.",
    "app.db_damaged": "The database {path} is damaged or not a Mira database ({error}): move it aside or restore a backup; Mira did not change it.",
    "app.db_denied": "Cannot open the database {path}: {error}. Check the file's permissions.",
    "app.db_unopenable": "Cannot open the database {path}: {error}.",
    "app.db_unprepared": "Cannot prepare the database {path}: {error}.",
    "app.folder_denied": "The data folder {path} is not writable ({reason} on {ancestor}): choose another with --data-dir or {variable}, or fix its permissions.",
    "app.database_too_new": (
        "The database {path} has schema version {found}, but this Mira knows only up to version "
        "{known}: update Mira to open it (the file was not changed)."
    ),
    "app.folder_is_file": "The data folder {path} is a file, not a folder: choose another with --data-dir or {variable}.",
    "app.folder_not_writable": "The data folder {path} is not writable ({reason}): choose another with --data-dir or {variable}, or fix its permissions.",
    "app.folder_under_file": "The data folder {path} cannot be created because {ancestor} is a file: choose another with --data-dir or {variable}.",
}
