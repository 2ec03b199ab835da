"""The window's keyboard shortcuts, read from the shortcuts themselves.

Each ``QAction`` with a shortcut and each ``QShortcut`` is named where it is made
(:func:`describe` puts the catalog key of what it does on it); keys that a widget handles itself
(Enter in the composer) are named on that widget with a ``miraKeys`` property. The F1 sheet and the
Ctrl+K palette list what :func:`window_shortcuts` finds under the window, so a new shortcut shows
in both without a second list to keep in step (a test fails for a shortcut left unnamed).
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import TypeVar

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QKeySequence, QShortcut
from PySide6.QtWidgets import QWidget

from mira_desktop.ui.language.i18n import tr

HELP = "miraHelp"  # the catalog key of what a shortcut does
KEYS = "miraKeys"  # keys a widget handles in its own key events (no QShortcut to read them from)

Described = TypeVar("Described", bound=QObject)


def describe(target: Described, key: str) -> Described:
    """Name what ``target`` (a QAction, a QShortcut or a widget with ``miraKeys``) does: ``key`` is a
    catalog key. Returns ``target``."""
    target.setProperty(HELP, key)
    return target


@dataclass(frozen=True)
class Shortcut:
    keys: str  # as the platform writes them: "Ctrl+Shift+K", "F1 / Ctrl+/"
    help_key: str
    source: QObject

    @property
    def description(self) -> str:
        return tr(self.help_key)


def key_text(sequences: list[QKeySequence]) -> str:
    return " / ".join(
        s.toString(QKeySequence.SequenceFormat.NativeText) for s in sequences if _typable(s)
    )


def _typable(sequence: QKeySequence) -> bool:
    """A sequence a person types on an ordinary keyboard: with a modifier, or F1–F35, Esc, Enter…
    (not the "Exit", "New" or "Find" media keys a platform's standard binding adds)."""
    if sequence.isEmpty():
        return False
    combination = sequence[0]  # type: ignore[index]  # QKeySequence.operator[] (missing from the stubs)
    key = combination.key()
    plain = (Qt.Key.Key_Escape, Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Backspace, Qt.Key.Key_Delete)
    return (
        combination.keyboardModifiers() != Qt.KeyboardModifier.NoModifier
        or Qt.Key.Key_F1.value <= key.value <= Qt.Key.Key_F35.value
        or key in plain
    )


def bound_keys(target: QObject) -> list[QKeySequence]:
    """The key sequences ``target`` answers to (none for an object that is not a shortcut)."""
    if isinstance(target, QAction):
        return list(target.shortcuts())
    if isinstance(target, QShortcut):
        return list(target.keys())
    return []


def window_shortcuts(window: QWidget) -> list[Shortcut]:
    """Every named shortcut under ``window`` (its menus' actions, its widgets' shortcuts and the keys
    its widgets handle themselves), once each, in the order they were made."""
    found: list[Shortcut] = []
    seen: set[tuple[str, str]] = set()
    candidates: list[QObject] = [*window.findChildren(QAction), *window.findChildren(QShortcut)]
    candidates += [w for w in window.findChildren(QWidget) if w.property(KEYS)]
    for target in candidates:
        help_key = target.property(HELP)
        if not help_key:
            continue
        keys = str(target.property(KEYS) or "") or key_text(_unique(bound_keys(target)))
        if not keys or (keys, help_key) in seen:
            continue
        seen.add((keys, help_key))
        found.append(Shortcut(keys, str(help_key), target))
    return found


def unnamed_shortcuts(window: QWidget) -> list[str]:
    """The keys of shortcuts under ``window`` that nobody named (for the test that keeps the sheet whole)."""
    targets: list[QObject] = [*window.findChildren(QAction), *window.findChildren(QShortcut)]
    return [key_text(bound_keys(t)) for t in targets if bound_keys(t) and not t.property(HELP)]


def sheet_html(window: QWidget) -> str:
    rows = "".join(
        f"<tr><td><b>{html.escape(s.keys)}</b></td><td>&nbsp;&nbsp;{html.escape(s.description)}</td></tr>"
        for s in window_shortcuts(window)
    )
    return f"<table>{rows}</table>"


def _unique(sequences: list[QKeySequence]) -> list[QKeySequence]:
    out: list[QKeySequence] = []
    for sequence in sequences:
        if not sequence.isEmpty() and sequence not in out:
            out.append(sequence)
    return out
