"""Markdown → rich text for message bodies, with raw HTML switched off (model output is untrusted)."""

from __future__ import annotations

from PySide6.QtGui import QFont, QTextDocument

_FEATURES = QTextDocument.MarkdownFeature(
    QTextDocument.MarkdownFeature.MarkdownDialectGitHub.value
    | QTextDocument.MarkdownFeature.MarkdownNoHTML.value
)


def markdown_to_html(text: str, font: QFont | None = None) -> str:
    document = QTextDocument()
    if font is not None:  # the label's font, so the text does not change size when it settles
        document.setDefaultFont(font)
    document.setMarkdown(text, _FEATURES)
    return document.toHtml()
