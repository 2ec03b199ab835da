"""The main window's menu bar: Mira (settings, roles, knowledge, capabilities, switcher, trash, backup, quit) and Help."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMainWindow

from mira_desktop.ui.desktop.shortcuts import describe
from mira_desktop.ui.language.i18n import tr


@dataclass(frozen=True)
class MenuCommands:
    """What each menu item does; the main window hands its methods in (this module does not know it)."""

    settings: Callable[[], object]
    roles: Callable[[], object]
    knowledge: Callable[[], object]
    capabilities: Callable[[], object]
    switcher: Callable[[], object]
    trash: Callable[[], object]
    backup: Callable[[], object]
    quit: Callable[[], object]
    shortcuts: Callable[[], object]


def build_menus(window: QMainWindow, commands: MenuCommands) -> None:
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
        commands.settings,
        "Ctrl+,",
        *QKeySequence.keyBindings(QKeySequence.StandardKey.Preferences),
    )
    action("menu.roles", "shortcuts.roles", commands.roles, "Ctrl+Shift+R")
    action("menu.knowledge", "shortcuts.knowledge", commands.knowledge, "Ctrl+Shift+K")
    action("menu.capabilities", "shortcuts.capabilities", commands.capabilities)
    action("menu.switcher", "shortcuts.switcher", commands.switcher, "Ctrl+K")
    menu.addSeparator()
    action("menu.trash", "look.shortcut.trash", commands.trash, "Ctrl+Shift+Backspace")
    action("menu.backup", "look.shortcut.backup", commands.backup)
    menu.addSeparator()
    quit_action = action(
        "menu.quit", "shortcuts.quit", commands.quit, "Ctrl+Q", *QKeySequence.keyBindings(QKeySequence.StandardKey.Quit)
    )
    quit_action.setShortcutContext(Qt.ShortcutContext.ApplicationShortcut)  # also from the Roles window
    help_menu = window.menuBar().addMenu(tr("menu.help"))
    sheet = describe(QAction(tr("menu.shortcuts"), window), "shortcuts.sheet")
    sheet.setShortcuts([QKeySequence("F1"), QKeySequence("Ctrl+/")])
    sheet.triggered.connect(lambda _checked=False: commands.shortcuts())
    help_menu.addAction(sheet)
