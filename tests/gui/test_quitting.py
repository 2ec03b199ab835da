"""Quitting always ends: the window's running operations are cancelled and waited for a bounded
time, and "quit after the answer" closes when the run bus says the answer ended."""

from __future__ import annotations

import json
import logging
import threading
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from mira_desktop.core.cancel import Cancelled
from mira_desktop.core.conversation.threads import MessageStatus
from mira_desktop.services.app.bundle import AppServices
from mira_desktop.store.messages import MessageRepository
from mira_desktop.ui.runtime.operations import OperationRunner
from tests.gui.support import open_window
from tests.support.scripted import RELEASE, release


def test_shutting_the_runner_down_cancels_a_running_operation_through_its_token(qtbot: QtBot) -> None:
    runner = OperationRunner(lambda exc: None)
    started, seen = threading.Event(), []

    def work() -> None:
        started.set()
        op.token.wait(30)  # work that stops midway takes its operation's token (as dictation does)
        seen.append(op.token.reason)
        op.token.raise_if_cancelled()

    op = runner.op(None, work)
    op.success(lambda _value: seen.append("success")).run()
    assert started.wait(5)
    assert runner.shutdown(timeout=5)  # ended: cancelled, not waited out
    qtbot.waitUntil(lambda: runner.settled)  # its end delivered: no thread emits on a runner gone
    assert seen == ["shutdown"]  # the token said why; no callback ran after the shutdown


def test_an_operation_that_ignores_its_cancel_is_logged_and_left_once_the_bound_passes(
    qtbot: QtBot, caplog: pytest.LogCaptureFixture
) -> None:
    runner = OperationRunner(lambda exc: None)
    started, release = threading.Event(), threading.Event()

    def stubborn() -> None:
        started.set()
        release.wait(30)  # never looks at its token

    runner.op(None, stubborn).run()
    assert started.wait(5)
    with caplog.at_level(logging.WARNING, logger="mira_desktop.ui.runtime.operations"):
        assert not runner.shutdown(timeout=0.3)  # returns: quitting goes on
    assert "still running after" in caplog.text
    assert "stubborn" in caplog.text
    release.set()  # (so that the test leaves no thread behind)
    qtbot.waitUntil(lambda: runner.settled)  # its end delivered: no thread emits on a runner gone


def test_closing_before_a_queued_operation_starts_never_runs_it(qtbot: QtBot) -> None:
    runner = OperationRunner(lambda exc: None, workers=1)
    started, release, ran = threading.Event(), threading.Event(), []

    def first() -> None:
        started.set()
        release.wait(30)
        if op.token.cancelled:
            raise Cancelled(op.token.reason)

    op = runner.op(None, first)
    op.run()
    runner.op(None, lambda: ran.append("queued")).run()
    assert started.wait(5)
    threading.Timer(0.2, release.set).start()
    assert runner.shutdown(timeout=5)
    assert ran == []
    qtbot.waitUntil(lambda: runner.settled)  # the first one's end delivered, the queued one dropped


def test_quit_after_the_answer_closes_once_the_run_ends_with_the_whole_answer(
    qtbot: QtBot, app_services: AppServices, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    script = tmp_path / "slow.json"
    words = "one two three four five six seven eight"
    held = {"text": words, "hold_after": 2, "release_when": RELEASE}  # held until the window has closed
    script.write_text(json.dumps({"replies": [held]}))
    app_services.models.set_default(f"scripted:{script}")
    window = open_window(qtbot, app_services, ready=True)
    monkeypatch.setattr(window.notices, "ask_before_quitting", lambda: "after")  # the person's choice in the dialog
    handle = app_services.chat.send(None, "Count to eight")
    assert app_services.chat.active_runs()
    window.close()  # asks, hides every window, and waits for the run bus to say the answer ended
    assert not window.isVisible()
    assert not window.background.closed  # not closed yet: the answer is being written
    release(f"scripted:{script}")
    qtbot.waitUntil(lambda: window.background.closed, timeout=20_000)
    assert handle.done.is_set() or not app_services.chat.active_runs()
    answer = MessageRepository(app_services.database).get(handle.assistant_message_id)
    assert answer is not None
    assert answer.status is MessageStatus.COMPLETE  # written to the end, not stopped
    assert answer.content.strip() == words


def test_quit_after_the_answer_when_it_ended_while_the_question_was_open_closes_at_once(
    qtbot: QtBot, app_services: AppServices, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    script = tmp_path / "quick.json"
    script.write_text(json.dumps({"replies": [{"text": "done soon", "token_delay_ms": 30}]}))
    app_services.models.set_default(f"scripted:{script}")
    window = open_window(qtbot, app_services, ready=True)
    handle = app_services.chat.send(None, "Be quick")

    def answer_after_the_run_ended() -> str:  # the person was slow to click "Quit after it"
        assert handle.done.wait(20)
        return "after"

    monkeypatch.setattr(window.notices, "ask_before_quitting", answer_after_the_run_ended)
    window.close()
    qtbot.waitUntil(lambda: window.background.closed, timeout=5000)  # no run event is left to wait for


def test_stop_and_quit_cancels_the_answer_and_keeps_what_was_written(
    qtbot: QtBot, app_services: AppServices, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    script = tmp_path / "slow.json"
    held = {"text": " ".join(["word"] * 200), "hold_after": 5}  # held until the stop
    script.write_text(json.dumps({"replies": [held]}))
    app_services.models.set_default(f"scripted:{script}")
    window = open_window(qtbot, app_services, ready=True)
    monkeypatch.setattr(window.notices, "ask_before_quitting", lambda: "stop")
    handle = app_services.chat.send(None, "Say many words")
    qtbot.waitUntil(
        lambda: bool(MessageRepository(app_services.database).get(handle.assistant_message_id)), timeout=5000
    )
    window.close()
    assert window.background.closed
    assert handle.done.wait(10)
    answer = MessageRepository(app_services.database).get(handle.assistant_message_id)
    assert answer is not None
    assert answer.status is MessageStatus.CANCELLED
