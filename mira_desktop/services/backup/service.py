"""Backing up the data folder while the app runs, verifying a backup, restoring it into a new folder.

What goes in: the database through SQLite's online backup API (a consistent snapshot even while a
reply is being written), each knowledge base's sources and its live index generation (copied under
the index lock, with the app's own indexer paused between two steps), attachments, media, avatars,
agent snapshots and the files of the workspaces kept in the data folder. What stays out: logs,
earlier backups, generations being built, and the keyring's secrets (remote API keys).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import sqlite3
import tempfile
import zipfile
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path

from mira_desktop.core import phrases
from mira_desktop.core.clock import now_iso
from mira_desktop.core.data_folder import DataFolder
from mira_desktop.core.errors import InvalidInputError
from mira_desktop.index.locking import IndexLock
from mira_desktop.index.manifest import read_manifest as read_index_manifest
from mira_desktop.services.backup.archive import (
    ArchiveManifest,
    ArchiveWriter,
    digest_of,
    open_archive,
    read_manifest,
    verify_members,
)
from mira_desktop.store import migrations

COPIED_FOLDERS = ("attachments", "media", "avatars", "agent", "workspaces")
SKIPPED_NAMES = (".scratch", "index.lock")
LOCK_WAIT_S = 120.0
PRE_MIGRATION_KEEP = 5


@dataclass(frozen=True)
class BackupReport:
    path: Path
    files: int
    bytes: int
    indexes: dict[str, int]


@dataclass(frozen=True)
class RestoreReport:
    folder: Path
    files: int
    bytes: int
    kind: str
    created_at: str
    notes: list[str]


class BackupService:
    def __init__(
        self,
        folder: DataFolder,
        pause_indexing: Callable[[], AbstractContextManager[None]] | None = None,
        providers_with_keys: Callable[[], list[str]] | None = None,
    ) -> None:
        self._folder = folder
        self._pause = pause_indexing
        self._providers = providers_with_keys

    def default_name(self) -> str:
        return f"mira-backup-{datetime.now(UTC).strftime('%Y%m%d-%H%M%S')}.zip"

    # -- creating --------------------------------------------------------------------------------
    def create(self, target: Path, on_progress: Callable[[str], None] | None = None) -> BackupReport:
        """Write a backup of the whole data folder to ``target`` (a new file)."""
        target = target.expanduser().absolute()
        if target.exists():
            raise InvalidInputError.said("backup.exists", target=target)
        if target.is_relative_to(self._folder.root) and not target.is_relative_to(
            self._folder.root / "backups"
        ):
            raise InvalidInputError.said("backup.inside", target=target)
        tell = on_progress or (lambda _text: None)
        writer = ArchiveWriter(target)
        try:
            tell("database")
            with tempfile.TemporaryDirectory(prefix="mira-backup-") as scratch:
                schema = snapshot_database(self._folder.database_path, Path(scratch) / "mira.db")
                writer.add_file("mira.db", Path(scratch) / "mira.db")
            indexes = self._add_knowledge(writer, tell)
            for name in COPIED_FOLDERS:
                tell(name)
                self._add_tree(writer, self._folder.root / name, name)
            manifest = ArchiveManifest(
                kind="full",
                schema_version=schema,
                created_at=now_iso(),
                source_root=str(self._folder.root),
                files=writer.files,
                indexes=indexes,
            )
            path = writer.finish(manifest)
        except BaseException:
            writer.discard()
            raise
        return BackupReport(path, len(manifest.files), manifest.total_bytes, indexes)

    def _add_knowledge(self, writer: ArchiveWriter, tell: Callable[[str], None]) -> dict[str, int]:
        root = self._folder.knowledge_dir
        copied: dict[str, int] = {}
        if not root.is_dir():
            return copied
        pause = self._pause() if self._pause is not None else contextlib.nullcontext()
        with pause:
            for kb_dir in sorted(p for p in root.iterdir() if p.is_dir()):
                tell(f"knowledge base {kb_dir.name}")
                for part in sorted(p for p in kb_dir.iterdir() if p.is_dir() and p.name != "index"):
                    self._add_tree(writer, part, f"knowledge/{kb_dir.name}/{part.name}")
                generation = self._add_index(writer, kb_dir)
                if generation is not None:
                    copied[kb_dir.name] = generation
        return copied

    def _add_index(self, writer: ArchiveWriter, kb_dir: Path) -> int | None:
        """The live generation and a manifest naming only it, copied while no job writes to it."""
        index_dir = kb_dir / "index"
        if not (index_dir / "manifest.json").is_file():
            return None
        lock = IndexLock(index_dir / "index.lock", phrases.said("kb.the_base_folder", name=kb_dir.name))
        lock.acquire(timeout=LOCK_WAIT_S)
        try:
            manifest = read_index_manifest(index_dir / "manifest.json")
            if manifest is None:
                return None
            live = replace(manifest, building=None, building_spec=None)
            prefix = f"knowledge/{kb_dir.name}/index"
            writer.add_bytes(f"{prefix}/manifest.json", live.to_json().encode())
            name = f"g{manifest.generation:04d}"
            self._add_tree(writer, index_dir / name, f"{prefix}/{name}")
            return manifest.generation
        finally:
            lock.release()

    def _add_tree(self, writer: ArchiveWriter, folder: Path, prefix: str) -> None:
        if not folder.is_dir():
            return
        for path in sorted(_files(folder)):
            relative = path.relative_to(folder).as_posix()
            with contextlib.suppress(FileNotFoundError):  # removed while the backup ran: not there any more
                writer.add_file(f"{prefix}/{relative}", path)

    # -- verifying and restoring -----------------------------------------------------------------
    def verify(self, archive_path: Path) -> ArchiveManifest:
        """Check the archive completely (manifest, every checksum, the database's integrity)."""
        archive_path = archive_path.expanduser().absolute()
        with open_archive(archive_path) as archive:
            manifest = read_manifest(archive, archive_path.name, migrations.latest_version())
            verify_members(archive, manifest, archive_path.name)
            with tempfile.TemporaryDirectory(prefix="mira-verify-") as scratch:
                database = Path(scratch) / "mira.db"
                _extract(archive, "mira.db", database)
                check_database(database, archive_path.name)
        return manifest

    def restore(self, archive_path: Path, target: Path) -> RestoreReport:
        """Restore the archive into ``target``, a new or empty folder; verified before anything is written
        there, assembled beside it and moved into place at the end, so nothing is half-restored."""
        archive_path, target = archive_path.expanduser().absolute(), target.expanduser().absolute()
        if target.exists() and (not target.is_dir() or any(target.iterdir())):
            raise InvalidInputError.said("backup.not_empty", target=target)
        if target == self._folder.root:
            raise InvalidInputError.said("backup.into_current")
        manifest = self.verify(archive_path)
        target.parent.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=f".{target.name}.restoring-", dir=target.parent))
        try:
            with open_archive(archive_path) as archive:
                for member in manifest.files:
                    _extract(archive, member, staging / member)
            verify_tree(staging, manifest)
            _rewrite_paths(staging / "mira.db", manifest.source_root, str(target))
            if target.exists():
                target.rmdir()
            os.replace(staging, target)
        except BaseException:
            shutil.rmtree(staging, ignore_errors=True)
            raise
        notes = []
        if self._providers is not None and self._providers():
            notes.append("Remote API keys are never in a backup: enter them again in Settings → Models.")
        if manifest.kind != "full":
            notes.append("This backup holds the database only (taken before a schema migration).")
        return RestoreReport(
            target, len(manifest.files), manifest.total_bytes, manifest.kind, manifest.created_at, notes
        )

    # -- before a schema migration ---------------------------------------------------------------
    def pre_migration_backup(self, database: Path, found: int, newest: int) -> Path:
        return pre_migration_backup(self._folder, database, found, newest)


def pre_migration_backup(folder: DataFolder, database: Path, found: int, newest: int) -> Path:
    """Save the database as it is before migrating it from schema ``found`` to ``newest``; keep the
    last few such backups."""
    backups = folder.root / "backups"
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S-%f")
    writer = ArchiveWriter(backups / f"pre-migration-v{found}-to-v{newest}-{stamp}.zip")
    try:
        with tempfile.TemporaryDirectory(prefix="mira-backup-") as scratch:
            snapshot_database(database, Path(scratch) / "mira.db")
            writer.add_file("mira.db", Path(scratch) / "mira.db")
        path = writer.finish(
            ArchiveManifest("pre-migration", found, now_iso(), str(folder.root), writer.files)
        )
    except BaseException:
        writer.discard()
        raise
    kept = sorted(backups.glob("pre-migration-*.zip"), key=lambda p: p.stat().st_mtime)
    for old in kept[:-PRE_MIGRATION_KEEP]:
        old.unlink(missing_ok=True)
    return path


def snapshot_database(source: Path, target: Path) -> int:
    """A consistent copy of the database through SQLite's online backup API; returns its schema version."""
    reader = sqlite3.connect(f"{source.resolve().as_uri()}?mode=ro", uri=True)
    writer = sqlite3.connect(target)
    try:
        reader.backup(writer)
        version = int(writer.execute("PRAGMA user_version").fetchone()[0])
        writer.execute("PRAGMA journal_mode = DELETE")
    finally:
        writer.close()
        reader.close()
    check_database(target, phrases.said("backup.the_copy"))
    return version


def check_database(path: Path, label: phrases.Phrase | str) -> None:
    conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    try:
        result = conn.execute("PRAGMA integrity_check").fetchone()[0]
    except sqlite3.DatabaseError as exc:
        result = str(exc)
    finally:
        conn.close()
    if result != "ok":
        raise InvalidInputError.said("backup.database_damaged", label=label, error=result)


def verify_tree(folder: Path, manifest: ArchiveManifest) -> None:
    """The extracted files, read back from disk, match the manifest (a full disk shows here)."""
    for member, expected in manifest.files.items():
        with (folder / member).open("rb") as handle:
            if digest_of(handle) != expected:
                raise InvalidInputError.said("backup.write_failed", member=member)


def _extract(archive: zipfile.ZipFile, member: str, target: Path) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    with archive.open(member) as source, target.open("wb") as sink:
        shutil.copyfileobj(source, sink, 1 << 20)


def _rewrite_paths(database: Path, old_root: str, new_root: str) -> None:
    """Workspaces kept in the old data folder now live in the new one."""
    conn = sqlite3.connect(database)
    try:
        with conn:
            conn.execute(
                "UPDATE workspaces SET root_path = ? || substr(root_path, ?) "
                "WHERE root_path = ? OR root_path LIKE ? ESCAPE '\\'",
                (new_root, len(old_root) + 1, old_root, _like_prefix(old_root) + "/%"),
            )
    finally:
        conn.close()


def _like_prefix(text: str) -> str:
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


def _files(folder: Path) -> Iterator[Path]:
    for path in folder.rglob("*"):
        if any(
            part in SKIPPED_NAMES or part.startswith(".write-probe")
            for part in path.relative_to(folder).parts
        ):
            continue
        if path.is_file() and not path.is_symlink():
            yield path
