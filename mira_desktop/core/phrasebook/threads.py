"""Phrases of threads: the English of the sentences (see ``core/phrases.py``)."""

from __future__ import annotations

ENGLISH: dict[str, str] = {
    # what is wrong inside a thread export (the reason in threads.import_invalid)
    "threads.import.format": '"format" must be "{format}"',
    "threads.import.version": "version {version!r} is not supported (this Mira reads version {known})",
    "threads.import.shape": 'it needs a "thread" object and a "messages" list',
    "threads.import.status": "thread.status {status!r} is unknown",
    "threads.import.message": "message {number}",
    "threads.import.orphan": "message {number} answers {parent!r}, which is not in the file",
    "threads.import.not_object": "{where} is not an object",
    "threads.import.role": "{where} has the unknown role {role!r}",
    "threads.import.message_status": "{where} has the status {status!r}",
    "threads.import.repeated": "{where} repeats the id {id}",
    "threads.import.missing": "{where} has no {key}",
    "threads.bad_flag": "{flag!r} is not a thread setting: use memory, tts or image.",
    "threads.bad_format": "Unknown export format {fmt!r}: use md or json.",
    "threads.empty_search": "Type something to search for.",
    "threads.empty_title": "A thread title cannot be empty.",
    "threads.import_cycle": "The thread export contains a cycle of replies: it is not a valid tree.",
    "threads.import_invalid": "{source} is not a valid Mira thread export: {reason}.",
    "threads.import_not_json": "{path} is not a Mira thread export (invalid JSON: {error}).",
    "threads.import_too_big": "{path} is larger than {most} MB: not a thread export.",
    "threads.no_message_in": "No message {message_id} in thread {thread_id}.",
    "threads.not_found": "No thread with id {thread_id}: see `mira threads list`.",
    "threads.fork_title": "{title} (fork)",
    "threads.fork_trashed": "Message {message_id} is in a thread in the trash: `mira trash restore {thread_id}` brings it back first.",
    "threads.fork_source_gone": "The message {message_id} this thread was made from is no longer here.",
    "threads.fork_unfinished": "An answer in that part of the thread is still being written (or waits for approval): fork once it has ended.",
    "threads.stop_first": "Stop the reply being written before deleting messages in this thread.",
}
