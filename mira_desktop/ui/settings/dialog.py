"""The Settings window (Ctrl+,): one tab per area."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTabWidget, QVBoxLayout, QWidget

from mira_desktop.ui.i18n import tr
from mira_desktop.ui.settings.appearance_page import AppearancePage
from mira_desktop.ui.settings.memory_page import MemoryPage
from mira_desktop.ui.settings.models_page import ModelsPage
from mira_desktop.ui.settings.workspaces_page import WorkspacesPage

if TYPE_CHECKING:
    from mira_desktop.services.app.bundle import AppServices
    from mira_desktop.ui.changes import ChangeSignal
    from mira_desktop.ui.operations import OperationRunner


class SettingsDialog(QDialog):
    def __init__(
        self,
        services: AppServices,
        runner: OperationRunner,
        parent: QWidget | None = None,
        changes: ChangeSignal | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("settings.title"))
        self.resize(760, 640)
        self.tabs = QTabWidget()
        self.models_page = ModelsPage(services, runner)
        self.tabs.addTab(self.models_page, tr("settings.models"))
        self.memory_page = MemoryPage(services, runner, changes)
        self.tabs.addTab(self.memory_page, tr("settings.memory"))
        self.appearance_page = AppearancePage(services, runner)
        self.tabs.addTab(self.appearance_page, tr("settings.appearance"))
        self.workspaces_page = WorkspacesPage(services, runner, changes)
        self.tabs.addTab(self.workspaces_page, tr("win.ws_tab"))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.tabs)
        layout.addWidget(buttons)

    def show_page(self, page: QWidget) -> None:
        """Open on ``page`` (one of this dialog's pages, e.g. ``models_page``)."""
        self.tabs.setCurrentWidget(page)
