"""Our own bugs: written to a crash report file and announced once, never swallowed."""

from __future__ import annotations

import sys
import threading
import traceback
from pathlib import Path
from types import TracebackType

from mira_desktop.core.clock import now_iso
from mira_desktop.core.errors import MiraError
from mira_desktop.core.notifications import Level, NotificationBus


def write_crash_report(logs_dir: Path, exc: BaseException) -> Path:
    logs_dir.mkdir(parents=True, exist_ok=True)
    stamp = now_iso().replace(":", "").replace("-", "")
    path = logs_dir / f"crash-{stamp}.txt"
    text = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
    path.write_text(f"Mira crash report {now_iso()}\n\n{text}", encoding="utf-8")
    return path


def install_excepthooks(logs_dir: Path, bus: NotificationBus) -> None:
    """Report uncaught exceptions on any thread: user errors as they are, bugs with a crash file."""

    def report(exc: BaseException) -> None:
        if isinstance(exc, MiraError):
            bus.post(Level.ERROR, str(exc))
            return
        try:
            path = write_crash_report(logs_dir, exc)
            where = f" Details were saved to {path}."
        except OSError:
            where = ""
        bus.post(Level.ERROR, f"Something went wrong inside Mira ({type(exc).__name__}: {exc}).{where}")

    def sys_hook(kind: type[BaseException], exc: BaseException, tb: TracebackType | None) -> None:
        if issubclass(kind, KeyboardInterrupt):
            sys.__excepthook__(kind, exc, tb)
            return
        report(exc)

    def thread_hook(hook_args: threading.ExceptHookArgs) -> None:
        if hook_args.exc_value is not None:
            report(hook_args.exc_value)

    sys.excepthook = sys_hook
    threading.excepthook = thread_hook
