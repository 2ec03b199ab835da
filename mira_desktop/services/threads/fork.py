"""Taking a conversation into a new thread from one of its messages.

"From here" copies the history up to and including the message; "onward" copies the message and
what follows it on the visible branch (for a message on a hidden branch: the branch it is on, down
to that branch's newest leaf). The new thread keeps the source's role, knowledge base, model,
workspace (project) and switches; its title is the source's marked as a fork ("TITLE (fork)", said in
the caller's language), so the two are told apart in the sidebar. The copies are new rows: each says which message it was copied
from (``copied_from``), and the new thread's first message says where the thread came from
(``forked_from``: thread, message, mode, title) — so the link survives a JSON export and import and
needs no column. Files sent with a copied message get a reference of their own, and an answer's
speech and pictures a file of their own (a hard link), so deleting the source loses nothing.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path, PurePath
from typing import Any

from mira_desktop.core.changes import ChangeFeed, Topic
from mira_desktop.core.conversation.branches import MessageTree
from mira_desktop.core.conversation.threads import Message, MessageStatus, Thread
from mira_desktop.core.errors import ConflictError, NotFoundError
from mira_desktop.core.ids import new_id
from mira_desktop.core.phrases import Phrase, said
from mira_desktop.services.threads.answer_models import with_models
from mira_desktop.services.threads.thinking import read_thinking, write_thinking
from mira_desktop.store.attachments import AttachmentRepository
from mira_desktop.store.database import Database
from mira_desktop.store.media import MediaRepository, MediaStatus
from mira_desktop.store.messages import MessageRepository
from mira_desktop.store.rows import dumps
from mira_desktop.store.runs import RunRepository
from mira_desktop.store.settings import SettingsRepository
from mira_desktop.store.threads import ThreadRepository

FORKED_FROM = "forked_from"  # on a fork's first message: where the thread came from
TITLE_MOST = 200  # as a thread's title is kept
COPIED_FROM = "copied_from"  # on every copied message: the message it is a copy of
_NOT_COPIED = ("pending", "memory_proposal")  # a wait for approval and an offer belong to the source


class ForkMode(StrEnum):
    FROM_HERE = "from_here"  # the history up to and including the message
    ONWARD = "onward"  # the message and what follows it


@dataclass(frozen=True)
class ForkOrigin:
    """Where a forked thread came from, as the new thread shows it."""

    thread_id: str
    message_id: str
    mode: ForkMode
    title: str  # the source's title now (or, when it is gone, as it was at the fork)
    exists: bool  # the source message is still there (not deleted, its thread not in the trash)


@dataclass(frozen=True)
class Fork:
    thread: Thread  # the new thread
    source_thread_id: str
    message_id: str
    mode: ForkMode
    message_ids: list[str]  # the copies, root first
    on_visible_branch: bool  # False: the message was on a branch the source does not show
    branch_leaf_id: str  # the last message copied from the source (the end of the branch taken)


def fork_title(title: str, say: Callable[[Phrase], str] = str) -> str:
    """``TITLE (fork)`` in ``say``'s words, the source's title shortened to keep it within a title's
    length (an untitled source gives an untitled fork: it is named from its first message)."""
    if not title.strip():
        return title
    marked = say(said("threads.fork_title", title=title))
    over = len(marked) - TITLE_MOST
    if over > 0:
        marked = say(said("threads.fork_title", title=title[: max(1, len(title) - over - 1)] + "…"))
    return marked


class ThreadForks:
    def __init__(
        self,
        database: Database,
        threads: ThreadRepository,
        messages: MessageRepository,
        changes: ChangeFeed,
        *,
        runs: RunRepository,
        attachments: AttachmentRepository,
        media: MediaRepository,
        media_folder: Path,
        settings: SettingsRepository,
    ) -> None:
        self._db = database
        self._threads = threads
        self._messages = messages
        self._changes = changes
        self._runs = runs
        self._attachments = attachments
        self._media = media
        self._media_folder = media_folder
        self._settings = settings

    def fork(
        self, message_id: str, mode: ForkMode = ForkMode.FROM_HERE, *, say: Callable[[Phrase], str] = str
    ) -> Fork:
        """A new thread from ``message_id`` (see the module); nothing is written when it is refused.
        ``say`` words its title (the window's language; English by default)."""
        message = self._messages.get(message_id)
        if message is None:
            raise NotFoundError.said("chat.no_message", message_id=message_id)
        source = self._threads.get(message.thread_id)
        if source is None:  # its thread is in the trash
            raise NotFoundError.said(
                "threads.fork_trashed", message_id=message_id, thread_id=message.thread_id
            )
        visible = self._visible_ids(source)
        on_visible = message_id in visible
        if mode is ForkMode.FROM_HERE:
            ids = self._messages.path_ids(message_id)
        elif on_visible:
            ids = visible[visible.index(message_id) :]
        else:  # a hidden branch: the one it is on, down to its newest leaf (as switching to it shows)
            leaf = MessageTree(self._messages.list_skeleton(source.id)).deepest_leaf(message_id)
            path = self._messages.path_ids(leaf)
            ids = path[path.index(message_id) :]
        copied = with_models(self._messages.get_many(ids), self._runs)
        if any(m.status is MessageStatus.STREAMING for m in copied):
            raise ConflictError.said("threads.fork_unfinished")
        origin = {"thread_id": source.id, "message_id": message_id, "mode": mode.value, "title": source.title}
        with self._db.transaction():
            thread = self._threads.create(
                title=fork_title(source.title, say),
                model_ref=source.model_ref,
                workspace_id=source.workspace_id,
                knowledge_base_id=source.knowledge_base_id,
                role_id=source.role_id,
                agent_enabled=source.agent_enabled,
                tts_enabled=source.tts_enabled,
            )
            self._threads.set_flag(thread.id, "image_enabled", source.image_enabled)
            self._threads.set_flag(thread.id, "memory_enabled", source.memory_enabled)
            new_ids = self._copy(copied, thread.id, origin)
            self._threads.set_active_leaf(thread.id, new_ids[-1] if new_ids else None)
            write_thinking(self._settings, thread.id, read_thinking(self._settings, source.id))
        forked = self._threads.get(thread.id)
        assert forked is not None
        self._changes.publish(Topic.THREADS, thread.id)
        self._changes.publish(Topic.MESSAGES, thread.id)
        return Fork(forked, source.id, message_id, mode, new_ids, on_visible, ids[-1])

    def origin(self, thread_id: str) -> ForkOrigin | None:
        """Where ``thread_id`` was forked from (None for a thread that is not a fork)."""
        row = self._db.tuples(
            "SELECT json_extract(metadata_json, '$.forked_from') FROM messages WHERE thread_id = ? "
            "AND parent_id IS NULL AND json_extract(metadata_json, '$.forked_from') IS NOT NULL LIMIT 1",
            (thread_id,),
        )
        if not row:
            return None
        data = json.loads(row[0][0])
        if not isinstance(data, dict) or not data.get("thread_id") or not data.get("message_id"):
            return None
        source = self._threads.get(str(data["thread_id"]))
        message = self._messages.get(str(data["message_id"]))
        exists = source is not None and message is not None and message.thread_id == source.id
        mode = ForkMode.ONWARD if data.get("mode") == ForkMode.ONWARD.value else ForkMode.FROM_HERE
        title = source.title if source is not None else str(data.get("title", ""))
        return ForkOrigin(str(data["thread_id"]), str(data["message_id"]), mode, title, exists)

    def reveal(self, origin: ForkOrigin) -> str:
        """Make the source message of ``origin`` part of its thread's visible branch (switching to the
        branch it is on when it is hidden); returns the thread's id to open."""
        source = self._threads.get(origin.thread_id)
        message = self._messages.get(origin.message_id)
        if source is None or message is None or message.thread_id != source.id:
            raise NotFoundError.said("threads.fork_source_gone", message_id=origin.message_id)
        if origin.message_id not in self._visible_ids(source):
            leaf = MessageTree(self._messages.list_skeleton(source.id)).deepest_leaf(origin.message_id)
            self._threads.set_active_leaf(source.id, leaf)
            self._changes.publish(Topic.MESSAGES, source.id)
        return source.id

    def _visible_ids(self, thread: Thread) -> list[str]:
        if thread.active_leaf_id is not None:
            return self._messages.path_ids(thread.active_leaf_id)
        return [m.id for m in MessageTree(self._messages.list_skeleton(thread.id)).latest_path()]

    def _copy(self, messages: list[Message], thread_id: str, origin: dict[str, str]) -> list[str]:
        """Copies of ``messages`` as one chain in ``thread_id``, with their files and media (in the
        caller's transaction)."""
        new_ids: list[str] = []
        parent: str | None = None
        for index, message in enumerate(messages):
            copy_id = new_id("message")
            metadata: dict[str, Any] = {k: v for k, v in message.metadata.items() if k not in _NOT_COPIED}
            metadata[COPIED_FROM] = message.id
            if index == 0:
                metadata[FORKED_FROM] = origin
            self._messages.insert_raw(
                {
                    "id": copy_id,
                    "thread_id": thread_id,
                    "parent_id": parent,
                    "role": message.role.value,
                    "content": message.content,
                    "parts_json": dumps(message.parts),
                    "status": message.status.value,
                    "error_json": None if message.error is None else dumps(message.error),
                    "run_id": None,  # runs belong to the source thread; the model is on the copy
                    "metadata_json": dumps(metadata),
                    "created_at": message.created_at,
                    "updated_at": message.updated_at,
                }
            )
            for attachment, name in self._attachments.for_message(message.id):
                self._attachments.refer(attachment.id, copy_id, name)
            self._copy_media(message.id, copy_id)
            new_ids.append(copy_id)
            parent = copy_id
        return new_ids

    def _copy_media(self, message_id: str, copy_id: str) -> None:
        """The answer's finished speech and pictures, each as a file of the copy's own (a hard link
        where the file system allows, else a copy): deleting either message keeps the other's."""
        for row in self._media.for_message(message_id):
            if row.status is not MediaStatus.READY or not row.path:
                continue
            source = self._media_folder / row.path
            if not source.is_file():
                continue
            copy = self._media.create(copy_id, row.kind, "{id}" + PurePath(row.path).suffix, row.mime or "")
            assert copy.path is not None
            target = self._media_folder / copy.path  # named by its row first: no sweep removes it
            try:
                os.link(source, target)
            except OSError:
                with contextlib.suppress(FileNotFoundError):
                    target.unlink()
                shutil.copy2(source, target)
            self._media.set_status(copy.id, MediaStatus.READY, detail=row.detail)
