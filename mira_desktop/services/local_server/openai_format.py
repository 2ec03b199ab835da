"""OpenAI's chat-completions JSON to Mira's :class:`ChatRequest`, and Mira's chunks back to its JSON.

Pure functions: the HTTP layer parses the body, these check each field (a wrong one is an
``InvalidInputError`` naming it) and build what the adapter takes, or what the client reads.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from mira_desktop.core.errors import InvalidInputError
from mira_desktop.core.sampling import SamplingParams
from mira_desktop.models.protocol import (
    ChatMessage,
    ChatRequest,
    Chunk,
    Finish,
    ReasoningDelta,
    TextDelta,
    ToolCall,
    ToolCallDelta,
    ToolSpec,
    Usage,
)

_ROLES = {"system", "developer", "user", "assistant", "tool"}


def _bad(name: str, why: str) -> InvalidInputError:
    return InvalidInputError.said("server.bad_field", field=name, why=why)


@dataclass(frozen=True)
class CompletionAsk:
    """What a client asked for: the model, the request for it, and how it wants the answer."""

    model: str
    request: ChatRequest
    stream: bool = False
    include_usage: bool = False


def model_name(body: dict[str, Any]) -> str:
    model = body.get("model")
    if not isinstance(model, str) or not model:
        raise _bad("model", "a model id from GET /v1/models is required")
    return model


def parse_completion(body: dict[str, Any]) -> CompletionAsk:
    """The body of ``POST /v1/chat/completions`` as a :class:`CompletionAsk`."""
    model = model_name(body)
    raw = body.get("messages")
    if not isinstance(raw, list) or not raw:
        raise _bad("messages", "a non-empty list of messages is required")
    messages = tuple(_message(m, i) for i, m in enumerate(raw))
    tools = _tools(body.get("tools"))
    choice = body.get("tool_choice", "auto")
    if isinstance(choice, dict):  # a named function: the model must call one (Mira cannot force which)
        choice = "required"
    if choice not in ("auto", "none", "required"):
        raise _bad("tool_choice", "auto, none, required or a function")
    if choice == "none":
        tools = ()
    thinking = None
    if "reasoning_effort" in body:
        thinking = body["reasoning_effort"] not in (None, "none", "minimal")
    options = body.get("stream_options") or {}
    request = ChatRequest(
        messages=messages,
        sampling=_sampling(body),
        tools=tools,
        json_schema=_schema(body.get("response_format")),
        tool_choice="required" if choice == "required" and tools else "auto",
        thinking=thinking,
    )
    stream = body.get("stream", False)
    if not isinstance(stream, bool):
        raise _bad("stream", "true or false")
    return CompletionAsk(
        model, request, stream, bool(isinstance(options, dict) and options.get("include_usage"))
    )


def _message(raw: Any, index: int) -> ChatMessage:
    where = f"messages[{index}]"
    if not isinstance(raw, dict) or raw.get("role") not in _ROLES:
        raise _bad(where, "each message needs a role: system, developer, user, assistant or tool")
    role = "system" if raw["role"] == "developer" else str(raw["role"])
    text, images = _content(raw.get("content"), where)
    calls = tuple(_tool_call(c, f"{where}.tool_calls") for c in raw.get("tool_calls") or ())
    call_id = raw.get("tool_call_id")
    if role == "tool" and not isinstance(call_id, str):
        raise _bad(f"{where}.tool_call_id", "a tool message names the call it answers")
    reasoning = raw.get("reasoning_content")
    return ChatMessage(
        role=role,
        content=text,
        tool_calls=calls,
        tool_call_id=call_id if isinstance(call_id, str) else None,
        name=raw.get("name") if isinstance(raw.get("name"), str) else None,
        images=images,
        reasoning=reasoning if isinstance(reasoning, str) else "",
    )


def _content(content: Any, where: str) -> tuple[str, tuple[str, ...]]:
    if content is None or isinstance(content, str):
        return content or "", ()
    if not isinstance(content, list):
        raise _bad(f"{where}.content", "a string or a list of parts")
    texts: list[str] = []
    images: list[str] = []
    for part in content:
        kind = part.get("type") if isinstance(part, dict) else None
        if kind == "text" and isinstance(part.get("text"), str):
            texts.append(part["text"])
        elif kind == "image_url" and isinstance(part.get("image_url"), dict):
            url = part["image_url"].get("url")
            if not isinstance(url, str) or not url.startswith("data:image/"):
                raise _bad(f"{where}.content", "a picture is sent inline, as a data:image/… URL")
            images.append(url)
        else:
            raise _bad(f"{where}.content", "parts are text or image_url")
    return "\n".join(texts), tuple(images)


def _tool_call(raw: Any, where: str) -> ToolCall:
    function = raw.get("function") if isinstance(raw, dict) else None
    if not isinstance(function, dict) or not isinstance(function.get("name"), str):
        raise _bad(where, "each call has a function with a name")
    arguments = function.get("arguments") or "{}"
    try:
        parsed = json.loads(arguments) if isinstance(arguments, str) else arguments
    except json.JSONDecodeError:
        parsed = {"_raw": arguments}  # a model's malformed call, sent back as it was
    return ToolCall(str(raw.get("id") or ""), function["name"], parsed if isinstance(parsed, dict) else {})


def _tools(raw: Any) -> tuple[ToolSpec, ...]:
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise _bad("tools", "a list of functions")
    specs = []
    for tool in raw:
        function = tool.get("function") if isinstance(tool, dict) and tool.get("type") == "function" else None
        if not isinstance(function, dict) or not isinstance(function.get("name"), str):
            raise _bad("tools", 'each tool is {"type": "function", "function": {"name": …}}')
        parameters = function.get("parameters") or {"type": "object", "properties": {}}
        specs.append(ToolSpec(function["name"], str(function.get("description") or ""), parameters))
    return tuple(specs)


def _schema(raw: Any) -> dict[str, Any] | None:
    if not isinstance(raw, dict) or raw.get("type") != "json_schema":
        return None
    schema = (raw.get("json_schema") or {}).get("schema")
    if not isinstance(schema, dict):
        raise _bad("response_format", "json_schema.schema must be a JSON schema")
    return schema


def _sampling(body: dict[str, Any]) -> SamplingParams:
    def number(name: str, kind: type[float] | type[int]) -> Any:
        value = body.get(name)
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise _bad(name, "a number")
        return kind(value)

    stop = body.get("stop")
    if isinstance(stop, str):
        stop = [stop]
    if stop is not None and not (isinstance(stop, list) and all(isinstance(s, str) for s in stop)):
        raise _bad("stop", "a string or a list of strings")
    max_tokens = number("max_completion_tokens", int) or number("max_tokens", int)
    if max_tokens is not None and max_tokens < 1:
        raise _bad("max_tokens", "at least 1")
    return SamplingParams(
        temperature=number("temperature", float),
        top_p=number("top_p", float),
        max_tokens=max_tokens,
        frequency_penalty=number("frequency_penalty", float),
        presence_penalty=number("presence_penalty", float),
        seed=number("seed", int),
        stop=tuple(stop or ()),
    )


# -- the answer --------------------------------------------------------------------------------------


def finish_reason(reason: str) -> str:
    return {"stop": "stop", "length": "length", "tool_calls": "tool_calls"}.get(reason, "stop")


def delta_of(chunk: Chunk) -> dict[str, Any] | None:
    """A streamed chunk's ``delta`` (None for usage and the finish, which travel elsewhere)."""
    if isinstance(chunk, TextDelta):
        return {"content": chunk.text}
    if isinstance(chunk, ReasoningDelta):
        return {"reasoning_content": chunk.text}
    if isinstance(chunk, ToolCallDelta):
        call: dict[str, Any] = {"index": chunk.index, "function": {"arguments": chunk.arguments}}
        if chunk.id is not None:
            call["id"] = chunk.id
            call["type"] = "function"
        if chunk.name is not None:
            call["function"]["name"] = chunk.name
        return {"tool_calls": [call]}
    return None


@dataclass
class Answer:
    """A whole answer gathered from its chunks (the non-streaming reply)."""

    text: list[str] = field(default_factory=list)
    reasoning: list[str] = field(default_factory=list)
    calls: dict[int, dict[str, Any]] = field(default_factory=dict)
    usage: Usage | None = None
    finish: str = "stop"

    def add(self, chunk: Chunk) -> None:
        if isinstance(chunk, TextDelta):
            self.text.append(chunk.text)
        elif isinstance(chunk, ReasoningDelta):
            self.reasoning.append(chunk.text)
        elif isinstance(chunk, ToolCallDelta):
            call = self.calls.setdefault(
                chunk.index, {"id": "", "type": "function", "function": {"name": "", "arguments": ""}}
            )
            call["id"] = chunk.id or call["id"] or f"call_{chunk.index}"
            call["function"]["name"] += chunk.name or ""
            call["function"]["arguments"] += chunk.arguments
        elif isinstance(chunk, Usage):
            self.usage = chunk
        elif isinstance(chunk, Finish):
            self.finish = chunk.reason

    def message(self) -> dict[str, Any]:
        message: dict[str, Any] = {"role": "assistant", "content": "".join(self.text) or None}
        if self.reasoning:
            message["reasoning_content"] = "".join(self.reasoning)
        if self.calls:
            message["tool_calls"] = [self.calls[i] for i in sorted(self.calls)]
        return message


def usage_json(usage: Usage | None) -> dict[str, int]:
    prompt, completion = (usage.prompt_tokens, usage.completion_tokens) if usage else (0, 0)
    return {"prompt_tokens": prompt, "completion_tokens": completion, "total_tokens": prompt + completion}
