"""Planning each change tool against the workspace as it is now, without touching the disk.

A :class:`Plan` is computed from the current files: the diff, every path's before and after state,
the previous bytes (for the snapshot) and the action that makes the change. Planning the same call
again on unchanged files gives the same plan, which is how execution proves it applies exactly what
was approved.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from mira_desktop.agent.errors import ToolError
from mira_desktop.agent.files.changes import FileChange
from mira_desktop.agent.files.paths import components, display
from mira_desktop.agent.files.root import WorkspaceRoot
from mira_desktop.agent.files.states import DIRECTORY, sha256_bytes
from mira_desktop.agent.files.text import decode_text
from mira_desktop.core.phrases import Phrase, said

MAX_CHANGED_FILE_BYTES = 16 * 1024 * 1024  # larger files are not changed (their snapshot would be too big)
MAX_DIFF_CHARS = 200_000
NEAREST_LINES = 3
NEAREST_SCAN_LINES = 50_000  # bounds the similarity scan on huge files


@dataclass(frozen=True)
class Plan:
    summary: Phrase  # one line: its English for the model, the phrase for the approval card
    diff: str
    changes: tuple[FileChange, ...]
    apply: Callable[[], None]
    previous: dict[str, bytes] = field(default_factory=dict)  # content to snapshot, by path
    lines: tuple[int, int] | None = None


def plan_change(root: WorkspaceRoot, tool: str, args: dict[str, Any]) -> Plan:
    planners: dict[str, Callable[[WorkspaceRoot, dict[str, Any]], Plan]] = {
        "write_file": _write,
        "edit_file": _edit,
        "make_dir": _make_dir,
        "move_file": _move,
        "delete_file": _delete,
    }
    if tool not in planners:
        raise ToolError.said("agent.tool.not_a_change", "invalid_arguments", tool=tool)
    return planners[tool](root, args)


def _write(root: WorkspaceRoot, args: dict[str, Any]) -> Plan:
    path = _file_path(args["path"])
    new = str(args["content"])
    _require_parent_folder(root, path)
    old_bytes = _existing(root, path)
    old = decode_text(old_bytes, path) if old_bytes is not None else None
    data = new.encode("utf-8")
    diff = unified_diff(old or "", new, path, created=old is None)
    added, removed = _counts(diff)
    if old is None:
        summary = said("agent.create_file", path=path, lines=_line_count(new))
    elif old == new:
        summary = said("agent.write_same", path=path)
    else:
        summary = said("agent.replace_file", path=path, added=added, removed=removed)
    return Plan(
        summary,
        diff,
        (FileChange(path, sha256_bytes(old_bytes) if old_bytes is not None else None, sha256_bytes(data)),),
        lambda: root.write_bytes(path, data),
        {path: old_bytes} if old_bytes is not None else {},
        (1, _line_count(new)),
    )


def _edit(root: WorkspaceRoot, args: dict[str, Any]) -> Plan:
    path = _file_path(args["path"])
    old_text, new_text = str(args["old_text"]), str(args["new_text"])
    old_bytes = _existing(root, path)
    if old_bytes is None:
        raise ToolError.said("agent.tool.no_file_create", "not_found", path=path)
    text = decode_text(old_bytes, path)
    if old_text == new_text:
        raise ToolError.said("agent.tool.same_text", "invalid_arguments")
    count = text.count(old_text)
    if count == 0:
        raise ToolError(_no_match_message(text, old_text, path), "no_match")
    if count > 1:
        at = [text[:i].count("\n") + 1 for i in _occurrences(text, old_text)][:10]
        raise ToolError.said(
            "agent.tool.text_many_times", "no_match", count=count, path=path, lines=", ".join(map(str, at))
        )
    start = text.index(old_text)
    new = text[:start] + new_text + text[start + len(old_text) :]
    data = new.encode("utf-8")
    diff = unified_diff(text, new, path)
    added, removed = _counts(diff)
    line = text[:start].count("\n") + 1
    return Plan(
        said("agent.edit_file", path=path, line=line, added=added, removed=removed),
        diff,
        (FileChange(path, sha256_bytes(old_bytes), sha256_bytes(data)),),
        lambda: root.write_bytes(path, data),
        {path: old_bytes},
        (line, line + new_text.count("\n")),
    )


def _make_dir(root: WorkspaceRoot, args: dict[str, Any]) -> Plan:
    path = _file_path(args["path"])
    _require_parent_folder(root, path)
    if root.kind(path) is not None:
        raise ToolError.said("agent.tool.exists", "exists", path=path)
    return Plan(
        said("agent.make_dir", path=path),
        f"+ {path}/ (new folder)\n",
        (FileChange(path, None, DIRECTORY),),
        lambda: root.make_dir(path),
    )


def _move(root: WorkspaceRoot, args: dict[str, Any]) -> Plan:
    source, destination = _file_path(args["source"]), _file_path(args["destination"])
    if source == destination:
        raise ToolError.said("agent.tool.same_path", "invalid_arguments")
    data = _existing(root, source)
    if data is None:
        raise ToolError.said("agent.tool.no_such_path", "not_found", path=source)
    _require_parent_folder(root, destination)
    if root.kind(destination) is not None:
        raise ToolError.said("agent.tool.exists_pick", "exists", path=destination)
    digest = sha256_bytes(data)
    return Plan(
        said("agent.move_file", source=source, destination=destination),
        f"rename from {source}\nrename to {destination}\n",
        (FileChange(source, digest, None), FileChange(destination, None, digest)),
        lambda: root.move(source, destination),
        {source: data},
    )


def _delete(root: WorkspaceRoot, args: dict[str, Any]) -> Plan:
    path = _file_path(args["path"])
    data = _existing(root, path)
    if data is None:
        raise ToolError.said("agent.tool.no_such_path", "not_found", path=path)
    try:
        diff = unified_diff(decode_text(data, path), "", path, deleted=True)
    except ToolError:
        diff = f"Binary or non-UTF-8 file {path} deleted ({len(data):,} bytes)\n"
    return Plan(
        said("agent.delete_file", path=path, size=f"{len(data):,}"),
        diff,
        (FileChange(path, sha256_bytes(data), None),),
        lambda: root.delete(path),
        {path: data},
    )


# -- helpers -------------------------------------------------------------------------------------
def _file_path(raw: object) -> str:
    names = components(str(raw))
    if not names:
        raise ToolError.said("agent.tool.root_itself_path", "invalid_arguments")
    return display(names)


def _existing(root: WorkspaceRoot, path: str) -> bytes | None:
    """The current bytes of a file about to change, or None when absent; folders are refused."""
    kind = root.kind(path)
    if kind is None:
        return None
    if kind == "folder":
        raise ToolError.said("agent.tool.is_folder", "invalid_arguments", path=path)
    return root.read_bytes(path, MAX_CHANGED_FILE_BYTES, single_link=True)


def _require_parent_folder(root: WorkspaceRoot, path: str) -> None:
    parent = display(components(path)[:-1])
    if root.kind(parent) != "folder":
        raise ToolError.said("agent.tool.no_parent", "not_found", parent=parent)


def unified_diff(old: str, new: str, path: str, *, created: bool = False, deleted: bool = False) -> str:
    """A unified diff that marks a missing final newline the way git does; capped in size."""
    lines = difflib.unified_diff(
        old.splitlines(keepends=True),
        new.splitlines(keepends=True),
        "/dev/null" if created else f"a/{path}",
        "/dev/null" if deleted else f"b/{path}",
    )
    out: list[str] = []
    size = 0
    for line in lines:
        text = line if line.endswith("\n") else line + "\n\\ No newline at end of file\n"
        size += len(text)
        if size > MAX_DIFF_CHARS:
            out.append("… (diff truncated)\n")
            break
        out.append(text)
    return "".join(out)


def _counts(diff: str) -> tuple[int, int]:
    lines = diff.splitlines()
    added = sum(1 for line in lines if line.startswith("+") and not line.startswith("+++"))
    removed = sum(1 for line in lines if line.startswith("-") and not line.startswith("---"))
    return added, removed


def _line_count(text: str) -> int:
    return len(text.splitlines())


def _occurrences(text: str, part: str) -> list[int]:
    found, start = [], text.find(part)
    while start >= 0:
        found.append(start)
        start = text.find(part, start + 1)
    return found


def _no_match_message(text: str, old_text: str, path: str) -> str:
    """Say that old_text was not found, and show the lines most like it, so the model can retry."""
    lines = text.split("\n")
    wanted = old_text.strip("\n").split("\n")
    first = wanted[0].strip()
    scored = []
    for index, line in enumerate(lines[:NEAREST_SCAN_LINES]):
        matcher = difflib.SequenceMatcher(None, line.strip(), first, autojunk=False)
        if matcher.real_quick_ratio() > 0.3 and matcher.quick_ratio() > 0.3:
            scored.append((matcher.ratio(), index))
    best = sorted(scored, reverse=True)[:1]
    message = f"old_text was not found in {path} (it must match exactly, spaces and line breaks included)."
    if not best or best[0][0] < 0.4:
        return message + " No similar lines either; read the file again."
    index = best[0][1]
    window = lines[index : index + max(len(wanted), 1) + NEAREST_LINES - 1]
    shown = "\n".join(window)
    return f"{message} The nearest text is at lines {index + 1}–{index + len(window)}:\n{shown}"
