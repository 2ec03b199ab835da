"""The one way a widget hands work to the background, in the spirit of Anki's ``CollectionOp``.

``runner.op(owner, fn).success(show).failure(explain).run()`` runs ``fn`` on a worker thread and
calls ``show(result)`` — or ``explain(error)`` — on the UI thread, unless ``owner`` was destroyed
meanwhile. The failure callback always gets a :class:`MiraError`, whose sentence is what to show: a
bug (any other exception) is first given to the runner's bug reporter, which writes its crash report
and returns the :class:`InternalError` that names it — so the widget shows it where it shows its
failures, and cleans up as after any failure. Without a failure callback the error goes to the
runner's default (the window: a dialog). Work stopped through its cancel token (``Cancelled``) is
not an error: only the ``cancelled`` callback runs. ``fn`` may call ``op.report(value)`` to
send progress, delivered to the ``progress`` callback on the UI thread; work that can stop midway
takes ``op.token``. ``shutdown()`` first finishes what ``before_shutdown(fn)`` gave it (what the
window writes as it closes, a draft), then cancels what is running (each operation's token), drops
what has not started and waits for the workers — a bounded time, logging what did not end — so no
thread outlives the window and quitting never hangs on one.

A worker never holds the last reference to a widget: when the work is done, the operation hands its
function, owner and callbacks to the UI thread in one :class:`_Delivery`, which is emptied there. (A
widget Python frees on a worker thread is deleted there by Qt, and its timers then fire into freed
memory.)
"""

from __future__ import annotations

import logging
import sys
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, Generic, TypeVar

import shiboken6
from PySide6.QtCore import QObject, Signal

from mira_desktop.core.cancel import Cancelled, CancelToken
from mira_desktop.core.errors import InternalError, MiraError

T = TypeVar("T")
_log = logging.getLogger(__name__)
SHUTDOWN_WAIT_S = 10.0  # how long closing the window waits for running operations to see their cancel


class _Delivery:
    """A callback and its value on their way to the UI thread, with everything else the operation
    held; emptied on the UI thread, so the references die there."""

    __slots__ = ("callback", "keep", "owner", "value")

    def __init__(
        self, owner: QObject | None, callback: Callable[[Any], object], value: Any, keep: object
    ) -> None:
        self.owner = owner
        self.callback: Callable[[Any], object] | None = callback
        self.value = value
        self.keep = keep

    def open(self) -> tuple[QObject | None, Callable[[Any], object] | None, Any]:
        owner, callback, value = self.owner, self.callback, self.value
        self.owner = self.callback = self.value = self.keep = None
        return owner, callback, value


class _Relay(QObject):
    delivered = Signal(object)  # a _Delivery


class OperationRunner(QObject):
    def __init__(
        self,
        on_unhandled: Callable[[BaseException], None],
        workers: int = 2,
        *,
        report_bug: Callable[[BaseException], InternalError] | None = None,
    ) -> None:
        """``on_unhandled`` shows a failure no operation shows itself; ``report_bug`` writes a bug's
        crash report (the services' ``tasks.save_crash_report``; the window sets it on attach)."""
        super().__init__()
        self._executor = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="mira-ui-op")
        self._relay = _Relay()
        self._relay.delivered.connect(self._deliver)
        self._on_unhandled = on_unhandled
        self._report_bug = report_bug
        self._closed = threading.Event()
        self._running: set[Operation[Any]] = set()
        self._last: list[Future[None]] = []  # what the window writes as it closes (before_shutdown)
        self._outstanding = 0  # submitted operations whose end has not reached the UI thread
        self._idle = threading.Condition()

    def set_bug_reporter(self, report_bug: Callable[[BaseException], InternalError]) -> None:
        self._report_bug = report_bug

    def as_error(self, exc: BaseException) -> MiraError:
        """``exc`` as the failure callbacks get it: a bug reported (its crash report written) first."""
        if isinstance(exc, MiraError):
            return exc
        if self._report_bug is not None:
            try:
                return self._report_bug(exc)
            except Exception as broken:  # the reporter's own bug: seen by the process's hook too
                sys.excepthook(type(broken), broken, broken.__traceback__)
        sys.excepthook(type(exc), exc, exc.__traceback__)  # no data folder yet: the process's own hook
        return InternalError.reported(exc, None)

    def op(self, owner: QObject | None, fn: Callable[[], T]) -> Operation[T]:
        """An operation of ``owner`` (a widget: its callbacks are dropped once it is destroyed)."""
        return Operation(self, owner, fn)

    def _submit(self, work: Callable[[], None]) -> None:
        if not self._closed.is_set():
            with self._idle:
                self._outstanding += 1
            self._executor.submit(work).add_done_callback(self._dropped)

    def _dropped(self, future: Future[None]) -> None:
        """An operation dropped before it started (shutdown) will deliver nothing: it is not outstanding."""
        if future.cancelled():
            with self._idle:
                self._outstanding -= 1

    def _post(self, delivery: _Delivery) -> None:
        self._relay.delivered.emit(delivery)

    def _deliver(self, delivery: _Delivery) -> None:
        if delivery.keep is not None:  # an operation's end (progress carries nothing to keep)
            with self._idle:
                self._outstanding -= 1
        owner, callback, value = delivery.open()
        if callback is None or self._closed.is_set() or (owner is not None and not shiboken6.isValid(owner)):
            return
        callback(value)

    @property
    def default_failure(self) -> Callable[[BaseException], None]:
        return self._on_unhandled

    @property
    def closed(self) -> bool:
        return self._closed.is_set()

    @property
    def settled(self) -> bool:
        """No operation is queued, running, or has its result still on the way to the UI thread."""
        with self._idle:
            return self._outstanding == 0

    def _started(self, operation: Operation[Any]) -> None:
        with self._idle:
            self._running.add(operation)

    def _ended(self, operation: Operation[Any]) -> None:
        with self._idle:
            self._running.discard(operation)
            self._idle.notify_all()

    def before_shutdown(self, fn: Callable[[], object]) -> None:
        """Run ``fn`` on a worker, and have :meth:`shutdown` wait for it: what the window writes as
        it closes (a draft), off the UI thread but before the database closes. A failure is reported
        as a bug (nothing is left to show it)."""
        if self._closed.is_set():
            return

        def work() -> None:
            try:
                fn()
            except Exception as exc:  # the window is closing: the crash report is where it shows
                self.as_error(exc)

        self._last.append(self._executor.submit(work))

    def shutdown(self, timeout: float = SHUTDOWN_WAIT_S) -> bool:
        """Finish what the window writes as it closes, then cancel the running operations, drop the
        queued ones and wait for the workers (all within ``timeout`` seconds: what is still running
        then is logged and left). True if all ended."""
        from concurrent.futures import TimeoutError as Waited

        from mira_desktop.core.tasks import SHUTDOWN  # not before the first frame

        deadline = time.monotonic() + timeout
        for last in self._last:  # before the queue is emptied below
            try:
                last.result(max(0.0, deadline - time.monotonic()))
            except Waited:
                _log.warning("closing: what the window writes as it closes did not end within %.0f s", timeout)
        self._closed.set()
        with self._idle:
            running = list(self._running)
        for operation in running:
            operation.token.cancel(SHUTDOWN)
        self._executor.shutdown(wait=False, cancel_futures=True)
        with self._idle:
            ended = self._idle.wait_for(lambda: not self._running, max(0.0, deadline - time.monotonic()))
            stuck = [op.describe() for op in self._running]
        if not ended:
            _log.warning("closing: %d operation(s) still running after %.0f s, left: %s", len(stuck), timeout, stuck)
            return False
        self._executor.shutdown(wait=True)  # the workers are idle: they end at once
        return True


class Operation(Generic[T]):
    """Built by :meth:`OperationRunner.op`; configure with the chained methods, then :meth:`run`."""

    def __init__(self, runner: OperationRunner, owner: QObject | None, fn: Callable[[], T]) -> None:
        self._runner = runner
        self._owner = owner
        self._fn: Callable[[], T] | None = fn
        self._success: Callable[[T], object] = lambda _value: None
        self._failure: Callable[[BaseException], object] = runner.default_failure
        self._progress: Callable[[Any], object] | None = None
        self._cancelled: Callable[[None], None] = lambda _none: None
        self.token = CancelToken()

    def success(self, callback: Callable[[T], object]) -> Operation[T]:
        self._success = callback
        return self

    def failure(self, callback: Callable[[BaseException], object]) -> Operation[T]:
        self._failure = callback
        return self

    def progress(self, callback: Callable[[Any], object]) -> Operation[T]:
        self._progress = callback
        return self

    def report(self, value: Any) -> None:
        """Progress from the worker thread (delivered on the UI thread)."""
        if self._progress is not None:
            self._runner._post(_Delivery(self._owner, self._progress, value, None))

    def cancel(self) -> None:
        self.token.cancel("user")

    def run(self) -> Operation[T]:
        self._runner._submit(self._work)
        return self

    def describe(self) -> str:
        """The operation's function, by name (for a log line)."""
        fn = self._fn
        return getattr(fn, "__qualname__", repr(fn)) if fn is not None else "(done)"

    def _work(self) -> None:
        self._runner._started(self)
        try:
            delivery = self._finish()
        finally:
            self._runner._ended(self)
        # Hand every reference over: the UI thread empties the delivery, this thread keeps none.
        self._fn = self._owner = self._progress = None
        self._success = self._failure = self._cancelled = _nothing
        self._runner._post(delivery)

    def _finish(self) -> _Delivery:
        keep = (self._fn, self._success, self._failure, self._progress, self._cancelled)
        if self.token.cancelled or self._runner.closed:  # closed: picked up just as the window closed
            return _Delivery(self._owner, self._cancelled, None, keep)
        try:
            assert self._fn is not None, "an operation runs once"
            result = self._fn()
        except Cancelled:
            return _Delivery(self._owner, self._cancelled, None, keep)
        except BaseException as exc:  # delivered to the UI thread, never lost (a bug reported first)
            return _Delivery(self._owner, self._failure, self._runner.as_error(exc), keep)
        return _Delivery(self._owner, self._success, result, keep)


def _nothing(_value: object) -> None:
    return None
