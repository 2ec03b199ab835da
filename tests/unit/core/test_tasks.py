"""The task runner: the one way background work starts outside the window."""

from __future__ import annotations

import threading

import pytest

from mira_desktop.core.cancel import Cancelled, CancelToken
from mira_desktop.core.errors import InternalError
from mira_desktop.core.tasks import SHUTDOWN, TaskRunner


def test_pre_cancelled_token_does_not_start_the_task() -> None:
    ran: list[int] = []
    token = CancelToken()
    token.cancel()
    task = TaskRunner().start("never", lambda _c: ran.append(1), cancel=token)
    assert task.wait(5)
    assert ran == []
    with pytest.raises(Cancelled):
        task.result()


def test_a_failure_is_reported_with_the_task_name_and_kept_as_the_result() -> None:
    reported: list[tuple[str, str]] = []
    runner = TaskRunner(lambda name, exc: reported.append((name, str(exc))))

    def boom(_cancel: CancelToken) -> None:
        raise RuntimeError("disk on fire")

    task = runner.start("boom", boom)
    with pytest.raises(RuntimeError, match="disk on fire"):
        task.result(5)
    assert reported == [("boom", "disk on fire")]


def test_a_failure_asked_not_to_be_reported_is_only_the_result() -> None:
    reported: list[str] = []
    runner = TaskRunner(lambda name, _exc: reported.append(name))
    task = runner.start("quiet", lambda _c: 1 / 0, report=False)
    with pytest.raises(ZeroDivisionError):
        task.result(5)
    assert reported == []


def test_cancellation_is_not_reported_as_a_failure() -> None:
    reported: list[str] = []
    runner = TaskRunner(lambda name, _exc: reported.append(name))
    started = threading.Event()

    def wait_for_stop(cancel: CancelToken) -> None:
        started.set()
        cancel.wait(10)
        cancel.raise_if_cancelled()

    task = runner.start("waits", wait_for_stop)
    started.wait(5)
    task.cancel.cancel()
    assert task.wait(5)
    assert isinstance(task.error, Cancelled)
    assert reported == []


def test_close_cancels_with_the_shutdown_reason_and_joins_every_thread() -> None:
    runner = TaskRunner()
    reasons: list[str] = []

    def until_stopped(cancel: CancelToken) -> None:
        cancel.wait(30)
        reasons.append(cancel.reason)

    tasks = [runner.start(f"t{n}", until_stopped) for n in range(3)]
    runner.close(timeout=5)
    assert all(t.done for t in tasks)
    assert reasons == [SHUTDOWN] * 3
    assert not [t for t in threading.enumerate() if t.name.startswith("mira-t")]
    with pytest.raises(RuntimeError, match="closing"):
        runner.start("late", lambda _c: None)


def test_a_serial_worker_runs_calls_in_order_on_one_thread_and_ends_with_the_runner() -> None:
    runner = TaskRunner()
    worker = runner.serial("lane")
    seen: list[tuple[int, str]] = []
    results = [
        worker.submit(lambda n=n: seen.append((n, threading.current_thread().name)) or n) for n in range(5)
    ]
    assert [r.result(5) for r in results] == list(range(5))
    assert [n for n, _ in seen] == list(range(5))
    assert {name for _, name in seen} == {"mira-lane"}
    with pytest.raises(ValueError, match="bad"):
        worker.call(lambda: (_ for _ in ()).throw(ValueError("bad")))
    runner.close(timeout=5)
    assert not [t for t in threading.enumerate() if t.name == "mira-lane"]


def test_without_a_reporter_a_failure_goes_to_the_thread_excepthook_not_nowhere(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    hooked: list[tuple[str, str]] = []
    monkeypatch.setattr(
        threading, "excepthook", lambda args: hooked.append((args.thread.name, repr(args.exc_value)))
    )
    task = TaskRunner().start("unwatched", lambda _c: 1 / 0)
    with pytest.raises(ZeroDivisionError):
        task.result(5)
    assert hooked == [("mira-unwatched", "ZeroDivisionError('division by zero')")]


def test_a_reporter_that_fails_itself_hands_both_failures_to_the_excepthook(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    hooked: list[str] = []
    monkeypatch.setattr(threading, "excepthook", lambda args: hooked.append(type(args.exc_value).__name__))

    def broken_reporter(_name: str, _exc: BaseException) -> None:
        raise KeyError("reporter")

    task = TaskRunner(broken_reporter).start("boom", lambda _c: 1 / 0)
    with pytest.raises(ZeroDivisionError):
        task.result(5)
    assert hooked == ["ZeroDivisionError", "KeyError"]


def test_a_crash_report_saved_for_a_bug_is_named_in_the_sentence_kept_for_it() -> None:
    saved: list[BaseException] = []
    runner = TaskRunner(crash_report=lambda bug: saved.append(bug) or "/data/logs/crash-1.txt")
    bug = ValueError("bad row")
    error = runner.save_crash_report(bug)
    assert saved == [bug]
    assert isinstance(error, InternalError)
    assert error.__cause__ is bug
    assert str(error).startswith("Something went wrong inside Mira (ValueError: bad row).")
    assert "/data/logs/crash-1.txt" in str(error)
    assert error.phrase is not None
    assert error.phrase.key == "internal.saved"
    assert error.phrase.values == {"error": "ValueError: bad row", "path": "/data/logs/crash-1.txt"}


def test_a_bug_whose_report_cannot_be_saved_says_so_and_reaches_the_excepthook(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    hooked: list[BaseException | None] = []
    monkeypatch.setattr(threading, "excepthook", lambda args: hooked.append(args.exc_value))
    bug = ValueError("bad row")
    error = TaskRunner(crash_report=lambda _bug: None).save_crash_report(bug)
    assert str(error) == (
        "Something went wrong inside Mira (ValueError: bad row), and its crash report could not be saved."
    )
    assert hooked == [bug]


def test_close_waits_a_bounded_time_in_all_and_logs_the_tasks_that_ignore_their_cancel(
    caplog: pytest.LogCaptureFixture,
) -> None:
    import logging
    import time

    runner = TaskRunner(lambda _name, _exc: None)
    release = threading.Event()
    started = [threading.Event(), threading.Event()]
    for index, event in enumerate(started):

        def stubborn(_cancel: CancelToken, event: threading.Event = event) -> None:
            event.set()
            release.wait(30)  # never looks at its token

        runner.start(f"stubborn-{index}", stubborn)
    assert all(event.wait(5) for event in started)
    began = time.monotonic()
    with caplog.at_level(logging.WARNING, logger="mira_desktop.core.tasks"):
        runner.close(timeout=0.4)
    assert time.monotonic() - began < 2  # 0.4 s for both, not 0.4 s each after the other (or 30 s)
    assert "2 task(s) still running" in caplog.text
    assert "mira-stubborn-0" in caplog.text
    release.set()
