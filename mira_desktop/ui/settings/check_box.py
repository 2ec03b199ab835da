"""Settings → Models (and Get models after a download): the selected model's check on this machine —
"Check this model" runs it in the background with its progress and a Cancel, and the last check
shows as a small table (date, machine, speed, agent tasks, knowledge answers, thinking, tool calls;
the tasks behind each score in its tooltip). A check that could not run says why."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QProgressBar,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from mira_desktop.ui.language import check_text
from mira_desktop.ui.language.i18n import explain, say, tr

if TYPE_CHECKING:
    from mira_desktop.core.phrases import Phrase
    from mira_desktop.services.app.bundle import AppServices
    from mira_desktop.services.model_check.service import ModelCheck
    from mira_desktop.ui.runtime.operations import Operation, OperationRunner


class CheckBox(QGroupBox):
    shown = Signal()  # the selected model's last check (or "not checked yet") is on screen
    checked = Signal(str)  # a check of this model ended and is shown (its reference)

    def __init__(self, services: AppServices, runner: OperationRunner, parent: QWidget | None = None) -> None:
        super().__init__(tr("check.heading"), parent)
        self.services = services
        self.runner = runner
        self._ref: str | None = None
        self._running: Operation[ModelCheck] | None = None
        self._running_ref: str | None = None
        layout = QVBoxLayout(self)
        buttons = QHBoxLayout()
        self.run_button = QPushButton(tr("check.run"))
        self.run_button.setObjectName("checkModel")
        self.run_button.setToolTip(tr("check.run_tip"))
        self.run_button.clicked.connect(self.start)
        self.cancel_button = QPushButton(tr("check.cancel"))
        self.cancel_button.setObjectName("cancelCheck")
        self.cancel_button.clicked.connect(self.cancel)
        self.cancel_button.hide()
        self.progress = QProgressBar()
        self.progress.setObjectName("checkProgress")
        self.progress.hide()
        buttons.addWidget(self.run_button)
        buttons.addWidget(self.progress, 1)
        buttons.addWidget(self.cancel_button)
        buttons.addStretch(0)
        self.note = QLabel("")
        self.note.setObjectName("checkNote")
        self.note.setWordWrap(True)
        self.table = QTableWidget(0, 2)
        self.table.setObjectName("checkTable")
        self.table.horizontalHeader().hide()
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.hide()
        layout.addLayout(buttons)
        layout.addWidget(self.note)
        layout.addWidget(self.table)

    # -- showing ---------------------------------------------------------------------------------
    def show_model(self, ref: str | None) -> None:
        """Show ``ref``'s last check (read in the background); a check running on another model goes on."""
        self._ref = ref
        self._busy(self._running is not None and self._running_ref == ref)
        self.run_button.setEnabled(ref is not None and self._running is None)
        if ref is None:
            self._show(None, tr("check.pick"))
            return
        checks = self.services.model_checks
        self.runner.op(self, lambda: checks.latest(ref)).success(lambda found: self._read(ref, found)).run()

    def _read(self, ref: str, found: ModelCheck | None) -> None:
        if ref == self._ref:
            self._show(found, "" if found is not None else tr("check.never"))

    def _show(self, check: ModelCheck | None, note: str) -> None:
        if self._running is None or self._running_ref != self._ref:
            self.note.setText(note)
        rows = check_text.rows(check) if check is not None else []
        self.table.setRowCount(len(rows))
        for n, (what, value, tip) in enumerate(rows):
            label, item = QTableWidgetItem(what), QTableWidgetItem(value)
            item.setToolTip(tip or value)
            label.setToolTip(tip)
            self.table.setItem(n, 0, label)
            self.table.setItem(n, 1, item)
        self.table.setVisible(bool(rows))
        if rows:
            height = sum(self.table.rowHeight(n) for n in range(len(rows))) + 2 * self.table.frameWidth()
            self.table.setFixedHeight(height)
        self.shown.emit()

    def rows(self) -> list[tuple[str, str]]:
        """What the table shows, row by row (for tests and the accessibility tree alike)."""
        cells = [(self.table.item(n, 0), self.table.item(n, 1)) for n in range(self.table.rowCount())]
        return [
            (what.text(), value.text()) for what, value in cells if what is not None and value is not None
        ]

    # -- checking --------------------------------------------------------------------------------
    def start(self, ref: str | None = None) -> None:
        """Check ``ref`` (default: the model shown) in the background, its progress shown here."""
        ref = ref if isinstance(ref, str) else self._ref
        if ref is None or self._running is not None:
            return
        if ref != self._ref:
            self.show_model(ref)
        checks = self.services.model_checks

        def work() -> ModelCheck:
            return checks.check(ref, operation.token, lambda *step: operation.report(step))

        operation = self.runner.op(self, work)
        self._running, self._running_ref = operation, ref
        self._busy(True)
        self.run_button.setEnabled(False)
        self.progress.setRange(0, 0)
        operation.progress(self._progressed).success(self._done).failure(self._failed).run()

    def cancel(self) -> None:
        """Stop the check: nothing of it is kept (cancelled is not an error)."""
        if self._running is not None:
            self._running.cancel()
        self._finish()
        self.note.setText(tr("check.cancelled"))

    def _progressed(self, value: tuple[int, int, Phrase]) -> None:
        step, steps, said = value
        self.progress.setRange(0, steps)
        self.progress.setValue(step - 1)
        if self._running_ref == self._ref:
            self.note.setText(say(said))

    def _done(self, check: ModelCheck) -> None:
        self._finish()
        if check.ref == self._ref:
            self._show(check, "")
        self.checked.emit(check.ref)

    def _failed(self, exc: BaseException) -> None:
        self._finish()
        self.note.setText(explain(exc))

    def _finish(self) -> None:
        self._running = self._running_ref = None
        self._busy(False)
        self.run_button.setEnabled(self._ref is not None)

    def _busy(self, busy: bool) -> None:
        self.progress.setVisible(busy)
        self.cancel_button.setVisible(busy)

    @property
    def running(self) -> bool:
        return self._running is not None
