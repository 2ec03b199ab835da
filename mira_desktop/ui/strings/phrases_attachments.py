"""Window text: the sentences services say (``core/phrasebook/attachments.py``), by the same keys with ``phrase.`` before
them and the same English. Written by ``tools/i18n_sync.py``; the translations are in ``ui/translations``."""

from __future__ import annotations

from mira_desktop.ui.strings.source import Source, translate

STRINGS: dict[str, Source] = {
    "phrase.attach.bad_limit": translate(
        "phrase", "The attachment limit must be between 1 KB and {most} MB.", "phrase.attach.bad_limit"
    ),
    "phrase.attach.bomb": translate(
        "phrase", "{name} is too large a picture to decode safely.", "phrase.attach.bomb"
    ),
    "phrase.attach.damaged": translate(
        "phrase",
        "{name} is not a valid {label}: it is damaged or cut short ({error}).",
        "phrase.attach.damaged",
    ),
    "phrase.attach.is_kind": translate("phrase", "{name} is {what}.", "phrase.attach.is_kind"),
    "phrase.attach.mislabelled": translate(
        "phrase",
        "{name} is not {claimed}: its content is {label}. Rename it to match, or attach the right file.",
        "phrase.attach.mislabelled",
    ),
    "phrase.attach.not_found": translate(
        "phrase",
        "No attachment with id {attachment_id}: see `mira attachments list`.",
        "phrase.attach.not_found",
    ),
    "phrase.attach.read_failed": translate(
        "phrase", "{name} cannot be read: {error_type}: {error}.", "phrase.attach.read_failed"
    ),
    "phrase.attach.refused_kind": translate(
        "phrase",
        "{name} is {what}, not a document or an image: it cannot be attached.",
        "phrase.attach.refused_kind",
    ),
    "phrase.attach.text_missing": translate(
        "phrase",
        "The text read from {name} is missing: remove it and attach it again.",
        "phrase.attach.text_missing",
    ),
    "phrase.attach.unknown_content": translate(
        "phrase",
        "{name} is not {claimed}: its content is damaged or of an unknown kind.",
        "phrase.attach.unknown_content",
    ),
}
