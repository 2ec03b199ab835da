"""Window text: the sentences services say (``core/phrasebook/cards.py``), by the same keys with ``phrase.`` before
them and the same English. Written by ``tools/i18n_sync.py``; the translations are in ``ui/translations``."""

from __future__ import annotations

from mira_desktop.ui.strings.source import Source, translate

STRINGS: dict[str, Source] = {
    "phrase.cards.failed": translate(
        "phrase", "Cannot import the card: {reason}; nothing was saved.", "phrase.cards.failed"
    ),
    "phrase.cards.bad_json": translate(
        "phrase",
        "{where} is not valid JSON ({problem} at line {line}, column {column})",
        "phrase.cards.bad_json",
    ),
    "phrase.cards.charx": translate(
        "phrase",
        "CHARX (zip) cards are not supported: export the card as PNG or JSON and import that",
        "phrase.cards.charx",
    ),
    "phrase.cards.chunk_base64": translate(
        "phrase", "the {keyword} chunk is not valid base64", "phrase.cards.chunk_base64"
    ),
    "phrase.cards.chunk_utf8": translate(
        "phrase", "the {keyword} chunk does not decode to UTF-8 text", "phrase.cards.chunk_utf8"
    ),
    "phrase.cards.entries_list": translate(
        "phrase", "{where}character_book.entries must be a list", "phrase.cards.entries_list"
    ),
    "phrase.cards.entry_object": translate(
        "phrase", "{where}character_book.entries[{index}] must be an object", "phrase.cards.entry_object"
    ),
    "phrase.cards.extras_too_big": translate(
        "phrase",
        "the card's extra data (extensions, assets, …) is {size} MB; the limit is {limit} MB",
        "phrase.cards.extras_too_big",
    ),
    "phrase.cards.json_deep": translate(
        "phrase", "{where} is JSON nested too deeply", "phrase.cards.json_deep"
    ),
    "phrase.cards.json_too_big": translate(
        "phrase", "the JSON file is {size} MB; the limit is {limit} MB", "phrase.cards.json_too_big"
    ),
    "phrase.cards.lorebook": translate(
        "phrase", "{source} is a lorebook, not a character card", "phrase.cards.lorebook"
    ),
    "phrase.cards.needs_data": translate(
        "phrase", "a {spec} card needs a 'data' object", "phrase.cards.needs_data"
    ),
    "phrase.cards.neither": translate(
        "phrase", "the file is neither a PNG image nor UTF-8 JSON text", "phrase.cards.neither"
    ),
    "phrase.cards.no_name": translate(
        "phrase", "{where}name is missing or empty: a role needs a name", "phrase.cards.no_name"
    ),
    "phrase.cards.not_a_card": translate(
        "phrase",
        "{source} is not a character card (it has neither a spec nor a name field)",
        "phrase.cards.not_a_card",
    ),
    "phrase.cards.not_object": translate(
        "phrase",
        "{source} holds JSON that is not an object, so it is not a character card",
        "phrase.cards.not_object",
    ),
    "phrase.cards.not_png": translate(
        "phrase", "the file is not a PNG image (wrong signature)", "phrase.cards.not_png"
    ),
    "phrase.cards.png.bad_crc": translate(
        "phrase", "the PNG is damaged (chunk {chunk!r} has a bad checksum)", "phrase.cards.png.bad_crc"
    ),
    "phrase.cards.png.compressed_damaged": translate(
        "phrase",
        "the compressed PNG text chunk {keyword!r} is damaged ({error})",
        "phrase.cards.png.compressed_damaged",
    ),
    "phrase.cards.png.inflates": translate(
        "phrase",
        "the compressed PNG text chunk {keyword!r} inflates past {limit} MB",
        "phrase.cards.png.inflates",
    ),
    "phrase.cards.png.itxt_malformed": translate(
        "phrase", "the PNG iTXt chunk {keyword!r} is malformed", "phrase.cards.png.itxt_malformed"
    ),
    "phrase.cards.png.itxt_truncated": translate(
        "phrase", "the PNG iTXt chunk {keyword!r} is truncated", "phrase.cards.png.itxt_truncated"
    ),
    "phrase.cards.png.itxt_utf8": translate(
        "phrase", "the PNG iTXt chunk {keyword!r} is not UTF-8 text", "phrase.cards.png.itxt_utf8"
    ),
    "phrase.cards.png.no_iend": translate(
        "phrase", "the PNG is truncated (no IEND chunk)", "phrase.cards.png.no_iend"
    ),
    "phrase.cards.png.no_ihdr": translate(
        "phrase", "the PNG is damaged (it does not start with IHDR)", "phrase.cards.png.no_ihdr"
    ),
    "phrase.cards.png.no_separator": translate(
        "phrase", "the PNG text chunk {keyword!r} has no separator", "phrase.cards.png.no_separator"
    ),
    "phrase.cards.png.truncated": translate(
        "phrase", "the PNG is truncated (chunk {chunk!r} claims {length} bytes)", "phrase.cards.png.truncated"
    ),
    "phrase.cards.png_no_card": translate(
        "phrase",
        "the PNG holds no character card (no 'chara' or 'ccv3' text chunk)",
        "phrase.cards.png_no_card",
    ),
    "phrase.cards.png_too_big": translate(
        "phrase", "the PNG is {size} MB; the limit is {limit} MB", "phrase.cards.png_too_big"
    ),
    "phrase.cards.text": translate("phrase", "{where}{card_key} must be text", "phrase.cards.text"),
    "phrase.cards.text_list": translate(
        "phrase", "{where}{card_key} must be a list of text", "phrase.cards.text_list"
    ),
    "phrase.cards.unknown_spec": translate(
        "phrase",
        "spec {spec!r} is not a card format Mira reads ({v2}, {v3} or V1)",
        "phrase.cards.unknown_spec",
    ),
    "phrase.cards.world_info": translate(
        "phrase",
        "{source} is a SillyTavern World Info (lorebook), not a character card",
        "phrase.cards.world_info",
    ),
    "phrase.cards.worldview_text": translate(
        "phrase", "{where}extensions.{extension}.worldview must be text", "phrase.cards.worldview_text"
    ),
}
