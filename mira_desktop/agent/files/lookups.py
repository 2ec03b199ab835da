"""Looking things up beneath a workspace root, one component at a time from its folder handle.

The root is opened once. Every path is then reached from that handle: with Linux ``openat2`` and
``RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS`` where the kernel has it, otherwise by opening each folder
name with ``O_NOFOLLOW | O_DIRECTORY`` from its parent's handle. The last name is always checked
with ``lstat`` from its parent's handle and opened ``O_NOFOLLOW``, so no symlink is ever followed,
wherever it points, and no path string is ever compared for containment.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Self

from mira_desktop.agent.errors import ToolError, WorkspaceGone
from mira_desktop.agent.files.openat2 import openat2, openat2_available
from mira_desktop.agent.files.paths import components, display
from mira_desktop.agent.files.states import DIRECTORY, describe_kind, sha256_of_fd
from mira_desktop.core.phrases import said

DIR_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC
# O_NONBLOCK: a FIFO swapped in after the lstat check must not block the open.
_READ_FLAGS = os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC | os.O_NONBLOCK | os.O_NOCTTY


@dataclass(frozen=True)
class Entry:
    """One name in a folder listing; ``kind`` is file, folder, symlink or special."""

    path: str
    kind: str
    size: int
    depth: int


class RootHandle:
    """A folder handle with every lookup beneath it (no validation, no changes: see ``WorkspaceRoot``).

    Args:
        path: the folder, already validated.
        use_openat2: force the kernel lookup (True) or the component walk (False); by default
            ``openat2`` is used where available.
    """

    def __init__(self, path: Path, *, use_openat2: bool | None = None) -> None:
        self.path = path
        try:
            self._fd = os.open(self.path, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
        except OSError as exc:
            raise WorkspaceGone(str(self.path)) from exc
        info = os.fstat(self._fd)
        self._identity = (info.st_dev, info.st_ino)
        self.uses_openat2 = openat2_available() if use_openat2 is None else use_openat2

    @property
    def name(self) -> str:
        return self.path.name

    def close(self) -> None:
        if self._fd >= 0:
            os.close(self._fd)
            self._fd = -1

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def check_alive(self) -> None:
        """Raise :class:`WorkspaceGone` when the folder was deleted, moved or replaced."""
        try:
            if os.fstat(self._fd).st_nlink == 0:
                raise WorkspaceGone(str(self.path))
            now = os.stat(self.path)
        except OSError as exc:
            raise WorkspaceGone(str(self.path)) from exc
        if (now.st_dev, now.st_ino) != self._identity:
            raise WorkspaceGone(str(self.path))

    # -- lookups ---------------------------------------------------------------------------------
    def open_folder(self, names: tuple[str, ...]) -> int:
        """A new handle on the folder ``names`` beneath the root (the caller closes it)."""
        if self.uses_openat2:
            try:
                return openat2(self._fd, "/".join(names) or ".", os.O_RDONLY | os.O_DIRECTORY)
            except OSError as exc:
                if exc.errno == errno.EXDEV:
                    raise ToolError.said("agent.tool.outside", path=display(names)) from exc
                # Let the walk below find which name is wrong, for a precise message.
        fd = os.open(".", DIR_FLAGS, dir_fd=self._fd)
        for index, name in enumerate(names):
            try:
                child = os.open(name, DIR_FLAGS, dir_fd=fd)
            except OSError as exc:
                raise self._error(exc, fd, name, names[: index + 1], want_folder=True) from exc
            finally:
                os.close(fd)
            fd = child
        if self.uses_openat2:  # openat2 refused a path the walk accepted: it changed meanwhile
            os.close(fd)
            raise ToolError.said("agent.tool.changed_while_opened", path=display(names))
        return fd

    @contextlib.contextmanager
    def parent(self, path: str) -> Iterator[tuple[int, str, str]]:
        """``(folder handle, last name, shown path)`` for ``path``, which must not be the root."""
        names = components(path)
        if not names:
            raise ToolError.said("agent.tool.root_itself_file", "invalid_arguments")
        fd = self.open_folder(names[:-1])
        try:
            yield fd, names[-1], display(names)
        finally:
            os.close(fd)

    def lstat(self, dir_fd: int, name: str, shown: str) -> os.stat_result | None:
        """The entry itself (never what a symlink points to), or None when absent."""
        try:
            return os.stat(name, dir_fd=dir_fd, follow_symlinks=False)
        except FileNotFoundError:
            self.check_alive()
            return None
        except OSError as exc:
            raise self._error(exc, dir_fd, name, (shown,), want_folder=False) from exc

    def kind(self, path: str) -> str | None:
        """``file``, ``folder``, or None when absent; symlinks and special files are refused."""
        names = components(path)
        if not names:
            return "folder"
        try:
            with self.parent(path) as (fd, name, shown):
                info = self.lstat(fd, name, shown)
        except ToolError as exc:
            if exc.kind == "not_found":
                return None
            raise
        if info is None:
            return None
        if stat.S_ISDIR(info.st_mode):
            return "folder"
        require_regular(info, shown)
        return "file"

    @contextlib.contextmanager
    def open_file(self, path: str) -> Iterator[tuple[int, os.stat_result, str]]:
        """A read handle on the regular file ``path`` with its stat, checked before and after opening."""
        with self.parent(path) as (dir_fd, name, shown):
            before = self.lstat(dir_fd, name, shown)
            if before is None:
                raise ToolError.said("agent.tool.no_such_path", "not_found", path=shown)
            require_regular(before, shown)
            try:
                fd = os.open(name, _READ_FLAGS, dir_fd=dir_fd)
            except OSError as exc:
                raise self._error(exc, dir_fd, name, (shown,), want_folder=False) from exc
            try:
                info = os.fstat(fd)
                if (info.st_dev, info.st_ino) != (before.st_dev, before.st_ino):
                    raise ToolError.said("agent.tool.replaced_while_opened", path=shown)
                require_regular(info, shown)
                yield fd, info, shown
            finally:
                os.close(fd)

    def read_bytes(self, path: str, limit: int, *, single_link: bool = False) -> bytes:
        """The whole file, refused with ``too_large`` past ``limit`` bytes.

        With ``single_link`` a file with more than one hard link is refused (before a change, and
        by the read tools: the other name may lie outside the workspace).
        """
        with self.open_file(path) as (fd, info, shown):
            if single_link:
                require_single_link(info, shown)
            if info.st_size > limit:
                raise ToolError.said(
                    "agent.tool.over_limit_size",
                    "too_large",
                    path=shown,
                    size=f"{info.st_size:,}",
                    limit=f"{limit:,}",
                )
            chunks = []
            total = 0
            while chunk := os.read(fd, 1 << 20):
                total += len(chunk)
                if total > limit:  # grew while reading
                    raise ToolError.said("agent.tool.over_limit", "too_large", path=shown, limit=f"{limit:,}")
                chunks.append(chunk)
            return b"".join(chunks)

    def state(self, path: str) -> str | None:
        """What a change compares: the file's sha256, :data:`DIRECTORY`, or None when absent."""
        found = self.kind(path)
        if found is None:
            return None
        if found == "folder":
            return DIRECTORY
        with self.open_file(path) as (fd, _, _):
            return sha256_of_fd(fd)

    def entries(self, path: str, max_depth: int, skip: frozenset[str] = frozenset()) -> Iterator[Entry]:
        """Every name beneath the folder ``path``, depth first in name order, down to ``max_depth`` levels.

        Each sub-folder is opened from its parent's handle with ``O_NOFOLLOW``; symlinks are listed,
        never entered; folders named in ``skip`` (``.git``…) are listed but not entered either.
        """
        names = components(path)
        yield from self._walk(self.open_folder(names), names, 1, max_depth, skip)

    def _walk(
        self, fd: int, folder: tuple[str, ...], depth: int, max_depth: int, skip: frozenset[str]
    ) -> Iterator[Entry]:
        try:
            try:
                with os.scandir(fd) as listing:
                    items = sorted(listing, key=lambda item: item.name)
            except OSError:  # unreadable folder: listed by its parent, its content skipped
                items = []
            for item in items:
                try:
                    info = item.stat(follow_symlinks=False)
                except OSError:  # removed since the listing
                    continue
                kind = describe_kind(info.st_mode)
                yield Entry(display((*folder, item.name)), kind, info.st_size if kind == "file" else 0, depth)
                if kind != "folder" or depth >= max_depth or item.name in skip:
                    continue
                try:
                    child = os.open(item.name, DIR_FLAGS, dir_fd=fd)
                except OSError:  # removed or swapped for a symlink since the listing: not entered
                    continue
                yield from self._walk(child, (*folder, item.name), depth + 1, max_depth, skip)
        finally:
            os.close(fd)

    # -- errors ----------------------------------------------------------------------------------
    def _error(
        self, exc: OSError, dir_fd: int, name: str, names: tuple[str, ...], *, want_folder: bool
    ) -> ToolError:
        """Turn an ``OSError`` on ``name`` (opened from ``dir_fd``) into a sentence the model can act on."""
        shown = display(names)
        if exc.errno == errno.ENOENT:
            self.check_alive()
            return ToolError.said("agent.tool.no_such_path", "not_found", path=shown)
        if exc.errno in (errno.ELOOP, errno.ENOTDIR, errno.EMLINK):
            try:
                info = os.stat(name, dir_fd=dir_fd, follow_symlinks=False)
            except OSError:
                info = None
            if info is not None and stat.S_ISLNK(info.st_mode):
                return not_regular(info, shown)
            if info is not None and want_folder and not stat.S_ISDIR(info.st_mode):
                return ToolError.said("agent.file.not_folder", "invalid_arguments", path=shown)
            if info is not None and not want_folder and not stat.S_ISDIR(info.st_mode):
                return not_regular(info, shown)
        refusals = {
            errno.EACCES: ("agent.file.denied", "refused", {"path": shown}),
            errno.EPERM: ("agent.file.denied", "refused", {"path": shown}),
            errno.ENAMETOOLONG: ("agent.file.name_too_long", "invalid_arguments", {"name": shown[:40]}),
        }
        key, kind, values = refusals.get(
            exc.errno or 0, ("agent.file.unopenable", "refused", {"path": shown, "reason": exc.strerror})
        )
        return ToolError.said(key, kind, **values)


def require_regular(info: os.stat_result, shown: str) -> None:
    """Refuse anything but a regular file, naming what it is."""
    if not stat.S_ISREG(info.st_mode):
        raise not_regular(info, shown)


def not_regular(info: os.stat_result, shown: str) -> ToolError:
    kind = describe_kind(info.st_mode)
    if kind == "folder":
        return ToolError.said("agent.file.is_folder", "invalid_arguments", path=shown)
    if kind == "symlink":
        return ToolError.said("agent.file.symlink", path=shown)
    return ToolError.said(
        "agent.file.special", path=shown, kind=said(SPECIAL_KINDS.get(kind, "agent.file.kind.special"))
    )


# The kinds of ``describe_kind`` a tool cannot read or change, as phrases (a value of agent.file.special).
SPECIAL_KINDS = {
    "device file": "agent.file.kind.device",
    "FIFO (named pipe)": "agent.file.kind.fifo",
    "socket": "agent.file.kind.socket",
}


def require_single_link(info: os.stat_result, shown: str) -> None:
    if info.st_nlink > 1:
        raise ToolError.said("agent.tool.hard_links", path=shown, links=info.st_nlink)
