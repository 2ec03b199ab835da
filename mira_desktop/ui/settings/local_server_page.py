"""Settings → Local server: serve the window's models to other programs (on/off, port, LAN, token).

Each change is saved and applied at once on a worker (``LocalServerService.serve_as_set``): the
window serves from its own services while it is open. A new token is shown here once, never again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QWidget,
)

from mira_desktop.ui.language.i18n import explain, tr

if TYPE_CHECKING:
    from mira_desktop.services.app.bundle import AppServices
    from mira_desktop.services.local_server.in_progress import ServedRequest
    from mira_desktop.services.local_server.service import RequestRecord, ServerSettings
    from mira_desktop.ui.runtime.operations import OperationRunner


SHOWN_REQUESTS = 50


class _Served(QObject):
    """Each served request, re-emitted on the UI thread (the server logs it on its own thread)."""

    logged = Signal(object)
    in_progress = Signal(object)  # the list of requests in progress, whenever it changes


class LocalServerPage(QWidget):
    def __init__(self, services: AppServices, runner: OperationRunner, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.server = services.local_server
        self.runner = runner
        layout = QFormLayout(self)
        hint = QLabel(tr("localserver.hint"))
        hint.setObjectName("muted")
        hint.setWordWrap(True)
        layout.addRow(hint)
        self.enabled = QCheckBox(tr("localserver.enabled"))
        layout.addRow(self.enabled)
        self.port = QSpinBox()
        self.port.setRange(1, 65535)
        layout.addRow(tr("localserver.port"), self.port)
        self.lan = QCheckBox(tr("localserver.lan"))
        layout.addRow(self.lan)
        self.status = QLabel(tr("localserver.stopped"))
        self.status.setWordWrap(True)
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addRow(self.status)
        self.token_state = QLabel()
        self.token_state.setWordWrap(True)
        self.new_token = QPushButton(tr("localserver.new_token"))
        layout.addRow(self.token_state, self.new_token)
        self.token_field = QLineEdit()  # the new token, shown once: selectable, not editable
        self.token_field.setReadOnly(True)
        self.token_field.hide()
        layout.addRow(self.token_field)
        layout.addRow(QLabel(tr("localserver.requests")))
        self.requests = QListWidget()
        layout.addRow(self.requests)
        layout.addRow(QLabel(tr("localserver.in_progress")))
        self.answering = QListWidget()  # one row per request in progress; Stop cancels the chosen one
        layout.addRow(self.answering)
        self.stop = QPushButton(tr("localserver.stop"))
        self.stop.setEnabled(False)
        self.stop.clicked.connect(self._stop_chosen)
        self.answering.currentRowChanged.connect(lambda row: self.stop.setEnabled(row >= 0))
        layout.addRow(self.stop)
        self._served = _Served()
        self._served.logged.connect(self._logged)
        self._served.in_progress.connect(self._in_progress)
        unregisters = (
            self.server.on_request(self._served.logged.emit),
            self.server.in_progress.on_change(self._served.in_progress.emit),
        )
        self.destroyed.connect(
            lambda _page=None: [u() for u in unregisters]
        )  # the server stops telling a gone page
        self._in_progress(self.server.in_progress.listed())
        self.loaded = False
        server = self.server
        runner.op(
            self, lambda: (server.settings(), server.has_token(), server.running(), server.recent())
        ).success(self._show).run()

    def _show(self, found: tuple[ServerSettings, bool, object, list[RequestRecord]]) -> None:
        settings, has_token, running, recent = found
        for record in recent:
            self._logged(record)
        self.enabled.setChecked(settings.enabled)
        self.port.setValue(settings.port)
        self.lan.setChecked(settings.lan)
        self._token_kept(has_token)
        self._serving(running)
        self.enabled.toggled.connect(self._apply)
        self.lan.toggled.connect(self._apply)
        self.port.editingFinished.connect(self._apply)
        self.new_token.clicked.connect(self._make_token)
        self.loaded = True

    def _apply(self) -> None:
        enabled, port, lan = self.enabled.isChecked(), self.port.value(), self.lan.isChecked()
        server = self.server

        def apply() -> object:
            server.set_settings(enabled=enabled, port=port, lan=lan)
            return server.serve_as_set()

        self.runner.op(self, apply).success(self._applied).failure(self._failed).run()

    def _applied(self, running: object) -> None:
        self._serving(running)
        new_token = getattr(running, "new_token", None)
        if new_token:
            self._show_token(str(new_token))

    def _failed(self, error: BaseException) -> None:
        self.status.setText(explain(error))

    def _serving(self, running: object) -> None:
        url = getattr(running, "url", None)
        self.status.setText(tr("localserver.serving", url=url) if url else tr("localserver.stopped"))

    def _make_token(self) -> None:
        self.runner.op(self, self.server.new_token).success(self._show_token).failure(self._failed).run()

    def _show_token(self, token: str) -> None:
        self.token_field.setText(token)
        self.token_field.show()
        self.token_state.setText(tr("localserver.token_shown"))

    def _token_kept(self, kept: bool) -> None:
        self.token_state.setText(tr("localserver.token_kept" if kept else "localserver.token_none"))

    def _in_progress(self, listed: list[ServedRequest]) -> None:
        chosen = self.answering.currentItem()
        chosen_id = chosen.data(Qt.ItemDataRole.UserRole) if chosen is not None else None
        self.answering.clear()
        for served in listed:
            key = "localserver.queued" if served.ahead else "localserver.answering"
            text = tr(key, id=served.id, client=served.client, model=served.model, ahead=served.ahead)
            item = QListWidgetItem(text)
            item.setData(Qt.ItemDataRole.UserRole, served.id)
            self.answering.addItem(item)
            if served.id == chosen_id:
                self.answering.setCurrentItem(item)
        self.stop.setEnabled(self.answering.currentItem() is not None)

    def _stop_chosen(self) -> None:
        chosen = self.answering.currentItem()
        if chosen is None:
            return
        ident = int(chosen.data(Qt.ItemDataRole.UserRole))
        progress = self.server.in_progress
        self.runner.op(self, lambda: progress.stop(ident)).run()

    def _logged(self, record: RequestRecord) -> None:
        self.requests.addItem(
            tr(
                "localserver.request_line",
                client=record.client,
                model=record.model or "—",
                status=record.status,
                prompt=record.prompt_tokens,
                completion=record.completion_tokens,
                seconds=f"{record.seconds:.1f}",
                outcome=tr(f"localserver.outcome_{record.outcome}"),
            )
        )
        while self.requests.count() > SHOWN_REQUESTS:
            self.requests.takeItem(0)
        self.requests.scrollToBottom()
