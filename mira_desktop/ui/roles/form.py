"""The role form: one input per field of the role document, with its validation message under it.

The form never validates on its own: :meth:`document` returns what was typed (numbers as typed, so
"abc" reaches the schema and comes back as "must be a number"), and :meth:`show_errors` places the
schema's messages under the fields they name.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from mira_desktop.core.roles.records import PROFILE_FIELDS, RoleStatus
from mira_desktop.core.roles.schema import PROFILE_RANGES
from mira_desktop.core.roles.validation import FieldError
from mira_desktop.ui.desktop import file_dialogs
from mira_desktop.ui.language.i18n import say, tr, tr_or
from mira_desktop.ui.roles.lorebook_editor import LorebookEditor

TEXT_FIELDS = (
    "description",
    "worldview",
    "persona",
    "scenario",
    "example_dialogues",
    "style",
    "constraints",
    "first_message",
)
GREETING_SEPARATOR = "\n---\n"


class RoleForm(QWidget):
    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._loading = False
        self.avatar_file: Path | None = None  # a newly picked image, saved with the role
        self.avatar_removed = False
        self.errors: dict[str, QLabel] = {}
        self.name_edit = QLineEdit()
        self.summary_edit = QLineEdit()
        self.status_box = QComboBox()
        for status in RoleStatus:
            self.status_box.addItem(tr(f"roles.status.{status.value}"), status.value)
        self.tags_edit = QLineEdit()
        self.prompt_edits = {key: QPlainTextEdit() for key in TEXT_FIELDS}
        for edit in self.prompt_edits.values():
            edit.setMinimumHeight(64)
        self.greetings_edit = QPlainTextEdit()
        self.lorebook = LorebookEditor()
        self.profile_edits = {key: QLineEdit() for key in PROFILE_FIELDS}
        for key, line in self.profile_edits.items():
            low, high = PROFILE_RANGES[key]
            line.setPlaceholderText(
                f"{tr('roles.profile.default')} · {low:g}–{high:g}"
                if high is not None
                else f"{tr('roles.profile.default')} · ≥ {low:g}"
            )

        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        # Each label above its field, and every field as wide as the pane: beside the labels, the
        # widest label ("Tags (comma-separated)") took a third of the pane and left inputs ~100 px.
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapAllRows)
        form.setLabelAlignment(Qt.AlignmentFlag.AlignLeft)
        self._row(form, "name", tr("roles.field.name"), self.name_edit)
        self._row(form, "summary", tr("roles.field.summary"), self.summary_edit)
        self._row(form, "status", tr("roles.field.status"), self.status_box)
        self._row(form, "tags", tr("roles.field.tags"), self.tags_edit)
        form.addRow(tr("roles.field.avatar"), self._avatar_row())
        for key, edit in self.prompt_edits.items():
            self._row(form, f"prompt.{key}", tr(f"roles.field.{key}"), edit)
        self._row(
            form, "prompt.alternate_greetings", tr("roles.field.alternate_greetings"), self.greetings_edit
        )
        self._row(form, "lorebook", tr("roles.field.lorebook"), self.lorebook)
        form.addRow(QLabel(tr("roles.field.llm_profile")))
        for key, line in self.profile_edits.items():
            self._row(form, f"llm_profile.{key}", tr(f"roles.profile.{key}"), line)
        self.general_error = self._error_label()
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.general_error)

        for line in (self.name_edit, self.summary_edit, self.tags_edit, *self.profile_edits.values()):
            line.textChanged.connect(self._edited)
        for text in (*self.prompt_edits.values(), self.greetings_edit):
            text.textChanged.connect(self._edited)
        self.status_box.currentIndexChanged.connect(self._edited)
        self.lorebook.changed.connect(self._edited)

    # -- loading and reading ---------------------------------------------------------------------
    def load(self, role: dict[str, Any], avatar: Path | None) -> None:
        """Fill the form from ``show --json``-shaped data; ``avatar`` is the stored image, if any."""
        self._loading = True
        self.name_edit.setText(role["name"])
        self.summary_edit.setText(role["summary"])
        self.status_box.setCurrentIndex(self.status_box.findData(role["status"]))
        self.tags_edit.setText(", ".join(role["tags"]))
        for key, edit in self.prompt_edits.items():
            edit.setPlainText(role["prompt"][key])
        self.greetings_edit.setPlainText(GREETING_SEPARATOR.join(role["prompt"]["alternate_greetings"]))
        self.lorebook.load(role["lorebook"])
        for key, line in self.profile_edits.items():
            value = role["llm_profile"][key]
            line.setText("" if value is None else f"{value:g}" if isinstance(value, float) else str(value))
        self.avatar_file = None
        self.avatar_removed = False
        self._show_avatar(avatar)
        self._loading = False
        self.show_errors([])

    def document(self) -> dict[str, Any]:
        greetings = self.greetings_edit.toPlainText()
        return {
            "name": self.name_edit.text(),
            "summary": self.summary_edit.text(),
            "status": self.status_box.currentData(),
            "tags": [t.strip() for t in self.tags_edit.text().split(",") if t.strip()],
            "prompt": {
                **{key: edit.toPlainText() for key, edit in self.prompt_edits.items()},
                "alternate_greetings": [g for g in greetings.split(GREETING_SEPARATOR)]
                if greetings.strip()
                else [],
            },
            "lorebook": self.lorebook.entries(),
            "llm_profile": {key: _number(line.text()) for key, line in self.profile_edits.items()},
        }

    def show_errors(self, errors: list[FieldError]) -> None:
        """Put each message under the field it names (the nearest shown one for nested paths)."""
        placed: dict[str, list[str]] = {}
        for error in errors:
            path = self._label_for(error.field)
            placed.setdefault(path, []).append(_said(error) if path else _stated(error))
        for path, label in self.errors.items():
            text = "\n".join(placed.get(path, []))
            label.setText(text)
            label.setVisible(bool(text))
        general = "\n".join(placed.get("", []))
        self.general_error.setText(general)
        self.general_error.setVisible(bool(general))

    # -- avatar ----------------------------------------------------------------------------------
    def choose_avatar(self) -> None:
        path, _ = file_dialogs.open_file(self, tr("roles.field.avatar"), "", tr("roles.avatar.filter"))
        if path:
            self.set_avatar_file(Path(path))

    def set_avatar_file(self, path: Path) -> None:
        self.avatar_file = path
        self.avatar_removed = False
        self._show_avatar(path)
        self._edited()

    def remove_avatar(self) -> None:
        self.avatar_file = None
        self.avatar_removed = True
        self._show_avatar(None)
        self._edited()

    # -- helpers ---------------------------------------------------------------------------------
    def _row(self, form: QFormLayout, path: str, label: str, widget: QWidget) -> None:
        box = QWidget()
        column = QVBoxLayout(box)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(2)
        column.addWidget(widget)
        self.errors[path] = self._error_label()
        column.addWidget(self.errors[path])
        form.addRow(label, box)

    @staticmethod
    def _error_label() -> QLabel:
        label = QLabel()
        label.setObjectName("fieldError")
        label.setWordWrap(True)
        label.hide()
        return label

    def _avatar_row(self) -> QWidget:
        row = QWidget()
        layout = QHBoxLayout(row)
        layout.setContentsMargins(0, 0, 0, 0)
        self.avatar_label = QLabel(tr("roles.avatar.none"))
        self.avatar_label.setFixedSize(72, 72)
        self.avatar_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.avatar_label.setObjectName("avatarBox")
        choose = QPushButton(tr("roles.avatar.choose"))
        choose.clicked.connect(self.choose_avatar)
        self.avatar_remove_button = QPushButton(tr("roles.avatar.remove"))
        self.avatar_remove_button.clicked.connect(self.remove_avatar)
        layout.addWidget(self.avatar_label)
        layout.addWidget(choose)
        layout.addWidget(self.avatar_remove_button)
        layout.addStretch(1)
        return row

    def _show_avatar(self, path: Path | None) -> None:
        pixmap = QPixmap(str(path)) if path is not None else QPixmap()
        if pixmap.isNull():
            self.avatar_label.setPixmap(QPixmap())
            self.avatar_label.setText(tr("roles.avatar.none"))
        else:
            self.avatar_label.setPixmap(
                pixmap.scaled(
                    72, 72, Qt.AspectRatioMode.KeepAspectRatio, Qt.TransformationMode.SmoothTransformation
                )
            )
        self.avatar_remove_button.setEnabled(path is not None)

    def _label_for(self, field: str) -> str:
        path = field
        while path:
            if path in self.errors:
                return path
            cut = max(path.rfind("."), path.rfind("["))
            path = path[:cut] if cut > 0 else ""
        return ""

    def _edited(self) -> None:
        if not self._loading:
            self.changed.emit()


def _number(text: str) -> Any:
    """What was typed in a number field: empty → null (the model's default), else a number if it
    reads as one, else the text itself (the schema then says why it is not valid)."""
    text = text.strip()
    if not text:
        return None
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            continue
    return text


def _said(error: FieldError) -> str:
    """A problem shown under its field: in the window's language when the schema named it, else its
    English (with the field's path, which may be deeper than the field shown)."""
    if error.code:
        return tr_or(f"roles.err.{error.code}", _stated(error), **error.values)
    return _stated(error)


def _stated(error: FieldError) -> str:
    """The field's path and its problem, the problem in the window's language when it is a phrase."""
    return f"{error.field} {say(error.phrase)}" if error.phrase is not None else str(error)
