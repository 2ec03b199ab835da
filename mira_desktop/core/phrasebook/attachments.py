"""Phrases of attachments: the English of the sentences (see ``core/phrases.py``)."""

from __future__ import annotations

ENGLISH: dict[str, str] = {
    "attach.too_large": "{name} is {size}, above the {limit} limit for an attachment.",
    "attach.empty": "{name} is empty (0 bytes): there is nothing to attach.",
    "attach.no_text": "{name} contains no text to read.",
    "attach.folder": "{name} is a folder: attach one file.",
    "attach.one_file": "One file per message: {count} were given. Attach them one message at a time.",
    "attach.unreadable": "{name} cannot be read: permission denied.",
    "attach.missing": "{path} does not exist (was it moved or deleted?).",
    "attach.one_already": "This message already has a file ({name}): one file per message — remove it first.",
    "attach.gone": "The attached file is no longer in this message: attach it again.",
    "attach.damaged_copy": "The stored copy of {name} is missing or damaged: remove it and attach it again.",
    "attach.unsupported": (
        "{name} is not a supported type: attach an image (PNG, JPEG, WebP, GIF), a text or code "
        "file, a PDF, or a DOCX, PPTX or XLSX document."
    ),
    "attach.too_many_pixels": (
        "{name} is {width}×{height} pixels, above the {limit} megapixel limit: scale it down and "
        "attach it again."
    ),
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
