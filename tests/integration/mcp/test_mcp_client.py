"""The MCP client against real servers written with the SDK: listing, calls, timeouts, Stop, a
crashing server, one that never answers, streamable HTTP with headers, and no process left behind."""

from __future__ import annotations

import sys
import threading
import time
from pathlib import Path

import pytest

from mira_desktop.core.cancel import Cancelled, CancelToken
from mira_desktop.services.app.bundle import AppServices
from mira_desktop.services.mcp.service import McpServerError
from mira_desktop.services.mcp.sessions import CallFailed, ServerState
from tests.integration.mcp.conftest import SERVER, NotesServer, wait_gone
from tests.support.fixtures import OpenServices
from tests.support.memory_keyring import MemoryKeyring


def _text(result: object) -> str:
    return "\n".join(getattr(c, "text", "") for c in getattr(result, "content", []))


def test_a_stdio_server_lists_its_tools_with_their_schema_and_read_only_hint(
    services: AppServices, added: NotesServer
) -> None:
    tools = {t["name"]: t for t in services.mcp.tools("notes")}
    assert {"search", "create_note", "slow", "crash", "env", "header"} <= set(tools)
    assert tools["search"]["read_only_hint"] is True
    assert tools["create_note"]["read_only_hint"] is None
    assert tools["create_note"]["input_schema"]["required"] == ["title", "body"]
    view = services.mcp.view("notes")
    assert view.state is ServerState.RUNNING
    assert [t["name"] for t in view.tools] == [t["name"] for t in services.mcp.tools("notes")]  # cached


def test_a_call_reaches_the_server_and_its_answer_comes_back(
    services: AppServices, added: NotesServer
) -> None:
    result = services.mcp.call("notes", "create_note", {"title": "milk", "body": "two litres"}, CancelToken())
    assert _text(result) == "Created the note 'milk'."
    assert added.calls() == ["create_note milk"]
    assert (added.state / "notes" / "milk.txt").read_text() == "two litres"


def test_a_call_that_takes_too_long_is_cancelled_with_a_reason(
    services: AppServices, added: NotesServer
) -> None:
    services.mcp.tools("notes")  # started (and listed) before the short timeout is set
    services.mcp.set_timeout(1)
    started = time.monotonic()
    with pytest.raises(CallFailed, match="did not answer slow within 1 seconds") as failed:
        services.mcp.call("notes", "slow", {"seconds": 30}, CancelToken())
    assert failed.value.kind == "timeout"
    assert time.monotonic() - started < 10
    assert services.mcp.view("notes").state is ServerState.RUNNING  # the session survives a timeout
    assert "Created" in _text(
        services.mcp.call("notes", "create_note", {"title": "a", "body": "b"}, CancelToken())
    )


def test_stop_cancels_a_pending_call_at_once(services: AppServices, added: NotesServer) -> None:
    services.mcp.tools("notes")
    cancel = CancelToken()
    threading.Timer(0.5, cancel.cancel).start()
    started = time.monotonic()
    with pytest.raises(Cancelled):
        services.mcp.call("notes", "slow", {"seconds": 60}, cancel)
    assert time.monotonic() - started < 5
    assert "Created" in _text(
        services.mcp.call("notes", "create_note", {"title": "a", "body": "b"}, CancelToken())
    )


def test_a_crashing_server_fails_the_call_with_its_reason_and_is_started_again_next_time(
    services: AppServices, added: NotesServer
) -> None:
    services.mcp.tools("notes")
    with pytest.raises(CallFailed, match="out of cheese") as failed:
        services.mcp.call("notes", "crash", {}, CancelToken())
    assert failed.value.kind == "server_stopped"
    view = services.mcp.view("notes")
    assert view.state is ServerState.FAILED
    assert view.reason is not None
    assert view.reason.phrase.key == "mcp.reason.stopped"
    assert view.reason.said == "notes server: out of cheese, stopping"
    assert wait_gone(added.pids()[:1]) == []
    result = services.mcp.call("notes", "create_note", {"title": "again", "body": "b"}, CancelToken())
    assert _text(result) == "Created the note 'again'."
    assert len(added.pids()) == 2  # started a second time
    assert services.mcp.view("notes").state is ServerState.RUNNING


def test_a_server_that_never_answers_initialize_fails_with_a_reason_and_leaves_no_process(
    services: AppServices, notes: NotesServer
) -> None:
    services.mcp.add_stdio("silent", sys.executable, [*notes.argv, "--silent"])
    services.mcp.set_timeout(3)
    with pytest.raises(McpServerError, match="did not answer initialize within 3 seconds") as failed:
        services.mcp.tools("silent")
    assert failed.value.exit_code == 5
    assert wait_gone(notes.pids()) == []
    assert services.mcp.view("silent").state is ServerState.FAILED


def test_a_missing_command_fails_with_what_to_do(services: AppServices) -> None:
    services.mcp.add_stdio("ghost", "no-such-mcp-server-here")
    with pytest.raises(McpServerError, match="the command no-such-mcp-server-here was not found"):
        services.mcp.tools("ghost")


def test_streamable_http_server_lists_and_calls_with_its_headers_from_the_keyring(
    services: AppServices, http_notes: str, keyring_backend: MemoryKeyring
) -> None:
    services.mcp.add_http("web", http_notes, {"Authorization": "Bearer s3cret-token"})
    assert "create_note" in {t["name"] for t in services.mcp.tools("web")}
    said = services.mcp.call("web", "header", {"name": "Authorization"}, CancelToken())
    assert _text(said) == "Bearer s3cret-token"
    assert ("mira-desktop", "mcp:web:header:Authorization") in keyring_backend.passwords
    database = services.folder.database_path.read_bytes()
    assert b"s3cret-token" not in database


def test_secret_environment_values_reach_the_server_from_the_keyring_only(
    services: AppServices, notes: NotesServer, keyring_backend: MemoryKeyring, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MIRA_TEST_PASSED_ON", "from Mira's environment")
    services.mcp.add_stdio(
        "notes", sys.executable, notes.argv, {"NOTES_TOKEN": "tok-123-secret", "MIRA_TEST_PASSED_ON": None}
    )
    assert (
        _text(services.mcp.call("notes", "env", {"name": "NOTES_TOKEN"}, CancelToken())) == "tok-123-secret"
    )
    passed = services.mcp.call("notes", "env", {"name": "MIRA_TEST_PASSED_ON"}, CancelToken())
    assert _text(passed) == "from Mira's environment"
    assert keyring_backend.passwords[("mira-desktop", "mcp:notes:env:NOTES_TOKEN")] == "tok-123-secret"
    assert b"tok-123-secret" not in services.folder.database_path.read_bytes()
    services.mcp.remove("notes")
    assert ("mira-desktop", "mcp:notes:env:NOTES_TOKEN") not in keyring_backend.passwords


def test_quitting_mira_leaves_no_server_process(open_services: OpenServices, notes: NotesServer) -> None:
    with open_services() as services:
        services.mcp.add_stdio("notes", sys.executable, notes.argv)
        services.mcp.add_stdio("other", sys.executable, [str(SERVER), "--state", str(notes.state)])
        services.mcp.tools("notes")
        services.mcp.tools("other")
        pids = notes.pids()
        assert len(pids) == 2
        assert wait_gone(pids, 0.1) == pids  # both running
    assert wait_gone(pids) == []


def test_a_server_turned_off_is_stopped_and_not_started(services: AppServices, added: NotesServer) -> None:
    services.mcp.tools("notes")
    services.mcp.set_enabled("notes", False)
    assert wait_gone(added.pids()) == []
    assert services.mcp.view("notes").state is ServerState.STOPPED
    with pytest.raises(Exception, match="turned off"):
        services.mcp.tools("notes")


def test_the_servers_stderr_goes_to_the_log(services: AppServices, added: NotesServer) -> None:
    services.mcp.tools("notes")
    with pytest.raises(CallFailed):
        services.mcp.call("notes", "crash", {}, CancelToken())
    log = Path(services.folder.logs_dir) / "mcp" / "notes.log"
    assert "out of cheese" in log.read_text(encoding="utf-8")


def test_plain_environment_values_are_settings_that_reach_the_server_where_no_keyring_is_usable(
    services: AppServices, notes: NotesServer, keyring_backend: MemoryKeyring
) -> None:
    from mira_desktop.store.settings import SettingsRepository

    keyring_backend.priority = 0  # type: ignore[assignment]  # as the "fail" keyring of a bare Linux
    services.mcp.add_stdio("notes", sys.executable, notes.argv, {"NOTES_DIR": "/data/notes"})

    said = services.mcp.call("notes", "env", {"name": "NOTES_DIR"}, CancelToken())
    assert _text(said) == "/data/notes"
    assert services.mcp.view("notes").to_dict()["env"] == {"NOTES_DIR": "setting"}
    services.mcp.remove("notes")
    assert SettingsRepository(services.database).get("mcp:notes:env:NOTES_DIR") is None


def test_a_secret_environment_value_where_no_keyring_is_usable_refuses_the_server_and_stores_nothing(
    services: AppServices, notes: NotesServer, keyring_backend: MemoryKeyring
) -> None:
    from mira_desktop.models.secrets import KeyringUnavailableError
    from mira_desktop.store.settings import SettingsRepository

    keyring_backend.priority = 0  # type: ignore[assignment]
    with pytest.raises(KeyringUnavailableError, match="keep the secret value of API_KEY, so this server"):
        services.mcp.add_stdio("notes", sys.executable, notes.argv, {"ROOT": "/x", "API_KEY": "k"})

    assert services.mcp.list() == []
    assert SettingsRepository(services.database).get("mcp:notes:env:ROOT") is None


def test_an_idle_server_that_dies_with_no_call_pending_shows_it_and_is_started_again_next_time(
    services: AppServices, added: NotesServer
) -> None:
    import os
    import signal

    from mira_desktop.core.changes import Change, Topic
    from tests.support.waiting import wait_for

    services.mcp.tools("notes")
    assert services.mcp.view("notes").state is ServerState.RUNNING
    seen: list[Change] = []
    unsubscribe = services.changes.subscribe(seen.append)
    try:
        [pid] = added.pids()
        os.kill(pid, signal.SIGKILL)  # nothing was asked of it: nobody is waiting for an answer
        assert wait_gone([pid]) == []
        wait_for(
            lambda: services.mcp.view("notes").state is not ServerState.RUNNING, 20, what="the death seen"
        )
    finally:
        unsubscribe()
    view = services.mcp.view("notes")
    assert view.state is ServerState.FAILED
    assert view.reason is not None
    assert any(change.topic is Topic.TOOLS for change in seen)  # the window follows it
    result = services.mcp.call("notes", "create_note", {"title": "again", "body": "b"}, CancelToken())
    assert _text(result) == "Created the note 'again'."
    assert len(added.pids()) == 2  # started a second time
