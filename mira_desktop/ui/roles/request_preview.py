"""The request preview panel: the messages, parameters and token counts the model would receive.

It only shows a :class:`~mira_desktop.services.roles.preview.RolePreview`, which the real compilers
built; nothing here composes prompt text.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from PySide6.QtCore import Signal
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import QComboBox, QFormLayout, QLabel, QLineEdit, QPlainTextEdit, QVBoxLayout, QWidget

from mira_desktop.ui.language.i18n import tr, tr_or

if TYPE_CHECKING:
    from mira_desktop.core.conversation.threads import Thread
    from mira_desktop.services.roles.preview import RolePreview


class RequestPreview(QWidget):
    inputs_changed = Signal()  # the thread or the sample message changed

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        title = QLabel(tr("roles.preview.title"))
        title.setObjectName("threadTitle")
        self.thread_picker = QComboBox()
        self.thread_picker.currentIndexChanged.connect(lambda _index: self.inputs_changed.emit())
        self.message_edit = QLineEdit()
        self.message_edit.setPlaceholderText(tr("roles.preview.message"))
        self.message_edit.setClearButtonEnabled(True)
        self.message_edit.textChanged.connect(lambda _text: self.inputs_changed.emit())
        self.badge_label = QLabel()
        self.badge_label.setObjectName("roleBadge")
        self.badge_label.setWordWrap(True)
        self.badge_label.hide()
        self.text = QPlainTextEdit()
        self.text.setReadOnly(True)
        self.text.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.tokens_label = QLabel()
        self.tokens_label.setWordWrap(True)
        inputs = QFormLayout()
        inputs.addRow(tr("roles.preview.thread"), self.thread_picker)
        inputs.addRow(self.message_edit)
        layout = QVBoxLayout(self)
        layout.addWidget(title)
        layout.addLayout(inputs)
        layout.addWidget(self.badge_label)
        layout.addWidget(self.text, 1)
        layout.addWidget(self.tokens_label)

    def set_threads(self, threads: list[Thread], selected: str | None = None) -> None:
        self.thread_picker.blockSignals(True)
        self.thread_picker.clear()
        self.thread_picker.addItem(tr("roles.preview.no_thread"), None)
        for thread in threads:
            self.thread_picker.addItem(thread.title or thread.id, thread.id)
        self.thread_picker.setCurrentIndex(max(0, self.thread_picker.findData(selected)))
        self.thread_picker.blockSignals(False)

    def thread_id(self) -> str | None:
        value = self.thread_picker.currentData()
        return value if isinstance(value, str) else None

    def show_preview(self, preview: RolePreview, saved_status: str) -> None:
        """Show ``preview``; ``saved_status`` is the role's status as saved (what requests use)."""
        blocks = [
            f"── {tr_or(f'roles.preview.role.{m.role}', m.role)} ──\n{m.content}"
            for m in preview.request.messages
        ]
        parameters = json.dumps(preview.request.sampling.to_dict(), ensure_ascii=False)
        blocks.append(f"── {tr('roles.preview.parameters')} ──\n{parameters}")
        self.text.setPlainText("\n\n".join(blocks))
        lines = []
        for section in preview.sections:
            parts = tr("roles.preview.part_separator").join(
                f"{_part(p.key, p.name)} {p.tokens}" for p in section.parts
            )
            name = _named("meter", section.name)
            lines.append(
                tr("roles.preview.section", name=name, tokens=section.tokens, parts=parts)
                if parts
                else f"{name} {section.tokens}"
            )
        total = tr(
            "roles.preview.total",
            used=preview.request.prompt_tokens,
            window=preview.request.window,
            tokenizer=_named("roles.preview.tokenizer", preview.tokenizer),
        )
        counted = tr(
            "roles.preview.counted", label=tr("roles.preview.tokens"), sections=" · ".join(lines), total=total
        )
        self.tokens_label.setText(counted)
        self.badge_label.setText(tr("roles.preview.not_sent", status=tr(f"roles.status.{saved_status}")))
        self.badge_label.setVisible(saved_status != "active")

    def show_problem(self, text: str) -> None:
        self.text.setPlainText(text)
        self.tokens_label.setText("")


def _part(key: str, name: str) -> str:
    """A part of the role's section (its header, or the field a section comes from) in the window's
    language; the request itself keeps the role's own language."""
    if key == "header":
        return tr("look.part.header")
    return tr_or(f"roles.field.{'lorebook' if key == 'lore' else key}", name)


def _named(prefix: str, name: str) -> str:
    """``name`` (a section of the request, a kind of token count) in the window's language."""
    return tr_or(f"{prefix}.{name}", name)
