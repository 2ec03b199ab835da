"""The trash: what was deleted, newest first; restore it, delete it for good, or empty the trash.

Follows the trash's change notifications, so an entry deleted from the sidebar, the knowledge page
or `mira` in a terminal appears at once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMessageBox,
    QPushButton,
    QSpinBox,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from mira_desktop.core.changes import Topic
from mira_desktop.ui.language.i18n import explain, say, tr
from mira_desktop.ui.language.locale_format import format_date, format_timestamp
from mira_desktop.ui.look.layout import pin_to_top
from mira_desktop.ui.runtime.changes import Follow

if TYPE_CHECKING:
    from mira_desktop.services.app.bundle import AppServices
    from mira_desktop.services.trash.service import Restored, TrashEntry
    from mira_desktop.ui.runtime.changes import ChangeSignal
    from mira_desktop.ui.runtime.operations import OperationRunner


class TrashDialog(QDialog):
    loaded = Signal()

    def __init__(
        self,
        services: AppServices,
        runner: OperationRunner,
        changes: ChangeSignal,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.services = services
        self.runner = runner
        self.setWindowTitle(tr("trash.title"))
        self.resize(720, 420)
        layout = QVBoxLayout(self)
        hint = QLabel()
        hint.setObjectName("muted")
        hint.setWordWrap(True)
        self.hint = hint
        self.entries = QTreeWidget()
        self.entries.setHeaderLabels(
            [tr("trash.name"), tr("trash.kind"), tr("trash.deleted"), tr("trash.purged_on")]
        )
        self.entries.setRootIsDecorated(False)
        self.entries.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.entries.header().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for column in (1, 2, 3):
            self.entries.header().setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        self.entries.itemSelectionChanged.connect(self._selection_changed)
        self.entries.itemDoubleClicked.connect(lambda _item, _col: self.restore_selected())
        self.empty_label = QLabel(tr("trash.empty_state"))
        self.empty_label.setObjectName("muted")
        self.empty_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.restore_button = QPushButton(tr("trash.restore"))
        self.restore_button.setDefault(True)
        self.restore_button.clicked.connect(self.restore_selected)
        self.purge_button = QPushButton(tr("trash.purge"))
        self.purge_button.clicked.connect(self.purge_selected)
        self.empty_button = QPushButton(tr("trash.empty"))
        self.empty_button.clicked.connect(self.empty_trash)
        self.days = QSpinBox()
        self.days.setRange(1, 3650)
        self.days.setSuffix(tr("trash.days_suffix"))
        self.days.setToolTip(tr("trash.days_tip"))
        buttons = QHBoxLayout()
        buttons.addWidget(self.restore_button)
        buttons.addWidget(self.purge_button)
        buttons.addStretch(1)
        buttons.addWidget(QLabel(tr("trash.keep")))
        buttons.addWidget(self.days)
        buttons.addWidget(self.empty_button)
        pin_to_top(hint)
        layout.addWidget(hint)
        layout.addWidget(self.entries, 1)
        layout.addWidget(self.empty_label, 1)  # an empty trash: the note fills the pane, the hint stays on top
        layout.addLayout(buttons)
        self._follow = Follow(self, changes, {Topic.TRASH}, lambda _c: self.reload())
        self.days.editingFinished.connect(self._days_changed)
        self.reload()

    def reload(self) -> None:
        trash = self.services.trash

        def load() -> tuple[list[TrashEntry], int]:
            return trash.list(), trash.retention_days()

        self.runner.op(self, load).success(self._show).run()

    def _show(self, result: tuple[list[TrashEntry], int]) -> None:
        entries, days = result
        chosen = {i.data(0, Qt.ItemDataRole.UserRole) for i in self.entries.selectedItems()}
        self.entries.clear()
        for entry in entries:
            item = QTreeWidgetItem(
                [
                    entry.label,
                    tr(f"trash.kind_{entry.kind}"),
                    format_timestamp(entry.trashed_at),
                    format_date(entry.purge_after),
                ]
            )
            item.setData(0, Qt.ItemDataRole.UserRole, entry.id)
            item.setToolTip(0, f"{entry.label}\n{entry.object_id}")
            self.entries.addTopLevelItem(item)
            item.setSelected(entry.id in chosen)
        self.entries.setVisible(bool(entries))
        self.empty_label.setVisible(not entries)
        self.empty_button.setEnabled(bool(entries))
        self.days.blockSignals(True)
        self.days.setValue(days)
        self.days.blockSignals(False)
        self.hint.setText(tr("trash.hint", days=days))
        self._selection_changed()
        self.loaded.emit()

    def selected_ids(self) -> list[str]:
        return [str(i.data(0, Qt.ItemDataRole.UserRole)) for i in self.entries.selectedItems()]

    def _selection_changed(self) -> None:
        chosen = bool(self.entries.selectedItems())
        self.restore_button.setEnabled(chosen)
        self.purge_button.setEnabled(chosen)

    def restore_selected(self) -> None:
        ids, trash = self.selected_ids(), self.services.trash
        if not ids:
            return

        def restore() -> list[Restored]:
            return [trash.restore(entry_id) for entry_id in ids]

        self.runner.op(self, restore).success(self._restored).failure(self._refused).run()

    def _restored(self, restored: list[Restored]) -> None:
        notes = [say(note) for r in restored for note in r.notes]
        if notes:
            QMessageBox.information(self, tr("trash.restored_title"), "\n".join(notes))

    def purge_selected(self) -> None:
        ids, trash = self.selected_ids(), self.services.trash
        if not ids:
            return
        answer = QMessageBox.question(self, tr("trash.purge"), tr("trash.purge_confirm", count=len(ids)))
        if answer == QMessageBox.StandardButton.Yes:
            self.runner.op(self, lambda: [trash.purge(i) for i in ids]).failure(self._refused).run()

    def empty_trash(self) -> None:
        count, trash = self.entries.topLevelItemCount(), self.services.trash
        answer = QMessageBox.question(self, tr("trash.empty"), tr("trash.empty_confirm", count=count))
        if answer == QMessageBox.StandardButton.Yes:
            self.runner.op(self, trash.empty).failure(self._refused).run()

    def _days_changed(self) -> None:
        days, trash = self.days.value(), self.services.trash
        self.runner.op(self, lambda: trash.set_retention_days(days)).failure(self._refused).run()

    def _refused(self, exc: BaseException) -> None:
        QMessageBox.warning(self, tr("trash.title"), explain(exc))
