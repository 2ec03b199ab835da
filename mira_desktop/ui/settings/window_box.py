"""Settings → Models: the selected local model's context window — in use (or what it would load
with) and why — its own window (0: sized at load) and KV cache type. A window past what fits in
free memory is refused with the numbers, and kept only when the person presses "Set it anyway"."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from mira_desktop.core.errors import ConflictError
from mira_desktop.ui.language.context_window_text import window_text
from mira_desktop.ui.language.i18n import explain, tr

if TYPE_CHECKING:
    from mira_desktop.services.app.bundle import AppServices
    from mira_desktop.services.model_catalog.local_options import LocalWindow
    from mira_desktop.ui.runtime.operations import OperationRunner

STEP = 1024


class WindowBox(QGroupBox):
    shown = Signal()  # the selected model's window is on screen
    changed = Signal()  # a setting was saved, or refused with its reason shown

    def __init__(self, services: AppServices, runner: OperationRunner, parent: QWidget | None = None) -> None:
        super().__init__(tr("window.heading"), parent)
        self.services = services
        self.runner = runner
        self._ref: str | None = None
        self._forcing = False  # the last Apply was refused as past free memory: the next one forces
        layout = QVBoxLayout(self)
        self.summary = QLabel("")
        self.summary.setObjectName("windowInUse")
        self.summary.setWordWrap(True)
        self.window_size = QSpinBox()
        self.window_size.setObjectName("windowSize")
        self.window_size.setSingleStep(STEP)
        self.window_size.setSpecialValueText(tr("window.auto"))
        self.window_size.setGroupSeparatorShown(True)
        self.kv_type = QComboBox()
        self.kv_type.setObjectName("kvType")
        self.kv_type.addItem(tr("window.kv_f16"), "f16")
        self.kv_type.addItem(tr("window.kv_q8"), "q8_0")
        self.apply_button = QPushButton(tr("window.apply"))
        self.apply_button.clicked.connect(self.apply)
        self.window_size.valueChanged.connect(self._edited)
        self.kv_type.activated.connect(self._edited)
        self.note = QLabel("")
        self.note.setObjectName("windowNote")
        self.note.setWordWrap(True)
        self.form = QFormLayout()
        self.form.addRow(tr("window.size", trained="?"), self.window_size)
        self.form.addRow(tr("window.kv_type"), self.kv_type)
        layout.addWidget(self.summary)
        layout.addLayout(self.form)
        layout.addWidget(self.apply_button)
        layout.addWidget(self.note)

    def show_model(self, ref: str | None) -> None:
        """Follow the Models list: a local model's window, or nothing for a remote one."""
        self._ref = ref
        self.setVisible(bool(ref))
        if not ref:
            return
        self.summary.setText(tr("window.reading"))
        self.setEnabled(False)
        read = self.services.models.local_window
        self.runner.op(self, lambda: read(ref)).success(lambda found: self._show(ref, found)).failure(
            lambda exc: self._failed(ref, exc)
        ).run()

    def _show(self, ref: str, window: LocalWindow) -> None:
        if ref != self._ref:
            return  # another model was picked meanwhile
        text = window_text(window.tokens, window.reason)
        self.summary.setText(tr("window.in_use" if window.loaded else "window.would_use", window=text))
        self.window_size.blockSignals(True)
        self.window_size.setRange(0, window.trained)
        self.window_size.setValue(window.setting.context)
        self.window_size.blockSignals(False)
        label = self.form.labelForField(self.window_size)
        if isinstance(label, QLabel):
            label.setText(tr("window.size", trained=f"{window.trained:,}"))
        self.kv_type.setCurrentIndex(max(0, self.kv_type.findData(window.setting.kv_type)))
        self._forcing = False  # a question asked about another model (or before saving) is not this one's
        self.apply_button.setText(tr("window.apply"))
        self.setEnabled(True)
        self.shown.emit()

    def _failed(self, ref: str, exc: BaseException) -> None:
        if ref == self._ref:
            self.summary.setText(explain(exc))
            self.shown.emit()

    def _edited(self, *_: object) -> None:
        self._forcing = False
        self.apply_button.setText(tr("window.apply"))
        self.note.setText("")

    def apply(self) -> None:
        """Save the window and KV cache type; past free memory, ask (the next press keeps it)."""
        ref = self._ref
        if ref is None:
            return
        context, kv_type, force = self.window_size.value(), str(self.kv_type.currentData()), self._forcing
        if context:
            context = max(STEP // 2, context)
        chosen = self.services.models.set_local_options
        self.apply_button.setEnabled(False)
        self.runner.op(self, lambda: chosen(ref, context=context, kv_type=kv_type, force=force)).success(
            lambda _saved: self._saved(ref)
        ).failure(self._refused).run()

    def _saved(self, ref: str) -> None:
        self.apply_button.setEnabled(True)
        self.note.setText(tr("window.saved"))
        self.show_model(ref)
        self.changed.emit()

    def _refused(self, exc: BaseException) -> None:
        self.apply_button.setEnabled(True)
        if isinstance(exc, ConflictError):  # past what fits in free memory now: asked, with the numbers
            self._forcing = True
            self.apply_button.setText(tr("window.apply_anyway"))
            self.note.setText(tr("window.ask", refusal=explain(exc)))
        else:
            self.note.setText(explain(exc))
        self.changed.emit()
