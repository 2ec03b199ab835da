"""The user's preferences for the window: theme, language and the folder file dialogs open in.
Stored in the settings table."""

from __future__ import annotations

from pathlib import Path

from mira_desktop.core.changes import ChangeFeed, Topic
from mira_desktop.core.errors import InvalidInputError
from mira_desktop.store.settings import SettingsRepository

THEME_SETTING = "ui.theme"
THEMES = ("system", "light", "dark")
LANGUAGE_SETTING = "ui.language"
LANGUAGES = ("system", "en", "zh")
FOLDER_SETTING = "ui.last_folder"


class Preferences:
    def __init__(self, settings: SettingsRepository, changes: ChangeFeed) -> None:
        self._settings = settings
        self._changes = changes

    def theme(self) -> str:
        value = self._settings.get(THEME_SETTING, "system")
        return value if value in THEMES else "system"

    def set_theme(self, theme: str) -> str:
        if theme not in THEMES:
            raise InvalidInputError.said("app.bad_theme", theme=theme, themes=", ".join(THEMES))
        self._settings.set(THEME_SETTING, theme)
        self._changes.publish(Topic.PREFERENCES, THEME_SETTING)
        return theme

    def language(self) -> str:
        value = self._settings.get(LANGUAGE_SETTING, "system")
        return value if value in LANGUAGES else "system"

    def set_language(self, language: str) -> str:
        if language not in LANGUAGES:
            raise InvalidInputError.said(
                "app.bad_language", language=language, languages=", ".join(LANGUAGES)
            )
        self._settings.set(LANGUAGE_SETTING, language)
        self._changes.publish(Topic.PREFERENCES, LANGUAGE_SETTING)
        return language

    def last_folder(self) -> str | None:
        """The folder the last file dialog was left in (None before the first, or once it is gone)."""
        value = self._settings.get(FOLDER_SETTING, None)
        return value if isinstance(value, str) and value and Path(value).is_dir() else None

    def set_last_folder(self, folder: str) -> None:
        self._settings.set(FOLDER_SETTING, folder)
