"""The attachments folder: each file once, under its sha256, written atomically, beside the text read from it.

Layout: ``<root>/<first two hex digits>/<sha256>`` (the bytes) and ``….text.json`` (the located text,
for files that are not images); ``<root>/.scratch/`` holds what a reader is given while a file is
being checked, and is emptied as soon as it is done.
"""

from __future__ import annotations

import contextlib
import hashlib
import re
import shutil
import time
from pathlib import Path

from mira_desktop.core.fileio import write_atomically

_BLOB = re.compile(r"^[0-9a-f]{64}(\.text\.json)?$")
TEXT_SUFFIX = ".text.json"


def sha256_of(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


class BlobStore:
    def __init__(self, root: Path) -> None:
        self.root = root

    @property
    def scratch(self) -> Path:
        return self.root / ".scratch"

    @staticmethod
    def relative(sha256: str) -> str:
        return f"{sha256[:2]}/{sha256}"

    def path(self, relative: str) -> Path:
        return self.root / relative

    def text_path(self, relative: str) -> Path:
        return self.root / f"{relative}{TEXT_SUFFIX}"

    def write(self, sha256: str, data: bytes, text: str | None) -> str:
        """Store ``data`` (and its ``text``) unless the same bytes are there already; the relative path."""
        relative = self.relative(sha256)
        target = self.path(relative)
        if not (target.is_file() and target.stat().st_size == len(data)):
            write_atomically(target, data)
        if text is not None and not self.text_path(relative).is_file():
            write_atomically(self.text_path(relative), text)
        return relative

    def intact(self, relative: str, sha256: str) -> bool:
        """The stored bytes are there and still hash to ``sha256``."""
        try:
            return sha256_of(self.path(relative).read_bytes()) == sha256
        except OSError:
            return False

    def remove(self, relative: str) -> int:
        """Delete the file and its text; the bytes freed."""
        freed = 0
        for path in (self.path(relative), self.text_path(relative)):
            with contextlib.suppress(FileNotFoundError):
                freed += path.stat().st_size
                path.unlink()
        with contextlib.suppress(OSError):
            self.path(relative).parent.rmdir()  # only when empty
        return freed

    def orphans(self, known: set[str], older_than_s: float) -> list[str]:
        """Stored files no row names, left longer than ``older_than_s`` (a crash between the write
        and the row); relative paths of the bytes."""
        found: list[str] = []
        if not self.root.is_dir():
            return found
        cutoff = time.time() - older_than_s
        for folder in self.root.iterdir():
            if not folder.is_dir() or len(folder.name) != 2:
                continue
            for path in folder.iterdir():
                if not _BLOB.match(path.name):
                    continue
                relative = f"{folder.name}/{path.name.removesuffix(TEXT_SUFFIX)}"
                with contextlib.suppress(FileNotFoundError):
                    if relative not in known and path.stat().st_mtime <= cutoff and relative not in found:
                        found.append(relative)
        return found

    def stale_scratch(self, older_than_s: float) -> list[Path]:
        """What a reader left in the scratch folder untouched for ``older_than_s`` (a process killed
        while checking a file or searching it); a reader at work keeps touching its own entry."""
        if not self.scratch.is_dir():
            return []
        cutoff = time.time() - older_than_s
        return [entry for entry in self.scratch.iterdir() if _newest_change(entry) <= cutoff]

    @staticmethod
    def remove_scratch(entry: Path) -> None:
        if entry.is_dir() and not entry.is_symlink():
            shutil.rmtree(entry, ignore_errors=True)
        else:
            entry.unlink(missing_ok=True)


def _newest_change(entry: Path) -> float:
    """The latest modification time in ``entry``'s tree (0 when it vanished meanwhile)."""
    newest = 0.0
    with contextlib.suppress(OSError):
        newest = entry.lstat().st_mtime
        if entry.is_dir() and not entry.is_symlink():
            for path in entry.rglob("*"):
                with contextlib.suppress(OSError):
                    newest = max(newest, path.lstat().st_mtime)
    return newest
