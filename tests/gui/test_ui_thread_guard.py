"""The GUI tests' check that Mira's UI never reads or writes the database or the keyring on the UI
thread (tests/support/ui_thread_guard.py): it catches a planted call, it lets a test's own set-up
read, and it cannot be removed or bypassed without the test failing."""

from __future__ import annotations

import sqlite3
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from PySide6.QtCore import QTimer

import mira_desktop

if TYPE_CHECKING:
    from pytestqt.qtbot import QtBot

    from mira_desktop.services.app.bundle import AppServices
    from tests.support.memory_keyring import MemoryKeyring
    from tests.support.ui_thread_guard import UiThreadCalls

PLANTED = Path(mira_desktop.__file__).parent / "ui" / "planted_widget.py"


def _as_if_in_the_ui(code: str, **names: object) -> None:
    """Run ``code`` as a line of a module under mira_desktop/ui would (its frame names that file)."""
    exec(compile(code, str(PLANTED), "exec"), dict(names))


def test_a_database_read_by_a_widget_on_the_ui_thread_fails_the_test_with_where_it_came_from(
    app_services: AppServices, ui_thread_calls: UiThreadCalls
) -> None:
    _as_if_in_the_ui("services.threads.list()", services=app_services)

    with pytest.raises(pytest.fail.Exception) as failed:
        ui_thread_calls.fail_on_unexpected()

    assert "the UI thread read or wrote the database" in str(failed.value)
    assert f"{PLANTED}:1" in str(failed.value)
    assert "SELECT" in str(failed.value)


def test_a_service_method_an_event_loop_runs_on_the_ui_thread_is_caught(
    qtbot: QtBot, app_services: AppServices, ui_thread_calls: UiThreadCalls
) -> None:
    QTimer.singleShot(0, app_services.threads.list)  # no UI frame at all: Qt calls the service itself

    qtbot.waitUntil(lambda: ui_thread_calls.count() > 0)
    assert ui_thread_calls.expect(r"SQL .SELECT")


def test_a_keyring_read_on_the_ui_thread_is_caught(
    qtbot: QtBot, keyring_backend: MemoryKeyring, ui_thread_calls: UiThreadCalls
) -> None:
    from mira_desktop.models.secrets import SecretStore

    QTimer.singleShot(0, partial(SecretStore().get_hub_token))

    qtbot.waitUntil(lambda: ui_thread_calls.count() > 0)
    assert ui_thread_calls.expect(r"keyring\.get_")


def test_the_same_read_on_a_worker_thread_is_allowed(
    qtbot: QtBot, app_services: AppServices, runner: object, ui_thread_calls: UiThreadCalls
) -> None:
    from mira_desktop.ui.runtime.operations import OperationRunner

    assert isinstance(runner, OperationRunner)
    listed: list[object] = []
    runner.op(None, app_services.threads.list).success(listed.append).run()

    qtbot.waitUntil(lambda: len(listed) == 1)
    assert ui_thread_calls.unexpected() == []


def test_a_tests_own_set_up_and_assertions_may_read_on_the_ui_thread(
    app_services: AppServices, ui_thread_calls: UiThreadCalls
) -> None:
    from mira_desktop.store.threads import ThreadRepository

    thread = ThreadRepository(app_services.database).create(title="set up by the test")

    assert app_services.threads.get(thread.id).title == "set up by the test"
    assert ui_thread_calls.unexpected() == []


def test_replacing_the_trace_callback_that_watches_a_connection_is_caught(
    tmp_path: Path, ui_thread_calls: UiThreadCalls
) -> None:
    conn = sqlite3.connect(tmp_path / "any.db")
    try:
        conn.set_trace_callback(None)
    finally:
        conn.close()

    assert ui_thread_calls.expect("replaced the SQLite trace callback")


def test_removing_the_watch_during_a_test_fails_it(ui_thread_calls: UiThreadCalls) -> None:
    watched = sqlite3.connect
    sqlite3.connect = sqlite3.Connection  # type: ignore[assignment]  # anything but the watched one
    try:
        with pytest.raises(pytest.fail.Exception, match=r"removed during the test: sqlite3\.connect"):
            ui_thread_calls.check_still_watching()
    finally:
        sqlite3.connect = watched
