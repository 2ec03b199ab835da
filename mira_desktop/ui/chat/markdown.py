"""Markdown → rich text for message bodies, with raw HTML switched off (model output is untrusted).

Fenced code blocks are highlighted with Pygments (inline colours, light or dark) and headed by a
``copy:N`` link that copies block N; :func:`code_blocks` gives the blocks' text for that link.
"""

from __future__ import annotations

import html
import re

from PySide6.QtGui import QFont, QTextDocument

_FEATURES = QTextDocument.MarkdownFeature(
    QTextDocument.MarkdownFeature.MarkdownDialectGitHub.value
    | QTextDocument.MarkdownFeature.MarkdownNoHTML.value
)
_FENCE = re.compile(
    r"^(?P<fence>```|~~~)[ \t]*(?P<lang>[\w+#.-]*)[^\n]*\n(?P<code>.*?)(?:^(?P=fence)[ \t]*$|\Z)", re.M | re.S
)
_BODY = re.compile(r"<body[^>]*>(.*)</body>", re.S)


def code_blocks(text: str) -> list[str]:
    """The text of each fenced code block, in order."""
    return [m.group("code").rstrip("\n") for m in _FENCE.finditer(text)]


def markdown_to_html(
    text: str, font: QFont | None = None, *, dark: bool = False, copy_label: str = "Copy"
) -> str:
    """One HTML document for a message: Markdown parts through Qt, code blocks through Pygments."""
    parts: list[str] = []
    position = 0
    for number, match in enumerate(_FENCE.finditer(text)):
        parts.append(_markdown(text[position : match.start()], font))
        parts.append(_code(match.group("code").rstrip("\n"), match.group("lang"), number, dark, copy_label))
        position = match.end()
    parts.append(_markdown(text[position:], font))
    size = f"font-size:{font.pixelSize()}px;" if font is not None and font.pixelSize() > 0 else ""
    return f'<html><body style="{size}">{"".join(p for p in parts if p)}</body></html>'


def _markdown(text: str, font: QFont | None) -> str:
    if not text.strip():
        return ""
    document = QTextDocument()
    if font is not None:  # the label's font, so the text does not change size when it settles
        document.setDefaultFont(font)
    document.setMarkdown(text, _FEATURES)
    found = _BODY.search(document.toHtml())
    return found.group(1) if found else html.escape(text)


def _code(code: str, language: str, number: int, dark: bool, copy_label: str) -> str:
    from pygments import highlight
    from pygments.formatters import HtmlFormatter
    from pygments.lexers import TextLexer, get_lexer_by_name, guess_lexer
    from pygments.util import ClassNotFound

    try:
        lexer = get_lexer_by_name(language) if language else guess_lexer(code)
    except ClassNotFound:
        lexer = TextLexer()
    style = "monokai" if dark else "default"
    formatter = HtmlFormatter(noclasses=True, nowrap=True, style=style)
    background = "#272822" if dark else "#f6f8fa"
    body = highlight(code, lexer, formatter).rstrip("\n")
    head = (
        f'<table width="100%" cellspacing="0" cellpadding="0"><tr><td><small>{html.escape(language)}</small></td>'
        f'<td align="right"><a href="copy:{number}"><small>{html.escape(copy_label)}</small></a></td></tr></table>'
    )
    return (
        f'{head}<table width="100%" cellspacing="0" cellpadding="8" style="background:{background};">'
        f'<tr><td><pre style="font-family:monospace;margin:0;">{body}</pre></td></tr></table>'
    )
