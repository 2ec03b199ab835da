"""The chip of an attached file: its name, size and token count, how it will go with the message (whole,
as retrieved passages, or — to a model that cannot see images — not at all), and a remove button
while it is still in the composer. The same chip, without the button, shows a sent message's file."""

from __future__ import annotations

from pathlib import PurePath
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QSizePolicy, QToolButton, QVBoxLayout, QWidget

from mira_desktop.ui.language.i18n import tr

if TYPE_CHECKING:
    from mira_desktop.core.conversation.chat_state import AttachmentRef
    from mira_desktop.services.attachments.views import AttachmentView, SendPlan

MODES = ("inline", "retrieved", "image", "image_not_sent", "image_text")  # SendMode values: attachment.* texts
NAME_WIDTH = 260  # a long file name is elided in the middle, never widening the composer


def size_text(size: int) -> str:
    if size < 1024:
        return f"{size} B"
    if size < 1024 * 1024:
        return f"{size / 1024:.0f} KB"
    return f"{size / 1024 / 1024:.1f} MB"


class AttachmentChip(QFrame):
    remove_requested = Signal()
    open_requested = Signal(str)  # the stored copy's path (double-click)

    def __init__(
        self,
        name: str,
        size: int,
        kind: str,
        tokens: int = 0,
        *,
        places: int = 1,
        path: str = "",
        removable: bool = False,
        mode: str | None = None,
        note: str = "",
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("attachmentChip")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Fixed)
        self.path = path
        self.kind = kind
        self.name = name
        row = QHBoxLayout(self)
        row.setContentsMargins(8, 5, 4, 5)
        row.setSpacing(8)
        # A badge with the file's type: readable without an emoji font.
        self.icon = QLabel((PurePath(name).suffix[1:] or kind).upper()[:4])
        self.icon.setObjectName("attachmentBadge")
        self.icon.setAlignment(Qt.AlignmentFlag.AlignCenter)
        text = QVBoxLayout()
        text.setSpacing(0)
        self.name_label = QLabel(name)
        self.name_label.setObjectName("attachmentName")
        self.name_label.setToolTip(name)
        elided = self.name_label.fontMetrics().elidedText(name, Qt.TextElideMode.ElideMiddle, NAME_WIDTH)
        self.name_label.setText(elided)
        self._facts = [size_text(size)]
        if kind != "image" and places > 1:
            self._facts.append(tr("attachment.pages", n=places))
        self.detail_label = QLabel()
        self.detail_label.setObjectName("attachmentDetail")
        self.mode_label = QLabel()
        self.mode_label.setObjectName("attachmentMode")
        self.mode_label.setWordWrap(True)
        text.addWidget(self.name_label)
        text.addWidget(self.detail_label)
        text.addWidget(self.mode_label)
        row.addWidget(self.icon, 0, Qt.AlignmentFlag.AlignVCenter)
        row.addLayout(text, 1)
        self.remove_button = QToolButton()
        self.remove_button.setObjectName("attachmentRemove")
        self.remove_button.setText("×")
        self.remove_button.setAutoRaise(True)
        self.remove_button.setToolTip(tr("attachment.remove"))
        self.remove_button.setAccessibleName(tr("attachment.remove"))
        self.remove_button.clicked.connect(self.remove_requested)
        self.remove_button.setVisible(removable)
        row.addWidget(self.remove_button, 0, Qt.AlignmentFlag.AlignTop)
        self._show_tokens(tokens)
        self.set_mode(mode, note)

    @classmethod
    def from_view(cls, view: AttachmentView, *, removable: bool = True) -> AttachmentChip:
        """The composer's chip for a file in the draft."""
        return cls(
            view.name,
            view.size,
            view.kind,
            view.tokens,
            places=view.places,
            path=view.path,
            removable=removable,
        )

    @classmethod
    def from_part(cls, part: dict[str, Any]) -> AttachmentChip:
        """A sent message's chip, from its stored ``file`` or ``image`` part."""
        return cls(
            str(part.get("name", "")),
            int(part.get("size", 0)),
            str(part.get("type", "file")),
            int(part.get("tokens", 0)),
            mode=str(part["mode"]) if part.get("mode") else None,
            note=str(part.get("note", "")),
        )

    @classmethod
    def from_ref(cls, ref: AttachmentRef) -> AttachmentChip:
        """A sent message's chip, from the message's view model."""
        return cls(ref.name, ref.size, ref.kind, ref.tokens, places=ref.places, mode=ref.mode or None,
                   note=ref.note)  # fmt: skip

    def set_plan(self, plan: SendPlan | None) -> None:
        """How the file goes with the next send (``services.attachments.plan``), shown before sending."""
        if plan is None:
            self.set_mode(None)
            return
        self.set_mode(plan.mode.value, plan.warning or "")
        if plan.mode.value == "inline":
            self._show_tokens(plan.tokens)

    def set_carried(self, plan: SendPlan) -> None:
        """A file an earlier message sent, which the next one carries: how (whole, passages …)."""
        mode = plan.mode.value
        self.setProperty("carried", True)
        text = tr("win.carried", how=tr(f"attachment.{mode}")) if mode in MODES else ""
        self.mode_label.setText(text)
        # On one line up to a limit: the chip is as wide as the name, which may be shorter.
        self.mode_label.setMinimumWidth(min(self.mode_label.fontMetrics().horizontalAdvance(text) + 4, 360))
        self.mode_label.setToolTip(tr("win.carried_tip", name=self.name))
        self.mode_label.setProperty("level", "warning" if mode == "image_not_sent" else "normal")
        self.mode_label.setVisible(True)
        self.mode_label.style().polish(self.mode_label)
        if mode == "inline":
            self._show_tokens(plan.tokens)

    def set_mode(self, mode: str | None, note: str = "") -> None:
        """The mode in the window's words (``note``, the service's English sentence, is kept for those
        who read the part; the chip says the same in the window's language)."""
        warning = mode == "image_not_sent"
        self.note = note
        self.mode_label.setText(tr(f"attachment.{mode}") if mode in MODES else "")
        self.mode_label.setToolTip(tr("attachment.image_not_sent_tip", name=self.name) if warning else "")
        self.mode_label.setProperty("level", "warning" if warning else "normal")
        self.mode_label.setVisible(bool(self.mode_label.text()))
        self.mode_label.style().polish(self.mode_label)

    def _show_tokens(self, tokens: int) -> None:
        facts = [*self._facts, tr("attachment.tokens", n=tokens)] if self.kind != "image" else self._facts
        self.detail_label.setText(" · ".join(facts))

    def mouseDoubleClickEvent(self, event: Any) -> None:  # noqa: N802 (Qt naming)
        if self.path:
            self.open_requested.emit(self.path)
        super().mouseDoubleClickEvent(event)
