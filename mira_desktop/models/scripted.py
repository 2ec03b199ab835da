"""A scripted model for deterministic tests and demos: ``scripted:/path/to/script.json``.

The file is ``{"replies": [...]}``; each call consumes the next reply in order:

- ``{"text": "...", "token_delay_ms": 20}`` streams the text word by word with that delay;
- ``{"tool_calls": [{"name": "...", "arguments": {...}}]}`` returns tool calls;
- ``{"error": {"kind": "unreachable", "message": "..."}}`` raises that classified error.

When the replies run out the call fails with a clear error. Cancellation is honoured between words.
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from mira_desktop.core.cancel import CancelToken
from mira_desktop.core.errors import InvalidInputError
from mira_desktop.models.errors import ErrorKind, ModelError
from mira_desktop.models.types import (
    ChatRequest,
    Chunk,
    Finish,
    ModelProfile,
    TextDelta,
    ToolCallDelta,
    Usage,
)

_WORDS = re.compile(r"\S+\s*|\s+")


def load_script(path: Path) -> list[dict[str, Any]]:
    try:
        data = json.loads(path.read_text("utf-8"))
    except OSError as exc:
        raise InvalidInputError(f"Cannot read the model script {path}: {exc.strerror}.") from exc
    except json.JSONDecodeError as exc:
        raise InvalidInputError(f"The model script {path} is not valid JSON: {exc}.") from exc
    replies = data.get("replies") if isinstance(data, dict) else None
    if not isinstance(replies, list) or not all(isinstance(r, dict) for r in replies):
        raise InvalidInputError(f'The model script {path} must be {{"replies": [{{...}}, ...]}}.')
    for index, reply in enumerate(replies):
        if not {"text", "tool_calls", "error"} & reply.keys():
            raise InvalidInputError(f"Reply {index + 1} of {path} has none of text, tool_calls or error.")
    return replies


class ScriptedModel:
    def __init__(self, ref: str, path: Path, context_window: int = 8192) -> None:
        self.ref = ref
        self._path = path
        self._replies = load_script(path)
        self._next = 0
        self._lock = threading.Lock()
        self._context_window = context_window

    def profile(self) -> ModelProfile:
        return ModelProfile(
            ref=self.ref,
            display_name=f"Scripted ({self._path.name})",
            context_window=self._context_window,
            supports_tools=True,
            supports_json_schema=True,
        )

    def count_tokens(self, text: str) -> int:
        return len(_WORDS.findall(text))

    @property
    def calls_made(self) -> int:
        return self._next

    def _take(self) -> dict[str, Any]:
        with self._lock:
            if self._next >= len(self._replies):
                raise ModelError(
                    ErrorKind.MODEL_ERROR,
                    f"The model script {self._path.name} has no reply left (it has {len(self._replies)}): "
                    "add replies to the script.",
                )
            reply = self._replies[self._next]
            self._next += 1
            return reply

    def stream(self, request: ChatRequest, cancel: CancelToken) -> Iterator[Chunk]:
        if cancel.cancelled:
            yield Finish("cancelled")
            return
        reply = self._take()
        if "error" in reply:
            error = reply["error"]
            try:
                kind = ErrorKind(error.get("kind", "model_error"))
            except ValueError:
                kind = ErrorKind.MODEL_ERROR
            raise ModelError(kind, str(error.get("message", "scripted failure")))
        prompt_tokens = sum(self.count_tokens(m.content) for m in request.messages)
        if "tool_calls" in reply:
            for index, call in enumerate(reply["tool_calls"]):
                yield ToolCallDelta(
                    index=index,
                    id=call.get("id", f"call_{self._next}_{index}"),
                    name=call["name"],
                    arguments=json.dumps(call.get("arguments", {}), ensure_ascii=False),
                )
            yield Usage(prompt_tokens, len(reply["tool_calls"]))
            yield Finish("tool_calls")
            return
        delay = float(reply.get("token_delay_ms", 0)) / 1000
        words = _WORDS.findall(str(reply["text"]))
        for count, word in enumerate(words):
            if (delay and count and cancel.wait(delay)) or cancel.cancelled:
                yield Usage(prompt_tokens, count)
                yield Finish("cancelled")
                return
            yield TextDelta(word)
        yield Usage(prompt_tokens, len(words))
        yield Finish("stop")

    def close(self) -> None:
        return None
