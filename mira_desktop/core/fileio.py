"""Writing files so that a crash leaves the old content or the new, never half of either."""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path


def write_atomically(target: Path, data: bytes | str, *, make_parents: bool = True) -> None:
    """Write ``data`` to ``target`` through a temporary file in the same folder, fsync, rename.

    The folder is fsynced too, so the rename itself survives a power cut. Text is written as UTF-8.
    With ``make_parents=False`` a missing folder raises ``FileNotFoundError`` instead of being made.
    """
    payload = data.encode("utf-8") if isinstance(data, str) else data
    if make_parents:
        target.parent.mkdir(parents=True, exist_ok=True)
    fd, temp = tempfile.mkstemp(prefix=f".{target.name[:40]}.", suffix=".partial", dir=target.parent)
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
