"""The role workbench: find, edit, import and export roles, with a live request preview.

Build it with ``RoleWorkbench(services)`` (any parent). It emits :attr:`start_chat_requested` with
a role id when the user asks to chat with a role (the window opens a new chat bound to it), and
:attr:`roles_changed` after any save, import, duplicate or delete.

Every read and write of the roles runs as an operation: the list, the selected role and its preview
arrive when they are read (:attr:`shown` once the list and the selected role are on screen,
:attr:`preview_updated` once its preview is); :attr:`saved` says how a save ended.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QAction, QCloseEvent
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMenu,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from mira_desktop.core.changes import Topic
from mira_desktop.core.roles.records import RoleStatus
from mira_desktop.core.roles.validation import InvalidRoleError, role_errors
from mira_desktop.services.roles.cards import CardFormat
from mira_desktop.ui.language.i18n import explain, tr
from mira_desktop.ui.roles.cards import CardActions
from mira_desktop.ui.roles.form import RoleForm
from mira_desktop.ui.roles.request_preview import RequestPreview
from mira_desktop.ui.runtime.changes import Follow

if TYPE_CHECKING:
    from collections.abc import Callable

    from mira_desktop.services.app.bundle import AppServices
    from mira_desktop.ui.runtime.changes import ChangeSignal
    from mira_desktop.ui.runtime.operations import OperationRunner

PREVIEW_DELAY_MS = 250
EXPORTS = (
    ("export.v2_json", CardFormat.V2, False),
    ("export.v3_json", CardFormat.V3, False),
    ("export.v2_png", CardFormat.V2, True),
    ("export.v3_png", CardFormat.V3, True),
)


class RoleWorkbench(CardActions, QWidget):
    start_chat_requested = Signal(str)  # role id
    roles_changed = Signal()
    preview_updated = Signal()
    imported = Signal(list)  # the CardImport of each file that was imported
    exported = Signal(bool)
    shown = Signal()  # the list and the selected role (if any) are read and on screen
    saved = Signal(bool)  # a save ended: written (True) or refused with the reasons shown (False)

    def __init__(
        self,
        services: AppServices,
        runner: OperationRunner,
        changes: ChangeSignal | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.services = services
        self.runner = runner
        if changes is not None:  # roles changed by another window or a `mira` command show here too
            self._follow = Follow(self, changes, {Topic.ROLES}, lambda _c: self.refresh_list())
        self.role_id: str | None = None
        self._saved: dict[str, Any] | None = None  # the selected role as saved (show --json shape)
        self.dirty = False
        self._reads = {
            "list": 0,
            "role": 0,
            "preview": 0,
        }  # the latest read of each: older answers are dropped
        self.setWindowTitle(tr("roles.title"))
        self.setAcceptDrops(True)
        self._preview_timer = QTimer(self)
        self._preview_timer.setSingleShot(True)
        self._preview_timer.setInterval(PREVIEW_DELAY_MS)
        self._preview_timer.timeout.connect(self.refresh_preview)

        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(self._build_list())
        splitter.addWidget(self._build_editor())
        self.preview = RequestPreview()
        self.preview.inputs_changed.connect(self._schedule_preview)
        splitter.addWidget(self.preview)
        splitter.setSizes([240, 520, 420])
        splitter.setChildrenCollapsible(False)
        layout = QVBoxLayout(self)
        layout.addWidget(splitter)
        self.runner.op(self, services.threads.list).success(self.preview.set_threads).run()
        self.refresh_list()

    # -- building --------------------------------------------------------------------------------
    def _build_list(self) -> QWidget:
        panel = QWidget()
        layout = QVBoxLayout(panel)
        self.search_box = QLineEdit()
        self.search_box.setPlaceholderText(tr("roles.search"))
        self.search_box.setClearButtonEnabled(True)
        self.search_box.textChanged.connect(lambda _text: self.refresh_list())
        self.status_filter = QComboBox()
        self.status_filter.addItem(tr("roles.status.all"), None)
        for status in RoleStatus:
            self.status_filter.addItem(tr(f"roles.status.{status.value}"), status.value)
        self.status_filter.currentIndexChanged.connect(lambda _index: self.refresh_list())
        self.role_list = QListWidget()
        self.role_list.currentItemChanged.connect(self._current_changed)
        self.empty_label = QLabel(tr("roles.empty"))
        self.empty_label.setObjectName("muted")
        self.new_button = QPushButton(tr("roles.new"))
        self.duplicate_button = QPushButton(tr("roles.duplicate"))
        self.delete_button = QPushButton(tr("roles.delete"))
        self.import_button = QPushButton(tr("roles.import"))
        self.export_button = QPushButton(tr("roles.export"))
        self.new_button.clicked.connect(self.new_role)
        self.duplicate_button.clicked.connect(self.duplicate_role)
        self.delete_button.clicked.connect(self.delete_role)
        self.import_button.clicked.connect(self._pick_cards)
        menu = QMenu(self.export_button)
        for key, card_format, png in EXPORTS:
            action = QAction(tr(f"roles.{key}"), menu)
            action.triggered.connect(lambda _checked=False, f=card_format, p=png: self._pick_export(f, p))
            menu.addAction(action)
        self.export_button.setMenu(menu)
        hint = QLabel(tr("roles.drop_hint"))
        hint.setObjectName("muted")
        hint.setWordWrap(True)
        rows = [QHBoxLayout(), QHBoxLayout()]
        for button in (self.new_button, self.duplicate_button, self.delete_button):
            rows[0].addWidget(button)
        for button in (self.import_button, self.export_button):
            rows[1].addWidget(button)
        for widget in (self.search_box, self.status_filter, self.role_list, self.empty_label):
            layout.addWidget(widget, 1 if widget is self.role_list else 0)
        for row in rows:
            layout.addLayout(row)
        layout.addWidget(hint)
        return panel

    def _build_editor(self) -> QWidget:
        panel = QWidget()
        layout = QVBoxLayout(panel)
        self.form = RoleForm()
        self.form.changed.connect(self._form_changed)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.form)
        self.save_button = QPushButton(tr("roles.save"))
        self.revert_button = QPushButton(tr("roles.revert"))
        self.start_chat_button = QPushButton(tr("roles.start_chat"))
        self.save_button.clicked.connect(self.save)
        self.revert_button.clicked.connect(self._revert)
        self.start_chat_button.clicked.connect(self.start_chat)
        self.message_label = QLabel()
        self.message_label.setWordWrap(True)
        buttons = QHBoxLayout()
        buttons.addWidget(self.save_button)
        buttons.addWidget(self.revert_button)
        buttons.addStretch(1)
        buttons.addWidget(self.start_chat_button)
        layout.addWidget(scroll, 1)
        layout.addWidget(self.message_label)
        layout.addLayout(buttons)
        return panel

    # -- the list --------------------------------------------------------------------------------
    def _read(self, kind: str) -> int:
        self._reads[kind] += 1
        return self._reads[kind]

    def refresh_list(self, select: str | None = None, then: Callable[[], object] | None = None) -> None:
        """Fill the list by the search and status filter (read in the background); ``select`` (else the
        current role) stays selected. Unsaved edits are never discarded here. ``then`` runs (and
        ``shown`` is emitted) once the list and the selected role are on screen."""
        status = self.status_filter.currentData()
        roles, search, number = self.services.roles, self.search_box.text(), self._read("list")
        self.runner.op(self, lambda: roles.list(RoleStatus(status) if status else None, search)).success(
            lambda found: self._show_list(number, found, select, then)
        ).run()

    def _show_list(
        self, number: int, roles: list[Any], select: str | None, then: Callable[[], object] | None
    ) -> None:
        if number != self._reads["list"]:
            return  # a newer search or change is being read
        wanted = select or self.role_id
        self.role_list.blockSignals(True)
        self.role_list.clear()
        for role in roles:
            badge = f"  · {tr(f'roles.status.{role.status.value}')}" if role.badge else ""
            item = QListWidgetItem(f"{role.name}{badge}")
            item.setData(Qt.ItemDataRole.UserRole, role.id)
            item.setToolTip(role.summary)
            self.role_list.addItem(item)
            if role.id == wanted:
                self.role_list.setCurrentItem(item)
        if self.role_list.currentItem() is None and roles and not self.dirty:
            self.role_list.setCurrentRow(0)
        self.role_list.blockSignals(False)
        self.empty_label.setVisible(not roles)
        current = self.role_list.currentItem()
        current_id = current.data(Qt.ItemDataRole.UserRole) if current is not None else None
        if select is not None or (current_id != self.role_id and not self.dirty):
            self.select_role(current_id, then)
        else:
            self._shown(then)

    def _shown(self, then: Callable[[], object] | None) -> None:
        if then is not None:
            then()
        self.shown.emit()

    def select_role(self, role_id: str | None, then: Callable[[], object] | None = None) -> None:
        """Show ``role_id`` in the form (read in the background; None: nothing selected)."""
        self.role_id = role_id
        self.dirty = False
        number = self._read("role")
        if role_id is None:
            self._saved = None
            self._set_editing(False)
            self.preview.show_problem("")
            self._shown(then)
            return
        self._set_editing(False)  # until it is read
        roles = self.services.roles

        def read() -> tuple[dict[str, Any], Path | None]:
            role = roles.get(role_id)
            return roles.to_json(role), roles.avatars.path(role.avatar) if role.avatar else None

        self.runner.op(self, read).success(
            lambda found: self._show_role(number, found[0], found[1], then)
        ).failure(self._failed).run()

    def _show_role(
        self, number: int, saved: dict[str, Any], avatar: Path | None, then: Callable[[], object] | None
    ) -> None:
        if number != self._reads["role"]:
            return  # another role was picked meanwhile
        self._saved = saved
        self.form.load(saved, avatar)
        self.dirty = False
        self._set_editing(True)
        self.message_label.setText("")
        self.refresh_preview()
        self._shown(then)

    def _failed(self, exc: BaseException) -> None:
        self.message_label.setText(explain(exc))

    def _current_changed(self, current: QListWidgetItem | None, previous: QListWidgetItem | None) -> None:
        if self.dirty and not self.confirm(tr("roles.discard_confirm")):
            if previous is not None:
                self.role_list.blockSignals(True)
                self.role_list.setCurrentItem(previous)
                self.role_list.blockSignals(False)
            return
        self.select_role(current.data(Qt.ItemDataRole.UserRole) if current is not None else None)

    # -- editing ---------------------------------------------------------------------------------
    def _form_changed(self) -> None:
        self.dirty = True
        errors = role_errors(self.form.document())
        self.form.show_errors(errors)
        self._set_editing(True)
        self.message_label.setText(tr("roles.unsaved"))
        self._schedule_preview()

    def save(self, then: Callable[[], object] | None = None) -> None:
        """Save the form in the background; ``saved`` says how it ended, ``then`` runs once it is saved."""
        if self.role_id is None or self._saved is None:
            self.saved.emit(False)
            return
        patch = {**self.form.document(), "version": self._saved["version"]}
        roles, role_id = self.services.roles, self.role_id
        avatar, removed = self.form.avatar_file, self.form.avatar_removed

        def refused(exc: BaseException) -> None:
            if isinstance(exc, InvalidRoleError):
                self.form.show_errors(exc.errors)
            self.message_label.setText(explain(exc))
            self.saved.emit(False)

        def written(role: Any) -> None:
            self.dirty = False
            self.refresh_list(select=role.id)
            self.message_label.setText(tr("roles.saved", name=role.name, version=role.version))
            self.roles_changed.emit()
            self.saved.emit(True)
            if then is not None:
                then()

        self.runner.op(
            self, lambda: roles.update(role_id, patch, avatar=avatar, remove_avatar=removed)
        ).success(written).failure(refused).run()

    def _revert(self) -> None:
        self.select_role(self.role_id)

    def start_chat(self) -> None:
        """Chat with the selected role (saved first when it was edited)."""
        role_id = self.role_id
        if role_id is None:
            return
        if self.dirty:
            self.save(then=lambda: self.start_chat_requested.emit(role_id))
        else:
            self.start_chat_requested.emit(role_id)

    def _set_editing(self, editing: bool) -> None:
        self.form.setEnabled(editing)
        valid = editing and not role_errors(self.form.document())
        self.save_button.setEnabled(valid and self.dirty)
        self.revert_button.setEnabled(editing and self.dirty)
        active = self.form.status_box.currentData() == RoleStatus.ACTIVE.value
        self.start_chat_button.setEnabled(valid and active)
        self.start_chat_button.setToolTip("" if active else tr("roles.start_chat.inactive"))
        for button in (self.duplicate_button, self.delete_button, self.export_button):
            button.setEnabled(editing)

    # -- preview ---------------------------------------------------------------------------------
    def _schedule_preview(self) -> None:
        self._preview_timer.start()

    def refresh_preview(self) -> None:
        """Compile the form as it is now (saved or not) with the real compilers, in the background, and
        show it (``preview_updated``)."""
        self._preview_timer.stop()
        if self.role_id is None or self._saved is None:
            return
        roles, document, role_id = self.services.roles, self.form.document(), self.role_id
        thread_id, message, status = (
            self.preview.thread_id(),
            self.preview.message_edit.text(),
            self._saved["status"],
        )
        number = self._read("preview")

        def compiled(preview: Any) -> None:
            if number == self._reads["preview"]:
                self.preview.show_preview(preview, status)
                self.preview_updated.emit()

        def refused(exc: BaseException) -> None:
            if number == self._reads["preview"]:
                self.preview.show_problem(
                    tr("roles.fix_fields") if isinstance(exc, InvalidRoleError) else explain(exc)
                )
                self.preview_updated.emit()

        self.runner.op(
            self,
            lambda: roles.preview_document(document, role_id=role_id, thread_id=thread_id, message=message),
        ).success(compiled).failure(refused).run()

    # -- roles: new, duplicate, delete -----------------------------------------------------------
    def new_role(self) -> None:
        roles, name = self.services.roles, tr("roles.new_name")
        self._change(lambda: roles.create({"name": name, "status": RoleStatus.DRAFT.value}))

    def duplicate_role(self) -> None:
        if self.role_id is not None:
            roles, role_id = self.services.roles, self.role_id
            self._change(lambda: roles.duplicate(role_id))

    def _change(self, write: Callable[[], Any]) -> None:
        """Write in the background, then list and select the role it returns."""

        def written(role: Any) -> None:
            self.dirty = False
            self.refresh_list(select=role.id)
            self.roles_changed.emit()

        self.runner.op(self, write).success(written).failure(self._failed).run()

    def delete_role(self) -> None:
        if self.role_id is None or self._saved is None:
            return
        roles, role_id, name = self.services.roles, self.role_id, self._saved["name"]
        if not self.confirm(tr("roles.delete_confirm", name=name)):
            return

        def delete() -> tuple[Any, int]:
            threads = roles.threads_using(role_id)
            return roles.delete(role_id), threads

        def deleted(done: tuple[Any, int]) -> None:
            role, threads = done
            self.role_id = None
            self.dirty = False
            self.refresh_list(
                then=lambda: self.message_label.setText(tr("roles.deleted", name=role.name, threads=threads))
            )
            self.roles_changed.emit()

        self.runner.op(self, delete).success(deleted).failure(self._failed).run()

    def confirm(self, text: str) -> bool:
        answer = QMessageBox.question(self, tr("roles.title"), text)
        return answer == QMessageBox.StandardButton.Yes

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 (Qt naming)
        # A closed window compiles no preview: its timer would fire into services that may be closed.
        self._preview_timer.stop()
        super().closeEvent(event)
