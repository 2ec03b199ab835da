"""What the escape attempts share: a fresh workspace beside an outside folder, calling a tool as a
run does, with a timeout, and telling an escape from a refusal."""

from __future__ import annotations

import hashlib
import json
import os
import secrets
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from reliability.escape_cases import Place

ENV_TOKEN = secrets.token_hex(8)
SPECIAL = ("device", "fifo", "unix socket")
Args = Callable[[str, Place], dict[str, Any]]
TOOLS: dict[str, Args] = {
    "list_files": lambda p, _: {"path": p, "depth": 3},
    "read_file": lambda p, _: {"path": p},
    "search_files": lambda p, place: {"query": place.token, "path": p},
    "write_file": lambda p, _: {"path": p, "content": "written by an escape attempt\n"},
    "edit_file": lambda p, _: {"path": p, "old_text": "sentinel", "new_text": "edited by an escape attempt"},
    "make_dir": lambda p, _: {"path": p},
    "move_file (from)": lambda p, _: {"source": p, "destination": "moved-here.txt"},
    "move_file (to)": lambda p, _: {"source": "notes.md", "destination": p},
    "delete_file": lambda p, _: {"path": p},
}
READERS = ("list_files", "read_file", "search_files")


def new_place(base: Path) -> Place:
    base.mkdir(parents=True)
    token = secrets.token_hex(8)
    root, outside = base / "workspace", base / "outside"
    (root / "src").mkdir(parents=True)
    (root / "notes.md").write_text("# Notes\nsentinel of the inside\n")
    (root / "src" / "app.py").write_text("print('inside')\n")
    outside.mkdir()
    place = Place(root, outside, token)
    place.secret.write_text(f"sentinel {token} content\n")
    (outside / f"listed-only-{token[::-1]}.txt").write_text("only a listing of the outside shows this\n")
    return place


def snapshot(base: Path, root: Path) -> dict[str, str]:
    """Everything under ``base`` except the workspace, by path: kind, content hash or link target."""
    found: dict[str, str] = {}
    for path in sorted(base.rglob("*")):
        if path == root or root in path.parents or "snapshots" in path.relative_to(base).parts:
            continue
        if path.is_symlink():
            found[str(path)] = "link " + os.readlink(path)
        elif path.is_file():
            found[str(path)] = "file " + hashlib.sha256(path.read_bytes()).hexdigest()
        else:
            found[str(path)] = "folder"
    return found


def leaked(text: str, place: Place) -> str | None:
    if f"sentinel {place.token}" in text:
        return "the sentinel's content was read"
    if f"listed-only-{place.token[::-1]}" in text:
        return "the outside folder was listed"
    if "root:x:0:0" in text or ENV_TOKEN in text:
        return "a system file was read"
    return None


def call(tools: Any, tool: str, arguments: dict[str, Any]) -> dict[str, Any]:
    """One call as the agent route makes it: validate, then read, or propose and execute."""
    from mira_desktop.agent.errors import StaleProposal, ToolError
    from mira_desktop.core.cancel import CancelToken

    name = tool.split(" ", 1)[0]
    try:
        tools.validate(name, arguments)
        if name in READERS:
            result = tools.run_read(name, arguments, CancelToken())
            return {"ok": result.ok, "text": json.dumps(result.to_dict(), default=str)}
        proposal = tools.propose("call_1", name, arguments)
        result = tools.execute(proposal)
        return {"ok": result.ok, "text": json.dumps(result.to_dict(), default=str)}
    except (ToolError, StaleProposal) as refused:
        return {"ok": False, "text": str(refused)}
    except Exception as exc:
        return {"ok": False, "text": f"{type(exc).__name__}: {exc}", "unexpected": True}


def timed(function: Callable[[], dict[str, Any]], timeout: float) -> dict[str, Any] | None:
    """``function()`` on its own thread; None when it is still running after ``timeout`` seconds."""
    box: list[dict[str, Any]] = []
    worker = threading.Thread(target=lambda: box.append(function()), daemon=True)
    worker.start()
    worker.join(timeout)
    return box[0] if box else None


def tools_for(place: Place, use_openat2: bool) -> Any:
    from mira_desktop.agent.files.root import WorkspaceRoot
    from mira_desktop.agent.snapshots import SnapshotStore
    from mira_desktop.agent.tools.registry import ToolRegistry
    from mira_desktop.agent.tools.workspace_tools import WorkspaceTools

    root = WorkspaceRoot(place.root, use_openat2=use_openat2)
    return WorkspaceTools(root, ToolRegistry(), SnapshotStore(place.root.parent / "snapshots"))
