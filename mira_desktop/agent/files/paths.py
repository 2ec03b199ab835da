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
        raise ToolError.said("agent.tool.nul", "invalid_arguments")
    if path.startswith("/"):
        raise ToolError.said("agent.tool.absolute", "refused", path=path)
    if path == "~" or path.startswith("~/"):
        raise ToolError.said("agent.tool.tilde", "refused", path=path)
    if len(os.fsencode(path)) > PATH_MAX:
        raise ToolError.said("agent.tool.path_too_long", "invalid_arguments", path_max=PATH_MAX)
    names = tuple(part for part in path.split("/") if part not in ("", "."))
    if ".." in names:
        raise ToolError.said("agent.tool.dotdot", "refused", path=path)
    for name in names:
        if len(os.fsencode(name)) > NAME_MAX:
            raise ToolError.said(
                "agent.tool.name_too_long", "invalid_arguments", name=name[:40], name_max=NAME_MAX
            )
    return names


def display(names: tuple[str, ...]) -> str:
    """The normalised relative path shown to the model and the user (``.`` for the root)."""
    return "/".join(names) or "."
