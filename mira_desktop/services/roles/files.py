"""Reading the files a user names for roles (cards, role JSON, avatars) and writing exports safely."""

from __future__ import annotations

from pathlib import Path

from mira_desktop.core import fileio
from mira_desktop.core.errors import InvalidInputError, NotFoundError
from mira_desktop.core.phrases import said

# What a file is read as, in the sentences that name it.
WHAT = {"character card": "roles.what.card", "avatar image": "roles.what.avatar", "role file": "roles.what.role_file"}


def read_user_file(path: Path, *, limit: int, what: str) -> bytes:
    """The bytes of ``path`` (a ``what``: one of :data:`WHAT`), or a one-line error that names it."""
    shown = said(WHAT[what])
    try:
        size = path.stat().st_size
        if path.is_dir():
            raise InvalidInputError.said("roles.file.is_folder", path=path, what=shown)
        if size > limit:
            raise InvalidInputError.said(
                "roles.file.too_big", path=path, size=f"{size / 2**20:.1f}", what=shown, limit=limit // 2**20
            )
        return path.read_bytes()
    except FileNotFoundError as exc:
        raise NotFoundError.said("roles.file.missing", path=path) from exc
    except OSError as exc:
        raise InvalidInputError.said("roles.file.unreadable", path=path, reason=exc.strerror or exc) from exc


def write_user_file(target: Path, data: bytes) -> None:
    """Write ``data`` over ``target`` atomically; a missing folder or a failed write is the user's to fix."""
    if not target.parent.is_dir():
        raise InvalidInputError.said("roles.file.no_folder", target=target, parent=target.parent)
    try:
        fileio.write_atomically(target, data, make_parents=False)
    except OSError as exc:
        raise InvalidInputError.said(
            "roles.file.unwritable", target=target, reason=exc.strerror or exc
        ) from exc
