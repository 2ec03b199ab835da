"""The line of web sources under an answer of a run that searched the web: "[S1] title" links that
open the page in the browser (http and https only; anything else is shown as text, never opened)."""

from __future__ import annotations

import html
from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QVBoxLayout

from mira_desktop.core.conversation.chat_view import ViewMessage, WebSourceRef
from mira_desktop.ui.chat.source_links import LINK_STYLE
from mira_desktop.ui.language.i18n import tr


def web_sources_label(layout: QVBoxLayout) -> QLabel:
    """The line's label, added to ``layout`` (hidden until an answer has web sources)."""
    label = QLabel()
    label.setObjectName("webSources")
    label.setWordWrap(True)
    label.setTextFormat(Qt.TextFormat.RichText)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextBrowserInteraction)
    label.setOpenExternalLinks(True)  # the person's browser opens the page
    label.hide()
    layout.addWidget(label)
    return label


def web_source_links(sources: Sequence[WebSourceRef]) -> str:
    links = []
    for source in sources:
        text = html.escape(f"[{source.id}] {source.title or source.url}")
        if source.url.startswith(("https://", "http://")):
            links.append(
                f'<a style="{LINK_STYLE}" href="{html.escape(source.url, quote=True)}" '
                f'title="{html.escape(source.url, quote=True)}">{text}</a>'
            )
        else:
            links.append(text)
    return " · ".join(links)


def show_web_sources(label: QLabel, message: ViewMessage) -> None:
    label.setVisible(bool(message.web_sources))
    if message.web_sources:
        label.setText(f"{tr('web.sources')} {web_source_links(message.web_sources)}")
