"""Phrases of attachments: the English of the sentences (see ``core/phrases.py``)."""

from __future__ import annotations

ENGLISH: dict[str, str] = {
    "attach.bad_limit": "The attachment limit must be between 1 KB and {most} MB.",
    "attach.bomb": "{name} is too large a picture to decode safely.",
    "attach.damaged": "{name} is not a valid {label}: it is damaged or cut short ({error}).",
    "attach.is_kind": "{name} is {what}.",
    "attach.mislabelled": "{name} is not {claimed}: its content is {label}. Rename it to match, or attach the right file.",
    "attach.not_found": "No attachment with id {attachment_id}: see `mira attachments list`.",
    "attach.read_failed": "{name} cannot be read: {error_type}: {error}.",
    "attach.refused_kind": "{name} is {what}, not a document or an image: it cannot be attached.",
    "attach.text_missing": "The text read from {name} is missing: remove it and attach it again.",
    "attach.unknown_content": "{name} is not {claimed}: its content is damaged or of an unknown kind.",
}
