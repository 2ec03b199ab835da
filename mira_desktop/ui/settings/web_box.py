"""The Web research box of Settings → Tools: the search provider (off, a SearXNG address, or the
Brave Search API with its key, kept in the keyring), and the searches and pages one agent run may
use. The same service and checks as ``mira web``; a refusal is the one line the command prints.
Every call runs in the background (the keyring is never touched on the window's thread)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from mira_desktop.ui.language.i18n import explain, say, tr

if TYPE_CHECKING:
    from mira_desktop.services.app.bundle import AppServices
    from mira_desktop.services.web.research import WebStatus
    from mira_desktop.ui.runtime.operations import OperationRunner

KINDS = (("", "web.off"), ("searxng", "web.searxng"), ("brave", "web.brave"))


class WebBox(QGroupBox):
    loaded = Signal()
    saved = Signal()

    def __init__(self, services: AppServices, runner: OperationRunner, parent: QWidget | None = None) -> None:
        super().__init__(tr("web.box_title"), parent)
        self.setObjectName("webResearch")
        self.services = services
        self.runner = runner
        layout = QVBoxLayout(self)
        hint = QLabel(tr("web.hint"))
        hint.setObjectName("muted")
        hint.setWordWrap(True)
        layout.addWidget(hint)
        form = QFormLayout()
        self.kind = QComboBox()
        for kind, key in KINDS:
            self.kind.addItem(tr(key), kind)
        self.kind.currentIndexChanged.connect(lambda *_: self._sync())
        self.url = QLineEdit()
        self.url.setPlaceholderText("https://searx.example.org/")
        self.key = QLineEdit()
        self.key.setEchoMode(QLineEdit.EchoMode.Password)
        self.searches = QSpinBox()
        self.searches.setRange(1, 50)
        self.fetches = QSpinBox()
        self.fetches.setRange(1, 100)
        # Edits not saved yet: a change of another tool (an MCP server starting) re-reads the status,
        # which must not wipe what the person is typing.
        self.edited = False
        self.kind.activated.connect(self._edited)
        self.url.textEdited.connect(self._edited)
        self.key.textEdited.connect(self._edited)
        self.searches.editingFinished.connect(self._edited)
        self.fetches.editingFinished.connect(self._edited)
        form.addRow(tr("web.provider"), self.kind)
        form.addRow(tr("web.url"), self.url)
        form.addRow(tr("web.key"), self.key)
        form.addRow(tr("web.searches"), self.searches)
        form.addRow(tr("web.fetches"), self.fetches)
        layout.addLayout(form)
        self.save_button = QPushButton(tr("web.save"))
        self.save_button.clicked.connect(self.save)
        row = QHBoxLayout()
        row.addWidget(self.save_button)
        row.addStretch(1)
        layout.addLayout(row)
        self.message = QLabel("")
        self.message.setObjectName("hint")
        self.message.setWordWrap(True)
        layout.addWidget(self.message)
        self._sync()

    def reload(self) -> None:
        self.runner.op(self, self.services.web.status).success(self._show).failure(self._failed).run()

    def _edited(self, *_: object) -> None:
        self.edited = True

    def _show(self, status: WebStatus) -> None:
        if self.edited:  # keep the person's unsaved edits; say only what is saved
            self._say(status)
            self.loaded.emit()
            return
        self.kind.setCurrentIndex(max(0, self.kind.findData(status.kind or "")))
        self.url.setText(status.url if status.kind == "searxng" and status.url else "")
        self.key.clear()
        self.key.setPlaceholderText(tr("web.key_stored") if status.key_stored else "")
        self.searches.setValue(status.searches)
        self.fetches.setValue(status.fetches)
        self._say(status)
        self._sync()
        self.loaded.emit()

    def _say(self, status: WebStatus) -> None:
        if not status.on:
            self.message.setText(tr("web.is_off"))
        elif status.why_not is not None:
            self.message.setText(say(status.why_not))
        else:
            self.message.setText(tr("web.ready"))

    def _sync(self) -> None:
        kind = self.kind.currentData()
        self.url.setEnabled(kind == "searxng")
        self.key.setEnabled(kind == "brave")

    def save(self) -> None:
        web = self.services.web
        kind, url, key = self.kind.currentData(), self.url.text().strip(), self.key.text()
        searches, fetches = self.searches.value(), self.fetches.value()

        def work() -> WebStatus:
            web.set_budget(searches, fetches)
            if kind == "searxng":
                return web.use_searxng(url)
            if kind:
                return web.use_api(kind, key or None)
            return web.turn_off()

        self.runner.op(self, work).success(self._saved).failure(self._failed).run()

    def _saved(self, status: WebStatus) -> None:
        self.edited = False
        self._show(status)
        self.saved.emit()

    def _failed(self, exc: BaseException) -> None:
        self.message.setText(explain(exc))
        self.saved.emit()
