"""The thread sidebar: workspace picker, new chat, search, active/archived threads."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QComboBox,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QStackedWidget,
    QTabBar,
    QVBoxLayout,
    QWidget,
)

from mira_desktop.ui.i18n import tr

if TYPE_CHECKING:
    from mira_desktop.core.conversation.threads import Thread
    from mira_desktop.core.workspaces import Workspace


class ThreadSidebar(QWidget):
    thread_selected = Signal(str)
    new_chat_requested = Signal()
    workspace_changed = Signal(str)
    archived_toggled = Signal(bool)
    search_changed = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("sidebar")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.setMinimumWidth(220)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(10, 10, 10, 10)
        layout.setSpacing(8)

        caption = QLabel(tr("sidebar.workspace"))
        caption.setObjectName("caption")
        self.workspace_picker = QComboBox()
        self.workspace_picker.setObjectName("workspacePicker")
        self.workspace_picker.currentIndexChanged.connect(self._workspace_index_changed)
        self.new_chat_button = QPushButton("＋  " + tr("sidebar.new_chat"))
        self.new_chat_button.setObjectName("newChat")
        self.new_chat_button.setToolTip(tr("sidebar.new_chat") + " (Ctrl+N)")
        self.new_chat_button.clicked.connect(self.new_chat_requested)
        QShortcut(QKeySequence.StandardKey.New, self, self.new_chat_requested.emit)

        self.search_box = QLineEdit()
        self.search_box.setPlaceholderText(tr("sidebar.search"))
        self.search_box.setClearButtonEnabled(True)
        self.search_box.textChanged.connect(self.search_changed)
        QShortcut(QKeySequence.StandardKey.Find, self, self.search_box.setFocus)

        self.status_tabs = QTabBar()
        self.status_tabs.addTab(tr("sidebar.active"))
        self.status_tabs.addTab(tr("sidebar.archived"))
        self.status_tabs.setExpanding(True)
        self.status_tabs.currentChanged.connect(lambda index: self.archived_toggled.emit(index == 1))

        self.thread_list = QListWidget()
        self.thread_list.setObjectName("threadList")
        self.thread_list.itemClicked.connect(self._item_clicked)
        self.empty_label = QLabel(tr("sidebar.empty"))
        self.empty_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty_label.setWordWrap(True)
        self.empty_label.setObjectName("muted")
        self.list_stack = QStackedWidget()
        self.list_stack.addWidget(self.thread_list)
        self.list_stack.addWidget(self.empty_label)

        layout.addWidget(caption)
        layout.addWidget(self.workspace_picker)
        layout.addWidget(self.new_chat_button)
        layout.addWidget(self.search_box)
        layout.addWidget(self.status_tabs)
        layout.addWidget(self.list_stack, 1)

    def set_workspaces(self, workspaces: list[Workspace], selected_id: str | None) -> None:
        self.workspace_picker.blockSignals(True)
        self.workspace_picker.clear()
        for workspace in workspaces:
            self.workspace_picker.addItem(workspace.name, workspace.id)
            self.workspace_picker.setItemData(
                self.workspace_picker.count() - 1, workspace.root_path, Qt.ItemDataRole.ToolTipRole
            )
        index = self.workspace_picker.findData(selected_id)
        self.workspace_picker.setCurrentIndex(max(index, 0))
        self.workspace_picker.blockSignals(False)

    def set_threads(
        self, threads: list[Thread], *, searching: bool = False, selected: str | None = None
    ) -> None:
        self.thread_list.clear()
        for thread in threads:
            model = thread.model_ref or tr("thread.default_model")
            item = QListWidgetItem(f"{thread.title or tr('thread.untitled')}\n{model}")
            item.setData(Qt.ItemDataRole.UserRole, thread.id)
            item.setToolTip(f"{thread.id}\n{thread.updated_at}")
            self.thread_list.addItem(item)
            if thread.id == selected:
                item.setSelected(True)
        if threads:
            self.list_stack.setCurrentWidget(self.thread_list)
        else:
            self.empty_label.setText(tr("sidebar.no_match") if searching else tr("sidebar.empty"))
            self.list_stack.setCurrentWidget(self.empty_label)

    def _item_clicked(self, item: QListWidgetItem) -> None:
        self.thread_selected.emit(item.data(Qt.ItemDataRole.UserRole))

    def _workspace_index_changed(self, index: int) -> None:
        if index >= 0:
            self.workspace_changed.emit(self.workspace_picker.itemData(index))
