"""Mira → Back up data…: choose where, then the backup runs in the background with its steps shown in
the status bar; the window stays usable (a reply can go on streaming, an index job resumes after)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QMainWindow, QMessageBox

from mira_desktop.ui.desktop import file_dialogs
from mira_desktop.ui.language.i18n import explain, tr

if TYPE_CHECKING:
    from mira_desktop.services.app.bundle import AppServices
    from mira_desktop.services.backup.service import BackupReport
    from mira_desktop.ui.runtime.operations import Operation, OperationRunner


def start_backup(
    window: QMainWindow, services: AppServices, runner: OperationRunner, target: Path | None = None
) -> Operation[BackupReport] | None:
    """Ask for the file (unless ``target`` is given) and write the backup there in the background."""
    backup = services.backup
    if target is None:
        suggested = backup.default_name()  # in the last folder used (the home folder at first)
        chosen, _ = file_dialogs.save_file(window, tr("backup.title"), suggested, tr("backup.filter"))
        if not chosen:
            return None
        target = Path(chosen)
    status = window.statusBar()
    status.showMessage(tr("backup.running"))

    def done(report: BackupReport) -> None:
        status.showMessage(tr("backup.saved", path=str(report.path)), 15000)
        QMessageBox.information(
            window,
            tr("backup.title"),
            tr("backup.saved_detail", path=str(report.path), files=report.files, size=_size(report.bytes)),
        )

    def failed(exc: BaseException) -> None:
        status.clearMessage()
        QMessageBox.warning(window, tr("backup.title"), tr("backup.failed", reason=explain(exc)))

    operation: Operation[BackupReport] = runner.op(window, lambda: backup.create(target, operation.report))
    operation.progress(lambda step: status.showMessage(tr("backup.step", step=step)))
    return operation.success(done).failure(failed).run()


def _size(count: int) -> str:
    megabytes = count / (1024 * 1024)
    return f"{megabytes:.1f} MB" if megabytes >= 0.1 else f"{count / 1024:.1f} KB"
