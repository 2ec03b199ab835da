"""The kernel lookup refuses escapes by itself, and the walk takes over where it is missing."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from mira_desktop.agent.errors import ToolError
from mira_desktop.agent.files import openat2 as openat2_module
from mira_desktop.agent.files.openat2 import openat2, openat2_available
from mira_desktop.agent.files.root import WorkspaceRoot

needs_openat2 = pytest.mark.skipif(not openat2_available(), reason="this kernel has no openat2")


@needs_openat2
def test_openat2_refuses_dot_dot_above_the_handle(workspace: Path) -> None:
    fd = os.open(workspace, os.O_RDONLY | os.O_DIRECTORY)
    try:
        with pytest.raises(OSError, match=os.strerror(errno.EXDEV)) as caught:
            openat2(fd, "../outside", os.O_RDONLY | os.O_DIRECTORY)
        assert caught.value.errno == errno.EXDEV
        with pytest.raises(OSError, match=os.strerror(errno.EXDEV)) as absolute:
            openat2(fd, "/etc", os.O_RDONLY | os.O_DIRECTORY)
        assert absolute.value.errno == errno.EXDEV
    finally:
        os.close(fd)


@needs_openat2
def test_openat2_refuses_any_symlink_on_the_way(workspace: Path, outside: Path) -> None:
    (workspace / "src" / "out").symlink_to(outside)
    fd = os.open(workspace, os.O_RDONLY | os.O_DIRECTORY)
    try:
        with pytest.raises(OSError, match=os.strerror(errno.ELOOP)) as caught:
            openat2(fd, "src/out", os.O_RDONLY | os.O_DIRECTORY)
        assert caught.value.errno == errno.ELOOP
        inner = openat2(fd, "src/pkg", os.O_RDONLY | os.O_DIRECTORY)
        os.close(inner)
    finally:
        os.close(fd)


@needs_openat2
def test_root_uses_openat2_by_default_where_available(workspace: Path) -> None:
    with WorkspaceRoot(workspace) as root:
        assert root.uses_openat2


def test_without_the_syscall_the_root_falls_back_to_the_walk(
    workspace: Path, outside: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(openat2_module, "_syscall", lambda: None)
    openat2_available.cache_clear()
    try:
        assert not openat2_available()
        with pytest.raises(OSError, match=os.strerror(errno.ENOSYS)) as caught:
            openat2(0, ".", os.O_RDONLY)
        assert caught.value.errno == errno.ENOSYS
        (workspace / "src" / "out").symlink_to(outside)
        with WorkspaceRoot(workspace) as root:  # by default, with no syscall to call: the walk
            assert not root.uses_openat2
            assert root.read_bytes("src/pkg/util.py", 100) == b"VALUE = 'hello'\n"  # it reads…
            with pytest.raises(ToolError, match="symlink"):  # …and it still refuses an escape
                root.read_bytes("src/out/secret.txt", 100)
            with pytest.raises(ToolError, match=r"'\.\.'"):
                root.read_bytes("../outside/secret.txt", 100)
    finally:
        monkeypatch.undo()
        openat2_available.cache_clear()
