"""A project's settings: its name, folder (optional: agent runs and file tools need one), the
instructions sent with every request of its threads, and what a new thread in it starts with (role,
knowledge base, model, agent mode, memory). Read and saved in the background."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from mira_desktop.core.workspaces import MEMORY_SCOPES
from mira_desktop.ui.desktop import file_dialogs
from mira_desktop.ui.language.i18n import explain, tr

if TYPE_CHECKING:
    from mira_desktop.core.workspaces import Workspace
    from mira_desktop.services.app.bundle import AppServices
    from mira_desktop.ui.runtime.operations import OperationRunner


@dataclass(frozen=True)
class _Choices:
    project: Workspace
    roles: list[tuple[str, str]]  # (name, id)
    knowledge_bases: list[tuple[str, str]]
    models: list[tuple[str, str]]


class ProjectDialog(QDialog):
    finished_work = Signal()  # a read or a save ended (shown)

    def __init__(
        self, services: AppServices, runner: OperationRunner, project_id: str, parent: QWidget | None
    ) -> None:
        super().__init__(parent)
        self.services, self.runner, self.project_id = services, runner, project_id
        self.folder_path = ""
        self.setMinimumWidth(520)
        self.name = QLineEdit()
        self.folder_label = QLabel()
        self.folder_label.setWordWrap(True)
        choose, remove = QPushButton(tr("project.choose_folder")), QPushButton(tr("project.remove_folder"))
        choose.clicked.connect(self._choose_folder)
        remove.clicked.connect(lambda: self._show_folder(""))
        folder_row = QHBoxLayout()
        for widget in (self.folder_label, choose, remove):
            folder_row.addWidget(widget, 1 if widget is self.folder_label else 0)
        self.instructions = QPlainTextEdit()
        self.instructions.setPlaceholderText(tr("project.instructions_tip"))
        self.instructions.setToolTip(tr("project.instructions_tip"))
        self.role, self.kb, self.model = QComboBox(), QComboBox(), QComboBox()
        self.agent, self.memory = QCheckBox(tr("project.agent")), QComboBox()
        for scope in MEMORY_SCOPES:
            self.memory.addItem(tr(f"project.memory_{scope}"), scope)
        form = QFormLayout()
        form.addRow(tr("project.name"), self.name)
        form.addRow(tr("project.folder"), folder_row)
        form.addRow(tr("project.instructions"), self.instructions)
        form.addRow(QLabel(f"<b>{tr('project.defaults')}</b>"))
        form.addRow(tr("project.role"), self.role)
        form.addRow(tr("project.kb"), self.kb)
        form.addRow(tr("project.model"), self.model)
        form.addRow(tr("project.memory"), self.memory)
        form.addRow("", self.agent)
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.save_button = QPushButton(tr("project.save"))
        self.save_button.clicked.connect(self.save)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.status)
        layout.addWidget(self.save_button)
        self._load()

    def _load(self) -> None:
        services, project_id = self.services, self.project_id

        def load() -> _Choices:
            return _Choices(
                project=services.projects.get(project_id),
                roles=[(r.name, r.id) for r in services.roles.list()],
                knowledge_bases=[(k.name, k.id) for k in services.threads.knowledge_bases()],
                models=[(m.name, m.ref) for m in services.models.entries()],
            )

        self.runner.op(self, load).success(self._show).failure(self._failed).run()

    def _show(self, choices: _Choices) -> None:
        project = choices.project
        defaults = project.defaults
        self.setWindowTitle(tr("project.settings_title", name=project.name))
        self.name.setText(project.name)
        self._show_folder(project.root_path)
        self.instructions.setPlainText(project.instructions)
        for combo, none, items, chosen in (
            (self.role, tr("project.none"), choices.roles, defaults.role_id),
            (self.kb, tr("project.none"), choices.knowledge_bases, defaults.knowledge_base_id),
            (self.model, tr("project.default_model"), choices.models, defaults.model_ref),
        ):
            combo.clear()
            combo.addItem(none, None)
            for name, value in items:
                combo.addItem(name, value)
            combo.setCurrentIndex(max(0, combo.findData(chosen)))
        self.agent.setChecked(defaults.agent)
        self.memory.setCurrentIndex(max(0, self.memory.findData(defaults.memory_scope)))
        self.finished_work.emit()

    def _show_folder(self, path: str) -> None:
        self.folder_path = path
        self.folder_label.setText(path or tr("project.no_folder"))

    def _choose_folder(self) -> None:
        chosen = file_dialogs.folder(self, tr("project.folder"), self.folder_path)
        if chosen:
            self._show_folder(chosen)

    def save(self) -> None:
        services, project_id = self.services, self.project_id
        change: dict[str, Any] = {
            "name": self.name.text(),
            "instructions": self.instructions.toPlainText(),
            "folder": self.folder_path,
            "role_id": self.role.currentData(),
            "knowledge_base_id": self.kb.currentData(),
            "model_ref": self.model.currentData(),
            "agent": self.agent.isChecked(),
            "memory": self.memory.currentData(),
        }

        def saved(project: Workspace) -> None:
            self.status.setText(tr("project.saved", name=project.name))
            self.finished_work.emit()

        self.runner.op(self, lambda: services.projects.set(project_id, **change)).success(saved).failure(
            self._failed
        ).run()

    def _failed(self, exc: BaseException) -> None:
        self.status.setText(explain(exc))
        self.finished_work.emit()
