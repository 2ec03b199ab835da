"""OpenAI's chat-completions wire format: the request body out, the answer's chunks back in.

Pure translation, no I/O: :func:`request_body` turns a :class:`ChatRequest` into the JSON a server
expects, and :class:`ChunkReader` turns each ``chat.completion.chunk`` payload into text deltas, tool
call deltas, usage and the finish reason. A payload of the wrong shape raises ``ValueError`` (or
``TypeError`` for a field of the wrong type), which the adapter reports as a malformed answer.
"""

from __future__ import annotations

import json
from typing import Any

from mira_desktop.core.phrases import said
from mira_desktop.models.protocol import (
    ChatMessage,
    ChatRequest,
    Chunk,
    ReasoningDelta,
    ToolCallDelta,
    Usage,
)
from mira_desktop.models.reasoning import ReasoningSplitter

_FINISH_REASONS = {
    "stop": "stop",
    "length": "length",
    "tool_calls": "tool_calls",
    "function_call": "tool_calls",
}


def request_body(
    request: ChatRequest,
    *,
    model: str,
    include_usage: bool,
    schema_style: str,
    template_kwargs: bool = True,
) -> dict[str, Any]:
    """The streaming request for ``request``.

    ``include_usage`` sends ``stream_options`` and ``schema_style`` picks the form of a JSON-schema
    constraint (see :func:`response_format`): both are turned down for servers that refuse them.
    The thread's thinking switch goes as llama.cpp's and vLLM's ``chat_template_kwargs``
    (``enable_thinking``) unless ``template_kwargs`` is False (a server that refused it).
    """
    body: dict[str, Any] = {
        "model": model,
        "messages": [_message_json(message) for message in request.messages],
        "stream": True,
    }
    if include_usage:
        body["stream_options"] = {"include_usage": True}
    body.update(_sampling_json(request))
    if request.tools:
        body["tools"] = [
            {
                "type": "function",
                "function": {"name": t.name, "description": t.description, "parameters": t.parameters},
            }
            for t in request.tools
        ]
    if request.json_schema is not None:
        body["response_format"] = response_format(request.json_schema, schema_style)
    if request.thinking is not None and template_kwargs:
        body["chat_template_kwargs"] = {"enable_thinking": request.thinking}
    return body


def response_format(schema: dict[str, Any], style: str) -> dict[str, Any]:
    """The ``response_format`` for ``schema``: OpenAI's ``json_schema`` form, or the older ``json_object`` one."""
    if style == "json_object":
        return {"type": "json_object", "schema": schema}
    return {"type": "json_schema", "json_schema": {"name": "answer", "schema": schema, "strict": True}}


def _message_json(message: ChatMessage) -> dict[str, Any]:
    data: dict[str, Any] = {"role": message.role, "content": message.content}
    if message.images:  # OpenAI's content parts: the text, then each picture as an image_url
        data["content"] = [
            {"type": "text", "text": message.content},
            *({"type": "image_url", "image_url": {"url": url}} for url in message.images),
        ]
    if message.tool_calls:
        data["tool_calls"] = [
            {
                "id": c.id,
                "type": "function",
                "function": {"name": c.name, "arguments": json.dumps(c.arguments)},
            }
            for c in message.tool_calls
        ]
    if message.tool_call_id is not None:
        data["tool_call_id"] = message.tool_call_id
    if message.reasoning and message.role == "assistant":  # an agent run's own step (see ChatMessage)
        data["reasoning_content"] = message.reasoning
    if message.name is not None and message.role != "tool":  # OpenAI's tool messages have no name
        data["name"] = message.name
    return data


def _sampling_json(request: ChatRequest) -> dict[str, Any]:
    sampling = request.sampling
    fields: dict[str, Any] = {
        "temperature": sampling.temperature,
        "top_p": sampling.top_p,
        "top_k": sampling.top_k,  # not in OpenAI's API; llama.cpp, vLLM and Ollama accept it
        "max_tokens": sampling.max_tokens,
        "frequency_penalty": sampling.frequency_penalty,
        "presence_penalty": sampling.presence_penalty,
        "seed": sampling.seed,
        "stop": list(sampling.stop) or None,
    }
    return {name: value for name, value in fields.items() if value is not None}


class MalformedPayloadError(ValueError):
    """A payload, or a part of it, is not shaped like a chat-completion chunk (``phrase`` says how)."""

    def __init__(self, key: str, **values: Any) -> None:
        self.phrase = said(key, **values)
        super().__init__(self.phrase.english)


class ChunkReader:
    """Turns ``chat.completion.chunk`` payloads into chunks, keeping usage and the finish reason for the end."""

    def __init__(self) -> None:
        self.finish_reason: str | None = None
        self.usage: Usage | None = None
        self.saw_reasoning = False  # the server sent reasoning (a field of its own, or think tags)
        self._saw_tool_call = False
        self._splitter = ReasoningSplitter()  # think tags inside the content, as some servers leave them

    def feed(self, payload: dict[str, Any]) -> list[Chunk]:
        chunks: list[Chunk] = []
        usage = _object(payload.get("usage"), "usage")
        if usage:
            self.usage = Usage(int(usage.get("prompt_tokens") or 0), int(usage.get("completion_tokens") or 0))
        choices = payload.get("choices") or []
        if not isinstance(choices, list):
            raise MalformedPayloadError("models.payload.not_list", field="choices")
        for choice in (_object(c, "a choice") for c in choices):
            if choice.get("index", 0) != 0:
                continue
            delta = _object(choice.get("delta"), "delta")
            # llama.cpp's server and DeepSeek say reasoning_content, vLLM and OpenRouter reasoning.
            reasoning = delta.get("reasoning_content") or delta.get("reasoning")
            if isinstance(reasoning, str) and reasoning:
                chunks.append(ReasoningDelta(reasoning))
            content = delta.get("content")
            if isinstance(content, str) and content:
                chunks += self._splitter.feed(content)
            calls = delta.get("tool_calls") or []
            if not isinstance(calls, list):
                raise MalformedPayloadError("models.payload.not_list", field="tool_calls")
            for position, call in enumerate(_object(c, "a tool call") for c in calls):
                index = call.get("index")
                chunks.append(_tool_call_delta(position if index is None else int(index), call))
            if delta.get("function_call"):  # the legacy single-function form
                chunks.append(_tool_call_delta(0, {"function": delta["function_call"]}))
            if choice.get("finish_reason"):
                self.finish_reason = str(choice["finish_reason"])
        self._saw_tool_call = self._saw_tool_call or any(isinstance(c, ToolCallDelta) for c in chunks)
        self.saw_reasoning = self.saw_reasoning or any(isinstance(c, ReasoningDelta) for c in chunks)
        return chunks

    def flush(self) -> list[Chunk]:
        """What the think-tag splitter still held when the answer ended."""
        return list(self._splitter.flush())

    @property
    def thinking(self) -> bool:
        """The answer ended inside its reasoning (an open think tag)."""
        return self._splitter.thinking

    def reason(self) -> str:
        reason = _FINISH_REASONS.get(self.finish_reason or "stop", "stop")
        # Some servers say "stop" after a tool call; the caller must still run the tool.
        return "tool_calls" if reason == "stop" and self._saw_tool_call else reason


def as_stream_payload(completion: dict[str, Any]) -> dict[str, Any]:
    """A whole (non-streamed) completion reshaped as one stream chunk."""
    choices = completion.get("choices")
    if not isinstance(choices, list):
        raise MalformedPayloadError("models.payload.not_list", field="choices")
    reshaped = []
    for choice in (_object(c, "a choice") for c in choices):
        message = dict(_object(choice.get("message"), "message"))
        calls = message.get("tool_calls") or []
        message["tool_calls"] = [{**call, "index": i} for i, call in enumerate(calls)]
        reshaped.append({**choice, "delta": message})
    return {**completion, "choices": reshaped}


def _tool_call_delta(index: int, call: dict[str, Any]) -> ToolCallDelta:
    function = _object(call.get("function"), "a tool call's function")
    arguments = function.get("arguments") or ""
    return ToolCallDelta(
        index=index,
        id=call.get("id") or None,
        name=function.get("name") or None,
        arguments=arguments if isinstance(arguments, str) else json.dumps(arguments),
    )


def _object(value: object, what: str) -> dict[str, Any]:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise MalformedPayloadError("models.payload.not_object", what=what)
    return value
