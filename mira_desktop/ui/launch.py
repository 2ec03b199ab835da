"""Starting the desktop app: QApplication, the qasync event loop, the main window."""

from __future__ import annotations

import asyncio
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

from mira_desktop.core.errors import MiraError
from mira_desktop.core.notifications import NotificationBus
from mira_desktop.services.app_services import AppServices
from mira_desktop.services.crash_reports import install_excepthooks
from mira_desktop.ui.strings import tr

_PROCESS_START = time.perf_counter()


class _FirstPaint(QObject):
    """Calls ``callback`` once, on the window's first paint."""

    def __init__(self, callback: Callable[[], None]) -> None:
        super().__init__()
        self._callback: Callable[[], None] | None = callback

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt naming)
        if event.type() == QEvent.Type.Paint and self._callback is not None:
            callback, self._callback = self._callback, None
            QTimer.singleShot(0, callback)
        return False


def run_gui(
    data_dir: Path,
    build_services: Callable[[Path, NotificationBus], AppServices],
    *,
    exit_after_paint: bool = False,
) -> int:
    import qasync

    from mira_desktop.ui.main_window import MainWindow

    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    app.setApplicationName("Mira Desktop")
    app.setOrganizationName("Mira")
    bus = NotificationBus()
    try:
        services = build_services(data_dir, bus)
    except MiraError as exc:
        print(f"mira: error: {exc}", file=sys.stderr)
        if not exit_after_paint:
            QMessageBox.critical(None, tr("error.title"), str(exc))
        return exc.exit_code
    install_excepthooks(services.folder.logs_dir, bus)

    loop = qasync.QEventLoop(app)
    asyncio.set_event_loop(loop)
    window = MainWindow(services)
    closed = asyncio.Event()
    app.lastWindowClosed.connect(closed.set)

    def first_paint() -> None:
        if exit_after_paint:
            print(json.dumps({"first_paint_s": time.perf_counter() - _PROCESS_START, "epoch": time.time()}))
            sys.stdout.flush()
            window.close()
        else:
            window.start_model_check()

    painted = _FirstPaint(first_paint)
    window.installEventFilter(painted)
    window.show()
    try:
        with loop:
            loop.run_until_complete(closed.wait())
    finally:
        window.background.shutdown()
        services.close()
    return 0
