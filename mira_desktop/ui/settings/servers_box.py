"""Settings → Models: the model servers already running on this computer, each added in one click."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QGroupBox, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from mira_desktop.ui.language.i18n import explain, tr

if TYPE_CHECKING:
    from mira_desktop.services.app.bundle import AppServices
    from mira_desktop.services.model_catalog.servers import FoundServer
    from mira_desktop.ui.runtime.operations import OperationRunner


class ServersBox(QGroupBox):
    """Probed when the Models page opens (loopback only); ``ports`` replaces the usual ones (tests)."""

    probed = Signal()
    added = Signal(str)

    def __init__(
        self,
        services: AppServices,
        runner: OperationRunner,
        ports: list[tuple[str, int]] | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(tr("servers.heading"), parent)
        self.services = services
        self.runner = runner
        self.ports = ports
        self._layout = QVBoxLayout(self)
        self.status = QLabel(tr("servers.probing"))
        self.status.setObjectName("muted")
        self.status.setWordWrap(True)
        self._layout.addWidget(self.status)
        self.rows: list[tuple[QLabel, QPushButton]] = []
        self.probe()

    def probe(self) -> None:
        servers, ports = self.services.models.servers, self.ports
        self.runner.op(self, lambda: servers(ports)).success(self._show).failure(
            lambda exc: self.status.setText(explain(exc))
        ).run()

    def _show(self, found: list[tuple[FoundServer, bool]]) -> None:
        for label, button in self.rows:
            label.deleteLater()
            button.deleteLater()
        self.rows = []
        self.status.setText("" if found else tr("servers.none"))
        self.status.setVisible(not found)
        for server, added in found:
            row = QHBoxLayout()
            key = "servers.item_added" if added else "servers.item"
            label = QLabel(
                tr(key, app=server.app, url=server.base_url, models=", ".join(server.models) or "-")
            )
            label.setWordWrap(True)
            button = QPushButton(tr("servers.add"))
            button.setEnabled(not added)
            button.clicked.connect(lambda _checked=False, s=server: self._add(s))
            row.addWidget(label, 1)
            row.addWidget(button)
            self._layout.addLayout(row)
            self.rows.append((label, button))
        self.probed.emit()

    def _add(self, server: FoundServer) -> None:
        add = self.services.models.add_server
        self.runner.op(self, lambda: add(server)).success(self._added).failure(
            lambda exc: self.status.setText(explain(exc))
        ).run()

    def _added(self, provider: object) -> None:
        name = getattr(provider, "name", "")
        model = getattr(provider, "default_model", None)
        ref = f"remote:{name}/{model}" if model else f"remote:{name}"
        self.status.setText(tr("servers.added", name=name, ref=ref))
        self.status.setVisible(True)
        self.added.emit(ref)
        self.probe()
