"""Starting the desktop app: QApplication, the qasync event loop, the main window."""

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
from mira_desktop.ui.i18n import install_translations, saved_language, tr

if TYPE_CHECKING:
    from mira_desktop.core.notifications import NotificationBus
    from mira_desktop.services.app.bundle import AppServices

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


def run_gui(
    data_dir: Path,
    build_services: Callable[[Path, NotificationBus], AppServices],
    *,
    exit_after_paint: bool = False,
) -> int:
    from mira_desktop.ui.shell.main_window import MainWindow

    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    app.setApplicationName("Mira Desktop")
    app.setOrganizationName("Mira")
    install_translations(app, saved_language(data_dir))  # before any window writes its text
    window = MainWindow(str(data_dir))
    painted = _FirstPaint()
    window.installEventFilter(painted)
    window.show()
    # Paint the first frame before opening the data folder and loading asyncio and qasync.
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
            QMessageBox.critical(window, tr("error.title"), str(exc))
        window.close()
        window.background.shutdown()
        return exc.exit_code
    install_excepthooks(services.folder.logs_dir, bus)
    window.attach(services)
    try:
        if exit_after_paint:
            window.close()
        else:
            window.start_model_check()
            _run_event_loop(app)
    finally:
        window.background.shutdown()
        services.close()
    return 0


def _run_event_loop(app: QApplication) -> None:
    """Run Qt under qasync's asyncio loop until the last window closes."""
    import asyncio

    import qasync

    loop = qasync.QEventLoop(app)
    asyncio.set_event_loop(loop)
    closed = asyncio.Event()
    app.lastWindowClosed.connect(closed.set)
    with loop:
        loop.run_until_complete(closed.wait())
