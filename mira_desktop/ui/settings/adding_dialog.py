"""What the dialogs that add a tool share: the Add and Cancel buttons, the line that says why an
addition was refused (in the window's language; the dialog stays open, nothing is kept), and the
addition itself, run in the background, after which the dialog closes."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QFormLayout, QLabel, QVBoxLayout, QWidget

from mira_desktop.ui.language.i18n import explain, tr

if TYPE_CHECKING:
    from mira_desktop.services.app.bundle import AppServices
    from mira_desktop.ui.runtime.operations import OperationRunner


class AddingDialog(QDialog):
    """A dialog whose form adds one thing. Each kind connects ``buttons.accepted`` to its own
    submit, which reads the form and calls :meth:`add`."""

    added = Signal(str)  # the name of what was added

    def __init__(
        self, services: AppServices, runner: OperationRunner, title: str, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.services = services
        self.runner = runner
        self.setWindowTitle(title)
        self.error = QLabel("")
        self.error.setObjectName("fieldError")
        self.error.setWordWrap(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.add_button = self.buttons.addButton(
            tr("tools.add_button"), QDialogButtonBox.ButtonRole.AcceptRole
        )
        self.buttons.rejected.connect(self.reject)

    def lay_out(self, form: QFormLayout) -> None:
        """The form, the refusal's line under it, then the buttons."""
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.error)
        layout.addWidget(self.buttons)

    def add(self, name: str, adding: Callable[[], object]) -> None:
        """Run ``adding`` in the background; then say ``name`` was added and close, or show why not."""
        self.add_button.setEnabled(False)

        def done(_added: object) -> None:
            self.added.emit(name)
            self.accept()

        def failed(exc: BaseException) -> None:
            self.add_button.setEnabled(True)
            self.error.setText(explain(exc))

        self.runner.op(self, adding).success(done).failure(failed).run()
