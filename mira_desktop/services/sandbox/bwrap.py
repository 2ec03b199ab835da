"""The bubblewrap command line of one sandboxed command, and whether such a sandbox works here.

What the command sees: the workspace, read-write, as its working folder (at its own path); the
system read-only (``/usr`` and the ``/bin``, ``/lib``… links into it, the pieces of ``/etc``
programs need), and nothing else writable; its own empty ``/tmp``, ``/proc`` (its own processes only) and a minimal ``/dev``;
nothing else — not the home folder, not Mira's data folder, not the other workspaces (any of them
that lies inside what is shown is covered by an empty folder). No network (its own network
namespace), no capabilities, a cleared environment. Limits are set inside the sandbox's user
namespace by ``prlimit``: processes (against fork bombs; the kernel counts them in that namespace
only), memory per process, file size, CPU time. As root the kernel ignores the process limit, so a
``pids`` cgroup holds the sandbox instead (:mod:`.cgroups`), or there is no sandbox.
"""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from mira_desktop.core.phrases import Phrase, said
from mira_desktop.services.sandbox import cgroups

SYSTEM_LINKS = ("bin", "sbin", "lib", "lib32", "lib64", "libx32")
ETC = (
    "alternatives",
    "ld.so.cache",
    "ld.so.conf",
    "ld.so.conf.d",
    "localtime",
    "passwd",
    "group",
    "nsswitch.conf",
    "mime.types",
    "locale.alias",
    "ssl",
    "ca-certificates",
    "python3",
    "python3.11",
    "python3.12",
    "python3.13",
)
ENVIRONMENT = (
    ("PATH", "/usr/local/bin:/usr/bin:/bin"),
    ("HOME", "/tmp"),
    ("TMPDIR", "/tmp"),
    ("LANG", "C.UTF-8"),
    ("TERM", "dumb"),
    # Python's bytecode goes to the command's own /tmp: none is left in the workspace, and a .pyc
    # there (stale after an edit within the same second) is never read.
    ("PYTHONPYCACHEPREFIX", "/tmp/pycache"),
)


@dataclass(frozen=True)
class Limits:
    """What one command may use; the time and output limits are enforced by the runner."""

    seconds: float = 120.0
    output_bytes: int = 1024 * 1024
    memory_bytes: int = 4 * 1024**3  # address space per process
    processes: int = 256
    file_bytes: int = 2 * 1024**3  # largest file it may write


def sandbox_argv(
    bwrap: str,
    prlimit: str,
    workspace: Path,
    hidden: Sequence[Path],
    command: str,
    *,
    limits: Limits,
    shown: Sequence[tuple[Path, str]] = (),
) -> list[str]:
    """The full command line that runs ``sh -c command`` in the sandbox of ``workspace``; ``shown``:
    folders it also sees, read-only, each at its own path there (the skills' folders)."""
    root = workspace.resolve()
    argv = [
        bwrap,
        "--unshare-all",
        "--unshare-user",
        "--die-with-parent",
        "--new-session",
        "--cap-drop",
        "ALL",
        "--hostname",
        "mira-sandbox",
        "--ro-bind",
        "/usr",
        "/usr",
    ]
    argv += _links()
    for name in ETC:
        argv += ["--ro-bind-try", f"/etc/{name}", f"/etc/{name}"]
    argv += ["--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp", "--tmpfs", "/var/tmp"]
    argv += ["--bind", str(root), str(root)]
    for path in _covered(root, hidden):
        argv += ["--tmpfs", str(path)]
    for folder, inside in shown:
        argv += ["--ro-bind", str(folder.resolve()), inside]
    argv += ["--remount-ro", "/", "--chdir", str(root), "--clearenv"]  # only /tmp and the workspace take writes
    for name, value in ENVIRONMENT:
        argv += ["--setenv", name, value]
    argv += [
        "--",
        prlimit,
        f"--nproc={limits.processes}",
        f"--as={limits.memory_bytes}",
        f"--fsize={limits.file_bytes}",
        f"--cpu={int(limits.seconds) + 5}",
        "--core=0",
        "--",
        "/bin/sh",
        "-c",
        command,
    ]
    return argv


def _covered(root: Path, hidden: Sequence[Path]) -> list[Path]:
    """The hidden folders that lie inside what the sandbox shows (the workspace, /usr, /etc)."""
    shown = [root, Path("/usr"), Path("/etc")]
    found = []
    for path in hidden:
        try:
            resolved = path.resolve()
        except OSError:
            continue
        if resolved == root or root.is_relative_to(resolved):
            continue  # the workspace itself, or a folder above it: nothing of it is shown but the workspace
        if resolved.is_dir() and any(resolved.is_relative_to(s) for s in shown):
            found.append(resolved)
    return found


@dataclass(frozen=True)
class Availability:
    """Whether ``run_command`` can be offered here, and why not."""

    bwrap: str | None
    prlimit: str | None
    reason: Phrase | str | None  # None: it works
    version: str = ""

    @property
    def available(self) -> bool:
        return self.reason is None


@functools.cache
def availability() -> Availability:
    """Found once per process: bubblewrap and prlimit on PATH, and a sandbox that really starts."""
    bwrap, prlimit = shutil.which("bwrap"), shutil.which("prlimit")
    if bwrap is None:
        return Availability(None, prlimit, said("tools.sandbox.no_bwrap"))
    if prlimit is None:
        return Availability(bwrap, None, said("tools.sandbox.no_prlimit"))
    version = _run([bwrap, "--version"]).stdout.strip()
    probe = _run([bwrap, "--unshare-all", "--unshare-user", "--die-with-parent", "--ro-bind", "/usr", "/usr",
                  *_links(), "--proc", "/proc", "--dev", "/dev", "--", "/bin/sh", "-c", "exit 0"])
    if probe.returncode == 0 and _root_without_cgroup():
        return Availability(
            bwrap,
            prlimit,
            said("tools.sandbox.root"),
            version,
        )
    if probe.returncode != 0:
        message = (probe.stderr.strip().splitlines() or ["no message"])[-1]
        return Availability(bwrap, prlimit, said("tools.sandbox.no_userns", said=message), version)
    return Availability(bwrap, prlimit, None, version)


def _root_without_cgroup() -> bool:
    return cgroups.needed() and cgroups.parent() is None


def _links() -> list[str]:
    argv = []
    for name in SYSTEM_LINKS:
        path = Path("/") / name
        if path.is_symlink():
            argv += ["--symlink", os.readlink(path), str(path)]
        elif path.is_dir():
            argv += ["--ro-bind", str(path), str(path)]
    return argv


def _run(argv: list[str]) -> subprocess.CompletedProcess[str]:
    try:
        return subprocess.run(argv, capture_output=True, text=True, timeout=20, stdin=subprocess.DEVNULL, check=False)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return subprocess.CompletedProcess(argv, 1, "", str(exc))
