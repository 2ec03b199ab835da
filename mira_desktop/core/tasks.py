"""The one way Mira runs work in the background outside the window: named threads with a cancel token.

``TaskRunner.start(name, fn)`` runs ``fn(cancel)`` on a new named thread and returns a :class:`Task`
to wait on, cancel, or read the result of. An exception nobody asked for (``report=True``, the
default) goes to the runner's error reporter, which the composition root connects to the crash
reports and the notification bus (without one, to ``threading.excepthook``: never nowhere);
cancellation is never reported. Work that keeps a bug on its own record (a failed answer, medium or
index job) calls :meth:`TaskRunner.save_crash_report` for the sentence to keep, which names the
report. ``TaskRunner.serial(name)`` gives one owned thread that runs submitted calls in order (the
llama.cpp model lives on one). ``close()`` cancels every task with the ``shutdown`` reason and joins
the threads, so none outlives the app.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable
from typing import Any, Generic, TypeVar

from mira_desktop.core.cancel import Cancelled, CancelToken
from mira_desktop.core.errors import InternalError

_log = logging.getLogger(__name__)

T = TypeVar("T")
SHUTDOWN = "shutdown"  # the cancel reason of work stopped because the app closes
ErrorReporter = Callable[[str, BaseException], None]  # (task name, what it raised)
CrashWriter = Callable[[BaseException], str | None]  # saves a bug's crash report: its path, or None
BugReporter = Callable[[BaseException], InternalError]  # what TaskRunner.save_crash_report is


class Task(Generic[T]):
    """One piece of background work: its cancel token, and its result once it is done."""

    def __init__(self, name: str, cancel: CancelToken) -> None:
        self.name = name
        self.cancel = cancel
        self._done = threading.Event()
        self._result: T | None = None
        self._error: BaseException | None = None
        self._lock = threading.Lock()

    @property
    def done(self) -> bool:
        return self._done.is_set()

    @property
    def error(self) -> BaseException | None:
        return self._error

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for the end; True if it ended within ``timeout``."""
        return self._done.wait(timeout)

    def result(self, timeout: float | None = None) -> T:
        """The value ``fn`` returned; re-raises what it raised. Waits for it."""
        if not self._done.wait(timeout):
            raise TimeoutError(f"{self.name} is still running")
        if self._error is not None:
            raise self._error
        return self._result  # type: ignore[return-value]  # set when fn returned without error

    def _finish(self, result: T | None, error: BaseException | None) -> None:
        with self._lock:
            self._result, self._error = result, error
            self._done.set()


class SerialWorker:
    """One owned thread that runs submitted calls one after another, in order."""

    def __init__(self, name: str, runner: TaskRunner) -> None:
        self._queue: queue.SimpleQueue[tuple[Callable[[], Any], Task[Any]] | None] = queue.SimpleQueue()
        self._closed = False
        self._lock = threading.Lock()
        self._task = runner.start(name, self._loop, report=True)
        self._task.cancel.on_cancel(self._end)  # the runner closing ends the thread after queued calls

    def submit(self, fn: Callable[[], T]) -> Task[T]:
        task: Task[T] = Task(self._task.name, self._task.cancel)
        with self._lock:
            if self._closed:
                raise RuntimeError(f"{self._task.name} is closed")
            self._queue.put((fn, task))
        return task

    def call(self, fn: Callable[[], T]) -> T:
        """Run ``fn`` on the worker and wait for its result."""
        return self.submit(fn).result()

    def close(self, timeout: float | None = 30.0) -> None:
        """Run what was submitted, then end the thread."""
        self._end()
        if threading.current_thread().name != f"mira-{self._task.name}":
            self._task.wait(timeout)

    def _end(self) -> None:
        with self._lock:
            if self._closed:
                return
            self._closed = True
            self._queue.put(None)

    def _loop(self, _cancel: CancelToken) -> None:
        while (item := self._queue.get()) is not None:
            fn, task = item
            try:
                value = fn()
            except BaseException as exc:  # delivered to whoever waits on the task
                task._finish(None, exc)
            else:
                task._finish(value, None)


class TaskRunner:
    def __init__(
        self, report: ErrorReporter | None = None, *, crash_report: CrashWriter | None = None
    ) -> None:
        self._report = report
        self._crash_report = crash_report
        self._tasks: list[tuple[Task[Any], threading.Thread]] = []
        self._lock = threading.Lock()
        self._closed = False

    def save_crash_report(self, bug: BaseException) -> InternalError:
        """Save the crash report of our bug ``bug``; the error whose sentence says so and names it."""
        path = None
        if self._crash_report is not None:
            try:
                path = self._crash_report(bug)
            except Exception as broken:  # the writer's own bug: both are still seen
                self._to_excepthook(broken)
        if path is None:
            self._to_excepthook(bug)
        return InternalError.reported(bug, path)

    def _report_failure(self, name: str, exc: BaseException) -> None:
        if self._report is None:
            self._to_excepthook(exc)
            return
        try:
            self._report(name, exc)
        except Exception as broken:  # the reporter's own bug: both are still seen
            self._to_excepthook(exc)
            self._to_excepthook(broken)

    @staticmethod
    def _to_excepthook(exc: BaseException) -> None:
        """What happens to an exception no reporter took: the process's thread hook (the crash report
        in the app, a failing test under pytest)."""
        hook_args = threading.ExceptHookArgs((type(exc), exc, exc.__traceback__, threading.current_thread()))
        threading.excepthook(hook_args)

    def start(
        self,
        name: str,
        fn: Callable[[CancelToken], T],
        *,
        cancel: CancelToken | None = None,
        report: bool = True,
    ) -> Task[T]:
        """Run ``fn(cancel)`` on a new thread named ``mira-{name}``.

        A token cancelled before the start means ``fn`` never runs (the task ends with
        :class:`Cancelled`). With ``report=False`` a failure is only the task's result.
        """
        token = cancel or CancelToken()
        task: Task[T] = Task(name, token)

        def body() -> None:
            if token.cancelled:
                task._finish(None, Cancelled(token.reason))
                return
            try:
                value = fn(token)
            except Cancelled as exc:
                task._finish(None, exc)
            except BaseException as exc:  # reported (or handed to the excepthook), and the task's result
                if report:
                    self._report_failure(name, exc)
                task._finish(None, exc)
            else:
                task._finish(value, None)

        thread = threading.Thread(target=body, name=f"mira-{name}", daemon=True)
        with self._lock:
            if self._closed:
                raise RuntimeError("Mira is closing: no new background work starts.")
            self._tasks = [(t, th) for t, th in self._tasks if th.is_alive()]
            self._tasks.append((task, thread))
        thread.start()
        return task

    def serial(self, name: str) -> SerialWorker:
        return SerialWorker(name, self)

    def active(self) -> list[Task[Any]]:
        with self._lock:
            return [t for t, th in self._tasks if th.is_alive()]

    def close(self, timeout: float = 30.0) -> None:
        """Cancel every task (reason ``shutdown``) and wait for their threads: ``timeout`` seconds in
        all. A task still running then is logged and left (its thread is a daemon: it does not keep
        the process alive)."""
        with self._lock:
            self._closed = True
            running = [(t, th) for t, th in self._tasks if th.is_alive()]
        for task, _thread in running:
            task.cancel.cancel(SHUTDOWN)
        deadline = time.monotonic() + timeout
        for _task, thread in running:
            if thread is not threading.current_thread():
                thread.join(max(0.0, deadline - time.monotonic()))
        left = [th.name for _t, th in running if th.is_alive() and th is not threading.current_thread()]
        if left:
            _log.warning("closing: %d task(s) still running after %g s, left: %s", len(left), timeout, left)
