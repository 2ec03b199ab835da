"""Data sources: files attached to a workspace or a thread, with the tables allowed and the columns
masked. Kept as one JSON list in the settings table (key ``data.sources``), so no migration."""

from __future__ import annotations

import builtins
import secrets
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from mira_desktop.core.changes import ChangeFeed, Topic
from mira_desktop.core.errors import InvalidInputError, NotFoundError
from mira_desktop.store.settings import SettingsRepository

KEY = "data.sources"
KINDS = {".sqlite": "sqlite", ".sqlite3": "sqlite", ".db": "sqlite", ".csv": "csv", ".xlsx": "xlsx",
         ".parquet": "parquet"}  # fmt: skip


@dataclass(frozen=True)
class DataSource:
    """One attached file. ``allow``: table names, or ``TABLE.COLUMN`` for some columns only (empty:
    every table); ``mask``: ``TABLE.COLUMN`` whose values a query never sees."""

    id: str
    path: str
    kind: str
    workspace_id: str | None = None
    thread_id: str | None = None
    allow: tuple[str, ...] = ()
    mask: tuple[str, ...] = ()

    @property
    def name(self) -> str:
        return Path(self.path).name

    def to_dict(self) -> dict[str, Any]:
        return asdict(self) | {"allow": list(self.allow), "mask": list(self.mask), "name": self.name}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> DataSource:
        return cls(
            str(data["id"]),
            str(data["path"]),
            str(data["kind"]),
            data.get("workspace_id"),
            data.get("thread_id"),
            tuple(str(a) for a in data.get("allow") or ()),
            tuple(str(m) for m in data.get("mask") or ()),
        )

    def table_allowed(self, table: str) -> bool:
        return not self.allow or any(a.lower().split(".")[0] == table.lower() for a in self.allow)

    def columns_allowed(self, table: str) -> set[str] | None:
        """The allowed columns of ``table`` (lower-case), or None for all of them."""
        named = {
            a.lower().split(".", 1)[1]
            for a in self.allow
            if "." in a and a.lower().split(".")[0] == table.lower()
        }
        return named or None

    def masked(self, table: str) -> set[str]:
        return {
            m.lower().split(".", 1)[1]
            for m in self.mask
            if "." in m and m.lower().split(".")[0] == table.lower()
        }


def kind_of(path: Path) -> str:
    kind = KINDS.get(path.suffix.lower())
    if kind is None:
        raise InvalidInputError.said("data.unknown_kind", path=str(path), kinds=", ".join(sorted(KINDS)))
    return kind


class DataSources:
    """Attach, list and detach data files (``mira data``, the window's Data list)."""

    def __init__(self, settings: SettingsRepository, changes: ChangeFeed | None = None) -> None:
        self._settings = settings
        self._changes = changes

    def list(self) -> list[DataSource]:
        stored = self._settings.get(KEY, [])
        return [DataSource.from_dict(d) for d in stored] if isinstance(stored, list) else []

    def for_run(self, workspace_id: str | None, thread_id: str | None) -> builtins.list[DataSource]:
        """The sources a run in this workspace and thread may query."""
        return [
            s
            for s in self.list()
            if (s.workspace_id is not None and s.workspace_id == workspace_id)
            or (s.thread_id is not None and s.thread_id == thread_id)
        ]

    def for_thread(self, thread_id: str) -> builtins.list[DataSource]:
        """The sources attached to this thread itself (not through its workspace)."""
        return [s for s in self.list() if s.thread_id == thread_id]

    def add(
        self,
        path: Path,
        *,
        workspace_id: str | None = None,
        thread_id: str | None = None,
        allow: tuple[str, ...] = (),
        mask: tuple[str, ...] = (),
    ) -> DataSource:
        """Check the file opens as data, that every allowed and masked table exists, then store it.

        Raises:
            InvalidInputError: not a file, an unknown kind, not a database, or an unknown table.
        """
        from mira_desktop.services.data.engine import open_source  # cycle: engine imports sources

        path = path.expanduser().resolve()
        if not path.is_file():
            raise InvalidInputError.said("data.not_file", path=str(path))
        if (workspace_id is None) == (thread_id is None):
            raise InvalidInputError.said("data.one_owner")
        source = DataSource(
            secrets.token_hex(4), str(path), kind_of(path), workspace_id, thread_id, allow, mask
        )
        with open_source(source, every_table=True) as opened:
            tables = {t.lower() for t in opened.tables()}
        for item in (*allow, *mask):
            if item.lower().split(".")[0] not in tables:
                raise InvalidInputError.said(
                    "data.no_such_table",
                    table=item.split(".")[0],
                    path=path.name,
                    tables=", ".join(sorted(tables)),
                )
        for item in mask:
            if "." not in item:
                raise InvalidInputError.said("data.mask_needs_column", item=item)
        self._settings.set(KEY, [*(s.to_dict() for s in self.list()), source.to_dict()])
        self._publish()
        return source

    def get(self, source_id: str) -> DataSource:
        for source in self.list():
            if source.id == source_id:
                return source
        raise NotFoundError.said("data.not_found", id=source_id)

    def remove(self, source_id: str) -> DataSource:
        found = [self.get(source_id)]
        self._settings.set(KEY, [s.to_dict() for s in self.list() if s.id != source_id])
        self._publish()
        return found[0]

    def _publish(self) -> None:
        if self._changes is not None:
            self._changes.publish(Topic.TOOLS)
