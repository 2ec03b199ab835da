"""The main window's menu bar: Mira (settings, roles, knowledge, switcher, trash, backup, quit) and Help."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence

from mira_desktop.ui.i18n import tr
from mira_desktop.ui.shortcuts import describe

if TYPE_CHECKING:
    from collections.abc import Callable

    from mira_desktop.ui.shell.main_window import MainWindow


def build_menus(window: MainWindow) -> None:
    """The menus; each action is named (``describe``) with what it does, for the F1 sheet and Ctrl+K."""
    menu = window.menuBar().addMenu(tr("menu.mira"))

    def action(
        key: str, help_key: str, slot: Callable[[], object], *shortcuts: QKeySequence | str
    ) -> QAction:
        item = QAction(tr(key), window)
        sequences: list[QKeySequence] = []
        for shortcut in shortcuts:  # once each: the platform's standard key may be one of ours
            sequence = QKeySequence(shortcut) if isinstance(shortcut, str) else shortcut
            if not sequence.isEmpty() and sequence not in sequences:
                sequences.append(sequence)
        item.setShortcuts(sequences)
        item.triggered.connect(lambda _checked=False: slot())
        menu.addAction(item)
        return describe(item, help_key)

    action(
        "menu.settings",
        "shortcuts.settings",
        window.open_settings,
        "Ctrl+,",
        *QKeySequence.keyBindings(QKeySequence.StandardKey.Preferences),
    )
    action("menu.roles", "shortcuts.roles", window.open_roles, "Ctrl+Shift+R")
    action("menu.knowledge", "shortcuts.knowledge", window.open_knowledge, "Ctrl+Shift+K")
    action("menu.switcher", "shortcuts.switcher", window.open_switcher, "Ctrl+K")
    menu.addSeparator()
    action("menu.trash", "look.shortcut.trash", window.open_trash, "Ctrl+Shift+Backspace")
    action("menu.backup", "look.shortcut.backup", window.back_up)
    menu.addSeparator()
    quit_action = action(
        "menu.quit", "shortcuts.quit", window.close, "Ctrl+Q", *QKeySequence.keyBindings(QKeySequence.StandardKey.Quit)
    )
    quit_action.setShortcutContext(Qt.ShortcutContext.ApplicationShortcut)  # also from the Roles window
    help_menu = window.menuBar().addMenu(tr("menu.help"))
    sheet = describe(QAction(tr("menu.shortcuts"), window), "shortcuts.sheet")
    sheet.setShortcuts([QKeySequence("F1"), QKeySequence("Ctrl+/")])
    sheet.triggered.connect(window.show_shortcuts)
    help_menu.addAction(sheet)
