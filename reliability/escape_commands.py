"""Escape attempts against ``run_command``: hostile commands in the sandbox of a fresh workspace.

Each case runs one shell command through the real tool (bubblewrap, the limits, the runner) in a
workspace beside an outside folder, a home folder, Mira's data folder and another workspace, each
holding a sentinel. A command is contained when none of the sentinels (nor Mira's environment
token) shows in what it printed, nothing outside the workspace changed, the loopback server of the
host saw no connection, no process of it is left running, and a limit it ran into is reported
(``expect``: the result's kind).
"""

from __future__ import annotations

import secrets
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from reliability.escape_tools import ENV_TOKEN, snapshot


@dataclass(frozen=True)
class Scene:
    base: Path
    workspace: Path
    outside: Path
    home: Path
    data: Path
    other: Path
    token: str
    port: int


@dataclass(frozen=True)
class Case:
    command: Callable[[Scene], str]
    expect: str = ""  # the result's kind when a limit must stop it: timeout | output_limit
    marker: str = ""  # a process whose command line holds this must be gone afterwards


CASES: dict[str, Case] = {
    "write outside by absolute path": Case(
        lambda s: f"echo x > {s.outside}/new.txt; echo x >> {s.outside}/secret.txt"
    ),
    "write outside through ..": Case(lambda s: "echo x > ../outside/new.txt; mkdir -p ../../escaped"),
    "write the system": Case(lambda s: "touch /usr/x /etc/x /bin/x /x; echo x > /etc/passwd"),
    "write through a link to the outside": Case(
        lambda s: f"ln -s {s.outside} out; echo x > out/new.txt; ls out"
    ),
    "hard link to a file outside": Case(lambda s: f"ln {s.outside}/secret.txt hard && cat hard"),
    "read the home folder": Case(lambda s: f"cat {s.home}/secret.txt; ls -la {s.home}; cat ~/secret.txt"),
    "read the data folder": Case(lambda s: f"ls -la {s.data}; cat {s.data}/mira.db; cat {s.data}/secret.txt"),
    "read another workspace": Case(lambda s: f"cat {s.other}/secret.txt; ls {s.other}"),
    "read system secrets": Case(
        lambda s: "cat /etc/shadow; cat /proc/1/environ; env; ls /run /var/run /root"
    ),
    "find sentinels anywhere": Case(lambda s: f"grep -r {s.token} / 2>/dev/null | head -5"),
    "connect to the host's loopback": Case(
        lambda s: (
            f"python3 -c \"import socket; socket.create_connection(('127.0.0.1', {s.port}), timeout=3)\""
        )
    ),
    "reach the internet": Case(
        lambda s: (
            "python3 -c \"import socket; socket.create_connection(('1.1.1.1', 53), timeout=3)\"; "
            "python3 -c \"import socket; socket.getaddrinfo('example.com', 443)\""
        )
    ),
    "kill every process it can": Case(lambda s: "kill -9 -1; sleep 1; echo still-here"),
    "mount over the workspace": Case(lambda s: "mount -t tmpfs none /tmp; unshare -r true; echo done"),
    "fork bomb": Case(lambda s: "bomb(){ bomb | bomb & }; bomb; sleep 5", marker="bomb"),
    "a command that never ends": Case(lambda s: f"sleep 1000 # {s.token}-sleep", "timeout", "sleep 1000"),
    "a flood of output": Case(lambda s: f"yes {s.token}-flood", "output_limit", "-flood"),
    "eat all memory": Case(lambda s: "python3 -c 'x = bytearray(64 * 1024**3)'"),
}


def _scene(base: Path) -> Scene:
    token = secrets.token_hex(8)
    home = base / "home"
    workspace = home / "project"
    outside, data, other = base / "outside", home / ".local" / "mira", base / "other-workspace"
    for folder in (workspace, outside, data, other):
        folder.mkdir(parents=True)
        (folder / "secret.txt").write_text(f"sentinel {token} in {folder.name}\n")
    (workspace / "secret.txt").unlink()
    (workspace / "notes.md").write_text("# inside\n")
    (data / "mira.db").write_text(f"sentinel {token} database\n")
    return Scene(base, workspace, outside, home, data, other, token, 0)


def _leak(text: str, scene: Scene) -> str | None:
    if f"sentinel {scene.token}" in text:
        return "a sentinel outside the workspace was read"
    if ENV_TOKEN in text:
        return "Mira's own environment was read"
    return None


def _running(marker: str) -> bool:
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if marker in (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace"):
                    return True
            except OSError:
                continue
    return False


class LoopbackServer:
    """A listening socket on the host's 127.0.0.1 that notes every connection it gets."""

    def __init__(self) -> None:
        self._socket = socket.socket()
        self._socket.bind(("127.0.0.1", 0))
        self._socket.listen()
        self._socket.settimeout(0.2)
        self.port = int(self._socket.getsockname()[1])
        self.connections = 0
        self._listening = True
        self._thread = threading.Thread(target=self._accept, daemon=True)
        self._thread.start()

    def _accept(self) -> None:
        while self._listening:
            try:
                connection, _ = self._socket.accept()
            except OSError:
                continue
            self.connections += 1
            connection.close()

    def close(self) -> None:
        self._listening = False
        self._thread.join()
        self._socket.close()


def attempt(base: Path, name: str, case: Case, timeout: float) -> dict[str, Any]:
    from mira_desktop.core.cancel import CancelToken
    from mira_desktop.services.sandbox.bwrap import Limits, availability
    from mira_desktop.services.sandbox.command_tool import RunCommand

    server = LoopbackServer()
    scene = Scene(**{**_scene(base).__dict__, "port": server.port})
    before = snapshot(base, scene.workspace)
    limits = Limits(seconds=5, output_bytes=256 * 1024, memory_bytes=1024**3, processes=128)
    tool = RunCommand(availability(), scene.workspace, [scene.home, scene.data, scene.other], lambda: limits)
    started = time.monotonic()
    try:
        result = tool.call({"command": case.command(scene)}, CancelToken())
    except Exception as exc:  # counted: a crash of the tool is not a containment
        return {
            "case": name,
            "escape": None,
            "verdict": "unexpected error",
            "text": f"{type(exc).__name__}: {exc}",
        }
    finally:
        server.close()
    seconds = time.monotonic() - started
    why = _why_escaped(result.text + str(result.data.get("full_output", "")), scene, case, before, server)
    if case.expect and result.kind != case.expect:
        verdict = "not reported"
    elif why:
        verdict = "escape"
    else:
        verdict = "hang" if seconds > timeout else "contained"
    return {
        "case": name,
        "verdict": verdict,
        "escape": why,
        "kind": result.kind,
        "seconds": round(seconds, 2),
        "text": result.text[:300],
    }


def _why_escaped(
    text: str, scene: Scene, case: Case, before: dict[str, str], server: LoopbackServer
) -> str | None:
    why = _leak(text, scene)
    if why is None and snapshot(scene.base, scene.workspace) != before:
        why = "something outside the workspace changed"
    if why is None and server.connections:
        why = "it reached the host's loopback"
    if why is None and case.marker and _running(case.marker):
        why = "a process of it was left running"
    if why is None and Path("/x").exists():
        why = "it wrote to the host's /"
    return why


def run_all(work: Path, timeout: float) -> list[dict[str, Any]]:
    """Every case; an empty list when this machine has no sandbox (the goal then says so)."""
    from mira_desktop.services.sandbox.bwrap import availability

    if not availability().available:
        return []
    return [
        attempt(work / f"command-{i:02d}", name, case, timeout)
        for i, (name, case) in enumerate(CASES.items())
    ]
