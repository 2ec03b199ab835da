"""Our own bugs: written to a crash report file and announced once, never swallowed.

:class:`CrashReports` is what the composition root hands the task runner: ``save`` writes a bug's
report (the runner's crash writer), ``report_task`` announces a background failure nobody waits for
(a bug with its report's path, a :class:`MiraError` with its own sentence), and
``install_excepthooks`` does the same for exceptions no code caught, on any thread.
"""

from __future__ import annotations

import sys
import threading
import traceback
from pathlib import Path
from types import TracebackType

from mira_desktop.core.clock import now_iso
from mira_desktop.core.errors import InternalError, MiraError
from mira_desktop.core.notifications import Level, NotificationBus


def write_crash_report(logs_dir: Path, exc: BaseException) -> Path:
    logs_dir.mkdir(parents=True, exist_ok=True)
    stamp = now_iso().replace(":", "").replace("-", "")
    text = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
    for n in range(1, 1000):  # two bugs in one millisecond (two threads) keep a report each
        path = logs_dir / (f"crash-{stamp}.txt" if n == 1 else f"crash-{stamp}-{n}.txt")
        try:
            with path.open("x", encoding="utf-8") as report:
                report.write(f"Mira crash report {now_iso()}\n\n{text}")
        except FileExistsError:
            continue
        return path
    raise FileExistsError(f"{logs_dir} holds a thousand crash reports of {stamp} already")


class CrashReports:
    def __init__(self, logs_dir: Path, bus: NotificationBus) -> None:
        self.logs_dir = logs_dir
        self._bus = bus

    def save(self, bug: BaseException) -> str | None:
        """Write ``bug``'s crash report; its path, or None when the logs folder cannot be written."""
        try:
            return str(write_crash_report(self.logs_dir, bug))
        except OSError:
            return None

    def report_task(self, name: str, exc: BaseException) -> None:
        """A background task's failure nobody waits for: one ERROR notification (a dialog in the window)."""
        error = exc if isinstance(exc, MiraError) else InternalError.reported(exc, self.save(exc))
        details = error.details if isinstance(error, InternalError) else ""
        self._bus.post(Level.ERROR, str(error), f"background work {name!r}\n\n{details}".rstrip(), error)

    def report_uncaught(self, exc: BaseException) -> None:
        """An exception no code caught (the excepthooks): as :meth:`report_task` says it."""
        error = exc if isinstance(exc, MiraError) else InternalError.reported(exc, self.save(exc))
        self._bus.post(Level.ERROR, str(error), getattr(error, "details", ""), error)

    def install_excepthooks(self) -> None:
        """Report uncaught exceptions on any thread: user errors as they are, bugs with a crash file."""

        def sys_hook(kind: type[BaseException], exc: BaseException, tb: TracebackType | None) -> None:
            if issubclass(kind, KeyboardInterrupt):
                sys.__excepthook__(kind, exc, tb)
                return
            self.report_uncaught(exc)

        def thread_hook(hook_args: threading.ExceptHookArgs) -> None:
            if hook_args.exc_value is not None:
                self.report_uncaught(hook_args.exc_value)

        sys.excepthook = sys_hook
        threading.excepthook = thread_hook


def install_excepthooks(logs_dir: Path, bus: NotificationBus) -> None:
    """Report uncaught exceptions on any thread: user errors as they are, bugs with a crash file."""
    CrashReports(logs_dir, bus).install_excepthooks()
