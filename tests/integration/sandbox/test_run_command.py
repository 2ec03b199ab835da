"""run_command in its sandbox: a workspace's tests run there; writing outside, reading the home or
data folder, the network, a fork bomb, a command that never ends and a flood of output are all
contained and reported; without bubblewrap there is no such tool, and `mira agent tools` says why."""

from __future__ import annotations

import os
import socket
import threading
from pathlib import Path

import pytest

from mira_desktop.agent.tools.results import ToolResult
from mira_desktop.core.cancel import Cancelled, CancelToken
from mira_desktop.core.conversation.runs import RunStatus
from mira_desktop.core.tool_records import Permission
from mira_desktop.services.app.bundle import AppServices
from mira_desktop.services.sandbox.bwrap import Availability, Limits, availability
from mira_desktop.services.sandbox.command_tool import RunCommand
from tests.integration.agent.runs import call, event_data, final, send_agent, settle, without_skills
from tests.support.cli import Mira
from tests.support.fixtures import Script

TOKEN = "sentinel-7f3a9c"
CALC = "def add(a, b):\n    return a - b\n"
TEST = (
    "import unittest\nfrom calc import add\n\n\nclass AddTest(unittest.TestCase):\n"
    "    def test_adds(self):\n        self.assertEqual(add(2, 3), 5)\n\n\nif __name__ == '__main__':\n"
    "    unittest.main()\n"
)


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A home folder with a secret, holding the workspace (the workspace is all the sandbox shows of it)."""
    folder = tmp_path / "home"
    folder.mkdir()
    (folder / "secret.txt").write_text(TOKEN, encoding="utf-8")
    monkeypatch.setenv("HOME", str(folder))
    return folder


@pytest.fixture
def project(home: Path) -> Path:
    root = home / "project"
    root.mkdir()
    (root / "calc.py").write_text(CALC, encoding="utf-8")
    (root / "test_calc.py").write_text(TEST, encoding="utf-8")
    return root


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    folder = tmp_path / "outside"
    folder.mkdir()
    (folder / "keep.txt").write_text(TOKEN, encoding="utf-8")
    return folder


@pytest.fixture
def run(services: AppServices, workspace: str) -> RunCommand:
    tools, _notices = services.tools.run_tools(services.workspaces.get(workspace), None, start=False)
    (tool,) = [t for t in tools if isinstance(t, RunCommand)]
    return tool


def _short(tool: RunCommand, **limits: float) -> RunCommand:
    return RunCommand(availability(), tool._workspace, tool._hidden, lambda: Limits(**limits))  # type: ignore[arg-type]


def _call(tool: RunCommand, command: str) -> ToolResult:
    return tool.call({"command": command}, CancelToken())


def _processes_running(text: str) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if text in (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace"):
                    found.append(int(entry.name))
            except OSError:
                continue
    return found


def test_an_agent_run_runs_the_workspaces_tests_fixes_the_code_and_runs_them_again(
    services: AppServices, workspace: str, project: Path, script: Script
) -> None:
    services.tool_permissions.set("run_command", Permission.ALLOW, workspace)
    ref = script(
        call("run_command", command="python3 -m unittest -q test_calc"),
        call("edit_file", path="calc.py", old_text="a - b", new_text="a + b"),
        call("run_command", command="python3 -m unittest -q test_calc"),
        final("The tests pass now."),
        pick="by_turn",
    )
    handle = send_agent(services, ref, "Make the tests pass.", workspace)
    assert settle(handle) is RunStatus.WAITING_APPROVAL  # the edit asks, as edits do
    assert settle(services.agent_runs.approve(handle.run_id)) is RunStatus.COMPLETED
    first, second = [
        r["result"] for r in event_data(services, handle.run_id, "tool.result") if r["tool"] == "run_command"
    ]
    assert (first["ok"], first["data"]["exit_code"]) == (False, 1)
    assert "FAILED (failures=1)" in first["text"]
    assert "AssertionError: -1 != 5" in first["text"]
    assert (second["ok"], second["data"]["exit_code"]) == (True, 0)
    assert "OK" in second["text"]
    assert (project / "calc.py").read_text() == CALC.replace("a - b", "a + b")


def test_files_a_command_changed_are_listed_and_undo_says_it_cannot_cover_them(
    services: AppServices, workspace: str, project: Path, script: Script
) -> None:
    ref = script(
        call("run_command", command="echo made > made.txt && rm test_calc.py"), final("ok"), pick="by_turn"
    )
    handle = send_agent(services, ref, "Do it.", workspace)
    assert settle(handle) is RunStatus.WAITING_APPROVAL
    pending = services.agent_runs.show(handle.run_id).pending
    assert pending is not None
    assert pending["arguments"] == {"command": "echo made > made.txt && rm test_calc.py"}
    assert pending["origin"] == "sandbox"
    assert settle(services.agent_runs.approve(handle.run_id)) is RunStatus.COMPLETED
    result = event_data(services, handle.run_id, "tool.result")[-1]["result"]
    assert result["data"]["changed"] == ["made.txt", "test_calc.py"]
    assert "undo cannot put them back" in result["text"]
    view = services.agent_runs.show(handle.run_id)
    assert view.changed_by_commands == ["made.txt", "test_calc.py"]
    assert view.files_changed == []  # nothing Mira's own undo could restore


def test_writing_outside_the_workspace_is_contained_and_reported(
    run: RunCommand, outside: Path, tmp_path: Path
) -> None:
    before = {p: p.read_bytes() for p in outside.iterdir()}
    result = _call(
        run,
        f"echo x > {outside}/new.txt; echo x >> {outside}/keep.txt; touch /usr/pwned; echo x > /etc/pwned; "
        f"echo x > /tmp/pwned-{TOKEN}; ls {tmp_path}",
    )
    assert {p: p.read_bytes() for p in outside.iterdir()} == before
    assert not Path("/usr/pwned").exists()
    assert not Path("/etc/pwned").exists()
    assert not Path(f"/tmp/pwned-{TOKEN}").exists()  # its /tmp is its own
    assert "touch: cannot touch '/usr/pwned': Read-only file system" in result.text
    assert "cannot create /etc/pwned: Read-only file system" in result.text
    assert f"cannot create {outside}/new.txt: Directory nonexistent" in result.text  # not even there


def test_the_home_folder_the_data_folder_and_other_workspaces_are_not_visible(
    services: AppServices, run: RunCommand, workspace: str, home: Path, outside: Path
) -> None:
    data_dir = services.folder.root
    services.workspaces.add("other", str(outside))
    without_skills(services)
    tools, _ = services.tools.run_tools(services.workspaces.get(workspace), None, start=False)
    result = _call(
        run,
        f"cat ../secret.txt {home}/secret.txt; ls -la {home}; ls {data_dir}; "
        f"cat {data_dir}/mira.db; cat {outside}/keep.txt; ls /root; env",
    )
    assert TOKEN not in result.text
    assert "mira.db" not in result.text.replace(f"{data_dir}/mira.db", "")
    assert f"HOME={home}" not in result.text
    assert "HOME=/tmp" in result.text
    # Another workspace hides its folder from this one's commands, and takes nothing from what it offers.
    assert [tool.definition.name for tool in tools] == ["run_command"]


def test_no_network_not_even_the_hosts_loopback(run: RunCommand) -> None:
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()
    port = server.getsockname()[1]
    accepted: list[str] = []

    def accept() -> None:
        server.settimeout(10)
        try:
            connection, _ = server.accept()
        except OSError:
            return
        accepted.append("connected")
        connection.close()

    waiter = threading.Thread(target=accept)
    waiter.start()
    try:
        result = _call(
            run,
            f"python3 -c \"import socket; socket.create_connection(('127.0.0.1', {port}), timeout=3)\"; "
            "python3 -c \"import socket; socket.getaddrinfo('example.com', 80)\"; "
            "python3 -c \"import socket; socket.create_connection(('1.1.1.1', 53), timeout=3)\"",
        )
    finally:
        server.close()
        waiter.join()
    assert accepted == []
    assert "ConnectionRefusedError" in result.text
    assert "gaierror" in result.text
    assert "Network is unreachable" in result.text


def test_a_fork_bomb_is_held_to_the_process_limit_and_leaves_nothing_behind(run: RunCommand) -> None:
    tool = _short(run, seconds=20, processes=64)
    result = _call(tool, "bomb(){ bomb | bomb & }; bomb; sleep 3")
    assert "Cannot fork" in result.text  # what the shell says at the limit
    assert result.data["seconds"] < 20  # it ended on its own, held to 64 processes
    assert _processes_running("bomb") == []


def test_a_command_that_never_ends_is_stopped_at_its_time_limit(run: RunCommand) -> None:
    tool = _short(run, seconds=2)
    result = _call(tool, "sleep 1000")
    assert (result.ok, result.kind) == (False, "timeout")
    assert "Stopped after 2 seconds" in result.text
    assert result.data["seconds"] < 10
    assert _processes_running("sleep 1000") == []


def test_a_flood_of_output_is_stopped_at_its_output_limit(run: RunCommand) -> None:
    tool = _short(run, seconds=30, output_bytes=200_000)
    result = _call(tool, "yes flood")
    assert (result.ok, result.kind) == (False, "output_limit")
    assert "printed more than 200,000 bytes" in result.text
    assert len(result.data["full_output"]) <= 200_000
    assert len(result.text) < 30_000  # the model reads a cut
    assert _processes_running("yes flood") == []


def test_memory_is_limited_per_process(run: RunCommand) -> None:
    tool = _short(run, seconds=30, memory_bytes=512 * 1024**2)
    result = _call(tool, "python3 -c 'x = bytearray(2 * 1024**3)'")
    assert result.data["exit_code"] == 1
    assert "MemoryError" in result.text


def test_stop_ends_a_running_command_at_once(run: RunCommand) -> None:
    cancel = CancelToken()
    threading.Timer(0.5, cancel.cancel).start()
    with pytest.raises(Cancelled):
        run.call({"command": "sleep 600"}, cancel)
    assert _processes_running("sleep 600") == []


def test_without_bubblewrap_there_is_no_run_command_and_agent_tools_says_why(
    mira: Mira, monkeypatch: pytest.MonkeyPatch
) -> None:
    from mira_desktop.services.sandbox import bwrap

    missing = Availability(
        None, "/usr/bin/prlimit", "bubblewrap (bwrap) is not installed: install the package bubblewrap"
    )
    monkeypatch.setattr(bwrap, "availability", lambda: missing)
    listed = mira("--json", "agent", "tools")
    assert listed.code == 0, listed.err
    assert "run_command" not in {t["name"] for t in listed.json()["tools"]}
    assert listed.json()["absent"] == [
        "run_command is not offered: bubblewrap (bwrap) is not installed: install the package bubblewrap."
    ]
    assert "Not offered: run_command is not offered: bubblewrap" in mira("agent", "tools").out
    assert mira("agent", "sandbox").out.startswith("run_command is not offered: bubblewrap")


def test_bubblewrap_missing_from_path_is_found_out(monkeypatch: pytest.MonkeyPatch) -> None:
    from mira_desktop.services.sandbox import bwrap

    monkeypatch.setenv("PATH", "/nonexistent")
    found = bwrap.availability.__wrapped__()  # type: ignore[attr-defined]
    assert not found.available
    assert "bubblewrap (bwrap) is not installed" in str(found.reason)


def test_the_sandbox_works_on_this_machine() -> None:
    """make installs bubblewrap; the sandbox really starts here (user namespaces allowed)."""
    found = availability()
    assert found.available, found.reason
    assert os.path.basename(str(found.bwrap)) == "bwrap"
