"""The chip of an attached file: its name, size and token count, how it will go with the message (whole,
as retrieved passages, or — to a model that cannot see images — not at all), and a remove button
while it is still in the composer. The same chip, without the button, shows a sent message's file."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QToolButton, QVBoxLayout, QWidget

from mira_desktop.ui.i18n import language

if TYPE_CHECKING:
    from mira_desktop.services.attachments.views import AttachmentView, SendPlan

# To move into ui/i18n.py's table: (English, Chinese).
_STRINGS: dict[str, tuple[str, str]] = {
    "tokens": ("{n:,} tokens", "{n:,} 个词元"),
    "pages": ("{n} pages", "{n} 页"),
    "remove": ("Remove the file from the message", "从消息中移除此文件"),
    "inline": ("sent whole", "全文发送"),
    "retrieved": ("too long: the passages that match go, cited", "过长：发送与问题相关的段落并注明出处"),
    "image": ("sent as an image", "作为图片发送"),
    "image_not_sent": ("not sent: the model cannot see images", "不会发送：模型无法识别图片"),
}


def _tr(key: str, **values: object) -> str:
    english, chinese = _STRINGS[key]
    text = chinese if language() == "zh" else english
    return text.format(**values) if values else text


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
        self.path = path
        self.kind = kind
        row = QHBoxLayout(self)
        row.setContentsMargins(8, 4, 4, 4)
        row.setSpacing(6)
        self.icon = QLabel("🖼" if kind == "image" else "📄")
        text = QVBoxLayout()
        text.setSpacing(0)
        self.name_label = QLabel(name)
        self.name_label.setObjectName("attachmentName")
        facts = [size_text(size)]
        if kind != "image" and places > 1:
            facts.append(_tr("pages", n=places))
        if kind != "image":
            facts.append(_tr("tokens", n=tokens))
        self.detail_label = QLabel(" · ".join(facts))
        self.detail_label.setObjectName("muted")
        self.mode_label = QLabel()
        self.mode_label.setObjectName("attachmentMode")
        self.mode_label.setWordWrap(True)
        text.addWidget(self.name_label)
        text.addWidget(self.detail_label)
        text.addWidget(self.mode_label)
        row.addWidget(self.icon, 0, Qt.AlignmentFlag.AlignTop)
        row.addLayout(text, 1)
        self.remove_button = QToolButton()
        self.remove_button.setText("×")
        self.remove_button.setAutoRaise(True)
        self.remove_button.setToolTip(_tr("remove"))
        self.remove_button.clicked.connect(self.remove_requested)
        self.remove_button.setVisible(removable)
        row.addWidget(self.remove_button, 0, Qt.AlignmentFlag.AlignTop)
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
        """A sent message's chip, from its ``file`` or ``image`` part."""
        return cls(
            str(part.get("name", "")),
            int(part.get("size", 0)),
            str(part.get("type", "file")),
            int(part.get("tokens", 0)),
            mode=str(part["mode"]) if part.get("mode") else None,
            note=str(part.get("note", "")),
        )

    def set_plan(self, plan: SendPlan | None) -> None:
        """How the file goes with the next send (``services.attachments.plan``), shown before sending."""
        if plan is None:
            self.set_mode(None)
            return
        self.set_mode(plan.mode.value, plan.warning or "")
        if plan.mode.value == "inline":
            self.detail_label.setText(
                self.detail_label.text().rsplit(" · ", 1)[0] + " · " + _tr("tokens", n=plan.tokens)
            )

    def set_mode(self, mode: str | None, note: str = "") -> None:
        warning = mode == "image_not_sent"
        self.mode_label.setText(note or (_tr(mode) if mode in _STRINGS else ""))
        self.mode_label.setProperty("level", "warning" if warning else "normal")
        self.mode_label.setVisible(bool(self.mode_label.text()))
        self.mode_label.style().polish(self.mode_label)

    def mouseDoubleClickEvent(self, event: Any) -> None:  # noqa: N802 (Qt naming)
        if self.path:
            self.open_requested.emit(self.path)
        super().mouseDoubleClickEvent(event)
