"""What `mira info` and the status bar report about this installation."""

from __future__ import annotations

from dataclasses import dataclass

from mira_desktop import __version__
from mira_desktop.core.data_folder import DataFolder
from mira_desktop.models.embedded import EMBEDDED_CHAT_MODEL_REF, smollm2_gguf_path
from mira_desktop.services.model_catalog.catalog import DEFAULT_MODEL_SETTING
from mira_desktop.store.database import Database
from mira_desktop.store.migrations import latest_version
from mira_desktop.store.settings import SettingsRepository


@dataclass(frozen=True)
class AppInfo:
    app_version: str
    data_dir: str
    database_path: str
    schema_version: int
    schema_version_known: int
    default_model: str
    default_model_path: str | None


class InfoService:
    def __init__(self, folder: DataFolder, database: Database, settings: SettingsRepository) -> None:
        self._folder = folder
        self._database = database
        self._settings = settings

    def default_model_ref(self) -> str:
        return str(self._settings.get(DEFAULT_MODEL_SETTING, EMBEDDED_CHAT_MODEL_REF))

    def info(self) -> AppInfo:
        ref = self.default_model_ref()
        path = smollm2_gguf_path() if ref == EMBEDDED_CHAT_MODEL_REF else None
        return AppInfo(
            app_version=__version__,
            data_dir=str(self._folder.root),
            database_path=str(self._folder.database_path),
            schema_version=self._database.schema_version,
            schema_version_known=latest_version(),
            default_model=ref,
            default_model_path=None if path is None else str(path),
        )
