"""Window text: the sentences services say (``core/phrasebook/threads.py``), by the same keys with ``phrase.`` before
them and the same English. Written by ``tools/i18n_sync.py``; the translations are in ``ui/translations``."""

from __future__ import annotations

from mira_desktop.ui.strings.source import Source, translate

STRINGS: dict[str, Source] = {
    "phrase.threads.import.format": translate(
        "phrase", '"format" must be "{format}"', "phrase.threads.import.format"
    ),
    "phrase.threads.import.version": translate(
        "phrase",
        "version {version!r} is not supported (this Mira reads version {known})",
        "phrase.threads.import.version",
    ),
    "phrase.threads.import.shape": translate(
        "phrase", 'it needs a "thread" object and a "messages" list', "phrase.threads.import.shape"
    ),
    "phrase.threads.import.status": translate(
        "phrase", "thread.status {status!r} is unknown", "phrase.threads.import.status"
    ),
    "phrase.threads.import.message": translate("phrase", "message {number}", "phrase.threads.import.message"),
    "phrase.threads.import.orphan": translate(
        "phrase",
        "message {number} answers {parent!r}, which is not in the file",
        "phrase.threads.import.orphan",
    ),
    "phrase.threads.import.not_object": translate(
        "phrase", "{where} is not an object", "phrase.threads.import.not_object"
    ),
    "phrase.threads.import.role": translate(
        "phrase", "{where} has the unknown role {role!r}", "phrase.threads.import.role"
    ),
    "phrase.threads.import.message_status": translate(
        "phrase", "{where} has the status {status!r}", "phrase.threads.import.message_status"
    ),
    "phrase.threads.import.repeated": translate(
        "phrase", "{where} repeats the id {id}", "phrase.threads.import.repeated"
    ),
    "phrase.threads.import.missing": translate(
        "phrase", "{where} has no {key}", "phrase.threads.import.missing"
    ),
    "phrase.threads.bad_flag": translate(
        "phrase", "{flag!r} is not a thread setting: use memory, tts or image.", "phrase.threads.bad_flag"
    ),
    "phrase.threads.bad_format": translate(
        "phrase", "Unknown export format {fmt!r}: use md or json.", "phrase.threads.bad_format"
    ),
    "phrase.threads.empty_search": translate(
        "phrase", "Type something to search for.", "phrase.threads.empty_search"
    ),
    "phrase.threads.empty_title": translate(
        "phrase", "A thread title cannot be empty.", "phrase.threads.empty_title"
    ),
    "phrase.threads.import_cycle": translate(
        "phrase",
        "The thread export contains a cycle of replies: it is not a valid tree.",
        "phrase.threads.import_cycle",
    ),
    "phrase.threads.import_invalid": translate(
        "phrase", "{source} is not a valid Mira thread export: {reason}.", "phrase.threads.import_invalid"
    ),
    "phrase.threads.import_not_json": translate(
        "phrase",
        "{path} is not a Mira thread export (invalid JSON: {error}).",
        "phrase.threads.import_not_json",
    ),
    "phrase.threads.import_too_big": translate(
        "phrase", "{path} is larger than {most} MB: not a thread export.", "phrase.threads.import_too_big"
    ),
    "phrase.threads.no_message_in": translate(
        "phrase", "No message {message_id} in thread {thread_id}.", "phrase.threads.no_message_in"
    ),
    "phrase.threads.not_found": translate(
        "phrase", "No thread with id {thread_id}: see `mira threads list`.", "phrase.threads.not_found"
    ),
    "phrase.threads.fork_trashed": translate(
        "phrase",
        "Message {message_id} is in a thread in the trash: `mira trash restore {thread_id}` brings it back first.",
        "phrase.threads.fork_trashed",
    ),
    "phrase.threads.fork_source_gone": translate(
        "phrase",
        "The message {message_id} this thread was made from is no longer here.",
        "phrase.threads.fork_source_gone",
    ),
    "phrase.threads.fork_unfinished": translate(
        "phrase",
        "An answer in that part of the thread is still being written (or waits for approval): fork once it has ended.",
        "phrase.threads.fork_unfinished",
    ),
    "phrase.threads.stop_first": translate(
        "phrase",
        "Stop the reply being written before deleting messages in this thread.",
        "phrase.threads.stop_first",
    ),
}
