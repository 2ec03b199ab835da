"""What the Knowledge window does to a base's documents: add files and folders (picked or dropped),
follow a folder, cancel indexing, index again (with an encrypted PDF's password), remove a document.
A mixin of :class:`~mira_desktop.ui.knowledge.page.KnowledgePage`, which holds what it needs."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

from PySide6.QtWidgets import QLabel, QPushButton, QWidget

from mira_desktop.services.knowledge.indexing.folder_sync import sync_folder
from mira_desktop.ui.desktop import file_dialogs
from mira_desktop.ui.knowledge import reindexing
from mira_desktop.ui.language.i18n import tr

if TYPE_CHECKING:
    from mira_desktop.services.app.bundle import AppServices
    from mira_desktop.ui.knowledge.documents_tab import DocumentsTab
    from mira_desktop.ui.runtime.operations import OperationRunner


class DocumentActions:
    services: AppServices
    runner: OperationRunner
    status: QLabel
    follow_button: QPushButton
    documents_tab: DocumentsTab
    ask_password: Callable[[QWidget, str], str | None]
    _message: str
    current_kb_id: Callable[[], str | None]
    confirm: Callable[[str, str], bool]
    _say: Callable[[str], None]
    _failed: Callable[[BaseException], None]

    def _widget(self) -> QWidget:
        return cast("QWidget", self)  # the page itself

    # -- documents and jobs ----------------------------------------------------------------------
    def add_paths(self, paths: list[str]) -> None:
        kb_id = self.current_kb_id()
        if kb_id is None:
            self._say(tr("kb.no_kb"))
            return
        queue = self.services.knowledge.queue
        self.runner.op(self._widget(), lambda: queue.add(kb_id, paths)).success(self._queued).failure(
            self._failed
        ).run()

    def _queued(self, result: Any) -> None:
        text = tr("kb.queued", count=len(result.jobs))
        if result.unchanged:
            text += tr("kb.unchanged", count=len(result.unchanged))
        if result.jobs:  # the progress of those jobs, then the end of indexing, say the rest
            self._message = ""
            self.status.setText(text)
        else:
            self._say(text)  # nothing will index: the sentence stays until the next action
        self.services.knowledge.indexer.wake()

    def cancel_indexing(self) -> None:
        kb_id = self.current_kb_id()
        if kb_id is not None:
            cancel = self.services.knowledge.indexer.cancel
            self.runner.op(self._widget(), lambda: cancel(kb_id)).failure(self._failed).run()

    def reindex(self, document_ids: list[str] | None) -> None:
        """Index the documents (None: every one of the base) again from their stored copies."""
        kb_id = self.current_kb_id()
        if kb_id is not None:
            reindexing.reindex(self._widget(), self.services, self.runner, kb_id, document_ids, say=self._say)

    def index_with_password(self, doc_id: str, name: str) -> None:
        """Ask for an encrypted PDF's password and index it with it (kept for that read only)."""
        kb_id = self.current_kb_id()
        password = self.ask_password(self._widget(), name) if kb_id is not None else None
        if kb_id is not None and password:
            reindexing.reindex(
                self._widget(), self.services, self.runner, kb_id, [doc_id], say=self._say, password=password
            )

    def remove_selected_document(self) -> None:
        kb_id = self.current_kb_id()
        chosen = self.documents_tab.selected()
        if kb_id is None or chosen is None:
            return
        doc_id, name = chosen
        if not self.confirm(tr("kb.confirm_remove_title"), tr("kb.confirm_remove", name=name)):
            return
        remove = self.services.knowledge_bases.remove_document
        self.runner.op(self._widget(), lambda: remove(kb_id, doc_id)).failure(self._failed).run()

    # -- files and folders ------------------------------------------------------------------------
    def _pick_files(self) -> None:
        paths, _ = file_dialogs.open_files(self._widget(), tr("kb.add_files"))
        if paths:
            self.add_paths(paths)

    def _pick_folder(self) -> None:
        folder = file_dialogs.folder(self._widget(), tr("kb.add_folder"))
        if folder:
            self.add_paths([folder])

    def _toggle_follow(self) -> None:
        kb_id = self.current_kb_id()
        if kb_id is None:
            return
        if self.follow_button.text() == tr("kb.unfollow"):
            watch = self.services.knowledge_bases.watch
            self.runner.op(self._widget(), lambda: watch(kb_id, None)).failure(self._failed).run()
            return
        folder = file_dialogs.folder(self._widget(), tr("kb.follow"))
        if folder:
            self.follow_folder(folder)

    def follow_folder(self, folder: str) -> None:
        kb_id = self.current_kb_id()
        if kb_id is None:
            return

        bases, queue = self.services.knowledge_bases, self.services.knowledge.queue

        def follow() -> Any:
            path = bases.watch(kb_id, folder)
            assert path is not None
            return sync_folder(kb_id, path, bases, queue)

        self.runner.op(self._widget(), follow).success(lambda result: self._queued(_Queued(result.queued))).failure(
            self._failed
        ).run()


class _Queued:
    """The shape ``_queued`` reads, for a folder sync."""

    def __init__(self, jobs: list[str]) -> None:
        self.jobs = jobs
        self.unchanged: list[str] = []
