"""Settings → Appearance: light, dark, or following the system."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QComboBox, QFormLayout, QLabel, QWidget

from mira_desktop.services.app.preferences import THEMES
from mira_desktop.ui.i18n import tr
from mira_desktop.ui.shell.theme import apply_theme

if TYPE_CHECKING:
    from mira_desktop.services.app.bundle import AppServices
    from mira_desktop.ui.operations import OperationRunner


class AppearancePage(QWidget):
    theme_changed = Signal(str)

    def __init__(self, services: AppServices, runner: OperationRunner, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.services = services
        self.runner = runner
        layout = QFormLayout(self)
        self.theme_box = QComboBox()
        for theme in THEMES:
            self.theme_box.addItem(tr(f"settings.theme_{theme}"), theme)
        self.theme_box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        layout.addRow(tr("settings.theme"), self.theme_box)
        hint = QLabel(tr("settings.theme_hint"))
        hint.setObjectName("muted")
        hint.setWordWrap(True)
        layout.addRow(hint)
        self.loaded = False
        preferences = services.preferences
        runner.op(self, preferences.theme).success(self._show).run()

    def _show(self, theme: str) -> None:
        self.theme_box.setCurrentIndex(max(0, self.theme_box.findData(theme)))
        self.theme_box.currentIndexChanged.connect(self._picked)
        self.loaded = True

    def _picked(self, index: int) -> None:
        theme = str(self.theme_box.itemData(index))
        apply_theme(theme)
        set_theme = self.services.preferences.set_theme
        self.runner.op(self, lambda: set_theme(theme)).success(self.theme_changed.emit).run()
