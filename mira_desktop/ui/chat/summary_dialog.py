"""The context summary of a thread: generate it with the thread's model, edit, save or clear.

Every read and write runs as an operation (the summary is read after the dialog shows, the buttons
wait while one is under way); :attr:`finished` is emitted when one has ended and the dialog shows its
outcome."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from mira_desktop.ui.language.i18n import explain, tr

if TYPE_CHECKING:
    from mira_desktop.services.app.bundle import AppServices
    from mira_desktop.ui.runtime.operations import OperationRunner


class SummaryDialog(QDialog):
    finished_work = Signal()  # a read, save, clear or generation has ended (its outcome is shown)

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
        self.editor = QPlainTextEdit()
        self.status = QLabel(tr("summary.loading"))
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
        services_, thread = services, thread_id
        self._work(lambda: services_.summaries.get(thread), self._loaded)

    def _work(self, fn: Callable[[], object], done: Callable[[object], None]) -> None:
        """Run ``fn`` in the background with the buttons off; ``done`` shows its result."""
        self._set_busy(True)

        def succeeded(value: object) -> None:
            self._set_busy(False)
            done(value)
            self.finished_work.emit()

        self.runner.op(self, fn).success(succeeded).failure(self._failed).run()

    def _set_busy(self, busy: bool) -> None:
        for button in (self.save_button, self.generate_button, self.clear_button):
            button.setEnabled(not busy)

    def _loaded(self, text: object) -> None:
        self.editor.setPlainText(str(text or ""))
        self.status.setText("")

    def save(self) -> None:
        services, thread_id, text = self.services, self.thread_id, self.editor.toPlainText()
        self._work(
            lambda: services.summaries.set(thread_id, text),
            lambda _r: self.status.setText(tr("summary.saved")),
        )

    def clear(self) -> None:
        services, thread_id = self.services, self.thread_id
        self._work(lambda: services.summaries.clear(thread_id), self._cleared)

    def _cleared(self, _result: object) -> None:
        self.editor.clear()
        self.status.setText(tr("summary.cleared"))

    def generate(self) -> None:
        self.status.setText(tr("summary.generating"))
        services, thread_id = self.services, self.thread_id
        self._work(lambda: services.summaries.generate(thread_id), self._generated)

    def _generated(self, text: object) -> None:
        self.editor.setPlainText(str(text))
        self.status.setText(tr("summary.generated"))

    def _failed(self, error: BaseException) -> None:
        self._set_busy(False)
        self.status.setText(explain(error))
        self.finished_work.emit()
