"""Settings → Models: whether the selected local model sees pictures — its vision projector (an
``mmproj`` GGUF file), which can be picked or removed — and how large a picture it is shown."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from mira_desktop.ui.desktop import file_dialogs
from mira_desktop.ui.language.i18n import explain, tr

if TYPE_CHECKING:
    from mira_desktop.services.app.bundle import AppServices
    from mira_desktop.ui.runtime.operations import OperationRunner

SIDE_RANGE = (224, 4096)  # the setting's range (services/model_catalog/projectors.py checks it again)


class VisionBox(QGroupBox):
    shown = Signal()  # the selected model's projector is on screen
    changed = Signal()  # a projector was set or removed

    def __init__(self, services: AppServices, runner: OperationRunner, parent: QWidget | None = None) -> None:
        super().__init__(tr("vision.heading"), parent)
        self.services = services
        self.runner = runner
        self._ref: str | None = None
        layout = QVBoxLayout(self)
        self.summary = QLabel("")
        self.summary.setWordWrap(True)
        self.pick_button = QPushButton(tr("vision.pick"))
        self.pick_button.clicked.connect(self._pick)
        self.remove_button = QPushButton(tr("vision.remove"))
        self.remove_button.clicked.connect(lambda: self.set_projector(None))
        buttons = QHBoxLayout()
        buttons.addWidget(self.pick_button)
        buttons.addWidget(self.remove_button)
        buttons.addStretch(1)
        self.side = QSpinBox()
        self.side.setRange(*SIDE_RANGE)
        self.side.setSingleStep(128)
        self.side.setSuffix(" px")
        self.side.setEnabled(False)  # until the setting is read
        self.runner.op(self, services.models.image_long_side).success(self._side_read).run()
        form = QFormLayout()
        form.addRow(tr("vision.long_side"), self.side)
        layout.addWidget(self.summary)
        layout.addLayout(buttons)
        layout.addLayout(form)

    def _side_read(self, side: int) -> None:
        self.side.setValue(side)
        self.side.setEnabled(True)
        self.side.editingFinished.connect(self._side_changed)  # from now on, a change is the person's

    def show_model(self, ref: str | None) -> None:
        """Follow the Models list: a local model's projector, or nothing for a remote one."""
        self._ref = ref
        self.setVisible(bool(ref))
        if not ref:
            return
        self.summary.setText(tr("vision.reading"))
        projector = self.services.models.projector
        self.runner.op(self, lambda: projector(ref)).success(lambda found: self._show(ref, found)).failure(
            lambda exc: self._failed(ref, exc)
        ).run()

    def _show(self, ref: str, projector: str | None) -> None:
        if ref != self._ref:
            return  # another model was picked meanwhile
        self.summary.setText(tr("vision.sees", path=projector) if projector else tr("vision.blind"))
        self.remove_button.setEnabled(projector is not None)
        self.shown.emit()

    def _failed(self, ref: str, exc: BaseException) -> None:
        if ref == self._ref:
            self.summary.setText(explain(exc))
            self.shown.emit()

    def _pick(self) -> None:
        path, _ = file_dialogs.open_file(
            self, tr("vision.pick"), "", "GGUF vision projectors (*mmproj*.gguf);;GGUF (*.gguf);;All files (*)"
        )
        if path:
            self.set_projector(path)

    def set_projector(self, path: str | None) -> None:
        """Give the selected model the projector ``path`` (None: remove it); shown when done."""
        ref = self._ref
        if not ref:
            return
        setter = self.services.models.set_projector
        self.runner.op(self, lambda: setter(ref, path)).success(lambda _entry: self._set(ref)).failure(
            lambda exc: self._failed(ref, exc)
        ).run()

    def _set(self, ref: str) -> None:
        self.changed.emit()
        self.show_model(ref)

    def _side_changed(self) -> None:
        pixels = self.side.value()
        setter = self.services.models.set_image_long_side
        self.runner.op(self, lambda: setter(pixels)).failure(lambda exc: self.summary.setText(explain(exc))).run()
