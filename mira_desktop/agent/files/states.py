"""What a path holds, as a change compares it: a content hash, a folder, or nothing."""

from __future__ import annotations

import hashlib
import os
import stat

DIRECTORY = "directory"  # the state of a path that is a folder (a file's state is its sha256)


def sha256_bytes(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def sha256_of_fd(fd: int) -> str:
    """Hash an open file from its start, leaving the handle open."""
    digest = hashlib.sha256()
    offset = 0
    while chunk := os.pread(fd, 1 << 20, offset):
        digest.update(chunk)
        offset += len(chunk)
    return digest.hexdigest()


_KINDS = (
    (stat.S_ISREG, "file"),
    (stat.S_ISDIR, "folder"),
    (stat.S_ISLNK, "symlink"),
    (stat.S_ISCHR, "device file"),
    (stat.S_ISBLK, "device file"),
    (stat.S_ISFIFO, "FIFO (named pipe)"),
    (stat.S_ISSOCK, "socket"),
)


def describe_kind(mode: int) -> str:
    """``file``, ``folder``, ``symlink`` or the special kind, in words for a tool message."""
    return next((name for test, name in _KINDS if test(mode)), "special file")
