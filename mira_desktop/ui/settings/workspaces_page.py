"""Settings → Workspaces: the folders agent threads work in — add one, rename, open it in the file
manager, move it to the trash (its folder is never touched). Every change goes through the same
service, with the same checks, as ``mira workspaces``; the list follows the ``workspaces`` topic,
so a change made by the command or the chat header's picker shows here at once.

:func:`add_workspace_folder` is also what the header's "Add a folder…" does.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from mira_desktop.core.changes import Topic
from mira_desktop.ui.desktop import file_dialogs
from mira_desktop.ui.desktop.external_open import open_externally
from mira_desktop.ui.language.i18n import explain, tr
from mira_desktop.ui.settings.data_box import DataBox
from mira_desktop.ui.settings.page import SettingsPage

if TYPE_CHECKING:
    from mira_desktop.core.workspaces import Workspace
    from mira_desktop.services.app.bundle import AppServices
    from mira_desktop.ui.runtime.operations import OperationRunner


TITLE_BAR_BUTTONS = 160  # px a desktop's title bar keeps for its icon and buttons (openbox, GNOME, KDE)


def choose_folder(parent: QWidget) -> str:
    """The folder a person picks for a new workspace ("" when they cancel)."""
    return file_dialogs.folder(parent, tr("win.ws_choose_folder"))


def ask_name(parent: QWidget, title: str, suggested: str) -> str | None:
    """The name a person gives (None when they cancel)."""
    dialog = name_dialog(parent, title, suggested)
    return dialog.textValue() if dialog.exec() == QInputDialog.DialogCode.Accepted else None


def name_dialog(parent: QWidget, title: str, suggested: str) -> QInputDialog:
    """The name prompt, wide enough that the window manager shows its whole title ("New w… space"
    on a real screen before): the title's width, plus room for the title bar's buttons."""
    dialog = QInputDialog(parent)
    dialog.setWindowTitle(title)
    dialog.setLabelText(tr("win.ws_name"))
    dialog.setTextValue(suggested)
    # The dialog's layout sets its size from its contents: widen the field it sizes by.
    field = dialog.findChild(QLineEdit)
    if field is not None:
        field.setMinimumWidth(dialog.fontMetrics().horizontalAdvance(title) + TITLE_BAR_BUTTONS)
    return dialog


def add_workspace_folder(
    parent: QWidget,
    services: AppServices,
    runner: OperationRunner,
    *,
    added: Callable[[Workspace], None],
    failed: Callable[[str], None],
    pick: Callable[[QWidget], str] | None = None,
    name: Callable[[QWidget, str, str], str | None] | None = None,
) -> None:
    """Ask for a folder and a name (the folder's own by default), then add it as a workspace with
    the checks ``mira workspaces add`` makes; ``added`` gets the new workspace, ``failed`` the one
    line that says why not (nothing was added). ``pick`` and ``name`` default to the dialogs."""
    folder = (pick or choose_folder)(parent)
    if not folder:
        return
    given = (name or ask_name)(parent, tr("win.ws_add_title"), Path(folder).name or folder)
    if given is None:
        return
    workspaces = services.workspaces
    runner.op(parent, lambda: workspaces.add(given, folder)).success(added).failure(
        lambda exc: failed(explain(exc))
    ).run()


class WorkspacesPage(SettingsPage):
    follows = frozenset({Topic.WORKSPACES, Topic.TOOLS})  # TOOLS: data attached or detached
    loaded = Signal()

    def _build(self) -> None:
        self.pick: Callable[[QWidget], str] = choose_folder  # the dialogs, replaceable in tests
        self.name: Callable[[QWidget, str, str], str | None] = ask_name
        layout = QVBoxLayout(self)
        hint = QLabel(tr("win.ws_hint"))
        hint.setObjectName("muted")
        hint.setWordWrap(True)
        layout.addWidget(hint)
        self.list = QListWidget()
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.list.setWordWrap(True)
        self.list.currentItemChanged.connect(lambda *_: self._sync_buttons())
        self.list.itemDoubleClicked.connect(lambda _item: self.rename_selected())
        layout.addWidget(self.list, 1)
        buttons = QHBoxLayout()
        self.add_button = QPushButton(tr("win.ws_add"))
        self.rename_button = QPushButton(tr("win.ws_rename"))
        self.open_button = QPushButton(tr("win.ws_open"))
        self.delete_button = QPushButton(tr("win.ws_delete"))
        self.add_button.clicked.connect(self.add_folder)
        self.rename_button.clicked.connect(self.rename_selected)
        self.open_button.clicked.connect(self.open_selected)
        self.delete_button.clicked.connect(self.delete_selected)
        for button in (self.add_button, self.rename_button, self.open_button, self.delete_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        layout.addLayout(buttons)
        self.message = QLabel("")
        self.message.setObjectName("hint")
        self.message.setWordWrap(True)
        layout.addWidget(self.message)
        self.data_box = DataBox(self.services, self.runner, self)
        layout.addWidget(self.data_box)
        self._workspaces: list[Workspace] = []
        self._select_next = ""  # a workspace just added: selected once the list shows it
        self.reload()

    # -- reading ---------------------------------------------------------------------------------
    def reload(self) -> None:
        self.runner.op(self, self.services.workspaces.list).success(self._show).failure(self._failed).run()

    def _show(self, workspaces: list[Workspace]) -> None:
        chosen = self.selected()
        wanted = self._select_next or (chosen.id if chosen is not None else "")
        if any(w.id == self._select_next for w in workspaces):
            self._select_next = ""
        self._workspaces = workspaces
        self.list.clear()
        for workspace in workspaces:
            name = tr("win.ws_default", name=workspace.name) if workspace.is_default else workspace.name
            item = QListWidgetItem()
            item.setData(Qt.ItemDataRole.UserRole, workspace.id)
            folder = workspace.root_path or tr("project.no_folder")  # a project without a folder
            item.setToolTip(folder)
            # A label draws the two lines: the list's own text rows are sized by the primary font
            # alone and cut the second line of Chinese text.
            row = QLabel(f"<b>{html.escape(name)}</b><br>{html.escape(folder)}")
            row.setTextFormat(Qt.TextFormat.RichText)
            row.setContentsMargins(4, 3, 4, 3)
            row.setAccessibleName(name)
            item.setSizeHint(row.sizeHint())
            self.list.addItem(item)
            self.list.setItemWidget(item, row)
            if workspace.id == wanted:
                self.list.setCurrentItem(item)
        self._sync_buttons()
        chosen = self.selected()
        self.data_box.show_for(chosen.id if chosen is not None else None)  # attached or detached elsewhere
        self.loaded.emit()

    def names(self) -> list[str]:
        """The names the list shows, in order."""
        rows = [self.list.itemWidget(self.list.item(r)) for r in range(self.list.count())]
        return [row.accessibleName() if row is not None else "" for row in rows]

    def selected(self) -> Workspace | None:
        item = self.list.currentItem()
        wanted = item.data(Qt.ItemDataRole.UserRole) if item is not None else None
        return next((w for w in self._workspaces if w.id == wanted), None)

    def select(self, workspace_id: str) -> None:
        for row in range(self.list.count()):
            if self.list.item(row).data(Qt.ItemDataRole.UserRole) == workspace_id:
                self.list.setCurrentRow(row)

    def _sync_buttons(self) -> None:
        chosen = self.selected()
        if self.data_box.workspace_id != (chosen.id if chosen is not None else None):
            self.data_box.show_for(chosen.id if chosen is not None else None)
        for button in (self.rename_button, self.open_button):
            button.setEnabled(chosen is not None)
        self.delete_button.setEnabled(chosen is not None and not chosen.is_default)
        self.delete_button.setToolTip(
            tr("win.ws_default_kept") if chosen is not None and chosen.is_default else ""
        )

    # -- changing --------------------------------------------------------------------------------
    def add_folder(self) -> None:
        def added(workspace: Workspace) -> None:
            self._say(tr("win.ws_added", name=workspace.name, path=workspace.root_path))
            self._select_next = workspace.id
            self.reload()

        add_workspace_folder(
            self, self.services, self.runner, added=added, failed=self._say, pick=self.pick, name=self.name
        )

    def rename_selected(self) -> None:
        chosen = self.selected()
        if chosen is None:
            return
        given = self.name(self, tr("win.ws_rename_title"), chosen.name)
        if given is None:
            return
        rename = self.services.workspaces.rename
        self.runner.op(self, lambda: rename(chosen.id, given)).success(
            lambda workspace: self._say(tr("win.ws_renamed", name=workspace.name))
        ).failure(self._failed).run()

    def open_selected(self) -> None:
        chosen = self.selected()
        if chosen is not None and not chosen.has_folder:
            self._say(tr("project.no_folder"))  # a project without a folder: nothing to open
        elif chosen is not None:
            open_externally(Path(chosen.root_path), self)

    def confirm(self, text: str) -> bool:
        answer = QMessageBox.question(self, tr("win.ws_delete"), text)
        return answer == QMessageBox.StandardButton.Yes

    def delete_selected(self) -> None:
        chosen = self.selected()
        if chosen is None or chosen.is_default:
            return
        services = self.services
        self.runner.op(self, services.trash.retention_days).success(
            lambda days: self._confirm_delete(chosen, days)
        ).failure(self._failed).run()

    def _confirm_delete(self, chosen: Any, days: int) -> None:
        if not self.confirm(tr("win.ws_confirm_delete", name=chosen.name, path=chosen.root_path, days=days)):
            return
        delete = self.services.workspaces.delete
        self.runner.op(self, lambda: delete(chosen.id)).success(
            lambda workspace: self._say(tr("win.ws_deleted", name=workspace.name, path=workspace.root_path))
        ).failure(self._failed).run()

    def _failed(self, exc: BaseException) -> None:
        self._say(explain(exc))

    def _say(self, text: str) -> None:
        self.message.setText(text)
