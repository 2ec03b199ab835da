"""The line under a knowledge-base answer that says how its sentences are tied to the sources shown:
which ones Mira tied (the model wrote no [n] markers for them) and which ones no source supports."""

from __future__ import annotations

import html

from PySide6.QtWidgets import QLabel, QVBoxLayout

from mira_desktop.core.conversation.chat_state import ViewMessage
from mira_desktop.ui.language.i18n import tr


def citation_label(layout: QVBoxLayout) -> QLabel:
    """The note's label, added to ``layout`` (hidden until an answer has something to say)."""
    label = QLabel()
    label.setObjectName("citationNote")
    label.setWordWrap(True)
    label.hide()
    layout.addWidget(label)
    return label


def citation_note(message: ViewMessage) -> tuple[str, str]:
    """The note's text and its tooltip (the unsupported sentences, in full); empty when all is cited."""
    parts = []
    if message.unsupported:
        parts.append(tr("message.unsupported", count=len(message.unsupported)))
    if message.cited_by_mira:
        parts.append(tr("message.cited_by_mira", count=message.cited_by_mira))
    if not parts:
        return "", ""
    detail = ""
    if message.unsupported:
        listed = "".join(f"<li>{html.escape(sentence)}</li>" for sentence in message.unsupported)
        detail = f"<p>{html.escape(tr('message.unsupported_list'))}</p><ul>{listed}</ul>"
    return " ".join(parts), detail
