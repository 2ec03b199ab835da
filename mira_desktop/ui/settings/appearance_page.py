"""Settings → Appearance: the theme (light, dark, or following the system) and the language."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QComboBox, QFormLayout, QLabel

from mira_desktop.services.app.preferences import LANGUAGES, THEMES
from mira_desktop.ui.language.i18n import chosen_language, language, tr
from mira_desktop.ui.look.theme import apply_theme
from mira_desktop.ui.settings.page import SettingsPage

if TYPE_CHECKING:
    pass

# Each language is offered in its own words, so it can be found whatever the window speaks.
ENDONYMS = {"en": "English", "zh": "中文"}


class AppearancePage(SettingsPage):
    theme_changed = Signal(str)
    language_changed = Signal(str)

    def _build(self) -> None:
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
        self.language_box = QComboBox()
        for choice in LANGUAGES:
            self.language_box.addItem(ENDONYMS.get(choice) or tr("settings.language_system"), choice)
        self.language_box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        layout.addRow(tr("settings.language"), self.language_box)
        # The window's text is written once, as it is built: a new language takes a restart.
        self.restart_hint = QLabel(tr("settings.language_restart"))
        self.restart_hint.setObjectName("hint")
        self.restart_hint.setWordWrap(True)
        self.restart_hint.hide()
        layout.addRow(self.restart_hint)
        self.loaded = False
        preferences = self.services.preferences
        self.runner.op(self, lambda: (preferences.theme(), preferences.language())).success(self._show).run()

    def _show(self, chosen: tuple[str, str]) -> None:
        theme, language_choice = chosen
        self.theme_box.setCurrentIndex(max(0, self.theme_box.findData(theme)))
        self.theme_box.currentIndexChanged.connect(self._picked)
        self.language_box.setCurrentIndex(max(0, self.language_box.findData(language_choice)))
        self.language_box.currentIndexChanged.connect(self._language_picked)
        self.loaded = True

    def _picked(self, index: int) -> None:
        theme = str(self.theme_box.itemData(index))
        apply_theme(theme)
        set_theme = self.services.preferences.set_theme
        self.runner.op(self, lambda: set_theme(theme)).success(self.theme_changed.emit).run()

    def _language_picked(self, index: int) -> None:
        choice = str(self.language_box.itemData(index))
        self.restart_hint.setVisible(chosen_language(choice) != language())
        set_language = self.services.preferences.set_language
        self.runner.op(self, lambda: set_language(choice)).success(self.language_changed.emit).run()
