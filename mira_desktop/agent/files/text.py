"""Deciding whether bytes are text a model may read: UTF-8, no NUL bytes."""

from __future__ import annotations

from mira_desktop.agent.errors import ToolError

BINARY_SNIFF = 8192  # a NUL byte in the first 8 KiB marks a binary file, as git and grep decide


def is_binary(data: bytes) -> bool:
    return b"\x00" in data[:BINARY_SNIFF]


def decode_text(data: bytes, shown: str) -> str:
    """The file as text, or a :class:`ToolError` saying it is binary or not UTF-8 (and where)."""
    if is_binary(data):
        raise ToolError.said("agent.tool.binary", "not_text", path=shown)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise ToolError.said(
            "agent.tool.not_utf8", "not_text", path=shown, byte=f"{data[exc.start]:02x}", line=line
        ) from exc
