"""A request with tools, written for the model's own chat template: tools, calls and results as the
OpenAI-style dictionaries every tools template reads (the same ones ``Jinja2ChatFormatter`` passes)."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from typing import Any

from mira_desktop.models.protocol import ChatMessage, ToolSpec


def template_call_id(call_id: str) -> str:
    """Nine letters and digits for a call id (Mistral's templates refuse any other id), stable per id."""
    return hashlib.sha1(call_id.encode("utf-8")).hexdigest()[:9]


def template_tools(tools: Sequence[ToolSpec]) -> list[dict[str, Any]]:
    return [
        {
            "type": "function",
            "function": {"name": t.name, "description": t.description, "parameters": t.parameters},
        }
        for t in tools
    ]


def template_messages(messages: Sequence[ChatMessage]) -> list[dict[str, Any]]:
    """The messages as a tools template reads them: calls with their arguments, results with their call."""
    written: list[dict[str, Any]] = []
    for message in messages:
        if message.role == "assistant" and message.tool_calls:
            written.append(
                {
                    "role": "assistant",
                    "content": message.content,
                    "tool_calls": [
                        {
                            "id": template_call_id(call.id),
                            "type": "function",
                            "function": {"name": call.name, "arguments": call.arguments},
                        }
                        for call in message.tool_calls
                    ],
                }
            )
        elif message.role == "tool":
            written.append(
                {
                    "role": "tool",
                    "tool_call_id": template_call_id(message.tool_call_id or ""),
                    "name": message.name or "",
                    "content": message.content,
                }
            )
        else:
            written.append({"role": message.role, "content": message.content})
    return written


def arguments_json(arguments: Any) -> str:
    return arguments if isinstance(arguments, str) else json.dumps(arguments, ensure_ascii=False)
