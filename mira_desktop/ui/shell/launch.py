"""Starting the desktop app: QApplication, the main window, Qt's event loop."""

from __future__ import annotations

import contextlib
import json
import logging
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QEventLoop, QObject, Qt, QTimer
from PySide6.QtWidgets import QApplication

from mira_desktop.core.errors import MiraError
from mira_desktop.ui.language.i18n import explain, install_translations, tr
from mira_desktop.ui.runtime.garbage_collection import install as install_collector

if TYPE_CHECKING:
    from mira_desktop.core.notifications import NotificationBus
    from mira_desktop.services.app.bundle import AppServices
    from mira_desktop.services.model_catalog.readiness import ModelReadiness
    from mira_desktop.ui.shell.main_window import MainWindow

_PROCESS_START = time.perf_counter()
_log = logging.getLogger(__name__)
# The data folder is opened once the first frame is painted, or after this long without one (a window
# started on a hidden workspace, or minimised, may not paint until it is looked at).
FIRST_PAINT_WAIT_S = 1.0
MEASURED_PAINT_WAIT_S = 30.0  # ``exit_after_paint`` (the smoke test, benchmarks): the paint is the point


class _FirstPaint(QObject):
    """Notes when the window first paints, and what that frame showed."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__()
        self.painted = False
        self.painted_at = (0.0, 0.0)
        self.showed: dict[str, object] = {}
        self._window = window

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt naming)
        if event.type() == QEvent.Type.Paint and not self.painted:
            self.painted = True
            self.painted_at = (time.perf_counter(), time.time())
            window = self._window
            self.showed = {
                "cpu_at_first_paint_s": time.process_time(),  # this process's CPU time (less noisy than wall)
                "threads_at_first_paint": window.sidebar.thread_list.count(),
                "composer_takes_typing_at_first_paint": window.composer.editor.isEnabled()
                and not window.composer.editor.isReadOnly(),
            }
        return False


class _ReadyProbe(QObject):
    """For ``--exit-when-ready``: clicks the first listed thread as soon as the first frame is
    painted, and prints when the window became ready, then closes it.

    Printed: when that click was made and when the thread's messages were on screen (usable: the
    composer takes typing and queues Enter from the first frame); when the services were attached
    and listed the threads (their ``listed`` signal); and when the model check answered with the
    composer enabled (``model_readiness_changed``, emitted right after the composer's ``set_ready``:
    Enter sends at once). It prints once the services listed the threads and the model answered; a
    failed model check is printed at once, since Enter will not send.
    """

    def __init__(self, window: MainWindow, painted: _FirstPaint) -> None:
        super().__init__()
        self._window = window
        self._painted = painted
        self._readiness: ModelReadiness | None = None
        self._model_at: tuple[float, float] | None = None
        self._listed_at: tuple[float, float] | None = None
        self._done = False
        self._attached_at: float | None = None
        self._moments: dict[str, float] = {}
        self._clicked: tuple[str, float] | None = None  # the thread clicked, and when
        self._shown_at: float | None = None
        self.succeeded = False
        window.sidebar.listed.connect(self._listed)
        window.model_readiness_changed.connect(self._model_checked)
        window.thread_shown.connect(self._thread_shown)

    def click_first_thread(self) -> None:
        """What a person does first: a click on the newest thread listed (none in a new folder)."""
        listed = self._window.sidebar.thread_list
        if listed.count() == 0 or self._clicked is not None:
            return
        item = listed.item(0)
        self._clicked = (str(item.data(Qt.ItemDataRole.UserRole)), time.time())
        listed.setCurrentItem(item)
        listed.itemClicked.emit(item)  # the list's own click handler, as a mouse click reaches it

    def _thread_shown(self, thread_id: str) -> None:
        if self._clicked is not None and thread_id == self._clicked[0] and self._shown_at is None:
            self._shown_at = time.time()

    def attached(self, moments: dict[str, float]) -> None:
        """The services are attached; ``moments`` says when they were built and the attach began."""
        self._attached_at = time.time()
        self._moments = moments

    def _listed(self) -> None:
        if self._window.services is None:
            return  # the first look's list: the database was read, but nothing can be opened yet
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
        usable = readiness.ready and self._window.composer.ready
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
            "composer_enabled": self._window.composer.ready,
            "threads_listed": self._window.sidebar.thread_list.count(),
            **self._painted.showed,
        }
        if self._attached_at is not None:
            line.update(self._moments, services_attached_epoch=self._attached_at)
        if self._listed_at is not None:
            line["threads_listed_epoch"] = self._listed_at[1]
        if self._clicked is not None:
            line["thread_clicked_epoch"] = self._clicked[1]
            # Shown by the first moments' own read, or only once the services were attached.
            line["thread_shown_before_attach"] = (
                self._shown_at is not None and self._attached_at is not None and self._shown_at < self._attached_at
            )
        if self._shown_at is not None:
            line["thread_shown_epoch"] = self._shown_at
        if not readiness.ready:
            line["problem"] = readiness.problem
        hold = float(os.environ.get("MIRA_READY_HOLD_S", "0") or 0)
        if hold <= 0:
            self._report(line)
            return
        # The start-up benchmark's idle sample: the usable window left alone, then its memory.
        QTimer.singleShot(int(hold * 1000), lambda: self._report({**line, **_memory()}))

    def _report(self, line: dict[str, object]) -> None:
        print(json.dumps(line), flush=True)
        self._window.close()


def _memory() -> dict[str, object]:
    """The process's resident memory now, and whether the heavy embedding libraries are loaded."""
    rss_kb = 0
    with contextlib.suppress(OSError):
        for row in Path("/proc/self/status").read_text().splitlines():
            if row.startswith("VmRSS:"):
                rss_kb = int(row.split()[1])
    return {
        "idle_rss_mb": rss_kb / 1024,
        "torch_imported": "torch" in sys.modules,
        "sentence_transformers_imported": "sentence_transformers" in sys.modules,
    }


class _Start:
    """Attaches the built services to the window, or says why the data folder cannot be opened."""

    def __init__(self, window: MainWindow, probe: _ReadyProbe | None) -> None:
        self.window = window
        self.probe = probe
        self.services: AppServices | None = None
        self.opened: AppServices | None = None  # set on the worker: closed even if never attached
        self.error: BaseException | None = None
        self.moments: dict[str, float] = {}  # wall-clock times of the start's steps, for the probe

    def open(self, open_services: Callable[[], AppServices]) -> AppServices:
        """On the worker: the services, kept for closing even when the window closes before they
        reach it (its operations' results are then dropped)."""
        self.moments["build_started_epoch"] = time.time()
        self.opened = open_services()
        self.moments["services_built_epoch"] = time.time()
        return self.opened

    def attach(self, services: AppServices) -> None:
        from mira_desktop.services.app.crash_reports import install_excepthooks

        self.moments["attach_started_epoch"] = time.time()
        self.services = services
        install_excepthooks(services.folder.logs_dir, services.notifications)
        self.window.attach(services, check_model=True)
        if self.probe is not None:
            self.probe.attached(self.moments)

    def refuse(self, error: BaseException) -> None:
        self.error = error
        if isinstance(error, MiraError):
            from PySide6.QtWidgets import QMessageBox

            print(f"mira: error: {error}", file=sys.stderr)
            QMessageBox.critical(self.window, tr("error.title"), explain(error))
        self.window.close()


def wait_for_first_paint(app: QApplication, painted: _FirstPaint, timeout: float = FIRST_PAINT_WAIT_S) -> bool:
    """Run Qt's events until the window has painted, or ``timeout`` seconds have passed; True if it
    painted."""
    deadline = time.monotonic() + timeout
    wake = QTimer()  # its timeout ends the last wait below at the deadline, if nothing else does
    wake.setSingleShot(True)
    wake.start(max(1, int(timeout * 1000)))
    while not painted.painted and time.monotonic() < deadline:
        app.processEvents(QEventLoop.ProcessEventsFlag.WaitForMoreEvents)
    wake.stop()
    return painted.painted


def _print_first_paint(painted: _FirstPaint) -> None:
    """``--exit-after-paint``'s line: when the first frame was painted, and what it showed."""
    since_import, epoch = painted.painted_at
    first: dict[str, object] = {"painted": painted.painted, **painted.showed}
    if painted.painted:
        first.update(first_paint_s=since_import - _PROCESS_START, epoch=epoch)
    print(json.dumps(first), flush=True)


def run_gui(
    data_dir: Path,
    open_services: Callable[[Path, NotificationBus], AppServices],
    *,
    exit_after_paint: bool = False,
    exit_when_ready: bool = False,
) -> int:
    """Show the window, open the data folder, run until the window closes; the exit status.

    The first frame is the data folder's first look (its threads, the welcome draft, the theme and
    language, read-only) with a composer that takes typing and queues Enter, and threads that open
    on a click (read-only: usable); then the data folder is opened and every service built on a
    worker, the window attached to them (it lists the threads again) and the default model loaded.

    For the start-up benchmark and smoke tests, ``exit_after_paint`` prints the first paint as a
    JSON line and quits without running the window; ``exit_when_ready`` runs the normal start
    (data folder, services, threads, model check under the real event loop), clicks the first listed
    thread, prints one JSON line once the model is checked (see :class:`_ReadyProbe`; with ``MIRA_READY_HOLD_S`` set, that many
    seconds later, with the idle window's memory) and quits. Times in seconds are counted from the
    import of this module, ``*_epoch`` fields are wall-clock times.
    """
    from mira_desktop.services.app.first_look import read_first_look
    from mira_desktop.ui.shell.main_window import MainWindow
    from mira_desktop.ui.shell.sidebar import PAGE

    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    install_collector(app)  # before any worker thread can free a window's cycle off the UI thread
    app.setApplicationName("Mira Desktop")
    app.setOrganizationName("Mira")
    look = read_first_look(data_dir, PAGE)
    install_translations(app, look.language)  # before any window writes its text
    window = MainWindow(str(data_dir), look)
    painted = _FirstPaint(window)
    window.installEventFilter(painted)
    window.show()
    # Paint the first frame before opening the data folder (a bounded wait: see FIRST_PAINT_WAIT_S;
    # longer when the first paint is what is measured).
    bound = MEASURED_PAINT_WAIT_S if exit_after_paint else FIRST_PAINT_WAIT_S
    if not wait_for_first_paint(app, painted, bound):
        _log.info("no first frame within %.1f s: opening the data folder anyway", bound)
    if exit_after_paint:
        _print_first_paint(painted)

    from mira_desktop.core.notifications import NotificationBus

    bus = NotificationBus()
    if exit_after_paint:  # no event loop: open the data folder (creating it), build every service, quit
        try:
            open_services(data_dir, bus).close()
        except MiraError as exc:
            print(f"mira: error: {exc}", file=sys.stderr)
            return exc.exit_code
        finally:
            window.close()
            window.background.shutdown()
        return 0
    probe = _ReadyProbe(window, painted) if exit_when_ready else None
    start = _Start(window, probe)
    # The data folder is opened and the services built off the UI thread: the window keeps
    # taking typing and clicks meanwhile (a clicked thread opens read-only, Enter queues).
    opening = window.background.op(window, lambda: start.open(lambda: open_services(data_dir, bus)))
    opening.success(start.attach).failure(start.refuse).run()
    if probe is not None:
        QTimer.singleShot(0, probe.click_first_thread)
    try:
        if window.isVisible():  # closed while its first frame was awaited: Qt's quit came before the loop
            app.exec()  # until the last window closes
    finally:
        window.background.shutdown()  # a bounded wait, also for the services being opened
        services = start.services or start.opened
        if services is not None:
            services.close()
    if start.error is not None:
        if isinstance(start.error, MiraError):
            return start.error.exit_code
        raise start.error
    return 1 if probe is not None and not probe.succeeded else 0

