"""Qt's file dialogs as Mira opens them: in the home folder the first time, then in the folder the
last one was left in (kept in the settings, so across restarts too), never in the folder Mira was
started from. The functions take and return what ``QFileDialog``'s static functions do."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QWidget

_state: dict[str, object] = {"folder": None, "save": None}  # save: persists a folder (set by the window)


def use(folder: str | None, save: Callable[[str], None] | None) -> None:
    """Start from ``folder`` (the saved one) and call ``save`` with each folder a dialog is left in."""
    if folder:
        _state["folder"] = folder
    _state["save"] = save


def start_folder() -> str:
    """Where the next dialog opens: the last folder used while it exists, else the home folder."""
    last = _state["folder"]
    if isinstance(last, str) and Path(last).is_dir():
        return last
    return str(Path.home())


def _start(suggested: str) -> str:
    """``suggested`` (a file name, a path or "") placed in :func:`start_folder` unless it names a folder."""
    if suggested and Path(suggested).is_absolute():
        return suggested
    return str(Path(start_folder()) / suggested) if suggested else start_folder()


def remember(chosen: str) -> None:
    """Note the folder of ``chosen`` (a file or a folder) for the next dialog."""
    if not chosen:
        return
    path = Path(chosen)
    folder = str(path if path.is_dir() else path.parent)
    _state["folder"] = folder
    save = _state["save"]
    if callable(save):
        save(folder)


def open_file(parent: QWidget | None, caption: str, suggested: str = "", filters: str = "") -> tuple[str, str]:
    path, chosen = QFileDialog.getOpenFileName(parent, caption, _start(suggested), filters)
    remember(path)
    return path, chosen


def open_files(
    parent: QWidget | None, caption: str, suggested: str = "", filters: str = ""
) -> tuple[list[str], str]:
    paths, chosen = QFileDialog.getOpenFileNames(parent, caption, _start(suggested), filters)
    if paths:
        remember(paths[0])
    return paths, chosen


def save_file(parent: QWidget | None, caption: str, suggested: str = "", filters: str = "") -> tuple[str, str]:
    path, chosen = QFileDialog.getSaveFileName(parent, caption, _start(suggested), filters)
    remember(path)
    return path, chosen


def folder(parent: QWidget | None, caption: str, suggested: str = "") -> str:
    chosen = QFileDialog.getExistingDirectory(parent, caption, _start(suggested))
    remember(chosen)
    return chosen
