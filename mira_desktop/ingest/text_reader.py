"""Plain text, Markdown, code, CSV, JSON and YAML: blocks located by line range.

Paragraphs (blank-line separated) are blocks; Markdown headings, YAML top-level keys and top-level
definitions in code become the heading path of the lines below them.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Callable
from pathlib import Path

from mira_desktop.core.cjk import han_pattern
from mira_desktop.ingest.limits import ReaderLimits, check_chars
from mira_desktop.ingest.types import Block, Location, ParsedDocument, ReadError, ReadErrorKind

_MD_HEADING = re.compile(r"^(#{1,6})\s+(.+?)\s*#*\s*$")
_MD_FENCE = re.compile(r"^\s*(```|~~~)")
_YAML_KEY = re.compile(r"^([A-Za-z_][\w.-]*)\s*:")
_CODE_DEFINITION = re.compile(
    r"^(?:export\s+|pub\s+|public\s+|private\s+|async\s+|static\s+)*"
    r"(?:def|class|function|func|fn|interface|struct|impl|trait|enum|module|type)\s+([A-Za-z_][\w]*)"
)


def decode(data: bytes, name: str) -> str:
    """Text from bytes: UTF-8 (with or without BOM), UTF-16 with BOM, GB18030, else Windows-1252."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return data.decode("utf-16", errors="replace")
    if b"\x00" in data[:8192]:
        raise ReadError.said(ReadErrorKind.UNSUPPORTED, "read.binary", name=name)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        pass
    try:
        text = data.decode("gb18030")
    except UnicodeDecodeError:
        text = ""
    if len(han_pattern().findall(text)) >= 8:
        return text
    return data.decode("cp1252", errors="replace")


def _load(path: Path, limits: ReaderLimits) -> str:
    text = decode(path.read_bytes(), path.name).replace("\r\n", "\n").replace("\r", "\n")
    check_chars(path.name, len(text), limits)
    if not text.strip():
        raise ReadError.said(ReadErrorKind.EMPTY, "read.no_text", name=path.name)
    return text


def _paragraphs(
    lines: list[str], heading_for: Callable[[int, str], tuple[str, ...] | None] | None = None
) -> list[Block]:
    """Blank-line separated runs of lines as blocks; ``heading_for`` may start a new heading path."""
    blocks: list[Block] = []
    heading: tuple[str, ...] = ()
    start: int | None = None
    buffer: list[str] = []

    def flush(end: int) -> None:
        nonlocal start, buffer
        if start is not None and any(line.strip() for line in buffer):
            text = "\n".join(buffer).strip("\n")
            location = Location(line_start=start, line_end=end, heading=heading)
            blocks.append(Block(text, location, " › ".join(heading)))
        start, buffer = None, []

    for number, line in enumerate(lines, start=1):
        new_heading = heading_for(number, line) if heading_for else None
        if new_heading is not None:
            flush(number - 1)
            heading = new_heading
        if not line.strip():
            flush(number - 1)
            continue
        if start is None:
            start = number
        buffer.append(line.rstrip())
    flush(len(lines))
    return blocks


def read_text(path: Path, limits: ReaderLimits) -> ParsedDocument:
    return ParsedDocument(_paragraphs(_load(path, limits).split("\n")), "text")


def read_markdown(path: Path, limits: ReaderLimits) -> ParsedDocument:
    lines = _load(path, limits).split("\n")
    path_so_far: list[tuple[int, str]] = []
    in_fence = False
    title = ""

    def heading_for(_: int, line: str) -> tuple[str, ...] | None:
        nonlocal in_fence, path_so_far, title
        if _MD_FENCE.match(line):
            in_fence = not in_fence
            return None
        match = None if in_fence else _MD_HEADING.match(line)
        if not match:
            return None
        level = len(match.group(1))
        path_so_far = [(lv, t) for lv, t in path_so_far if lv < level] + [(level, match.group(2))]
        title = title or (match.group(2) if level == 1 else "")
        return tuple(t for _, t in path_so_far)

    blocks = _paragraphs(lines, heading_for)
    return ParsedDocument(blocks, "markdown", title=title)


def read_code(path: Path, limits: ReaderLimits) -> ParsedDocument:
    def heading_for(_: int, line: str) -> tuple[str, ...] | None:
        match = _CODE_DEFINITION.match(line)
        return (match.group(1),) if match else None

    return ParsedDocument(_paragraphs(_load(path, limits).split("\n"), heading_for), "code")


def read_yaml(path: Path, limits: ReaderLimits) -> ParsedDocument:
    def heading_for(_: int, line: str) -> tuple[str, ...] | None:
        match = _YAML_KEY.match(line)
        return (match.group(1),) if match else None

    return ParsedDocument(_paragraphs(_load(path, limits).split("\n"), heading_for), "yaml")


def read_json(path: Path, limits: ReaderLimits) -> ParsedDocument:
    text = _load(path, limits)
    if path.suffix.lower() in {".jsonl", ".ndjson"}:
        for number, line in enumerate(text.split("\n"), start=1):
            _check_json(line, path.name, number)
    else:
        _check_json(text, path.name, 0)
    return ParsedDocument(_paragraphs(text.split("\n")), "json")


def _check_json(text: str, name: str, line_offset: int) -> None:
    if not text.strip():
        return
    try:
        json.loads(text)
    except json.JSONDecodeError as exc:
        line = exc.lineno + max(line_offset - 1, 0)
        raise ReadError.said(
            ReadErrorKind.CORRUPT, "read.bad_json", name=name, problem=exc.msg, line=line, column=exc.colno
        ) from exc
    except RecursionError as exc:  # arrays or objects nested thousands deep
        raise ReadError.said(ReadErrorKind.TOO_LARGE, "read.json_deep", name=name) from exc


def read_csv(path: Path, limits: ReaderLimits) -> ParsedDocument:
    text = _load(path, limits)
    delimiter = "\t" if path.suffix.lower() == ".tsv" else ","
    try:
        dialect: type[csv.Dialect] | csv.Dialect = csv.Sniffer().sniff(text[:4096], delimiters=",;\t|")
    except csv.Error:
        dialect = csv.excel_tab if delimiter == "\t" else csv.excel
    blocks: list[Block] = []
    header = ""
    reader = csv.reader(io.StringIO(text), dialect)
    try:
        for row in reader:
            cells = [" ".join(c.split()) for c in row]
            if not any(cells):
                continue
            line = reader.line_num
            row_text = " | ".join(cells)
            heading = (header,) if header else ()
            header = header or row_text
            blocks.append(Block(row_text, Location(row_start=line, heading=heading), "rows"))
    except csv.Error as exc:
        raise ReadError.said(ReadErrorKind.CORRUPT, "read.bad_csv", name=path.name, error=exc) from exc
    if not blocks:
        raise ReadError.said(ReadErrorKind.EMPTY, "read.no_rows", name=path.name)
    return ParsedDocument(blocks, "csv")


def read_beir_entry(path: Path, limits: ReaderLimits) -> ParsedDocument:
    """One record of a BEIR corpus (``{"_id", "title", "text"}``): its title heads its paragraphs."""
    try:
        record = json.loads(_load(path, limits))
        title = str(record.get("title") or "").strip()
        text = str(record.get("text") or "")
    except (ValueError, AttributeError) as exc:
        raise ReadError.said(ReadErrorKind.CORRUPT, "read.bad_beir", name=path.name, error=exc) from exc
    heading = (title,) if title else ()
    blocks = [
        Block(paragraph.strip(), Location(paragraph=number, heading=heading), title)
        for number, paragraph in enumerate(text.split("\n\n"), start=1)
        if paragraph.strip()
    ]
    if not blocks:
        raise ReadError.said(ReadErrorKind.EMPTY, "read.no_text_at_all", name=path.name)
    return ParsedDocument(blocks, "beir", title=title)
