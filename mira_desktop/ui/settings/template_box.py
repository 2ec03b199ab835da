"""Settings → Models: how the selected local model writes its prompts — a two-turn sample rendered
with the model's own chat template, or the named format used instead and why."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import QGroupBox, QLabel, QPlainTextEdit, QVBoxLayout, QWidget

from mira_desktop.ui.i18n import explain, tr

if TYPE_CHECKING:
    from mira_desktop.models.adapters.local.chat_template import TemplateCheck
    from mira_desktop.services.app.bundle import AppServices
    from mira_desktop.ui.operations import OperationRunner


class TemplateBox(QGroupBox):
    shown = Signal()

    def __init__(self, services: AppServices, runner: OperationRunner, parent: QWidget | None = None) -> None:
        super().__init__(tr("template.heading"), parent)
        self.services = services
        self.runner = runner
        layout = QVBoxLayout(self)
        self.summary = QLabel("")
        self.summary.setWordWrap(True)
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.sample = QPlainTextEdit()
        self.sample.setReadOnly(True)
        self.sample.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.sample.setMaximumHeight(150)
        layout.addWidget(self.summary)
        layout.addWidget(self.sample)
        self._ref: str | None = None

    def show_model(self, ref: str | None) -> None:
        self._ref = ref
        if not ref:
            self.setVisible(False)
            return
        self.setVisible(True)
        self.summary.setText(tr("template.reading"))
        self.sample.clear()
        check = self.services.models.chat_template
        self.runner.op(self, lambda: check(ref)).success(lambda result: self._show(ref, result)).failure(
            lambda exc: self._failed(ref, exc)
        ).run()

    def _show(self, ref: str, check: TemplateCheck | None) -> None:
        if ref != self._ref:
            return  # another model was picked meanwhile
        if check is None:
            self.summary.setText(tr("template.remote"))
            self.sample.setVisible(False)
        else:
            key = "template.own" if check.from_model else "template.fallback"
            self.summary.setText(tr(key, name=check.name, problem=check.problem))
            self.sample.setPlainText(in_window_language(check.sample))
            self.sample.setVisible(True)
        self.shown.emit()

    def _failed(self, ref: str, exc: BaseException) -> None:
        if ref == self._ref:
            self.summary.setText(explain(exc))
            self.sample.setVisible(False)
            self.shown.emit()


def in_window_language(sample: str) -> str:
    """The rendered sample with its four messages in the window's language: the template puts each
    message's text in verbatim, so swapping the texts keeps exactly the model's own layout."""
    from mira_desktop.models.adapters.local.chat_template import SAMPLE

    keys = ("template.sample_system", "template.sample_hello", "template.sample_help", "template.sample_sum")
    # The longest first: "Hello!" is the start of "Hello! How can I help?".
    pairs = sorted(zip((m["content"] for m in SAMPLE), keys, strict=True), key=lambda pair: -len(pair[0]))
    marks = {f"\x00{index}\x00": tr(key) for index, (_text, key) in enumerate(pairs)}
    for index, (text, _key) in enumerate(pairs):
        sample = sample.replace(text, f"\x00{index}\x00")
    for mark, translated in marks.items():
        sample = sample.replace(mark, translated)
    return sample
