"""The one way the window hands a file, a folder or a web address to the system's programs.

``QDesktopServices.openUrl`` returns False when the desktop has no program for it (on Linux, no
``xdg-open``, or one that knows no program for the type: Qt then only logs "Unable to detect a
launcher"). Every place that opens something outside Mira goes through :func:`open_externally`, so
such a failure is said in the window, with the path to copy, instead of a click that does nothing.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import QDesktopServices, QGuiApplication
from PySide6.QtWidgets import QMessageBox, QWidget

from mira_desktop.ui.language.i18n import tr

FAILED_BOX = "openFailed"  # the object name of the message that says it could not be opened
_shown: list[QMessageBox] = []  # kept until closed: a box without a parent has no other owner


def _url(target: str | Path | QUrl) -> QUrl:
    if isinstance(target, QUrl):
        return target
    text = str(target)
    if isinstance(target, str) and "://" in text:
        return QUrl(text)
    return QUrl.fromLocalFile(str(Path(text).expanduser()))


def open_externally(target: str | Path | QUrl, parent: QWidget | None = None) -> bool:
    """Open ``target`` (a path, or an address with a scheme) with the program the system picks.

    Returns whether the system took it; when it did not, a message next to ``parent`` says so and
    offers to copy the path (or address), so the person can open it another way.
    """
    url = _url(target)
    if QDesktopServices.openUrl(url):
        return True
    local = url.isLocalFile()
    where = url.toLocalFile() if local else url.toString()
    name = Path(where).name if local else where
    said = "win.open_failed_url"
    if local:
        said = "win.open_failed_folder" if Path(where).is_dir() else "win.open_failed_file"
    box = QMessageBox(
        QMessageBox.Icon.Warning, tr("win.open_failed_title"), tr(said, name=name, path=where), parent=parent
    )
    box.setObjectName(FAILED_BOX)
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    box.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    copy = box.addButton(
        tr("win.copy_path" if local else "win.copy_address"), QMessageBox.ButtonRole.ActionRole
    )
    box.addButton(QMessageBox.StandardButton.Close)
    copy.clicked.connect(lambda: QGuiApplication.clipboard().setText(where))
    _shown.append(box)
    box.finished.connect(lambda _result: _shown.remove(box))
    box.show()
    return False
