"""What the chat window shows, as data: a message, its sources and file, a thread in the sidebar,
the run in progress. :mod:`chat_state`'s transitions build these; the window only draws them."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class SourceRef:
    """A cited source under an answer: [n] document, location."""

    n: int
    document: str
    location_label: str
    attachment_id: str = ""  # a passage of the message's attached file, not of a knowledge base
    page: int | None = None  # 1-based, where the passage is on a page


@dataclass(frozen=True)
class WebSourceRef:
    """A web page an agent's answer cites or read: [S1] title, opened at ``url``."""

    id: str
    title: str
    url: str


@dataclass(frozen=True)
class AttachmentRef:
    """A file or image sent with a user message, as its chip shows it."""

    kind: str  # "file" or "image"
    name: str
    size: int  # bytes
    tokens: int = 0
    places: int = 1  # pages, slides or sheets
    mode: str = ""  # how it went: inline, retrieved, image, image_not_sent
    note: str = ""  # why it did not go (an image to a model that cannot see images)


@dataclass(frozen=True)
class ViewMessage:
    id: str
    parent_id: str | None
    role: str
    content: str
    status: str  # complete | streaming | cancelled | error
    error: str = ""
    sibling_index: int = 1
    sibling_count: int = 1
    previous_sibling: str | None = None
    next_sibling: str | None = None
    optimistic: bool = False
    sources: tuple[SourceRef, ...] = ()
    notice: str = ""  # e.g. why a knowledge-base question was answered without sources
    run_id: str = ""  # the run that wrote it (agent answers show that run's steps)
    author: str = ""  # the role that answered ("" for Mira itself)
    avatar: str = ""  # a path to the role's avatar image
    flags: tuple[str, ...] = ()  # cut_off, cut_off_thinking, stopped_repeating, greeting
    # How the answer's sentences are tied to its sources: those Mira tied (the model wrote no [n])
    # and those no source supports (their text, for the window to list).
    cited_by_mira: int = 0
    unsupported: tuple[str, ...] = ()
    proposal: str = ""  # a fact the answer offers to remember (the user accepts or dismisses it)
    parts: tuple[AttachmentRef, ...] = ()  # the file sent with a user message
    reasoning: str = ""  # a thinking model's reasoning, shown collapsed above the answer
    thinking_seconds: float = 0.0  # how long it thought (0 while unknown: still streaming)
    model: str = ""  # the model that wrote an answer, as a person reads it
    model_ref: str = ""  # … and its whole reference (the tooltip)
    web_sources: tuple[WebSourceRef, ...] = ()  # the web pages an agent's answer cites or read


@dataclass(frozen=True)
class ThreadSummary:
    id: str
    title: str
    model_ref: str | None
    archived: bool = False


@dataclass(frozen=True)
class ActiveRun:
    thread_id: str  # WELCOME until the run starts on a new thread
    assistant_id: str
    run_id: str | None = None
    stopping: bool = False
