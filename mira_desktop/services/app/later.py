"""The services built after the window is usable, and what stands in for them until then.

Opening the data folder and building what lists and opens threads takes a fraction of the time that
importing and building every service does (the knowledge base, agent runs, attachments, MCP, the
Hub…). The window attaches to the first part and is usable; the rest is built right after, on a
background task (``finish_in_background``), or at once where nothing is shown meanwhile (the
``mira`` command, tests: ``finish``).

Until it is built, each of these services is a :class:`StandIn`: using it (any attribute) waits for
the build — or does the build, when nobody started it — so code that holds one needs no care. A
stand-in used on the main thread before the build is done makes the window wait (or build them):
that is logged, as a start-up slower than it should be.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import Any, Generic, TypeVar, overload

from mira_desktop.core.cancel import Cancelled
from mira_desktop.core.tasks import SHUTDOWN, TaskRunner

T = TypeVar("T")
_log = logging.getLogger(__name__)


class LaterServices(Generic[T]):
    """Builds ``T`` (a bundle of services) once, on the first thread that needs it; others wait.

    ``held``: the window's services, whose build waits until the window says it is usable
    (:meth:`finish_in_background`): a worker thread that uses a stand-in before then waits for it
    (building then would take the processor from listing the threads). The main thread never waits
    for that: its use builds them at once. ``report`` is given what a :meth:`when_finished` callback
    raises (the others still run).
    """

    def __init__(
        self,
        build: Callable[[], T],
        *,
        held: bool = False,
        report: Callable[[BaseException], object] | None = None,
    ) -> None:
        self._build: Callable[[], T] | None = build
        self._report = report
        self._lock = threading.Lock()
        self._done = threading.Event()  # built, or failed: waiters go on
        self._settled = threading.Event()  # and what waited for the build has run
        self._may_start = threading.Event()
        if not held:
            self._may_start.set()
        self._builder: threading.Thread | None = None
        self._value: T | None = None
        self._error: BaseException | None = None
        self._then: list[Callable[[], object]] = []

    @property
    def built(self) -> T | None:
        """The services, if their build has ended well; None before (or after a failed build)."""
        return self._value if self._done.is_set() else None

    @property
    def started(self) -> bool:
        return self._builder is not None or self._done.is_set()

    def finish(self) -> T:
        """The services: built here if no other thread is building them, else waited for. Re-raises
        what the build raised."""
        with self._lock:
            build = self._build if not self._done.is_set() else None
            if build is not None and self._builder is None:
                self._builder = threading.current_thread()
            elif self._builder is threading.current_thread() and not self._done.is_set():
                raise RuntimeError("a service built later was used while the later services were built")
            else:
                build = None
            self._may_start.set()  # after claiming the build: a waiter woken now waits for this one
        if build is not None:
            self._run(build)
        else:
            self._done.wait()
        if self._error is not None:
            raise self._error
        return self._value  # type: ignore[return-value]  # set when the build ended well

    def finish_in_background(self, tasks: TaskRunner) -> None:
        """Start the build on a task of ``tasks`` (nothing, if it is built or being built)."""
        if not self.started:
            tasks.start("later-services", lambda _cancel: self.finish())

    def when_finished(self, then: Callable[[], object]) -> None:
        """Call ``then`` once the build has ended well: right after it, on the thread that built them,
        or now if it already has."""
        with self._lock:
            if not self._done.is_set():
                self._then.append(then)
                return
        if self._error is None:
            self._call(then)

    def settle(self) -> T | None:
        """For closing: wait for a build under way and what waited for it; the services if they were
        built, else None. A build not started never starts: whoever waits for it is cancelled."""
        with self._lock:
            if self._builder is None and not self._done.is_set():
                self._error = Cancelled(SHUTDOWN)
                self._build, self._then = None, []
                self._done.set()
                self._settled.set()
            self._may_start.set()
        self._settled.wait()
        return self.built if self._error is None else None

    def stand_in(self, part: Callable[[T], Any], name: str) -> Any:
        """An object standing in for ``part(services)`` until they are built."""
        return StandIn(lambda: part(self._for_stand_in(name)), name, self._done.is_set)

    def _for_stand_in(self, name: str) -> T:
        if self._done.is_set():
            if self._error is None:
                return self._value  # type: ignore[return-value]  # set when the build ended well
            raise self._error
        if threading.current_thread() is not threading.main_thread():
            self._may_start.wait()  # until the window is usable (or the services close)
            return self.finish()
        started = time.perf_counter()
        try:
            return self.finish()
        finally:
            _log.warning(
                "the main thread used %s before the services built after the window is usable were"
                " ready, and waited %.0f ms for them",
                name,
                (time.perf_counter() - started) * 1000,
            )

    def _run(self, build: Callable[[], T]) -> None:
        try:
            value = build()
        except BaseException as exc:
            with self._lock:
                self._error, self._then = exc, []
                self._done.set()
                self._settled.set()
            raise
        with self._lock:
            self._value, self._build = value, None
            self._done.set()
            then, self._then = self._then, []
        try:
            for callback in then:
                self._call(callback)
        finally:
            self._settled.set()

    def _call(self, callback: Callable[[], object]) -> None:
        """A callback's failure is reported, not raised to whoever happened to build the services."""
        try:
            callback()
        except Exception as exc:
            if self._report is None:
                raise
            self._report(exc)


class StandIn:
    """Stands in for a service built later: every attribute read is the built service's (waiting
    for the build, or doing it)."""

    __slots__ = ("_built", "_name", "_target")

    def __init__(self, target: Callable[[], object], name: str, built: Callable[[], bool]) -> None:
        self._target = target
        self._name = name
        self._built = built

    def __getattr__(self, attribute: str) -> Any:
        return getattr(self._target(), attribute)

    def __repr__(self) -> str:
        state = "built" if self._built() else "not built yet"
        return f"<stand-in for {self._name}: {state}>"


class Later(Generic[T]):
    """A class attribute of the services bundle for one service built later: the service once it is
    built, its :class:`StandIn` until then."""

    def __set_name__(self, owner: type, name: str) -> None:
        self._name = name

    @overload
    def __get__(self, services: None, owner: type) -> Later[T]: ...

    @overload
    def __get__(self, services: object, owner: type) -> T: ...

    def __get__(self, services: object, owner: type) -> Later[T] | T:
        if services is None:
            return self
        later: LaterServices[Any] = services.later  # type: ignore[attr-defined]
        built = later.built
        if built is not None:
            return getattr(built, self._name)  # type: ignore[no-any-return]
        return later.stand_in(lambda rest: getattr(rest, self._name), self._name)  # type: ignore[no-any-return]
