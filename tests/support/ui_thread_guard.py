"""The rule "nothing is read from the database or the keyring on the UI thread", enforced in GUI tests.

:class:`UiThreadCalls` watches every SQLite statement (through each connection's trace callback,
which SQLite calls on the thread that runs the statement, whatever Python path led there) and every
call into ``keyring``. A call on the main thread is a violation when the code that made it is not the
test's own: walking the stack outwards from the call, past Mira's non-UI packages, the libraries they
use and the standard library, the first frame found is in ``mira_desktop/ui`` (a widget read or
wrote) or in anything else that is not under ``tests/`` (an event loop ran a service's method
directly). A test's own set-up and assertions (its frames are under ``tests/``) may read.

The one read the window makes on the UI thread by design, the data folder's first look before the
services are attached (``services.app.first_look.read_first_look``, read-only), is not watched.

It cannot be turned off silently: connections are made with a connection class whose
``set_trace_callback`` records an attempt to replace the watch as a violation, and
:meth:`UiThreadCalls.check_still_watching` fails when ``sqlite3.connect`` or ``keyring``'s functions
are no longer the watched ones.
"""

from __future__ import annotations

import functools
import re
import sqlite3
import sys
import sysconfig
import threading
import traceback
from collections.abc import Callable
from pathlib import Path
from types import FrameType
from typing import Any

import pytest

import mira_desktop

KEYRING_FUNCTIONS = ("get_keyring", "get_password", "set_password", "delete_password", "get_credential")

_MIRA = Path(mira_desktop.__file__).resolve().parent
_UI = _MIRA / "ui"
_TESTS = Path(__file__).resolve().parent.parent
_STDLIB = Path(sysconfig.get_paths()["stdlib"]).resolve()
_LIBRARIES = ("sqlite_utils", "keyring", "jaraco")  # what Mira's stores and secrets call through


@functools.lru_cache(maxsize=4096)
def _kind(filename: str) -> str:
    """The kind of a frame. "through": one that only carries the call on (Mira below the UI, a
    library it calls, the standard library); "test": the test's own code; "caller": anything else
    (Mira's UI, an event loop)."""
    path = Path(filename).resolve() if Path(filename).is_absolute() else Path(filename)
    site = "site-packages" in path.parts
    if (path.is_relative_to(_MIRA) and not path.is_relative_to(_UI)) or (
        path.is_relative_to(_STDLIB) and not site
    ):
        return "through"
    if site and any(part in _LIBRARIES for part in path.parts):
        return "through"
    return "test" if path.is_relative_to(_TESTS) else "caller"


def culprit(frame: FrameType | None) -> str | None:
    """Where a call made on the main thread came from, or None when it is the test's own call."""
    while frame is not None:
        kind = _kind(frame.f_code.co_filename)
        if kind == "test":
            return None
        if kind == "caller":
            return f"{frame.f_code.co_filename}:{frame.f_lineno} ({frame.f_code.co_name})"
        frame = frame.f_back
    return "<no caller>"


class WatchedConnection(sqlite3.Connection):
    """A connection whose watch cannot be replaced without it being seen."""

    guard: UiThreadCalls | None = None

    def set_trace_callback(self, callback: Callable[[str], object] | None) -> None:  # type: ignore[override]
        if self.guard is not None:
            self.guard.record(
                "replaced the SQLite trace callback that watches the UI thread", sys._getframe(1)
            )
        super().set_trace_callback(callback)


class UiThreadCalls:
    """The database and keyring calls made on the UI thread during one test; each fails it unless taken."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._seen: list[str] = []
        self._unwatched = threading.local()
        self._connect: Callable[..., sqlite3.Connection] | None = None
        self._keyring: dict[str, Callable[..., Any]] = {}

    # -- recording ---------------------------------------------------------------------------------
    def record(self, what: str, frame: FrameType | None) -> None:
        where = culprit(frame) or "a test"
        stack = "".join(traceback.format_stack(frame, limit=25)) if frame is not None else ""
        with self._lock:
            self._seen.append(f"  - {what}, on the UI thread, from {where}:\n{stack}")

    def _check(self, what: str, frame: FrameType | None) -> None:
        if threading.current_thread() is not threading.main_thread():
            return
        if culprit(frame) is not None:
            self.record(what, frame)

    def _statement(self, sql: str) -> None:
        """SQLite's trace callback: called on the thread that runs ``sql``."""
        self._check(f"SQL {sql.strip()[:80]!r}", sys._getframe(1))

    # -- installing --------------------------------------------------------------------------------
    def install(self, monkeypatch: pytest.MonkeyPatch) -> None:
        import keyring

        from mira_desktop.services.app import first_look

        connect = sqlite3.connect
        self._connect = self._watched_connect(connect)
        monkeypatch.setattr(sqlite3, "connect", self._connect)
        read_first_look = first_look.read_first_look

        def unwatched_first_look(*args: Any, **kwargs: Any) -> Any:
            self._unwatched.on = True
            try:
                return read_first_look(*args, **kwargs)
            finally:
                self._unwatched.on = False

        monkeypatch.setattr(first_look, "read_first_look", unwatched_first_look)
        for name in KEYRING_FUNCTIONS:
            watched = self._watched_keyring(name, getattr(keyring, name))
            self._keyring[name] = watched
            monkeypatch.setattr(keyring, name, watched)

    def _watched_connect(
        self, connect: Callable[..., sqlite3.Connection]
    ) -> Callable[..., sqlite3.Connection]:
        def watched_connect(*args: Any, **kwargs: Any) -> sqlite3.Connection:
            if getattr(self._unwatched, "on", False):
                return connect(*args, **kwargs)
            kwargs.setdefault("factory", WatchedConnection)
            conn = connect(*args, **kwargs)
            sqlite3.Connection.set_trace_callback(conn, self._statement)
            if isinstance(conn, WatchedConnection):
                conn.guard = self
            return conn

        return watched_connect

    def _watched_keyring(self, name: str, function: Callable[..., Any]) -> Callable[..., Any]:
        def watched(*args: Any, **kwargs: Any) -> Any:
            self._check(f"keyring.{name}", sys._getframe(1))
            return function(*args, **kwargs)

        return watched

    def check_still_watching(self) -> None:
        import keyring

        replaced = [f"keyring.{n}" for n, f in self._keyring.items() if getattr(keyring, n) is not f]
        if sqlite3.connect is not self._connect:
            replaced.append("sqlite3.connect")
        if replaced:
            pytest.fail(
                f"the UI-thread watch was removed during the test: {', '.join(replaced)}", pytrace=False
            )

    # -- reading -----------------------------------------------------------------------------------
    def expect(self, pattern: str) -> list[str]:
        """Take the violations matching ``pattern`` (``re.search``) that a test plants on purpose."""
        with self._lock:
            taken = [line for line in self._seen if re.search(pattern, line)]
            self._seen = [line for line in self._seen if line not in taken]
        assert taken, f"no UI-thread call matching {pattern!r} was seen"
        return taken

    def count(self) -> int:
        """How many calls are recorded and not taken yet."""
        with self._lock:
            return len(self._seen)

    def unexpected(self) -> list[str]:
        with self._lock:
            seen, self._seen = self._seen, []
        return seen

    def fail_on_unexpected(self) -> None:
        self.check_still_watching()
        seen = self.unexpected()
        if seen:
            pytest.fail(
                "the UI thread read or wrote the database or the keyring (move the call onto an operation,"
                " ui/runtime/operations.py):\n" + "\n".join(seen),
                pytrace=False,
            )
