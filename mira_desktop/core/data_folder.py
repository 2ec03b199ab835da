"""Where Mira keeps its data, and checking that it can."""

from __future__ import annotations

import errno
import os
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from mira_desktop.core.errors import DataFolderError

ENV_VAR = "MIRA_DATA_DIR"
APP_DIR_NAME = "mira-desktop"


@dataclass(frozen=True)
class DataFolder:
    root: Path

    @property
    def database_path(self) -> Path:
        return self.root / "mira.db"

    @property
    def workspaces_dir(self) -> Path:
        return self.root / "workspaces"

    @property
    def knowledge_dir(self) -> Path:
        return self.root / "knowledge"

    @property
    def attachments_dir(self) -> Path:
        return self.root / "attachments"

    @property
    def models_dir(self) -> Path:
        """Models downloaded from the Hub (``OWNER/REPO/FILE.gguf``), and their ``.partial`` files."""
        return self.root / "models"

    @property
    def skills_dir(self) -> Path:
        """The skills the person added (``NAME/SKILL.md``), and those removed (``.trash/``)."""
        return self.root / "skills"

    @property
    def logs_dir(self) -> Path:
        return self.root / "logs"

    def private_paths(self) -> list[Path]:
        """What no agent may touch, nor any workspace contain: everything here but ``workspaces/``."""
        names = (
            "mira.db",
            "mira.db-wal",
            "mira.db-shm",
            "agent",
            "knowledge",
            "attachments",
            "avatars",
            "logs",
            "media",
            "backups",
            "models",
            "skills",
        )
        return [self.root / name for name in names]

    @property
    def snapshots_dir(self) -> Path:
        """What agent runs changed, before they changed it (content-addressed, for undo)."""
        return self.root / "agent" / "snapshots"


def resolve_data_dir(cli_value: str | None, environ: Mapping[str, str] | None = None) -> Path:
    """``--data-dir`` wins over ``MIRA_DATA_DIR``, which wins over the platform's user data folder."""
    env = os.environ if environ is None else environ
    if cli_value:
        return Path(cli_value).expanduser().absolute()
    if env.get(ENV_VAR):
        return Path(env[ENV_VAR]).expanduser().absolute()
    import platformdirs

    return Path(platformdirs.user_data_path(APP_DIR_NAME, appauthor=False)).absolute()


def prepare_data_folder(path: Path) -> DataFolder:
    """Create ``path`` if needed and prove it is a writable folder; nothing is created on failure."""
    _check_usable(path)
    try:
        path.mkdir(parents=True, exist_ok=True)
        fd, probe = tempfile.mkstemp(prefix=".write-probe-", dir=path)
        os.close(fd)
        os.unlink(probe)
    except OSError as exc:
        raise DataFolderError.said(
            "app.folder_not_writable", path=path, reason=exc.strerror or exc, variable=ENV_VAR
        ) from exc
    return DataFolder(path)


def _check_usable(path: Path) -> None:
    if path.exists() and not path.is_dir():
        raise DataFolderError.said("app.folder_is_file", path=path, variable=ENV_VAR)
    ancestor = path
    while not ancestor.exists():
        if ancestor.parent == ancestor:
            break
        ancestor = ancestor.parent
    if ancestor != path and not ancestor.is_dir():
        raise DataFolderError.said("app.folder_under_file", path=path, ancestor=ancestor, variable=ENV_VAR)
    if not os.access(ancestor, os.W_OK | os.X_OK):
        raise DataFolderError.said(
            "app.folder_denied",
            path=path,
            reason=os.strerror(errno.EACCES),
            ancestor=ancestor,
            variable=ENV_VAR,
        )
