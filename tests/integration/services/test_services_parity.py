"""The `mira` command and the window build the same services and close every one of them.

The command builds the whole bundle at once (``build_services``); the window opens what lists and
opens threads, then builds the rest once it is usable (``open_window_services`` and
``later.finish``). Both must end with every service the bundle offers built — the same ones, of the
same kinds — and ``close()`` must leave none of them running.
"""

from __future__ import annotations

import dataclasses
import sqlite3
import sys
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from mira_desktop.services.app.bundle import AppServices, LaterParts
from mira_desktop.services.app.later import Later, StandIn
from tests.integration.mcp.conftest import NotesServer, wait_gone
from tests.support.waiting import wait_for


def _the_command(data_dir: Path) -> AppServices:
    from mira_desktop.app import build_services

    return build_services(data_dir)


def _the_window(data_dir: Path) -> AppServices:
    from mira_desktop.app import open_window_services

    services = open_window_services(data_dir)
    services.later.finish()  # what the window does once it is usable (finish_in_background)
    return services


def _offered() -> set[str]:
    """Every service the bundle offers: those opened first and those built later."""
    now = {f.name for f in dataclasses.fields(AppServices)} - {"later"}
    later = {name for name, value in vars(AppServices).items() if isinstance(value, Later)}
    return now | later


def test_every_service_built_later_is_offered_by_the_bundle_and_the_other_way_round() -> None:
    later = {name for name, value in vars(AppServices).items() if isinstance(value, Later)}
    assert later == {f.name for f in dataclasses.fields(LaterParts)}


def _built(open_: Callable[[Path], AppServices], data_dir: Path, notes: NotesServer) -> dict[str, str]:
    """Open the services one way, check every offered one is built, put the ones that run something
    to work (a background task, an MCP server), close them and check nothing is left running; the
    kind of each service."""
    before = {t.ident for t in threading.enumerate()}
    services = open_(data_dir)
    try:
        assert services.later.built is not None
        kinds: dict[str, str] = {}
        for name in sorted(_offered()):
            service = getattr(services, name)
            assert service is not None, name
            assert not isinstance(service, StandIn), f"{name} is still a stand-in"
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
