"""The line of sources under an answer: one link per passage place, with no underline (it hid the
underscores of names like ``pdfjs__tracemonkey.pdf``); two sources on the same page of the same file
are one link, "[1, 3] file.pdf, p. 4", not what looks like a duplicate."""

from __future__ import annotations

import html
from collections.abc import Sequence

from mira_desktop.core.conversation.chat_view import SourceRef
from mira_desktop.ui.chat.long_text import breakable

LINK_STYLE = "text-decoration: none"


def source_links(sources: Sequence[SourceRef]) -> str:
    """The links, " · " between them; each opens its first source's passage."""
    places: dict[tuple[str, str, str], list[SourceRef]] = {}
    for source in sources:
        places.setdefault((source.attachment_id, source.document, source.location_label), []).append(source)
    links = []
    for (_attachment, document, location), same in places.items():
        numbers = ", ".join(str(s.n) for s in same)
        text = f"[{numbers}] {breakable(document)}" + (f", {breakable(location)}" if location else "")
        links.append(f'<a style="{LINK_STYLE}" href="{same[0].n}">{html.escape(text)}</a>')
    return " · ".join(links)
