"""Reading the files a user names for roles (cards, role JSON, avatars) and writing exports safely."""

from __future__ import annotations

from pathlib import Path

from mira_desktop.core import fileio
from mira_desktop.core.errors import InvalidInputError, NotFoundError


def read_user_file(path: Path, *, limit: int, what: str) -> bytes:
    """The bytes of ``path``, or a one-line error that names it."""
    try:
        size = path.stat().st_size
        if path.is_dir():
            raise InvalidInputError(f"{path} is a folder, not a {what}.")
        if size > limit:
            raise InvalidInputError(
                f"{path} is {size / 2**20:.1f} MB; a {what} may be at most {limit // 2**20} MB."
            )
        return path.read_bytes()
    except FileNotFoundError as exc:
        raise NotFoundError(f"No such file: {path}.") from exc
    except OSError as exc:
        raise InvalidInputError(f"Cannot read {path}: {exc.strerror or exc}.") from exc


def write_user_file(target: Path, data: bytes) -> None:
    """Write ``data`` over ``target`` atomically; a missing folder or a failed write is the user's to fix."""
    if not target.parent.is_dir():
        raise InvalidInputError(f"Cannot write {target}: the folder {target.parent} does not exist.")
    try:
        fileio.write_atomically(target, data, make_parents=False)
    except OSError as exc:
        raise InvalidInputError(f"Cannot write {target}: {exc.strerror or exc}.") from exc
