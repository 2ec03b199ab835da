"""Writing files so that a crash leaves the old content or the new, never half of either."""

from __future__ import annotations

import contextlib
import os
import re
import tempfile
from collections.abc import Iterable
from pathlib import Path

from mira_desktop.core.processes import process_alive

# ".<name>.<pid of the writer>.<random>.partial": a start can tell the leftovers of a killed writer.
_TEMPORARY = re.compile(r"^\..*\.(\d+)\.[a-z0-9_]{8}\.partial$")


def write_atomically(target: Path, data: bytes | str, *, make_parents: bool = True) -> None:
    """Write ``data`` to ``target`` through a temporary file in the same folder, fsync, rename.

    The folder is fsynced too, so the rename itself survives a power cut. Text is written as UTF-8.
    With ``make_parents=False`` a missing folder raises ``FileNotFoundError`` instead of being made.
    """
    payload = data.encode("utf-8") if isinstance(data, str) else data
    if make_parents:
        target.parent.mkdir(parents=True, exist_ok=True)
    prefix = f".{target.name[:40]}.{os.getpid()}."
    fd, temp = tempfile.mkstemp(prefix=prefix, suffix=".partial", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, target)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
    fsync_folder(target.parent)


def fsync_folder(folder: Path) -> None:
    """Make the folder's entries (a rename, a new file) durable; a no-op where folders cannot be opened."""
    with contextlib.suppress(OSError):
        handle = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(handle)
        finally:
            os.close(handle)


def remove_stray_temporaries(folders: Iterable[Path]) -> list[Path]:
    """Remove the temporary files :func:`write_atomically` left under ``folders`` when its process
    was killed mid-write (the writer named in the file is no longer running); the paths removed.
    Only for folders Mira alone writes: a user's file could have such a name too."""
    removed: list[Path] = []
    for root in folders:
        for folder, _dirs, files in os.walk(root):
            for name in files:
                found = _TEMPORARY.match(name)
                if found is None or process_alive(int(found.group(1))):
                    continue
                path = Path(folder, name)
                with contextlib.suppress(FileNotFoundError):
                    path.unlink()
                    removed.append(path)
    return removed

