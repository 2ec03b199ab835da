"""Turning the path a model sent into components, refusing what can only mean escaping."""

from __future__ import annotations

import os

from mira_desktop.agent.errors import ToolError

NAME_MAX = 255  # bytes per component on Linux file systems
PATH_MAX = 4096


def components(path: str) -> tuple[str, ...]:
    """Split a workspace-relative path into its names; ``""`` and ``"."`` are the root itself.

    Refuses absolute paths, ``..`` anywhere (even where it would stay inside: the model must name
    paths plainly), NUL bytes and names the file system cannot hold. Containment itself is not
    decided here but by opening each name from a directory handle (see :mod:`.root`).
    """
    if "\x00" in path:
        raise ToolError("The path contains a NUL character; send a plain relative path.", "invalid_arguments")
    if path.startswith("/"):
        raise ToolError(
            f"{path!r} is an absolute path; paths are relative to the workspace root (e.g. 'notes/todo.md').",
            "refused",
        )
    if path == "~" or path.startswith("~/"):
        raise ToolError(
            f"{path!r} starts with '~', which is not the home folder here; paths are relative to the "
            "workspace root.",
            "refused",
        )
    if len(os.fsencode(path)) > PATH_MAX:
        raise ToolError(f"The path is longer than {PATH_MAX} bytes.", "invalid_arguments")
    names = tuple(part for part in path.split("/") if part not in ("", "."))
    if ".." in names:
        raise ToolError(
            f"{path!r} uses '..'; name paths inside the workspace root without '..'.",
            "refused",
        )
    for name in names:
        if len(os.fsencode(name)) > NAME_MAX:
            raise ToolError(f"The name {name[:40]!r}… is longer than {NAME_MAX} bytes.", "invalid_arguments")
    return names


def display(names: tuple[str, ...]) -> str:
    """The normalised relative path shown to the model and the user (``.`` for the root)."""
    return "/".join(names) or "."
