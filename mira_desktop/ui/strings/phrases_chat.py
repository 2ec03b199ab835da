"""Window text: the sentences services say (``core/phrasebook/chat.py``), by the same keys with ``phrase.`` before
them and the same English. Written by ``tools/i18n_sync.py``; the translations are in ``ui/translations``."""

from __future__ import annotations

from mira_desktop.ui.strings.source import Source, translate

STRINGS: dict[str, Source] = {
    "phrase.chat.interrupted": translate(
        "phrase",
        "Mira stopped while this answer was being written; the text so far is kept. Retry to answer again.",
        "phrase.chat.interrupted",
    ),
    "phrase.chat.summary.empty": translate(
        "phrase",
        "The model returned an empty summary; the previous one is kept.",
        "phrase.chat.summary.empty",
    ),
    "phrase.chat.archived": translate(
        "phrase",
        "Thread {thread_id} is archived: unarchive it to continue the conversation.",
        "phrase.chat.archived",
    ),
    "phrase.chat.file_removed": translate(
        "phrase", "{file} was removed from the message: attach it again.", "phrase.chat.file_removed"
    ),
    "phrase.chat.no_message": translate(
        "phrase", "No message with id {message_id}.", "phrase.chat.no_message"
    ),
    "phrase.chat.no_run": translate(
        "phrase", "No run with id {run_id}: see `mira threads show`.", "phrase.chat.no_run"
    ),
    "phrase.chat.not_found": translate(
        "phrase", "No {name} with id {id}: see `{command}`.", "phrase.chat.not_found"
    ),
    "phrase.chat.cut_off_thinking": translate(
        "phrase",
        "Cut off while thinking: the model spent its {tokens} tokens on reasoning and wrote no answer. Continue gives it twice the room, or turn thinking off for this thread.",
        "phrase.chat.cut_off_thinking",
    ),
    "phrase.chat.nothing_to_summarize": translate(
        "phrase",
        "There is nothing to summarize yet: the conversation is too short.",
        "phrase.chat.nothing_to_summarize",
    ),
}
