"""Settings → Capabilities: every skill and tool — what it needs (the network, a workspace, a
knowledge base, your approval, a key, the sandbox) and whether it is ready, or why not. Skills are
turned on and off here, added from a folder, removed, and picked for the chat ("Use in chat" writes
``/name`` into the composer). Follows the change feed, so `mira skills` beside the window shows too.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from mira_desktop.core.changes import Topic
from mira_desktop.services.tools.capabilities import Capability, capabilities
from mira_desktop.ui.desktop import file_dialogs
from mira_desktop.ui.language.i18n import explain, say, tr
from mira_desktop.ui.runtime.changes import Follow

if TYPE_CHECKING:
    from mira_desktop.services.app.bundle import AppServices
    from mira_desktop.ui.runtime.changes import ChangeSignal
    from mira_desktop.ui.runtime.operations import OperationRunner

COLUMNS = (
    "capabilities.col.name",
    "capabilities.col.kind",
    "capabilities.col.on",
    "capabilities.col.needs",
    "capabilities.col.ready",
)
SWITCHED = ("skill", "tool")  # kinds with an on/off switch here (a tool with one is a declared HTTP tool)
ON_COLUMN = 2


class CapabilitiesPage(QWidget):
    loaded = Signal()
    use_skill = Signal(str)  # "Use in chat": the skill's name

    def __init__(
        self,
        services: AppServices,
        runner: OperationRunner,
        changes: ChangeSignal | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.services = services
        self.runner = runner
        self._shown: dict[str, Capability] = {}
        layout = QVBoxLayout(self)
        hint = QLabel(tr("capabilities.hint"))
        hint.setObjectName("muted")
        hint.setWordWrap(True)
        self.table = QTreeWidget()
        self.table.setObjectName("capabilities")
        self.table.setRootIsDecorated(False)
        self.table.setHeaderLabels([tr(key) for key in COLUMNS])
        self.table.itemChanged.connect(self._switched)
        self.table.currentItemChanged.connect(lambda *_: self._selected())
        self.table.itemDoubleClicked.connect(lambda *_: self._use())
        self.detail = QLabel("")
        self.detail.setWordWrap(True)
        self.detail.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.result_label = QLabel("")
        self.result_label.setWordWrap(True)
        self.result_label.hide()
        buttons = QHBoxLayout()
        self.add_button = QPushButton(tr("capabilities.add"))
        self.use_button = QPushButton(tr("capabilities.use"))
        self.remove_button = QPushButton(tr("capabilities.remove"))
        self.add_button.clicked.connect(self._add)
        self.use_button.clicked.connect(self._use)
        self.remove_button.clicked.connect(self._remove)
        buttons.addWidget(self.add_button)
        buttons.addStretch(1)
        buttons.addWidget(self.use_button)
        buttons.addWidget(self.remove_button)
        layout.addWidget(hint)
        layout.addWidget(self.table, 1)
        layout.addLayout(buttons)
        layout.addWidget(self.detail)
        layout.addWidget(self.result_label)
        if changes is not None:
            self._follow = Follow(self, changes, {Topic.TOOLS, Topic.WORKSPACES}, lambda _c: self.reload())
        self.reload()

    # -- loading ---------------------------------------------------------------------------------
    def reload(self) -> None:
        services = self.services

        def load() -> list[Capability]:
            default = services.workspaces.default()
            return capabilities(
                services.skills, services.tools, services.mcp, default, services.http_tools, web=services.web
            )

        self.runner.op(self, load).success(self._show).run()

    def _show(self, found: list[Capability]) -> None:
        current = self._current()
        self.table.blockSignals(True)
        self.table.clear()
        self._shown = {}
        for capability in found:
            key = f"{capability.kind.value}:{capability.name}"
            self._shown[key] = capability
            needs = tr("capabilities.need.separator").join(
                tr(f"capabilities.need.{n.value}") for n in capability.needs
            )
            ready = (
                tr("capabilities.ready")
                if capability.ready
                else tr("capabilities.not_ready", why=say(capability.why_not or ""))
            )
            item = QTreeWidgetItem(
                [
                    f"/{capability.name}" if capability.kind.value == "skill" else capability.name,
                    tr(f"capabilities.kind.{capability.kind.value}"),
                    "",
                    needs or tr("capabilities.needs_nothing"),
                    ready,
                ]
            )
            item.setData(0, Qt.ItemDataRole.UserRole, key)
            if capability.kind.value in SWITCHED and capability.on is not None:  # a skill, a declared tool
                item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
                on = Qt.CheckState.Checked if capability.on else Qt.CheckState.Unchecked
                item.setCheckState(ON_COLUMN, on)
            item.setToolTip(0, capability.description)
            item.setToolTip(4, ready)
            self.table.addTopLevelItem(item)
            if key == current:
                self.table.setCurrentItem(item)
        for column in range(len(COLUMNS) - 1):
            self.table.resizeColumnToContents(column)
        self.table.blockSignals(False)
        self._selected()
        self.loaded.emit()

    def _current(self) -> str | None:
        item = self.table.currentItem()
        return str(item.data(0, Qt.ItemDataRole.UserRole)) if item is not None else None

    def selected(self) -> Capability | None:
        return self._shown.get(self._current() or "")

    def _selected(self) -> None:
        capability = self.selected()
        skill = capability is not None and capability.kind.value == "skill" and capability.on is not None
        self.use_button.setEnabled(bool(skill and capability and capability.on))
        self.remove_button.setEnabled(bool(skill and capability and not capability.shipped))
        if capability is None:
            self.detail.setText("")
            return
        lines = [capability.description] if capability.description else []
        if capability.shipped:
            lines.append(tr("capabilities.shipped"))
        if not capability.ready:
            lines.append(say(capability.why_not or ""))
        self.detail.setText("\n".join(lines))

    # -- acting ----------------------------------------------------------------------------------
    def _switched(self, item: QTreeWidgetItem, column: int) -> None:
        if column != ON_COLUMN:
            return
        capability = self._shown.get(str(item.data(0, Qt.ItemDataRole.UserRole)))
        if capability is None:
            return
        on = item.checkState(ON_COLUMN) == Qt.CheckState.Checked
        library = self.services.http_tools if capability.kind.value == "tool" else self.services.skills
        self.runner.op(self, lambda: library.set_on(capability.name, on)).failure(self._failed).run()

    def _add(self) -> None:
        chosen = file_dialogs.folder(self, tr("capabilities.pick_folder"))
        if chosen:
            self.add_folder(Path(chosen))

    def add_folder(self, folder: Path) -> None:
        skills = self.services.skills
        self.runner.op(self, lambda: skills.add(folder)).success(
            lambda skill: self._said(tr("capabilities.added", name=skill.name))
        ).failure(self._failed).run()

    def _use(self) -> None:
        capability = self.selected()
        if capability is not None and capability.kind.value == "skill" and capability.on:
            self.use_skill.emit(capability.name)

    def _remove(self) -> None:
        capability = self.selected()
        if capability is None or capability.kind.value != "skill" or capability.shipped:
            return
        name = capability.name  # restorable from the trash: nothing to ask
        skills = self.services.skills
        self.runner.op(self, lambda: skills.remove(name)).success(
            lambda _entry: self._said(tr("capabilities.removed", name=name))
        ).failure(self._failed).run()

    def _said(self, text: str) -> None:
        self.result_label.setText(text)
        self.result_label.show()

    def _failed(self, error: BaseException) -> None:
        self._said(explain(error))
        self.reload()
