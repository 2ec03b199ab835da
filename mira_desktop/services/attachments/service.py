"""Attachment use cases: add a file to a composer draft, remove it, plan and prepare its send, list,
collect.

An add is checked whole before anything is stored: the size limit (8 MB), the
type by content (:mod:`.sniff`), the image decoded or the text read (:mod:`.reading`). Only then is
the file written under its hash and held by the draft, so a refused file leaves nothing behind.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from mira_desktop.core.changes import ChangeFeed, Topic
from mira_desktop.core.conversation.request_compiler import PromptMessage
from mira_desktop.core.conversation.threads import Message
from mira_desktop.core.errors import ConflictError, InvalidInputError, NotFoundError
from mira_desktop.services.attachments.blobs import BlobStore, sha256_of
from mira_desktop.services.attachments.collector import AttachmentCollector
from mira_desktop.services.attachments.reading import examine, from_json
from mira_desktop.services.attachments.retrieval import FileRetriever
from mira_desktop.services.attachments.sending import AttachedFile, cited, room_for_file
from mira_desktop.services.attachments.sniff import AttachmentRefusedError, Kind
from mira_desktop.services.attachments.views import (
    DEFAULT_GRACE_SECONDS,
    DEFAULT_MAX_BYTES,
    GRACE_SETTING,
    WELCOME_DRAFT,
    AttachmentView,
    CollectionReport,
    SendPlan,
)
from mira_desktop.store.attachments import (
    AttachmentRepository,
    AttachmentUse,
    DraftTakenError,
    StoredAttachment,
)
from mira_desktop.store.database import Database
from mira_desktop.store.messages import MessageRepository
from mira_desktop.store.settings import SettingsRepository
from mira_desktop.store.threads import ThreadRepository

if TYPE_CHECKING:
    from mira_desktop.core.conversation.threads import Thread
    from mira_desktop.models.protocol import ChatModel
    from mira_desktop.services.chat.requests import RequestBuilder
    from mira_desktop.services.model_catalog.catalog import ModelService
    from mira_desktop.services.threads.branches import BranchEditor, RecentPath

MB = 1024 * 1024


class AttachmentService:
    def __init__(
        self,
        *,
        database: Database,
        repository: AttachmentRepository,
        blobs: BlobStore,
        retriever: FileRetriever,
        settings: SettingsRepository,
        threads: ThreadRepository,
        messages: MessageRepository,
        changes: ChangeFeed,
        requests: RequestBuilder,
        branches: BranchEditor,
        models: ModelService,
    ) -> None:
        self._db = database
        self._repo = repository
        self._blobs = blobs
        self.retriever = retriever
        self._settings = settings
        self._threads = threads
        self._messages = messages
        self._changes = changes
        self._requests = requests
        self._branches = branches
        self._models = models
        self._collector = AttachmentCollector(database, repository, blobs)

    @property
    def max_bytes(self) -> int:
        return DEFAULT_MAX_BYTES

    # -- drafts ----------------------------------------------------------------------------------
    def add_to_draft(
        self, thread_id: str | None, path: str | Path, *, draft_key: str | None = None
    ) -> AttachmentView:
        """Check, read and store the file at ``path`` as the draft's attachment (one per message)."""
        key = self._key(thread_id, draft_key)
        source = Path(path).expanduser()
        self._check_free(key)
        try:
            size = source.stat().st_size
            if source.is_dir():
                raise InvalidInputError.said("attach.folder", name=source.name)
            self._check_size(source.name, size)
            with source.open("rb") as handle:
                data = handle.read(self.max_bytes + 1)
        except FileNotFoundError:
            raise NotFoundError.said("attach.missing", path=str(source)) from None
        except PermissionError:
            raise InvalidInputError.said("attach.unreadable", name=source.name) from None
        return self._add(key, thread_id, source.name, data)

    def add_files_to_draft(self, thread_id: str | None, paths: list[str | Path]) -> AttachmentView:
        """A drop or a file dialog with several files: only one file goes with a message."""
        if len(paths) != 1:
            raise InvalidInputError.said("attach.one_file", count=len(paths))
        return self.add_to_draft(thread_id, paths[0])

    def add_bytes_to_draft(self, thread_id: str | None, name: str, data: bytes) -> AttachmentView:
        """A pasted image (or any content) as the draft's attachment, under ``name``."""
        key = self._key(thread_id, None)
        self._check_free(key)
        self._check_size(name, len(data))
        return self._add(key, thread_id, name, data)

    def draft(self, thread_id: str | None, *, draft_key: str | None = None) -> AttachmentView | None:
        """The file the draft holds (to show its chip again after a restart), or None."""
        found = self._repo.draft(self._key(thread_id, draft_key))
        return None if found is None else self._view(found[0], found[1], self._key(thread_id, draft_key))

    def remove_from_draft(self, thread_id: str | None, *, draft_key: str | None = None) -> bool:
        """Take the file out of the draft (it is deleted after the grace period unless used elsewhere)."""
        removed = self._repo.release_draft(self._key(thread_id, draft_key))
        if removed:
            self._changes.publish(Topic.ATTACHMENTS, thread_id)
        return removed

    # -- messages --------------------------------------------------------------------------------
    def for_message(self, message_id: str) -> list[AttachmentView]:
        return [self._view(a, name) for a, name in self._repo.for_message(message_id)]

    def list(self, *, unreferenced: bool = False) -> list[AttachmentUse]:
        return self._repo.list(unreferenced=unreferenced)

    def stored_path(self, attachment_id: str) -> Path:
        found = self._repo.get(attachment_id)
        if found is None:
            raise NotFoundError.said("attach.not_found", attachment_id=attachment_id)
        return self._blobs.path(found.path)

    def collect(self, grace_seconds: float | None = None, *, dry_run: bool = False) -> CollectionReport:
        """Delete files nothing has referred to for ``grace_seconds`` (default: the setting, 1 hour)."""
        grace = (
            float(self._settings.get(GRACE_SETTING, DEFAULT_GRACE_SECONDS))
            if grace_seconds is None
            else grace_seconds
        )
        report = self._collector.collect(grace, dry_run=dry_run)
        if report.removed and not dry_run:
            self._changes.publish(Topic.ATTACHMENTS, *report.removed)
        return report

    # -- sending ---------------------------------------------------------------------------------
    def plan(
        self, thread_id: str | None, text: str, *, model_ref: str | None = None, draft_key: str | None = None
    ) -> SendPlan | None:
        """How the draft's file would go with ``text`` on the next send (None: no file in the draft)."""
        found = self._repo.draft(self._key(thread_id, draft_key))
        if found is None:
            return None
        thread = self._threads.get(thread_id) if thread_id else None
        model = self._models.registry.get(
            self._models.resolve(model_ref or (thread.model_ref if thread else None))
        )
        path = self._recent(thread, model) if thread else None
        question = text.strip() or "?"
        history = [*(path.history if path else []), PromptMessage("user", question)]
        request = (
            self._requests.compile(thread, history, model, earlier=path.earlier)
            if thread and path
            else self._requests.compile_unbound(history, model)
        )
        room = room_for_file(request, model.count_tokens(question))
        return self._file(found[0], found[1], None).plan(
            room, model.count_tokens, model.profile(), question=text
        )

    def file_for_send(self, draft_key: str) -> AttachedFile:
        """The draft's file as a send takes it; a clear error when it is gone from the draft or disk."""
        found = self._repo.draft(draft_key)
        if found is None:
            raise NotFoundError.said("attach.gone")
        attachment, name = found
        if not self._blobs.intact(attachment.path, attachment.sha256):
            raise NotFoundError.said("attach.damaged_copy", name=name)
        return self._file(attachment, name, draft_key)

    def file_of_message(self, message: Message) -> AttachedFile | None:
        """The file a message carries, for answering it again (None if it has none or it is gone)."""
        for attachment, name in self._repo.for_message(message.id):
            if self._blobs.path(attachment.path).is_file():
                return self._file(attachment, name, None)
        return None

    def carried_file(self, path_ids: Sequence[str]) -> AttachedFile | None:
        """The file a follow-up on the path ``path_ids`` (the branch before the new message) still
        carries: the newest one a user message on it was sent with, while its stored copy is there."""
        with_files = self._messages.ids_with_files(list(path_ids)) if path_ids else set()
        for message_id in reversed(path_ids):
            message = self._messages.get(message_id) if message_id in with_files else None
            found = self.file_of_message(message) if message is not None else None
            if found is not None:
                return replace(found, carried_from=message_id)
        return None

    def carried(
        self, thread_id: str | None, text: str, *, model_ref: str | None = None
    ) -> tuple[AttachmentView, SendPlan] | None:
        """The earlier file the thread's next message carries (when its draft holds none) and how
        it would go with ``text``, for the composer's chip; None when there is none."""
        thread = self._threads.get(thread_id) if thread_id else None
        if thread is None or self._repo.draft(self._key(thread_id, None)) is not None:
            return None
        model = self._models.registry.get(self._models.resolve(model_ref or thread.model_ref))
        path = self._recent(thread, model)
        file = self.carried_file(path.ids)
        if file is None:
            return None
        question = text.strip() or "?"
        history = [*path.history, PromptMessage("user", question)]
        request = self._requests.compile(thread, history, model, earlier=path.earlier)
        room = room_for_file(request, model.count_tokens(question))
        plan = file.plan(room, model.count_tokens, model.profile())
        return self._view(file.attachment, file.name), plan

    def cite_answer(self, _thread_id: str, message_id: str) -> None:
        """After an answer drawn from a file's passages: tie its sentences to them, as a knowledge-base
        answer's are (the passages are already the answer's sources)."""
        message = self._messages.get(message_id)
        metadata = cited(message.content, message.metadata) if message is not None else None
        if message is not None and metadata is not None:
            self._messages.set_metadata(message_id, metadata)
            self._changes.publish(Topic.MESSAGES, message.thread_id)

    # -- helpers ---------------------------------------------------------------------------------
    def _recent(self, thread: Thread, model: ChatModel) -> RecentPath:
        window = model.profile().context_window
        return self._branches.recent_path(thread, None, window=window, count_tokens=model.count_tokens)

    def _add(self, key: str, thread_id: str | None, name: str, data: bytes) -> AttachmentView:
        if thread_id is not None and self._threads.get(thread_id) is None:
            raise NotFoundError.said("threads.not_found", thread_id=thread_id)
        self._check_size(name, len(data))
        sniffed, detail, text = examine(name, data, self._blobs.scratch)
        sha = sha256_of(data)
        # The file before its row: a crash in between leaves a file the collector sweeps, never a row without one.
        relative = self._blobs.write(sha, data, text)
        try:
            with self._db.transaction():
                stored = self._repo.hold_in_draft(
                    draft_key=key, thread_id=thread_id, sha256=sha, name=name, mime=sniffed.mime,
                    size_bytes=len(data), path=relative, detail=detail,
                )  # fmt: skip
                # A collection may have removed these bytes between the write and the row: put them back
                # under the same lock a collection takes, so the draft never holds a missing file.
                self._blobs.write(sha, data, text)
        except DraftTakenError as taken:
            raise self._taken(taken.name) from None
        self._changes.publish(Topic.ATTACHMENTS, stored.id, thread_id)
        return self._view(stored, name, key)

    def _check_free(self, key: str) -> None:
        found = self._repo.draft(key)
        if found is not None:
            raise self._taken(found[1])

    @staticmethod
    def _taken(name: str) -> ConflictError:
        return ConflictError.said("attach.one_already", name=name)

    def _check_size(self, name: str, size: int) -> None:
        if size > self.max_bytes:
            raise AttachmentRefusedError.said(
                "attach.too_large", name=name, size=_amount(size), limit=_amount(self.max_bytes, whole=True)
            )

    @staticmethod
    def _key(thread_id: str | None, draft_key: str | None) -> str:
        return draft_key or thread_id or WELCOME_DRAFT

    def _file(self, attachment: StoredAttachment, name: str, draft_key: str | None) -> AttachedFile:
        """The stored file with its text: a document's as read, a picture's as OCR read it (if any)."""
        stored = self._blobs.path(attachment.path)
        text_path = self._blobs.text_path(attachment.path)
        if attachment.detail.get("kind") == Kind.IMAGE.value:
            image_text = from_json(text_path.read_text("utf-8")) if text_path.is_file() else None
            return AttachedFile(attachment, name, draft_key, None, self.retriever, stored, image_text)
        try:
            extracted = from_json(text_path.read_text("utf-8"))
        except (OSError, ValueError, KeyError):
            raise NotFoundError.said("attach.text_missing", name=name) from None
        return AttachedFile(attachment, name, draft_key, extracted, self.retriever, stored)

    def _view(self, attachment: StoredAttachment, name: str, draft_key: str | None = None) -> AttachmentView:
        detail = attachment.detail
        return AttachmentView(
            id=attachment.id,
            name=name,
            size=attachment.size_bytes,
            kind=str(detail.get("kind", Kind.FILE.value)),
            mime=attachment.mime,
            label=str(detail.get("label", attachment.mime)),
            tokens=int(detail.get("tokens", 0)),
            places=int(detail.get("places", 1)),
            path=str(self._blobs.path(attachment.path)),
            draft_key=draft_key,
        )


def _amount(size: int, *, whole: bool = False) -> str:
    if size < MB:
        return f"{size / 1024:.0f} KB"
    return f"{size / MB:.0f} MB" if whole else f"{size / MB:.1f} MB"
