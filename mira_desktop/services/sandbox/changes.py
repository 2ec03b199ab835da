"""Which files of the workspace a command changed: the tree before and after, compared.

Each entry is known by its kind, size, modification time and inode (links are not followed), so a
file rewritten with the same bytes still counts as changed — the command did write it. A tree
larger than ``MAX_ENTRIES`` is not compared; the result then says so.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

MAX_ENTRIES = 50_000
Tree = dict[str, tuple[int, int, int, int]]


class TooManyFiles(Exception):  # noqa: N818 (what it found, not an error of ours)
    """The workspace has more entries than are compared."""


def tree(root: Path) -> Tree:
    found: Tree = {}
    stack = [""]
    while stack:
        relative = stack.pop()
        try:
            entries = list(os.scandir(root / relative if relative else root))
        except OSError:
            continue  # a folder the user cannot read: the command could not have written there either
        for entry in entries:
            path = f"{relative}/{entry.name}" if relative else entry.name
            try:
                info = entry.stat(follow_symlinks=False)
            except OSError:
                continue
            found[path] = (stat.S_IFMT(info.st_mode), info.st_size, info.st_mtime_ns, info.st_ino)
            if len(found) > MAX_ENTRIES:
                raise TooManyFiles(f"more than {MAX_ENTRIES:,} files")
            if stat.S_ISDIR(info.st_mode):
                stack.append(path)
    return found


def changed(before: Tree, after: Tree) -> list[str]:
    """Paths created, changed or deleted (folders only when created or deleted), sorted."""
    paths = set(before) | set(after)
    result = []
    for path in paths:
        old, new = before.get(path), after.get(path)
        if old == new:
            continue
        if old is not None and new is not None and stat.S_ISDIR(old[0]) and stat.S_ISDIR(new[0]):
            continue  # a folder whose entries changed: the entries are listed themselves
        result.append(path)
    return sorted(result)
