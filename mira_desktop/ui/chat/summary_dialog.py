"""The context summary of a thread: generate it with the thread's model, edit, save or clear."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from mira_desktop.ui.i18n import explain, tr

if TYPE_CHECKING:
    from mira_desktop.services.app.bundle import AppServices
    from mira_desktop.ui.operations import OperationRunner


class SummaryDialog(QDialog):
    def __init__(
        self, services: AppServices, runner: OperationRunner, thread_id: str, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.services = services
        self.runner = runner
        self.thread_id = thread_id
        self.setWindowTitle(tr("summary.title"))
        self.resize(560, 360)
        layout = QVBoxLayout(self)
        explain = QLabel(tr("summary.explain"))
        explain.setWordWrap(True)
        explain.setObjectName("muted")
        self.editor = QPlainTextEdit(services.summaries.get(thread_id) or "")
        self.status = QLabel("")
        self.status.setWordWrap(True)
        buttons = QDialogButtonBox()
        self.generate_button = QPushButton(tr("summary.generate"))
        self.clear_button = QPushButton(tr("summary.clear"))
        self.save_button = buttons.addButton(QDialogButtonBox.StandardButton.Save)
        buttons.addButton(self.generate_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(self.clear_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(QDialogButtonBox.StandardButton.Close).clicked.connect(self.reject)
        self.save_button.clicked.connect(self.save)
        self.generate_button.clicked.connect(self.generate)
        self.clear_button.clicked.connect(self.clear)
        layout.addWidget(explain)
        layout.addWidget(self.editor, 1)
        layout.addWidget(self.status)
        layout.addWidget(buttons)

    def save(self) -> None:
        self.services.summaries.set(self.thread_id, self.editor.toPlainText())
        self.status.setText(tr("summary.saved"))

    def clear(self) -> None:
        self.services.summaries.clear(self.thread_id)
        self.editor.clear()
        self.status.setText(tr("summary.cleared"))

    def generate(self) -> None:
        self.generate_button.setEnabled(False)
        self.status.setText(tr("summary.generating"))
        thread_id = self.thread_id
        generate = self.services.summaries.generate
        self.runner.op(self, lambda: generate(thread_id)).success(self._generated).failure(self._failed).run()

    def _generated(self, text: str) -> None:
        self.generate_button.setEnabled(True)
        self.editor.setPlainText(text)
        self.status.setText(tr("summary.generated"))

    def _failed(self, error: BaseException) -> None:
        self.generate_button.setEnabled(True)
        self.status.setText(explain(error))
