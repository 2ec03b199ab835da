"""The backup archive: a zip of the data folder's files and ``manifest.json``, written last, with the
size and SHA-256 of every member.

An archive is written as ``NAME.partial`` and renamed when complete, so a killed backup never leaves
something that looks finished; the writer holds a lock on the partial file, so that a start can tell
one a killed process left (removed) from one another process is writing (kept). Reading checks
everything before trusting anything: the manifest's format and schema, that every member is listed
with its checksum and nothing else is there, and that no name could land outside the folder it is
restored into.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import zipfile
import zlib
from dataclasses import asdict, dataclass, field
from pathlib import Path, PurePosixPath
from typing import IO, Any

from mira_desktop import __version__
from mira_desktop.core.errors import InvalidInputError
from mira_desktop.core.fileio import fsync_folder

FORMAT = 1
MANIFEST = "manifest.json"
CHUNK = 1 << 20


@dataclass(frozen=True)
class FileSum:
    size: int
    sha256: str


@dataclass(frozen=True)
class ArchiveManifest:
    kind: str  # "full", or "pre-migration" (the database only)
    schema_version: int
    created_at: str
    source_root: str  # the data folder it was taken from (absolute paths in it are rewritten on restore)
    files: dict[str, FileSum]
    indexes: dict[str, int] = field(default_factory=dict)  # knowledge base → the generation copied
    format: int = FORMAT
    app_version: str = __version__

    def to_json(self) -> str:
        return json.dumps(asdict(self), indent=1, ensure_ascii=False, sort_keys=True)

    @property
    def total_bytes(self) -> int:
        return sum(f.size for f in self.files.values())


class ArchiveWriter:
    """Adds files to ``target.partial`` with their checksums; ``finish`` writes the manifest and renames."""

    def __init__(self, target: Path) -> None:
        self.target = target
        self.partial = target.with_name(target.name + ".partial")
        target.parent.mkdir(parents=True, exist_ok=True)
        # Opened without truncating, locked, then emptied: a partial file another process is
        # writing is neither cut short here nor swept by a start (remove_abandoned_partials).
        self._handle = os.fdopen(os.open(self.partial, os.O_RDWR | os.O_CREAT, 0o666), "w+b")
        try:
            fcntl.flock(self._handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            self._handle.close()
            raise InvalidInputError.said("backup.busy", target=target) from None
        self._handle.truncate(0)
        self._zip = zipfile.ZipFile(self._handle, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=1)
        self.files: dict[str, FileSum] = {}

    def add_file(self, name: str, path: Path) -> None:
        check_name(name)
        digest, size = hashlib.sha256(), 0
        with path.open("rb") as source, self._zip.open(name, "w", force_zip64=True) as sink:
            while chunk := source.read(CHUNK):
                digest.update(chunk)
                size += len(chunk)
                sink.write(chunk)
        self.files[name] = FileSum(size, digest.hexdigest())

    def add_bytes(self, name: str, data: bytes) -> None:
        check_name(name)
        self._zip.writestr(name, data)
        self.files[name] = FileSum(len(data), hashlib.sha256(data).hexdigest())

    def discard(self) -> None:
        self._zip.close()
        self.partial.unlink(missing_ok=True)
        self._handle.close()

    def finish(self, manifest: ArchiveManifest) -> Path:
        self._zip.writestr(MANIFEST, manifest.to_json())
        self._zip.close()
        self._handle.flush()
        os.fsync(self._handle.fileno())
        os.replace(self.partial, self.target)
        self._handle.close()
        fsync_folder(self.target.parent)
        return self.target


def remove_abandoned_partials(folder: Path) -> list[Path]:
    """Remove the partial archives in ``folder`` that no process is writing (their writer was
    killed: nothing holds their lock); the names removed."""
    removed: list[Path] = []
    for path in sorted(folder.glob("*.partial")) if folder.is_dir() else []:
        try:
            with path.open("rb") as handle:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
                path.unlink()  # while the lock is held: no writer can take the file up meanwhile
        except OSError:  # being written (BlockingIOError), or gone already
            continue
        removed.append(path)
    return removed


def check_name(name: str) -> None:
    """A member name must stay inside the folder it is restored into."""
    path = PurePosixPath(name)
    if not name or "\\" in name or path.is_absolute() or ".." in path.parts or name.startswith("/"):
        raise InvalidInputError.said("backup.unsafe_name", name=name)


def open_archive(path: Path) -> zipfile.ZipFile:
    if not path.is_file():
        raise InvalidInputError.said("backup.not_a_file", path=path)
    try:
        return zipfile.ZipFile(path)
    except (zipfile.BadZipFile, OSError) as exc:
        raise InvalidInputError.said("backup.incomplete", name=path.name, error=exc) from exc


def read_manifest(archive: zipfile.ZipFile, name: str, newest_schema: int) -> ArchiveManifest:
    try:
        data: dict[str, Any] = json.loads(archive.read(MANIFEST))
        files = {k: FileSum(int(v["size"]), str(v["sha256"])) for k, v in data.pop("files").items()}
        manifest = ArchiveManifest(files=files, **data)
    except KeyError as exc:
        raise InvalidInputError.said("backup.no_manifest", name=name) from exc
    except (ValueError, TypeError, zipfile.BadZipFile) as exc:
        raise InvalidInputError.said("backup.manifest_damaged", name=name, error=exc) from exc
    if manifest.format > FORMAT or manifest.schema_version > newest_schema:
        raise InvalidInputError.said(
            "backup.newer",
            name=name,
            app_version=manifest.app_version,
            schema_version=manifest.schema_version,
        )
    return manifest


def verify_members(archive: zipfile.ZipFile, manifest: ArchiveManifest, name: str) -> None:
    """Every member listed, nothing more, each with the size and checksum the manifest gives."""
    members = {info.filename for info in archive.infolist() if not info.is_dir()} - {MANIFEST}
    for member in members | set(manifest.files):
        check_name(member)
    if members != set(manifest.files):
        missing, extra = sorted(set(manifest.files) - members), sorted(members - set(manifest.files))
        raise InvalidInputError.said(
            "backup.manifest_mismatch", name=name, missing=missing[:3], extra=extra[:3]
        )
    for member, expected in manifest.files.items():
        with archive.open(member) as handle:
            if digest_of(handle) != expected:
                raise InvalidInputError.said("backup.bad_checksum", member=member, name=name)


def digest_of(handle: IO[bytes]) -> FileSum:
    digest, size = hashlib.sha256(), 0
    try:
        while chunk := handle.read(CHUNK):
            digest.update(chunk)
            size += len(chunk)
    except (zipfile.BadZipFile, zlib.error, OSError, EOFError) as exc:  # a CRC error, a cut-off member
        return FileSum(-1, str(exc))
    return FileSum(size, digest.hexdigest())
