"""Markdown → rich text for message bodies, with raw HTML switched off (model output is untrusted)."""

from __future__ import annotations

from PySide6.QtGui import QTextDocument

_FEATURES = QTextDocument.MarkdownFeature(
    QTextDocument.MarkdownFeature.MarkdownDialectGitHub.value
    | QTextDocument.MarkdownFeature.MarkdownNoHTML.value
)


def markdown_to_html(text: str) -> str:
    document = QTextDocument()
    document.setMarkdown(text, _FEATURES)
    return document.toHtml()
