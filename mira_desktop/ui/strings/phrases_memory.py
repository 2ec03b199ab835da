"""Window text: the sentences services say (``core/phrasebook/memory.py``), by the same keys with ``phrase.`` before
them and the same English. Written by ``tools/i18n_sync.py``; the translations are in ``ui/translations``."""

from __future__ import annotations

from mira_desktop.ui.strings.source import Source, translate

STRINGS: dict[str, Source] = {
    "phrase.memory.empty": translate("phrase", "A memory fact needs some text.", "phrase.memory.empty"),
    "phrase.memory.no_message": translate(
        "phrase", "No message with id {message_id}.", "phrase.memory.no_message"
    ),
    "phrase.memory.not_found": translate(
        "phrase", "No memory fact with id {fact_id}: see `mira memory list`.", "phrase.memory.not_found"
    ),
    "phrase.memory.nothing_proposed": translate(
        "phrase", "This answer proposes nothing to remember.", "phrase.memory.nothing_proposed"
    ),
    "phrase.memory.too_long": translate(
        "phrase", "A memory fact may be at most {most} characters (it has {count}).", "phrase.memory.too_long"
    ),
}
