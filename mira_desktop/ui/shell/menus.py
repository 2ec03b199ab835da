"""The main window's menu bar: Mira (settings, roles, knowledge, switcher, trash, backup, quit) and Help."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence

from mira_desktop.ui.i18n import tr

if TYPE_CHECKING:
    from collections.abc import Callable

    from mira_desktop.ui.shell.main_window import MainWindow


def build_menus(window: MainWindow) -> None:
    menu = window.menuBar().addMenu(tr("menu.mira"))

    def action(key: str, slot: Callable[[], object], *shortcuts: QKeySequence | str) -> QAction:
        item = QAction(tr(key), window)
        item.setShortcuts([QKeySequence(s) if isinstance(s, str) else s for s in shortcuts])
        item.triggered.connect(lambda _checked=False: slot())
        menu.addAction(item)
        return item

    action(
        "menu.settings",
        window.open_settings,
        "Ctrl+,",
        *QKeySequence.keyBindings(QKeySequence.StandardKey.Preferences),
    )
    action("menu.roles", window.open_roles, "Ctrl+Shift+R")
    action("menu.knowledge", window.open_knowledge, "Ctrl+Shift+K")
    action("menu.switcher", window.open_switcher, "Ctrl+K")
    menu.addSeparator()
    action("menu.trash", window.open_trash, "Ctrl+Shift+Backspace")
    action("menu.backup", window.back_up)
    menu.addSeparator()
    quit_action = action("menu.quit", window.close, QKeySequence(QKeySequence.StandardKey.Quit))
    quit_action.setShortcutContext(Qt.ShortcutContext.ApplicationShortcut)  # also from the Roles window
    help_menu = window.menuBar().addMenu(tr("menu.help"))
    sheet = QAction(tr("menu.shortcuts"), window)
    sheet.setShortcuts([QKeySequence("F1"), QKeySequence("Ctrl+/")])
    sheet.triggered.connect(window.show_shortcuts)
    help_menu.addAction(sheet)
