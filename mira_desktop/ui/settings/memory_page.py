"""Settings → Memory: the facts Mira may tell the model about you, each on or off, global or per workspace."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
)

from mira_desktop.core.changes import Topic
from mira_desktop.ui.language.i18n import tr
from mira_desktop.ui.look.layout import pin_to_top
from mira_desktop.ui.settings.page import SettingsPage

if TYPE_CHECKING:
    from mira_desktop.core.memory import MemoryFact
    from mira_desktop.core.workspaces import Workspace


class MemoryPage(SettingsPage):
    follows = frozenset({Topic.MEMORY, Topic.WORKSPACES})
    loaded = Signal()

    def _build(self) -> None:
        layout = QVBoxLayout(self)
        hint = QLabel(tr("memory.hint"))
        hint.setObjectName("muted")
        hint.setWordWrap(True)
        pin_to_top(hint)
        layout.addWidget(hint)
        self.facts = QListWidget()
        self.facts.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.facts.setWordWrap(True)
        self.facts.itemChanged.connect(self._toggled)
        self.facts.itemDoubleClicked.connect(self._edit)
        self.empty = QLabel(tr("memory.empty"))
        self.empty.setObjectName("muted")
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        layout.addWidget(self.facts, 1)
        layout.addWidget(self.empty, 1)  # no facts yet: the note takes the list's place, the hint stays on top
        row = QHBoxLayout()
        self.new_fact = QLineEdit()
        self.new_fact.setPlaceholderText(tr("memory.new"))
        self.new_fact.returnPressed.connect(self.add_fact)
        self.scope = QComboBox()
        self.scope.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.add_button = QPushButton(tr("memory.add"))
        self.add_button.clicked.connect(self.add_fact)
        self.remove_button = QPushButton(tr("memory.remove"))
        self.remove_button.clicked.connect(self.remove_selected)
        row.addWidget(self.new_fact, 1)
        row.addWidget(self.scope)
        row.addWidget(self.add_button)
        row.addWidget(self.remove_button)
        layout.addLayout(row)
        self._workspaces: dict[str, str] = {}
        self.reload()

    def reload(self) -> None:
        memory, workspaces = self.services.memory, self.services.workspaces

        def load() -> tuple[list[MemoryFact], list[Workspace]]:
            return memory.list(), workspaces.list()

        self.runner.op(self, load).success(self._show).run()

    def _show(self, result: tuple[list[MemoryFact], list[Workspace]]) -> None:
        facts, workspaces = result
        self._workspaces = {w.id: w.name for w in workspaces}
        chosen = self.scope.currentData()
        self.scope.clear()
        self.scope.addItem(tr("memory.everywhere"), None)
        for workspace in workspaces:
            self.scope.addItem(tr("memory.in_workspace", name=workspace.name), workspace.id)
        self.scope.setCurrentIndex(max(0, self.scope.findData(chosen)))
        self.facts.blockSignals(True)
        self.facts.clear()
        for fact in facts:
            where = self._workspaces.get(fact.workspace_id or "", "") if fact.workspace_id else ""
            label = f"{fact.text}   [{where}]" if where else fact.text
            item = QListWidgetItem(label)
            item.setData(Qt.ItemDataRole.UserRole, fact.id)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked if fact.enabled else Qt.CheckState.Unchecked)
            item.setToolTip(tr("memory.tip"))
            self.facts.addItem(item)
        self.facts.blockSignals(False)
        self.facts.setVisible(bool(facts))
        self.empty.setVisible(not facts)
        self.loaded.emit()

    def add_fact(self) -> None:
        text, workspace_id = self.new_fact.text(), self.scope.currentData()
        if not text.strip():
            return
        add = self.services.memory.add
        self.runner.op(self, lambda: add(text, workspace_id)).success(lambda _f: self.new_fact.clear()).run()

    def remove_selected(self) -> None:
        item = self.facts.currentItem()
        if item is not None:
            fact_id, remove = str(item.data(Qt.ItemDataRole.UserRole)), self.services.memory.remove
            self.runner.op(self, lambda: remove(fact_id)).run()

    def _toggled(self, item: QListWidgetItem) -> None:
        fact_id, enabled = (
            str(item.data(Qt.ItemDataRole.UserRole)),
            item.checkState() == Qt.CheckState.Checked,
        )
        set_enabled = self.services.memory.set_enabled
        self.runner.op(self, lambda: set_enabled(fact_id, enabled)).run()

    def _edit(self, item: QListWidgetItem) -> None:
        fact_id = str(item.data(Qt.ItemDataRole.UserRole))
        current = item.text().split("   [", 1)[0]
        text, ok = QInputDialog.getText(self, tr("memory.edit"), tr("memory.fact"), text=current)
        if ok and text.strip():
            edit = self.services.memory.edit
            self.runner.op(self, lambda: edit(fact_id, text)).run()
