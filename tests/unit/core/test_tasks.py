"""The task runner: the one way background work starts outside the window."""

from __future__ import annotations

import threading

import pytest

from mira_desktop.core.cancel import Cancelled, CancelToken
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
