"""Markdown → rich text for message bodies, with raw HTML switched off (model output is untrusted).

A message is cut into prose and fenced code blocks (:func:`segments`): prose goes through Qt's
Markdown (:func:`prose_html`), each code block is highlighted with Pygments (inline colours, light
or dark, :func:`code_html`) and shown in a box of its own by ``ui.chat.message_body``.
"""

from __future__ import annotations

import html
import re

from PySide6.QtGui import QFont, QTextDocument

from mira_desktop.ui.chat.long_text import breakable_html

_FEATURES = QTextDocument.MarkdownFeature(
    QTextDocument.MarkdownFeature.MarkdownDialectGitHub.value
    | QTextDocument.MarkdownFeature.MarkdownNoHTML.value
)
_FENCE = re.compile(
    r"^(?P<fence>```|~~~)[ \t]*(?P<lang>[\w+#.-]*)[^\n]*\n(?P<code>.*?)(?:^(?P=fence)[ \t]*$|\Z)", re.M | re.S
)
_BODY = re.compile(r"<body[^>]*>(.*)</body>", re.S)


def segments(text: str) -> list[tuple[str, str, str]]:
    """The message in order as ``("prose", text, "")`` and ``("code", code, language)`` pieces, so a
    code block can be shown in a widget of its own (scrolling sideways inside itself)."""
    pieces: list[tuple[str, str, str]] = []
    position = 0
    for match in _FENCE.finditer(text):
        if text[position : match.start()].strip():
            pieces.append(("prose", text[position : match.start()], ""))
        pieces.append(("code", match.group("code").rstrip("\n"), match.group("lang")))
        position = match.end()
    if text[position:].strip() or not pieces:
        pieces.append(("prose", text[position:], ""))
    return pieces


def prose_html(text: str, font: QFont | None = None) -> str:
    """Markdown without code blocks as one HTML document, with break points in overlong words."""
    size = f"font-size:{font.pixelSize()}px;" if font is not None and font.pixelSize() > 0 else ""
    return f'<html><body style="{size}">{breakable_html(_markdown(text, font))}</body></html>'


def code_html(code: str, language: str, *, dark: bool) -> str:
    """One code block highlighted by Pygments, as a ``<pre>`` (it never wraps)."""
    return f'<pre style="font-family:monospace;margin:0;">{_highlighted(code, language, dark)}</pre>'


def _markdown(text: str, font: QFont | None) -> str:
    if not text.strip():
        return ""
    document = QTextDocument()
    if font is not None:  # the label's font, so the text does not change size when it settles
        document.setDefaultFont(font)
    document.setMarkdown(text, _FEATURES)
    found = _BODY.search(document.toHtml())
    return found.group(1) if found else html.escape(text)


def _highlighted(code: str, language: str, dark: bool) -> str:
    from pygments import highlight
    from pygments.formatters import HtmlFormatter
    from pygments.lexers import TextLexer, get_lexer_by_name, guess_lexer
    from pygments.util import ClassNotFound

    try:
        lexer = get_lexer_by_name(language) if language else guess_lexer(code)
    except ClassNotFound:
        lexer = TextLexer()
    formatter = HtmlFormatter(noclasses=True, nowrap=True, style="monokai" if dark else "default")
    return highlight(code, lexer, formatter).rstrip("\n")
