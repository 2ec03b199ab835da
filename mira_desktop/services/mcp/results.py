"""An MCP ``CallToolResult`` as the run's ``ToolResult``: its text for the model (cut when long, the
whole kept for the trace), images and resources named, an ``isError`` result a failure the model reads."""

from __future__ import annotations

import json
from typing import Any

from mira_desktop.agent.tools.results import ToolResult

MODEL_CHARS = 20_000  # of a result the model reads; the whole text is kept with the run


def to_tool_result(result: Any, server: str, tool: str) -> ToolResult:
    parts = [_part(item) for item in (getattr(result, "content", None) or [])]
    structured = getattr(result, "structured_content", None)
    if not any(parts) and structured is not None:
        parts = [json.dumps(structured, ensure_ascii=False, indent=1)]
    text = "\n".join(p for p in parts if p) or "(the tool returned nothing)"
    failed = bool(getattr(result, "is_error", False))
    return shown(not failed, text, server, tool, "tool_error" if failed else "")


def shown(ok: bool, text: str, server: str, tool: str, kind: str = "") -> ToolResult:
    """A result whose text is cut for the model when long; ``full_output`` keeps the whole of it."""
    data: dict[str, Any] = {"server": server, "tool": tool}
    if len(text) > MODEL_CHARS:
        data["full_output"] = text
        text = text[:MODEL_CHARS] + f"\n… ({len(text) - MODEL_CHARS:,} more characters not shown)"
    return ToolResult(ok, text, kind, data=data)


def _part(item: Any) -> str:
    kind = getattr(item, "type", "")
    if kind == "text":
        return str(getattr(item, "text", ""))
    if kind in ("image", "audio"):
        data = getattr(item, "data", "") or ""
        return f"[{'an image' if kind == 'image' else 'audio'}: {getattr(item, 'mime_type', '?')}, {len(data) * 3 // 4:,} bytes]"
    if kind == "resource":
        resource = getattr(item, "resource", None)
        text = getattr(resource, "text", None)
        return str(text) if text is not None else f"[a resource: {getattr(resource, 'uri', '?')}]"
    if kind == "resource_link":
        return f"[a link to {getattr(item, 'uri', '?')}]"
    return f"[{kind or 'something'} the server sent]"
