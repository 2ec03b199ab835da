"""The `mira` command and the window build the same services and close every one of them.

The command builds the bundle with ``build_services``; the window opens it on its worker with
``open_window_services``. Both must end with every service the bundle offers built — the same ones,
of the same kinds — and ``close()`` must leave none of them running.
"""

from __future__ import annotations

import dataclasses
import sqlite3
import sys
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from mira_desktop.services.app.bundle import AppServices
from tests.integration.mcp.conftest import NotesServer, wait_gone
from tests.support.waiting import wait_for


def _the_command(data_dir: Path) -> AppServices:
    from mira_desktop.app import build_services

    return build_services(data_dir)


def _the_window(data_dir: Path) -> AppServices:
    from mira_desktop.app import open_window_services

    return open_window_services(data_dir)


def _offered() -> set[str]:
    """Every service the bundle offers."""
    return {f.name for f in dataclasses.fields(AppServices)}


def _built(open_: Callable[[Path], AppServices], data_dir: Path, notes: NotesServer) -> dict[str, str]:
    """Open the services one way, check every offered one is built, put the ones that run something
    to work (a background task, an MCP server), close them and check nothing is left running; the
    kind of each service."""
    before = {t.ident for t in threading.enumerate()}
    services = open_(data_dir)
    try:
        kinds: dict[str, str] = {}
        for name in sorted(_offered()):
            service = getattr(services, name)
            assert service is not None, name
            kinds[name] = f"{type(service).__module__}.{type(service).__qualname__}"
        waiting = services.tasks.start("parity-wait", lambda token: token.wait(120), report=False)
        services.mcp.add_stdio("notes", sys.executable, notes.argv)
        assert services.mcp.tools("notes")
        [server] = notes.pids()
    finally:
        services.close()
    assert waiting.done
    with pytest.raises(RuntimeError, match="no new background work"):
        services.tasks.start("too late", lambda _token: None)
    with pytest.raises(sqlite3.ProgrammingError):  # the database is closed
        services.database.conn.execute("SELECT 1")
    assert wait_gone([server]) == []

    def running() -> list[str]:
        return [t.name for t in threading.enumerate() if t.ident not in before and t.is_alive()]

    wait_for(lambda: not running(), 10, what="the services' threads to end")
    return kinds


def test_the_command_and_the_window_build_the_same_services_and_close_them_all(tmp_path: Path) -> None:
    by_command = _built(_the_command, tmp_path / "command", NotesServer(tmp_path / "notes-1"))
    by_window = _built(_the_window, tmp_path / "window", NotesServer(tmp_path / "notes-2"))

    assert set(by_command) == _offered()
    assert by_window == by_command
