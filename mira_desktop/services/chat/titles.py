"""A thread's title from its first message: one line, at most ``TITLE_LENGTH`` characters."""

from __future__ import annotations

TITLE_LENGTH = 60


def make_title(text: str) -> str:
    line = " ".join(text.strip().split())
    return line if len(line) <= TITLE_LENGTH else line[: TITLE_LENGTH - 1].rstrip() + "…"
