"""The hostile paths of the escape attempts, each made inside a fresh workspace beside an outside folder.

The outside folder holds a sentinel: a file whose name and content carry a random token. A case
prepares whatever it needs in the workspace (links, devices, FIFOs, odd names) and returns the path
the tools are given. Case and Unicode tricks aim at code that compares or normalises strings: a
name that normalises (NFC, NFKC, case folding) to a link pointing out, or to ``..``.
"""

from __future__ import annotations

import os
import socket
import stat
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Place:
    """One attempt's folders: ``root`` (the workspace) and ``outside`` with its sentinel file."""

    root: Path
    outside: Path
    token: str

    @property
    def secret(self) -> Path:
        return self.outside / f"secret-{self.token}.txt"


Make = Callable[[Place], str]


def _link(place: Place, name: str, target: str | Path) -> str:
    (place.root / name).parent.mkdir(parents=True, exist_ok=True)
    (place.root / name).symlink_to(target)
    return name


def _mknod(place: Place, name: str, major: int, minor: int) -> str:
    try:
        os.mknod(place.root / name, stat.S_IFCHR | 0o666, os.makedev(major, minor))
    except PermissionError:
        (place.root / name).write_text("not a device: this user cannot make device files\n")
    return name


def _hard_link(place: Place) -> str:
    os.link(place.secret, place.root / "hard")
    return "hard"


def _fifo(place: Place) -> str:
    os.mkfifo(place.root / "pipe")
    return "pipe"


def _socket(place: Place) -> str:
    path = place.root / "sock"
    server = socket.socket(socket.AF_UNIX)
    server.bind(str(path))  # the socket file stays after close
    server.close()
    return "sock"


def _chain(place: Place, length: int) -> str:
    previous: str | Path = place.secret
    for n in range(length, 0, -1):
        previous = _link(place, f"chain{n}", previous)
    return "chain1"


def _nfd_link(place: Place) -> str:
    nfc = unicodedata.normalize("NFC", "café.txt")
    (place.root / nfc).write_text("inside\n")
    return _link(place, unicodedata.normalize("NFD", nfc), place.secret)


def _case_link(place: Place) -> str:
    (place.root / "readme.txt").write_text("inside\n")
    return _link(place, "README.TXT", place.secret)


def _nested(depth: int) -> Make:
    def make(place: Place) -> str:
        return "/".join(["d"] * depth) + "/x.txt"

    return make


CASES: dict[str, Make] = {
    "dotdot": lambda p: f"../{p.outside.name}/{p.secret.name}",
    "dotdot after a folder": lambda p: f"src/../../{p.outside.name}/{p.secret.name}",
    "dot then dotdot": lambda p: f"./../{p.outside.name}/{p.secret.name}",
    "bare dotdot": lambda p: "..",
    "dotdot with a trailing slash": lambda p: "../",
    "backslash dotdot": lambda p: f"..\\{p.outside.name}\\{p.secret.name}",
    "url-encoded dotdot": lambda p: f"%2e%2e/{p.outside.name}/{p.secret.name}",
    "fullwidth dots (NFKC ..)": lambda p: f"\uff0e\uff0e/{p.outside.name}/{p.secret.name}",
    "one-dot leaders (NFKC ..)": lambda p: f"\u2025/{p.outside.name}/{p.secret.name}",
    "absolute path outside": lambda p: str(p.secret),
    "absolute outside folder": lambda p: str(p.outside),
    "double-slash absolute": lambda p: "/" + str(p.secret),
    "absolute /etc/passwd": lambda p: "/etc/passwd",
    "proc environ": lambda p: "/proc/self/environ",
    "proc root": lambda p: f"/proc/self/root{p.secret}",
    "home tilde": lambda p: "~/.bashrc",
    "file url": lambda p: f"file://{p.secret}",
    "root itself": lambda p: "/",
    "nul byte": lambda p: f"notes.md\x00/../../{p.outside.name}",
    "symlink to outside file": lambda p: _link(p, "link", p.secret),
    "symlink to outside folder": lambda p: _link(p, "vendor", p.outside) + f"/{p.secret.name}",
    "symlinked folder listed": lambda p: _link(p, "vendor", p.outside),
    "relative symlink to parent": lambda p: _link(p, "up", "..") + f"/{p.outside.name}/{p.secret.name}",
    "symlink to /": lambda p: _link(p, "slash", "/") + str(p.secret),
    "symlink chain of 8": lambda p: _chain(p, 8),
    "symlink loop": lambda p: (_link(p, "loop-a", "loop-b"), _link(p, "loop-b", "loop-a"))[0],
    "symlink to itself": lambda p: _link(p, "self", "self"),
    "symlink inside a folder": lambda p: _link(p, "src/deep/out", p.secret),
    "dangling symlink to a new outside file": lambda p: _link(
        p, "dangling", p.outside / "created-by-tool.txt"
    ),
    "hard link to outside file": _hard_link,
    "device /dev/zero": lambda p: _mknod(p, "zero", 1, 5),
    "device /dev/urandom": lambda p: _mknod(p, "urandom", 1, 9),
    "device /dev/null": lambda p: _mknod(p, "null", 1, 3),
    "symlink to /dev/zero": lambda p: _link(p, "devzero", "/dev/zero"),
    "fifo": _fifo,
    "unix socket": _socket,
    "NFD name of a link out": _nfd_link,
    "upper-case name of a link out": _case_link,
    "right-to-left override name": lambda p: _link(p, "\u202etxt.kcilc", p.secret),
    "name of 255 bytes": lambda p: "n" * 251 + ".txt",
    "name of 256 bytes": lambda p: "n" * 252 + ".txt",
    "name of 300 multibyte characters": lambda p: "é" * 300,
    "path of 5,000 characters": lambda p: "/".join(["abcdefgh"] * 555),
    "folders nested 2,000 deep": _nested(2000),
    "empty path": lambda p: "",
    "dot": lambda p: ".",
    "trailing slash on a file": lambda p: "notes.md/",
    "dotdot after a file": lambda p: "notes.md/..",
    "doubled slashes": lambda p: "src//app.py",
    "space": lambda p: " ",
}
# Paths that name the system's own files: the change tools are not aimed at them (this runs as a
# real user, maybe root); the read tools are.
READ_ONLY = frozenset({"absolute /etc/passwd", "proc environ", "home tilde", "root itself"})
