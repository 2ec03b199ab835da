"""Settings → Models: how the selected model writes its prompts — a two-turn sample rendered with a
local model's own chat template, or the named format used instead and why — how it calls tools (in
its own family's format, in Mira's JSON grammar, or a server's native calls) and whether its template
has a thinking switch."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import QGroupBox, QLabel, QPlainTextEdit, QVBoxLayout, QWidget

from mira_desktop.services.model_catalog.prompt_format import SAMPLE, TemplateCheck
from mira_desktop.ui.language.i18n import explain, say, tr
from mira_desktop.ui.language.tool_calling import tool_calls_line

if TYPE_CHECKING:
    from mira_desktop.services.app.bundle import AppServices
    from mira_desktop.ui.runtime.operations import OperationRunner


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
        self.tool_calls = QLabel("")
        self.tool_calls.setObjectName("toolCalls")
        self.tool_calls.setWordWrap(True)
        self.tool_calls.setTextFormat(Qt.TextFormat.PlainText)  # "<tool_call>" is the format's own text
        self.thinking = QLabel("")
        self.thinking.setObjectName("thinkingSwitch")
        self.thinking.setWordWrap(True)
        layout.addWidget(self.summary)
        layout.addWidget(self.sample)
        layout.addWidget(self.tool_calls)
        layout.addWidget(self.thinking)
        self._ref: str | None = None

    def show_model(self, ref: str | None) -> None:
        self._ref = ref
        if not ref:
            self.setVisible(False)
            return
        self.setVisible(True)
        self.summary.setText(tr("template.reading"))
        self.sample.clear()
        for label in (self.tool_calls, self.thinking):
            label.clear()
            label.setVisible(False)
        models = self.services.models

        def read() -> tuple[TemplateCheck | None, str]:
            """The template of a local model; else how the profile says it calls tools (a remote
            model's adapter may read its key from the keyring: not on the UI thread)."""
            check = models.chat_template(ref)
            if check is not None:
                return check, check.tool_call_format
            return None, str(models.entry(ref).capabilities.get("tool_call_format", ""))

        self.runner.op(self, read).success(lambda result: self._show(ref, *result)).failure(
            lambda exc: self._failed(ref, exc)
        ).run()

    def _show(self, ref: str, check: TemplateCheck | None, tool_calls: str) -> None:
        if ref != self._ref:
            return  # another model was picked meanwhile
        if check is None:
            self.summary.setText(tr("template.remote"))
            self.sample.setVisible(False)
        else:
            key = "template.own" if check.from_model else "template.fallback"
            problem = say(check.problem_phrase) if check.problem_phrase is not None else check.problem
            self.summary.setText(tr(key, name=check.name, problem=problem))
            self.sample.setPlainText(in_window_language(check.sample))
            self.sample.setVisible(True)
            self.thinking.setText(
                tr("toolcalls.thinking_yes" if check.thinking_switch else "toolcalls.thinking_no")
            )
            self.thinking.setVisible(True)  # a server's template is its own: nothing to say of it here
        self.tool_calls.setText(tool_calls_line(tool_calls))
        self.tool_calls.setVisible(bool(tool_calls))
        self.shown.emit()

    def _failed(self, ref: str, exc: BaseException) -> None:
        if ref == self._ref:
            self.summary.setText(explain(exc))
            self.sample.setVisible(False)
            self.shown.emit()


def in_window_language(sample: str) -> str:
    """The rendered sample with its four messages in the window's language: the template puts each
    message's text in verbatim, so swapping the texts keeps exactly the model's own layout."""
    keys = ("template.sample_system", "template.sample_hello", "template.sample_help", "template.sample_sum")
    # The longest first: "Hello!" is the start of "Hello! How can I help?".
    pairs = sorted(zip((m["content"] for m in SAMPLE), keys, strict=True), key=lambda pair: -len(pair[0]))
    marks = {f"\x00{index}\x00": tr(key) for index, (_text, key) in enumerate(pairs)}
    for index, (text, _key) in enumerate(pairs):
        sample = sample.replace(text, f"\x00{index}\x00")
    for mark, translated in marks.items():
        sample = sample.replace(mark, translated)
    return sample
