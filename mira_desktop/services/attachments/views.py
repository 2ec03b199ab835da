"""What the composer, the message view and `mira attachments` are shown about attachments."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

GRACE_SETTING = "attachments.gc_grace_seconds"
DEFAULT_MAX_BYTES = 8 * 1024 * 1024
DEFAULT_GRACE_SECONDS = 3600.0  # a removed or discarded file waits this long before it is deleted
WELCOME_DRAFT = "welcome"  # the draft key of the welcome page's composer (no thread yet)
CLI_DRAFT_PREFIX = "cli-"  # drafts of `mira chat send --attach`, one per command


class SendMode(StrEnum):
    INLINE = "inline"  # the whole text goes into the request
    RETRIEVED = "retrieved"  # too long: the passages that match the question go, cited
    IMAGE = "image"  # the picture goes to a model that sees images
    IMAGE_NOT_SENT = "image_not_sent"  # the model cannot see images: the text goes without it
    IMAGE_TEXT = "image_text"  # the model cannot see images: the picture's text, read by OCR, goes


@dataclass(frozen=True)
class AttachmentView:
    """One attached file, as a chip shows it (name, size, token count)."""

    id: str
    name: str
    size: int  # bytes
    kind: str  # "image" or "file"
    mime: str
    label: str  # "PDF", "PNG image", "Markdown text" …
    tokens: int  # estimated tokens of its whole text (0 for images)
    places: int  # pages, slides or sheets (1 for plain text)
    path: str  # the stored copy (absolute), for previews and "open"
    draft_key: str | None = None  # set while a composer draft holds it: pass it as SendOptions.attachment

    @property
    def size_text(self) -> str:
        if self.size < 1024:
            return f"{self.size} B"
        if self.size < 1024 * 1024:
            return f"{self.size / 1024:.0f} KB"
        return f"{self.size / 1024 / 1024:.1f} MB"


@dataclass(frozen=True)
class SendPlan:
    """How the draft's file would go with the next send, for the composer to show before sending."""

    mode: SendMode
    tokens: int  # what the file adds to the request (its text, or the passages' budget)
    room: int  # tokens the request has for a file beside the question
    warning: str | None = None  # e.g. the model cannot see images


@dataclass(frozen=True)
class FileBlock:
    """What a send put into the request for its file."""

    mode: SendMode
    text: str = ""  # appended to the user's message in the request (not in the stored message)
    tokens: int = 0
    sources: list[dict[str, Any]] = field(default_factory=list)  # retrieved passages, cited as [n]
    notes: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class CollectionReport:
    """What a garbage collection removed (or, in a dry run, would remove)."""

    removed: list[str]  # attachment ids
    names: list[str]
    bytes_freed: int
    orphan_files: int  # stored files no row named (a crash between the write and the row)
    stale_drafts: int  # drafts a killed `mira chat send --attach` left
    kept: int  # attachments still referenced, or within their grace period
    dry_run: bool = False
