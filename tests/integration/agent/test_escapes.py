"""No path escapes the workspace in a real run: each attempt is an error the model reads, nothing outside changes.

The escapes are made inside the workspace the way a hostile file tree (or the model itself,
through an earlier approved change) would leave them: symlink chains pointing out, a symlink to
a parent folder, a symlinked folder, a hard link to an outside file, and device files and FIFOs.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Callable
from pathlib import Path

import pytest

from mira_desktop.core.conversation.runs import RunStatus
from mira_desktop.services.app.bundle import AppServices
from tests.integration.agent.conftest import SECRET
from tests.integration.agent.runs import call, event_data, final, send_agent, settle, tool_result_sent
from tests.support.fixtures import Script
from tests.support.scripted import requests_sent


def _tree(folder: Path) -> dict[str, bytes | str]:
    """Every entry beneath ``folder`` (not following symlinks) with its content or link target."""
    found: dict[str, bytes | str] = {}
    for path in sorted(folder.rglob("*")):
        key = str(path.relative_to(folder))
        if path.is_symlink():
            found[key] = "-> " + os.readlink(path)
        elif path.is_file():
            found[key] = path.read_bytes()
        else:
            found[key] = "dir" if path.is_dir() else "special"
    return found


def _chain(project: Path, outside: Path) -> str:
    (project / "chain2").symlink_to("../outside/secret.txt")
    (project / "chain1").symlink_to("chain2")
    return "chain1"


def _parent_link(project: Path, outside: Path) -> str:
    (project / "up").symlink_to("..")
    return "up/outside/secret.txt"


def _linked_folder(project: Path, outside: Path) -> str:
    (project / "src" / "vendor").symlink_to(outside)
    return "src/vendor/secret.txt"


def _dotdot(project: Path, outside: Path) -> str:
    return "../outside/secret.txt"


def _dotdot_inside(project: Path, outside: Path) -> str:
    return "src/../../outside/secret.txt"


def _absolute(project: Path, outside: Path) -> str:
    return str(outside / "secret.txt")


def _dev_absolute(project: Path, outside: Path) -> str:
    return "/dev/zero"


def _dev_link(project: Path, outside: Path) -> str:
    (project / "zero").symlink_to("/dev/zero")
    return "zero"


def _device(project: Path, outside: Path) -> str:
    try:
        os.mknod(project / "null", stat.S_IFCHR | 0o666, os.makedev(1, 3))
    except PermissionError:
        pytest.skip("this user cannot create device files")
    return "null"


def _fifo(project: Path, outside: Path) -> str:
    os.mkfifo(project / "pipe")
    return "pipe"


SYMLINK = "is a symlink; the workspace never follows symlinks"
DOTDOT = "uses '..'; name paths inside the workspace root"
ABSOLUTE = "is an absolute path; paths are relative to the workspace root"
ESCAPES: dict[str, tuple[Callable[[Path, Path], str], str]] = {
    "symlink-chain-pointing-out": (_chain, SYMLINK),
    "symlink-to-parent-folder": (_parent_link, SYMLINK),
    "symlinked-folder": (_linked_folder, SYMLINK),
    "dotdot": (_dotdot, DOTDOT),
    "dotdot-through-a-folder": (_dotdot_inside, DOTDOT),
    "absolute": (_absolute, ABSOLUTE),
    "dev-file-absolute": (_dev_absolute, ABSOLUTE),
    "symlink-to-dev-file": (_dev_link, SYMLINK),
    "device-file-inside": (_device, "is a device file; only regular files"),
    "fifo-inside": (_fifo, "is a FIFO (named pipe); only regular files"),
}


@pytest.mark.usefixtures("outside")
@pytest.mark.parametrize("escape", list(ESCAPES.values()), ids=list(ESCAPES))
def test_reading_and_writing_through_an_escape_are_errors_the_model_reads(
    services: AppServices,
    workspace: str,
    project: Path,
    script: Script,
    escape: tuple[Callable[[Path, Path], str], str],
) -> None:
    make, why = escape
    outside = project.parent / "outside"
    path = make(project, outside)
    project_before, outside_before = _tree(project), _tree(outside)
    ref = script(
        call("read_file", path=path),
        call("write_file", path=path, content="pwned\n"),
        call("edit_file", path=path, old_text="top", new_text="pwned"),
        call("delete_file", path=path),
        final("I could not reach it."),
        pick="by_turn",
    )
    handle = send_agent(services, ref, "Show me the secret.", workspace)
    assert settle(handle) is RunStatus.COMPLETED  # never paused: no change could even be proposed

    results = event_data(services, handle.run_id, "tool.result")
    assert [r["tool"] for r in results] == ["read_file", "write_file", "edit_file", "delete_file"]
    assert all(not r["result"]["ok"] for r in results), results
    last = requests_sent(services, ref)[-1]
    for step, r in enumerate(results, start=1):
        text = tool_result_sent(last, f"call_{step}-0")
        assert text == r["result"]["text"]
        assert why in text
        assert SECRET.strip() not in text
    assert event_data(services, handle.run_id, "approval.required") == []
    assert _tree(outside) == outside_before
    assert _tree(project) == project_before


def test_a_hard_link_to_an_outside_file_is_never_written_moved_or_deleted(
    services: AppServices, workspace: str, project: Path, outside: Path, script: Script
) -> None:
    os.link(outside / "secret.txt", project / "shared.txt")
    ref = script(
        call("write_file", path="shared.txt", content="pwned\n"),
        call("edit_file", path="shared.txt", old_text="top", new_text="pwned"),
        call("move_file", source="shared.txt", destination="moved.txt"),
        call("delete_file", path="shared.txt"),
        final("It is shared with another file."),
        pick="by_turn",
    )
    handle = send_agent(services, ref, "Overwrite shared.txt.", workspace)
    assert settle(handle) is RunStatus.COMPLETED

    last = requests_sent(services, ref)[-1]
    for step in range(1, 5):
        assert "has 2 hard links" in tool_result_sent(last, f"call_{step}-0")
    assert (outside / "secret.txt").read_text() == SECRET
    assert (project / "shared.txt").read_text() == SECRET
    assert os.stat(outside / "secret.txt").st_nlink == 2
    assert not (project / "moved.txt").exists()


def test_changes_that_lead_out_through_a_folder_are_refused(
    services: AppServices, workspace: str, project: Path, outside: Path, script: Script
) -> None:
    (project / "linked").symlink_to(outside)
    ref = script(
        call("write_file", path="linked/new.txt", content="pwned\n"),
        call("make_dir", path="linked/sub"),
        call("move_file", source="old.txt", destination="linked/old.txt"),
        call("move_file", source="old.txt", destination="../outside/old.txt"),
        call("move_file", source="linked/secret.txt", destination="stolen.txt"),
        final("Refused."),
        pick="by_turn",
    )
    outside_before = _tree(outside)
    handle = send_agent(services, ref, "Put things outside.", workspace)
    assert settle(handle) is RunStatus.COMPLETED
    results = event_data(services, handle.run_id, "tool.result")
    assert len(results) == 5
    assert all(not r["result"]["ok"] for r in results)
    assert "symlink" in results[0]["result"]["text"]
    assert "'..'" in results[3]["result"]["text"]
    assert _tree(outside) == outside_before
    assert (project / "old.txt").exists()
    assert not (project / "stolen.txt").exists()


def test_listing_and_searching_never_enter_a_symlinked_folder(
    services: AppServices, workspace: str, project: Path, outside: Path, script: Script
) -> None:
    (project / "linked").symlink_to(outside)
    (project / "up").symlink_to("..")
    ref = script(
        call("list_files", depth=6),
        call("search_files", query="top secret"),
        final("Nothing secret here."),
        pick="by_turn",
    )
    handle = send_agent(services, ref, "Find the secret.", workspace)
    assert settle(handle) is RunStatus.COMPLETED
    last = requests_sent(services, ref)[-1]
    listing = tool_result_sent(last, "call_1-0")
    assert "linked  (symlink, not followed)" in listing
    assert "up  (symlink, not followed)" in listing
    assert "secret.txt" not in listing
    found = tool_result_sent(last, "call_2-0")
    assert found.startswith("0 matching lines")
