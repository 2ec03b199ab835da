"""The role workbench: find, edit, import and export roles, with a live request preview.

Build it with ``RoleWorkbench(services)`` (any parent). It emits :attr:`start_chat_requested` with
a role id when the user asks to chat with a role (the window opens a new chat bound to it), and
:attr:`roles_changed` after any save, import, duplicate or delete.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QAction, QCloseEvent, QDragEnterEvent, QDropEvent
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
from mira_desktop.core.errors import MiraError
from mira_desktop.core.roles.records import RoleStatus
from mira_desktop.core.roles.validation import InvalidRoleError, role_errors
from mira_desktop.services.roles.cards import CardFormat
from mira_desktop.ui import file_dialogs
from mira_desktop.ui.changes import Follow
from mira_desktop.ui.i18n import explain, tr
from mira_desktop.ui.roles.form import RoleForm
from mira_desktop.ui.roles.request_preview import RequestPreview

if TYPE_CHECKING:
    from mira_desktop.services.app.bundle import AppServices
    from mira_desktop.services.roles.service import CardImport
    from mira_desktop.ui.changes import ChangeSignal
    from mira_desktop.ui.operations import OperationRunner

CARD_SUFFIXES = (".png", ".json")
PREVIEW_DELAY_MS = 250
EXPORTS = (
    ("export.v2_json", CardFormat.V2, False),
    ("export.v3_json", CardFormat.V3, False),
    ("export.v2_png", CardFormat.V2, True),
    ("export.v3_png", CardFormat.V3, True),
)


class RoleWorkbench(QWidget):
    start_chat_requested = Signal(str)  # role id
    roles_changed = Signal()
    preview_updated = Signal()
    imported = Signal(list)  # the CardImport of each file that was imported
    exported = Signal(bool)

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
        self.preview.set_threads(services.threads.list())
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
    def refresh_list(self, select: str | None = None) -> None:
        """Fill the list by the search and status filter; ``select`` (else the current role) stays
        selected. Unsaved edits are never discarded here."""
        status = self.status_filter.currentData()
        roles = self.services.roles.list(RoleStatus(status) if status else None, self.search_box.text())
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
            self.select_role(current_id)

    def select_role(self, role_id: str | None) -> None:
        self.role_id = role_id
        self.dirty = False
        if role_id is None:
            self._saved = None
            self._set_editing(False)
            self.preview.show_problem("")
            return
        role = self.services.roles.get(role_id)
        self._saved = self.services.roles.to_json(role)
        avatar = self.services.roles.avatars.path(role.avatar) if role.avatar else None
        self.form.load(self._saved, avatar)
        self._set_editing(True)
        self.message_label.setText("")
        self.refresh_preview()

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

    def save(self) -> bool:
        if self.role_id is None or self._saved is None:
            return False
        patch = {**self.form.document(), "version": self._saved["version"]}
        try:
            role = self.services.roles.update(
                self.role_id, patch, avatar=self.form.avatar_file, remove_avatar=self.form.avatar_removed
            )
        except InvalidRoleError as exc:
            self.form.show_errors(exc.errors)
            self.message_label.setText(explain(exc))
            return False
        except MiraError as exc:
            self.message_label.setText(explain(exc))
            return False
        self.refresh_list(select=role.id)
        self.message_label.setText(tr("roles.saved", name=role.name, version=role.version))
        self.roles_changed.emit()
        return True

    def _revert(self) -> None:
        self.select_role(self.role_id)

    def start_chat(self) -> None:
        if self.role_id is None or (self.dirty and not self.save()):
            return
        self.start_chat_requested.emit(self.role_id)

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
        """Compile the form as it is now (saved or not) with the real compilers and show it."""
        self._preview_timer.stop()
        if self.role_id is None or self._saved is None:
            return
        try:
            preview = self.services.roles.preview_document(
                self.form.document(),
                role_id=self.role_id,
                thread_id=self.preview.thread_id(),
                message=self.preview.message_edit.text(),
            )
        except InvalidRoleError:
            self.preview.show_problem(tr("roles.fix_fields"))
        except MiraError as exc:
            self.preview.show_problem(explain(exc))
        else:
            self.preview.show_preview(preview, self._saved["status"])
        self.preview_updated.emit()

    # -- roles: new, duplicate, delete -----------------------------------------------------------
    def new_role(self) -> None:
        role = self.services.roles.create({"name": tr("roles.new_name"), "status": RoleStatus.DRAFT.value})
        self.refresh_list(select=role.id)
        self.roles_changed.emit()

    def duplicate_role(self) -> None:
        if self.role_id is not None:
            role = self.services.roles.duplicate(self.role_id)
            self.refresh_list(select=role.id)
            self.roles_changed.emit()

    def delete_role(self) -> None:
        if self.role_id is None or self._saved is None:
            return
        if not self.confirm(tr("roles.delete_confirm", name=self._saved["name"])):
            return
        threads = self.services.roles.threads_using(self.role_id)
        role = self.services.roles.delete(self.role_id)
        self.role_id = None
        self.dirty = False
        self.refresh_list()
        self.message_label.setText(tr("roles.deleted", name=role.name, threads=threads))
        self.roles_changed.emit()

    def confirm(self, text: str) -> bool:
        answer = QMessageBox.question(self, tr("roles.title"), text)
        return answer == QMessageBox.StandardButton.Yes

    # -- cards -----------------------------------------------------------------------------------
    def import_files(self, paths: list[Path]) -> None:
        """Import each card in the background; a refused file is reported and does not stop the others.
        ``imported`` is emitted with what was imported."""
        import_card = self.services.roles.import_card

        def work() -> tuple[list[CardImport], list[str]]:
            done: list[CardImport] = []
            notes: list[str] = []
            for path in paths:
                try:
                    result = import_card(path)
                except MiraError as exc:
                    notes.append(f"{path.name}: {exc}")
                    continue
                done.append(result)
                notes.append(tr("roles.imported", name=result.role.name, spec=result.spec.upper()))
                if result.warnings:
                    notes.append(tr("roles.sanitized", fields="; ".join(result.warnings)))
            return done, notes

        def finished(result: tuple[list[CardImport], list[str]]) -> None:
            done, notes = result
            if done:
                self.dirty = False
                self.refresh_list(select=done[-1].role.id)
                self.roles_changed.emit()
            self.message_label.setText("\n".join(notes))
            self.imported.emit(done)

        self.runner.op(self, work).success(finished).run()

    def export_role(self, target: Path, card_format: CardFormat, *, png: bool) -> None:
        """Write the selected role's card to ``target`` in the background; ``exported`` tells how it went."""
        if self.role_id is None:
            self.exported.emit(False)
            return
        role_id, export_card = self.role_id, self.services.roles.export_card

        def done(_result: object) -> None:
            self.message_label.setText(tr("roles.exported", path=target))
            self.exported.emit(True)

        def failed(exc: BaseException) -> None:
            self.message_label.setText(explain(exc))
            self.exported.emit(False)

        self.runner.op(self, lambda: export_card(role_id, card_format, png=png, target=target)).success(
            done
        ).failure(failed).run()

    def _pick_cards(self) -> None:
        paths, _ = file_dialogs.open_files(self, tr("roles.import"), "", tr("roles.import.filter"))
        self.import_files([Path(p) for p in paths])

    def _pick_export(self, card_format: CardFormat, png: bool) -> None:
        name = (self._saved or {}).get("name", "role")
        suggested = f"{name}.{'png' if png else 'json'}"
        path, _ = file_dialogs.save_file(self, tr("roles.export"), suggested)
        if path:
            self.export_role(Path(path), card_format, png=png)

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 (Qt naming)
        # A closed window compiles no preview: its timer would fire into services that may be closed.
        self._preview_timer.stop()
        super().closeEvent(event)

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:  # noqa: N802 (Qt naming)
        if _card_paths(event.mimeData().urls()):
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:  # noqa: N802 (Qt naming)
        paths = _card_paths(event.mimeData().urls())
        if paths:
            event.acceptProposedAction()
            self.import_files(paths)


def _card_paths(urls: list[Any]) -> list[Path]:
    paths = [Path(url.toLocalFile()) for url in urls if url.isLocalFile()]
    return [p for p in paths if p.suffix.lower() in CARD_SUFFIXES]
