"""HTML through the standard library's parser: visible text by block element, under h1–h6 headings."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

from mira_desktop.ingest.limits import ReaderLimits, check_chars
from mira_desktop.ingest.text_reader import decode
from mira_desktop.ingest.types import Block, Location, ParsedDocument, ReadError, ReadErrorKind

_BLOCK_TAGS = frozenset(
    [
        "p",
        "div",
        "li",
        "ul",
        "ol",
        "tr",
        "table",
        "pre",
        "blockquote",
        "section",
        "article",
        "header",
        "footer",
        "main",
        "aside",
        "nav",
        "dt",
        "dd",
        "figcaption",
        "caption",
        "form",
        "fieldset",
        "address",
        "body",
    ]
)
_HEADINGS = {f"h{n}": n for n in range(1, 7)}
_HIDDEN = frozenset({"script", "style", "noscript", "template", "svg", "head"})


class _TextCollector(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.blocks: list[Block] = []
        self.title = ""
        self._hidden = 0
        self._in_title = False
        self._parts: list[str] = []
        self._start_line = 1
        self._heading_level = 0
        self._path: list[tuple[int, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _HIDDEN:
            self._hidden += 1
        elif tag == "title":
            self._in_title = True
        elif tag in _HEADINGS or tag in _BLOCK_TAGS:
            self._flush()
            self._heading_level = _HEADINGS.get(tag, 0)
        elif tag in {"td", "th"}:
            self._parts.append(" | ")
        elif tag == "br":
            self._parts.append("\n")

    def handle_endtag(self, tag: str) -> None:
        if tag in _HIDDEN:
            self._hidden = max(self._hidden - 1, 0)
        elif tag == "title":
            self._in_title = False
        elif tag in _HEADINGS:
            text = " ".join("".join(self._parts).split())
            if text:
                level = _HEADINGS[tag]
                self._path = [(lv, t) for lv, t in self._path if lv < level] + [(level, text)]
            self._flush()
        elif tag in _BLOCK_TAGS:
            self._flush()

    def handle_data(self, data: str) -> None:
        if self._in_title:
            self.title += data.strip()
        elif not self._hidden:
            if not "".join(self._parts).strip():
                self._start_line = self.getpos()[0]
            self._parts.append(data)

    def _flush(self) -> None:
        raw = "".join(self._parts)
        self._parts = []
        lines = [" ".join(line.split()).strip(" |") for line in raw.split("\n")]
        text = "\n".join(line for line in lines if line)
        if text:
            heading = tuple(t for _, t in self._path)
            end = max(self.getpos()[0], self._start_line)
            location = Location(line_start=self._start_line, line_end=end, heading=heading)
            self.blocks.append(Block(text, location, " › ".join(heading)))

    def close(self) -> None:
        super().close()
        self._flush()


def read_html(path: Path, limits: ReaderLimits) -> ParsedDocument:
    text = decode(path.read_bytes(), path.name)
    check_chars(path.name, len(text), limits)
    collector = _TextCollector()
    collector.feed(text)
    collector.close()
    if not collector.blocks:
        raise ReadError.said(ReadErrorKind.EMPTY, "read.no_visible_text", name=path.name)
    return ParsedDocument(collector.blocks, "html", title=collector.title)
