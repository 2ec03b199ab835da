"""The role and knowledge-base pickers of the chat header, for the open thread or the welcome draft.

A thread bound to a draft or archived role shows it with its status, and the request does not use
it: what the picker shows and what the model receives never disagree.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QWidget

from mira_desktop.ui.i18n import tr

if TYPE_CHECKING:
    from mira_desktop.services.app.bundle import AppServices


class ThreadBindings(QWidget):
    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.role_picker = QComboBox()
        self.role_picker.setObjectName("rolePicker")
        self.role_picker.setToolTip(tr("header.role_tip"))
        self.kb_picker = QComboBox()
        self.kb_picker.setObjectName("knowledgePicker")
        self.kb_picker.setToolTip(tr("header.kb_tip"))
        for picker in (self.role_picker, self.kb_picker):
            picker.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        layout.addWidget(self.role_picker)
        layout.addWidget(self.kb_picker)
        self.services: AppServices | None = None
        self.thread_id: str | None = None
        self.draft_role_id: str | None = None
        self.draft_kb_id: str | None = None
        self.role_picker.activated.connect(self._role_picked)
        self.kb_picker.activated.connect(self._kb_picked)

    def attach(self, services: AppServices) -> None:
        self.services = services

    def show_thread(self, thread_id: str | None) -> None:
        """Show the bindings of ``thread_id`` (None: the welcome draft's choices, reset)."""
        self.thread_id = thread_id
        if thread_id is None:
            self.draft_role_id = None
            self.draft_kb_id = None
        self.refresh()

    def refresh(self) -> None:
        if self.services is None:
            return
        role_id, kb_id = self.draft_role_id, self.draft_kb_id
        if self.thread_id is not None and self.services.threads.exists(self.thread_id):
            thread = self.services.threads.get(self.thread_id)
            role_id, kb_id = thread.role_id, thread.knowledge_base_id
        self.role_picker.blockSignals(True)
        self.role_picker.clear()
        self.role_picker.addItem(tr("header.no_role"), None)
        for role in self.services.roles.list():
            label = role.name if role.badge is None else f"{role.name} ({tr('header.role_' + role.badge)})"
            self.role_picker.addItem(label, role.id)
        self.role_picker.setCurrentIndex(max(0, self.role_picker.findData(role_id)) if role_id else 0)
        self.role_picker.blockSignals(False)
        self.kb_picker.blockSignals(True)
        self.kb_picker.clear()
        self.kb_picker.addItem(tr("header.no_kb"), None)
        for kb in self.services.knowledge_bases.list():
            self.kb_picker.addItem(f"📚 {kb.name}", kb.id)
        self.kb_picker.setCurrentIndex(max(0, self.kb_picker.findData(kb_id)) if kb_id else 0)
        self.kb_picker.blockSignals(False)

    def select_role(self, role_id: str | None) -> None:
        index = self.role_picker.findData(role_id) if role_id else 0
        if index >= 0:
            self.role_picker.setCurrentIndex(index)
            self._role_picked(index)

    def _role_picked(self, index: int) -> None:
        role_id = self.role_picker.itemData(index)
        if self.thread_id is None:
            self.draft_role_id = role_id
        elif self.services is not None:
            self.services.threads.bind(self.thread_id, role_id=role_id)
        self.changed.emit()

    def _kb_picked(self, index: int) -> None:
        kb_id = self.kb_picker.itemData(index)
        if self.thread_id is None:
            self.draft_kb_id = kb_id
        elif self.services is not None:
            self.services.threads.bind(self.thread_id, knowledge_base_id=kb_id)
        self.changed.emit()
