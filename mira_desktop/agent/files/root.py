"""The workspace root: every lookup of :class:`RootHandle`, plus the changes the tools make.

Writes go to a temporary file in the same folder (opened through the folder's handle), are
fsynced and moved into place with ``os.replace`` between handles; the folder is fsynced after.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from collections.abc import Iterable
from pathlib import Path

from mira_desktop.agent.errors import ToolError
from mira_desktop.agent.files.lookups import Entry, RootHandle, require_regular, require_single_link
from mira_desktop.agent.files.root_check import validate_workspace_root

__all__ = ["Entry", "WorkspaceRoot"]


class WorkspaceRoot(RootHandle):
    """Opens, reads and changes files strictly beneath one folder.

    Args:
        path: the workspace folder (validated unless ``validate`` is False).
        use_openat2: force the kernel lookup (True) or the component walk (False).
        validate: check that the folder may be a workspace at all (see ``validate_workspace_root``).
        also_refused: trees the workspace must not lie in (Mira's data folder).
    """

    def __init__(
        self,
        path: str | os.PathLike[str],
        *,
        use_openat2: bool | None = None,
        validate: bool = True,
        also_refused: Iterable[Path] = (),
    ) -> None:
        real = validate_workspace_root(path, also_refused=also_refused) if validate else Path(path)
        super().__init__(real, use_openat2=use_openat2)

    # -- changes ---------------------------------------------------------------------------------
    def write_bytes(self, path: str, data: bytes) -> None:
        """Create or replace a regular file: temporary file beside it, fsync, ``os.replace``.

        An existing file keeps its permission bits; one with more than one hard link is refused,
        since its content is shared with a name that may lie outside the workspace.
        """
        with self.parent(path) as (dir_fd, name, shown):
            existing = self.lstat(dir_fd, name, shown)
            if existing is not None:
                require_regular(existing, shown)
                require_single_link(existing, shown)
            mode = stat.S_IMODE(existing.st_mode) if existing is not None else 0o644
            temp = f".mira-{os.urandom(6).hex()}.tmp"
            fd = os.open(
                temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, mode, dir_fd=dir_fd
            )
            try:
                try:
                    view = memoryview(data)
                    while view:
                        view = view[os.write(fd, view) :]
                    if existing is not None:
                        os.fchmod(fd, mode)
                    os.fsync(fd)
                finally:
                    os.close(fd)
                os.replace(temp, name, src_dir_fd=dir_fd, dst_dir_fd=dir_fd)
            except BaseException:
                with contextlib.suppress(OSError):
                    os.unlink(temp, dir_fd=dir_fd)
                raise
            os.fsync(dir_fd)

    def make_dir(self, path: str) -> None:
        with self.parent(path) as (dir_fd, name, shown):
            try:
                os.mkdir(name, 0o755, dir_fd=dir_fd)
            except FileExistsError as exc:
                raise ToolError.said("agent.tool.exists", "exists", path=shown) from exc
            except OSError as exc:
                raise self._error(exc, dir_fd, name, (shown,), want_folder=True) from exc
            os.fsync(dir_fd)

    def move(self, source: str, destination: str) -> None:
        """Rename a regular file; the destination must not exist (nothing is overwritten)."""
        with (
            self.parent(source) as (src_fd, src_name, src_shown),
            self.parent(destination) as (dst_fd, dst_name, dst_shown),
        ):
            info = self.lstat(src_fd, src_name, src_shown)
            if info is None:
                raise ToolError.said("agent.tool.no_such_path", "not_found", path=src_shown)
            require_regular(info, src_shown)
            if self.lstat(dst_fd, dst_name, dst_shown) is not None:
                raise ToolError.said("agent.tool.exists_pick", "exists", path=dst_shown)
            os.rename(src_name, dst_name, src_dir_fd=src_fd, dst_dir_fd=dst_fd)
            os.fsync(dst_fd)
            os.fsync(src_fd)

    def delete(self, path: str) -> None:
        """Remove a regular file (folders are never deleted by the agent)."""
        with self.parent(path) as (dir_fd, name, shown):
            info = self.lstat(dir_fd, name, shown)
            if info is None:
                raise ToolError.said("agent.tool.no_such_path", "not_found", path=shown)
            require_regular(info, shown)
            os.unlink(name, dir_fd=dir_fd)
            os.fsync(dir_fd)

    def remove_empty_dir(self, path: str) -> None:
        """Undo of a made folder: only an empty one is removed."""
        with self.parent(path) as (dir_fd, name, shown):
            try:
                os.rmdir(name, dir_fd=dir_fd)
            except OSError as exc:
                if exc.errno == errno.ENOTEMPTY:
                    raise ToolError.said("agent.tool.folder_not_empty", "exists", path=shown) from exc
                raise self._error(exc, dir_fd, name, (shown,), want_folder=True) from exc
            os.fsync(dir_fd)
