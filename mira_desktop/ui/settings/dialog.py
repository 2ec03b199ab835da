"""The Settings window (Ctrl+,): one tab per area."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QScrollArea, QTabWidget, QVBoxLayout, QWidget

from mira_desktop.ui.language.i18n import tr
from mira_desktop.ui.settings.appearance_page import AppearancePage
from mira_desktop.ui.settings.capabilities_page import CapabilitiesPage
from mira_desktop.ui.settings.get_models_page import GetModelsPage
from mira_desktop.ui.settings.local_server_page import LocalServerPage
from mira_desktop.ui.settings.memory_page import MemoryPage
from mira_desktop.ui.settings.models_page import ModelsPage
from mira_desktop.ui.settings.tools_page import ToolsPage
from mira_desktop.ui.settings.workspaces_page import WorkspacesPage

if TYPE_CHECKING:
    from mira_desktop.services.app.bundle import AppServices
    from mira_desktop.ui.runtime.changes import ChangeSignal
    from mira_desktop.ui.runtime.operations import OperationRunner


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
        self.resize(860, 780)
        self.tabs = QTabWidget()
        self.models_page = ModelsPage(services, runner, changes=changes)
        scroll = QScrollArea()  # the Models page is taller than a small screen
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.models_page)
        self.tabs.addTab(scroll, tr("settings.models"))
        self.get_models_page = GetModelsPage(services, runner, changes)
        self.tabs.addTab(self.get_models_page, tr("getmodels.tab"))
        self.models_page.get_models_requested.connect(self.open_get_models)
        self.memory_page = MemoryPage(services, runner, changes)
        self.tabs.addTab(self.memory_page, tr("settings.memory"))
        self.tools_page = ToolsPage(services, runner, changes)
        tools = QScrollArea()  # servers, permissions, limits and web research: taller than the dialog
        tools.setWidgetResizable(True)
        tools.setWidget(self.tools_page)
        self.tabs.addTab(tools, tr("tools.tab"))
        self.capabilities_page = CapabilitiesPage(services, runner, changes)
        self.tabs.addTab(self.capabilities_page, tr("capabilities.tab"))
        self.appearance_page = AppearancePage(services, runner)
        self.tabs.addTab(self.appearance_page, tr("settings.appearance"))
        self.workspaces_page = WorkspacesPage(services, runner, changes)
        self.tabs.addTab(self.workspaces_page, tr("win.ws_tab"))
        self.local_server_page = LocalServerPage(services, runner)
        self.tabs.addTab(self.local_server_page, tr("localserver.tab"))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.tabs)
        layout.addWidget(buttons)

    def open_get_models(self) -> None:
        """Show Settings → Get models (the welcome page and other views link here)."""
        self.tabs.setCurrentWidget(self.get_models_page)
        self.get_models_page.search_field.setFocus()

    def show_page(self, page: QWidget) -> None:
        """Open on ``page`` (one of this dialog's pages, e.g. ``models_page``)."""
        self.tabs.setCurrentWidget(page)
