"""Starting the desktop app: QApplication, the main window, Qt's event loop."""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QEventLoop, QObject
from PySide6.QtWidgets import QApplication, QMessageBox

from mira_desktop.core.errors import MiraError
from mira_desktop.ui.garbage_collection import install as install_collector
from mira_desktop.ui.i18n import explain, install_translations, saved_language, tr

if TYPE_CHECKING:
    from mira_desktop.core.notifications import NotificationBus
    from mira_desktop.services.app.bundle import AppServices
    from mira_desktop.services.model_catalog.readiness import ModelReadiness
    from mira_desktop.ui.shell.main_window import MainWindow

_PROCESS_START = time.perf_counter()


class _FirstPaint(QObject):
    """Notes when the window first paints."""

    def __init__(self) -> None:
        super().__init__()
        self.painted = False
        self.painted_at = (0.0, 0.0)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt naming)
        if event.type() == QEvent.Type.Paint and not self.painted:
            self.painted = True
            self.painted_at = (time.perf_counter(), time.time())
        return False


class _ReadyProbe(QObject):
    """For ``--exit-when-ready``: prints when the window became usable, then closes it.

    Usable: the sidebar shows the threads read from the database (its ``listed`` signal) and the
    model check has answered with the composer enabled (``model_readiness_changed``, emitted right
    after the composer's ``set_ready``). The moment is the later of the two; a failed model check
    is printed at once, since the window will not become usable.
    """

    def __init__(self, window: MainWindow, painted: _FirstPaint) -> None:
        super().__init__()
        self._window = window
        self._painted = painted
        self._readiness: ModelReadiness | None = None
        self._model_at: tuple[float, float] | None = None
        self._listed_at: tuple[float, float] | None = None
        self._done = False
        self.succeeded = False
        window.sidebar.listed.connect(self._listed)
        window.model_readiness_changed.connect(self._model_checked)

    def _listed(self) -> None:
        if self._listed_at is None:
            self._listed_at = (time.perf_counter(), time.time())
            self._finish_if_decided()

    def _model_checked(self, readiness: ModelReadiness) -> None:
        if self._readiness is None:  # the first answer decides
            self._model_at = (time.perf_counter(), time.time())
            self._readiness = readiness
            self._finish_if_decided()

    def _finish_if_decided(self) -> None:
        readiness, model_at = self._readiness, self._model_at
        if self._done or readiness is None or model_at is None:
            return
        usable = readiness.ready and self._window.composer.editor.isEnabled()
        if usable and self._listed_at is None:
            return  # wait for the thread list
        self._done = True
        self.succeeded = usable
        at = max(model_at, self._listed_at or model_at)
        paint_clock, paint_epoch = self._painted.painted_at
        line: dict[str, object] = {
            "first_paint_s": paint_clock - _PROCESS_START,
            "ready_s": at[0] - _PROCESS_START,
            "first_paint_epoch": paint_epoch,
            "model_ready_epoch": model_at[1],
            "ready_epoch": at[1],
            "model": readiness.ref,
            "model_ready": readiness.ready,
            "composer_enabled": self._window.composer.editor.isEnabled(),
            "threads_listed": self._window.sidebar.thread_list.count(),
        }
        if self._listed_at is not None:
            line["threads_listed_epoch"] = self._listed_at[1]
        if not readiness.ready:
            line["problem"] = readiness.problem
        print(json.dumps(line), flush=True)
        self._window.close()


def run_gui(
    data_dir: Path,
    build_services: Callable[[Path, NotificationBus], AppServices],
    *,
    exit_after_paint: bool = False,
    exit_when_ready: bool = False,
) -> int:
    """Show the window, open the data folder, run until the window closes; the exit status.

    For the start-up benchmark and smoke tests, ``exit_after_paint`` prints the first paint as a
    JSON line and quits before the data folder is opened; ``exit_when_ready`` runs the normal start
    (data folder, services, threads, model check under the real event loop), prints one JSON line
    once the window is usable (see :class:`_ReadyProbe`) and quits. Times in seconds are counted
    from the import of this module, ``*_epoch`` fields are wall-clock times.
    """
    from mira_desktop.ui.shell.main_window import MainWindow

    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    install_collector(app)  # before any worker thread can free a window's cycle off the UI thread
    app.setApplicationName("Mira Desktop")
    app.setOrganizationName("Mira")
    install_translations(app, saved_language(data_dir))  # before any window writes its text
    window = MainWindow(str(data_dir))
    painted = _FirstPaint()
    window.installEventFilter(painted)
    window.show()
    # Paint the first frame before opening the data folder.
    while not painted.painted:
        app.processEvents(QEventLoop.ProcessEventsFlag.WaitForMoreEvents)
    if exit_after_paint:
        since_import, epoch = painted.painted_at
        print(json.dumps({"first_paint_s": since_import - _PROCESS_START, "epoch": epoch}), flush=True)

    from mira_desktop.core.notifications import NotificationBus
    from mira_desktop.services.app.crash_reports import install_excepthooks

    bus = NotificationBus()
    try:
        services = build_services(data_dir, bus)
    except MiraError as exc:
        print(f"mira: error: {exc}", file=sys.stderr)
        if not exit_after_paint:
            QMessageBox.critical(window, tr("error.title"), explain(exc))
        window.close()
        window.background.shutdown()
        return exc.exit_code
    install_excepthooks(services.folder.logs_dir, bus)
    probe = _ReadyProbe(window, painted) if exit_when_ready and not exit_after_paint else None
    window.attach(services)
    try:
        if exit_after_paint:
            window.close()
        else:
            window.start_model_check()
            app.exec()  # until the last window closes
    finally:
        window.background.shutdown()
        services.close()
    return 1 if probe is not None and not probe.succeeded else 0

