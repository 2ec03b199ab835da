"""A keyring backend in a JSON file outside the data folder, for the secrets scan's `mira` processes.

Selected with ``PYTHON_KEYRING_BACKEND=reliability.file_keyring.FileKeyring`` and
``MIRA_SOAK_KEYRING=/path/keys.json``: every process of the scan shares the keys, none touches the
OS keyring. The file is never under the scanned folders.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import keyring.backend
import keyring.errors


class FileKeyring(keyring.backend.KeyringBackend):
    priority = 1

    @property
    def _path(self) -> Path:
        return Path(os.environ["MIRA_SOAK_KEYRING"])

    def _load(self) -> dict[str, str]:
        return json.loads(self._path.read_text()) if self._path.exists() else {}

    def get_password(self, service: str, username: str) -> str | None:
        return self._load().get(f"{service}\n{username}")

    def set_password(self, service: str, username: str, password: str) -> None:
        keys = self._load()
        keys[f"{service}\n{username}"] = password
        self._path.write_text(json.dumps(keys))

    def delete_password(self, service: str, username: str) -> None:
        keys = self._load()
        if keys.pop(f"{service}\n{username}", None) is None:
            raise keyring.errors.PasswordDeleteError("not stored")
        self._path.write_text(json.dumps(keys))
