"""Which folders may be a workspace: not ``/``, not the home folder itself, not a system folder."""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

from mira_desktop.agent.errors import InvalidWorkspaceRoot
from mira_desktop.core.phrases import Phrase, said

# Refused with everything inside them (except what lies inside the home folder: on some systems
# the home folders themselves live under /var).
SYSTEM_TREES = tuple(
    Path(p)
    for p in (
        "/etc", "/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/boot", "/dev",
        "/proc", "/sys", "/run", "/var", "/opt", "/root", "/snap", "/lost+found",
        "/System", "/Library", "/private", "/Applications",
    )
)  # fmt: skip
# Shared parents refused themselves; their sub-folders are fine (a project in /tmp/x or /mnt/disk/x).
SHARED_PARENTS = tuple(
    Path(p) for p in ("/", "/tmp", "/var/tmp", "/private/tmp", "/home", "/Users", "/mnt", "/media", "/srv")
)
# Temporary folders that lie inside system trees (macOS keeps /tmp under /private).
ALLOWED_INSIDE_SYSTEM = tuple(Path(p) for p in ("/var/tmp", "/private/tmp", "/private/var/folders"))


def validate_workspace_root(
    path: str | os.PathLike[str], *, home: Path | None = None, also_refused: Iterable[Path] = ()
) -> Path:
    """Return the folder's real path, or raise :class:`InvalidWorkspaceRoot` saying why it cannot be one.

    Args:
        path: the folder the user picked; a symlink to a folder is resolved first, and judged by
            where it leads.
        home: the user's home folder (default: ``Path.home()``).
        also_refused: more trees to refuse with everything inside, e.g. Mira's own data folder,
            whose database and snapshots an agent must never rewrite.
    """
    real = Path(os.path.realpath(path))
    if not real.exists():
        raise _refused(path, said("workspace.root.missing"))
    if not real.is_dir():
        raise _refused(path, said("workspace.root.not_folder"))
    home = Path(os.path.realpath(home or Path.home()))
    if real in SHARED_PARENTS:
        raise _refused(path, said("workspace.root.shared"))
    if real == home:
        raise _refused(path, said("workspace.root.home"))
    for tree in also_refused:
        resolved = Path(os.path.realpath(tree))
        if real == resolved or real.is_relative_to(resolved):
            raise _refused(path, said("workspace.root.inside_data", folder=resolved))
        if resolved.is_relative_to(real):
            raise _refused(path, said("workspace.root.holds_data", folder=resolved))
    if real.is_relative_to(home) or any(real.is_relative_to(p) for p in ALLOWED_INSIDE_SYSTEM):
        return real
    for tree in SYSTEM_TREES:
        if real.is_relative_to(tree):
            raise _refused(path, said("workspace.root.system", folder=tree))
    return real


def _refused(path: str | os.PathLike[str], why: Phrase) -> InvalidWorkspaceRoot:
    return InvalidWorkspaceRoot.said("workspace.root.refused", path=os.fspath(path), why=why)
