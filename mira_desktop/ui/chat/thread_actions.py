"""The thread menu (⋯ in the chat header): rename, summary, archive, export, delete."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QFileDialog, QInputDialog, QMenu, QMessageBox, QWidget

from mira_desktop.ui.i18n import tr

if TYPE_CHECKING:
    from collections.abc import Callable

    from mira_desktop.services.app.bundle import AppServices
    from mira_desktop.ui.operations import Background


class ThreadActions:
    def __init__(
        self,
        parent: QWidget,
        *,
        services: AppServices,
        background: Background,
        current: Callable[[], str | None],
        changed: Callable[[], None],
        deleted: Callable[[], None],
    ) -> None:
        self.parent = parent
        self.services = services
        self.background = background
        self._current = current
        self._changed = changed
        self._deleted = deleted
        self.menu = QMenu(parent)
        self.menu.aboutToShow.connect(self._rebuild)
        self.summary_dialog: QWidget | None = None

    def _rebuild(self) -> None:
        self.menu.clear()
        thread_id = self._current()
        enabled = thread_id is not None
        archived = enabled and self.services.threads.get(thread_id or "").status.value == "archived"
        entries = [
            (tr("thread.rename"), self.rename),
            (tr("thread.summary"), self.edit_summary),
            (tr("thread.unarchive") if archived else tr("thread.archive"), self.toggle_archive),
            (tr("thread.export_md"), lambda: self.export("md")),
            (tr("thread.export_json"), lambda: self.export("json")),
            (tr("thread.import_json"), self.import_json),
            (tr("thread.delete"), self.delete),
        ]
        for text, slot in entries:
            action = self.menu.addAction(text)
            action.triggered.connect(slot)
            action.setEnabled(enabled or slot == self.import_json)

    def rename(self) -> None:
        thread_id = self._current()
        if thread_id is None:
            return
        title, ok = QInputDialog.getText(
            self.parent,
            tr("thread.rename"),
            tr("thread.title"),
            text=self.services.threads.get(thread_id).title,
        )
        if ok and title.strip():
            self.services.threads.rename(thread_id, title)
            self._changed()

    def edit_summary(self) -> None:
        from mira_desktop.ui.chat.summary_dialog import SummaryDialog

        thread_id = self._current()
        if thread_id is not None:
            dialog = SummaryDialog(self.services, self.background, thread_id, self.parent)
            self.summary_dialog = dialog
            dialog.show()

    def toggle_archive(self) -> None:
        thread_id = self._current()
        if thread_id is None:
            return
        if self.services.threads.get(thread_id).status.value == "archived":
            self.services.threads.unarchive(thread_id)
        else:
            self.services.threads.archive(thread_id)
        self._changed()

    def export(self, fmt: str) -> None:
        thread_id = self._current()
        if thread_id is None:
            return
        thread = self.services.threads.get(thread_id)
        suggested = f"{(thread.title or 'thread')[:40]}.{fmt}"
        path, _ = QFileDialog.getSaveFileName(self.parent, tr("thread.export"), suggested)
        if path:
            self.services.transfer.export(thread, fmt, Path(path))

    def import_json(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self.parent, tr("thread.import_json"), "", "JSON (*.json)")
        if path:
            try:
                self.services.transfer.import_file(Path(path))
            except Exception as exc:
                QMessageBox.warning(self.parent, tr("thread.import_json"), str(exc))
            self._changed()

    def delete(self) -> None:
        thread_id = self._current()
        if thread_id is None:
            return
        answer = QMessageBox.question(self.parent, tr("thread.delete"), tr("thread.delete_confirm"))
        if answer == QMessageBox.StandardButton.Yes:
            self.services.threads.delete(thread_id)
            self._deleted()
