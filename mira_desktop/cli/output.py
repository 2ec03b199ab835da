"""Printing results as JSON (``--json``) or as short human-readable text."""

from __future__ import annotations

import dataclasses
import json
import sys
from collections.abc import Sequence
from enum import Enum
from typing import Any, TextIO


def to_data(value: Any) -> Any:
    """Turn records (dataclasses, enums, lists, dicts) into JSON-ready data."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_data(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, dict):
        return {str(k): to_data(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [to_data(v) for v in value]
    return value


class Output:
    def __init__(self, as_json: bool, stream: TextIO | None = None) -> None:
        self.as_json = as_json
        self._stream = stream or sys.stdout

    def data(self, value: Any) -> None:
        """Print one JSON document (only in ``--json`` mode)."""
        self._stream.write(json.dumps(to_data(value), ensure_ascii=False, indent=2) + "\n")

    def line(self, text: str = "") -> None:
        self._stream.write(text + "\n")

    def flush(self) -> None:
        """Push what was printed to the reader now (a command that keeps running after it)."""
        self._stream.flush()

    def result(self, value: Any, text: str) -> None:
        """Print ``value`` as JSON in ``--json`` mode, else ``text``."""
        if self.as_json:
            self.data(value)
        else:
            self.line(text)

    def table(self, rows: Sequence[Sequence[str]], headers: Sequence[str], empty: str) -> None:
        if not rows:
            self.line(empty)
            return
        widths = [max(width(str(h)), *(width(str(r[i])) for r in rows)) for i, h in enumerate(headers)]
        self.line("  ".join(pad(str(h), w) for h, w in zip(headers, widths, strict=True)).rstrip())
        for row in rows:
            self.line("  ".join(pad(str(c), w) for c, w in zip(row, widths, strict=True)).rstrip())


def width(text: str) -> int:
    """The columns ``text`` takes in a terminal: two for a Chinese character, none for a combining mark."""
    from wcwidth import wcswidth

    shown = wcswidth(text)
    if shown < 0:  # a control character: count what can be counted
        from wcwidth import wcwidth

        shown = sum(max(wcwidth(ch), 0) for ch in text)
    return shown


def pad(text: str, columns: int) -> str:
    """``text`` followed by spaces up to ``columns`` display columns (``str.ljust`` counts characters)."""
    return text + " " * max(columns - width(text), 0)
