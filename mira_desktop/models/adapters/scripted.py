"""A scripted model for deterministic tests and demos: ``scripted:/path/to/script.json``.

The file is ``{"replies": [...]}`` with optional settings beside it:

- ``{"text": "...", "token_delay_ms": 20}`` streams the text word by word with that delay
  (``"finish": "length"`` ends it as if ``max_tokens`` was reached); ``"reasoning": "..."`` streams
  a thinking model's reasoning first, the same way (``"text": ""`` with it: a model that only thought);
  ``"hold_after": N`` stops after N words and streams the rest only once the file named by
  ``"release_when"`` (relative to the script) exists, or never: a test that stops or interrupts a
  reply mid-way holds it there, so the reply cannot end first however loaded the machine is;
- ``{"tool_calls": [{"name": "...", "arguments": {...}}]}`` returns tool calls (``"arguments"`` may
  be a string, to send malformed JSON), after its ``"reasoning"`` if it has one;
- ``{"error": {"kind": "unreachable", "message": "..."}}`` raises that classified error.

``"pick": "in_order"`` (the default) consumes the next reply on each call; ``"pick": "by_turn"``
answers with reply *n* where *n* is the number of assistant turns already in the request, so a run
resumed in a new process continues where it left off. ``"profile"`` overrides the capability
flags (``supports_tools``, ``supports_json_schema``, ``supports_vision``, ``context_window``,
``thinks``, ``thinking_switch``, ``reasoning_in_tool_loop``).
Every request received is recorded in :attr:`ScriptedModel.requests` and, with ``"record_to":
"FILE"`` (relative to the script), appended to that JSON-lines file for tests in another process.
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
from mira_desktop.core.model_refs import ModelRef
from mira_desktop.models.errors import ErrorKind, ModelError
from mira_desktop.models.protocol import (
    ChatRequest,
    Chunk,
    Finish,
    ModelProfile,
    ReasoningDelta,
    TextDelta,
    ToolCallDelta,
    Usage,
)
from mira_desktop.models.registry import Adapter

_WORDS = re.compile(r"\S+\s*|\s+")
HOLD_CHECK_SECONDS = 0.02  # how often a held reply looks for its release file
_PROFILE_FLAGS = {
    "supports_tools",
    "supports_json_schema",
    "supports_vision",
    "context_window",
    "thinks",
    "thinking_switch",
    "reasoning_in_tool_loop",
}


def load_script(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text("utf-8"))
    except OSError as exc:
        raise InvalidInputError.said("models.script.unreadable", path=path, reason=exc.strerror) from exc
    except json.JSONDecodeError as exc:
        raise InvalidInputError.said("models.script.bad_json", path=path, error=exc) from exc
    replies = data.get("replies") if isinstance(data, dict) else None
    if not isinstance(replies, list) or not all(isinstance(r, dict) for r in replies):
        raise InvalidInputError.said("models.script.shape", path=path)
    for index, reply in enumerate(replies):
        if not {"text", "tool_calls", "error"} & reply.keys():
            raise InvalidInputError.said("models.script.empty_reply", number=index + 1, path=path)
    if data.get("pick", "in_order") not in {"in_order", "by_turn"}:
        raise InvalidInputError.said("models.script.pick", path=path)
    unknown = set(data.get("profile", {})) - _PROFILE_FLAGS
    if unknown:
        raise InvalidInputError.said("models.script.flags", path=path, flags=", ".join(sorted(unknown)))
    return dict(data)


def request_to_json(request: ChatRequest) -> dict[str, Any]:
    """What a test can assert on: the messages, sampling, tools and schema the model was sent."""
    return {
        "messages": [
            {
                "role": m.role,
                "content": m.content,
                **({"tool_calls": [{"id": c.id, "name": c.name, "arguments": c.arguments} for c in m.tool_calls]}
                   if m.tool_calls else {}),
                **({"tool_call_id": m.tool_call_id} if m.tool_call_id else {}),
                **({"reasoning": m.reasoning} if m.reasoning else {}),
            }
            for m in request.messages
        ],
        "sampling": request.sampling.to_dict(),
        "tools": [t.name for t in request.tools],
        "json_schema": request.json_schema,
        "grammar": request.grammar,
        **({"thinking": request.thinking} if request.thinking is not None else {}),
    }  # fmt: skip


class ScriptedModel:
    def __init__(self, ref: str, path: Path, context_window: int = 8192) -> None:
        self.ref = ref
        self._path = path
        script = load_script(path)
        self._replies: list[dict[str, Any]] = script["replies"]
        self._by_turn = script.get("pick") == "by_turn"
        self._flags: dict[str, Any] = {"context_window": context_window, **script.get("profile", {})}
        record = script.get("record_to")
        self._record_to = (path.parent / str(record)) if record else None
        self._next = 0
        self._lock = threading.Lock()
        self.requests: list[ChatRequest] = []

    def profile(self) -> ModelProfile:
        return ModelProfile(
            ref=self.ref,
            display_name=f"Scripted ({self._path.name})",
            context_window=int(self._flags["context_window"]),
            supports_tools=bool(self._flags.get("supports_tools", True)),
            supports_json_schema=bool(self._flags.get("supports_json_schema", True)),
            supports_vision=bool(self._flags.get("supports_vision", False)),
            tool_call_format="openai" if self._flags.get("supports_tools", True) else "json",
            thinks=bool(self._flags.get("thinks", False)),
            thinking_switch=self._flags.get("thinking_switch"),
            reasoning_in_tool_loop=bool(self._flags.get("reasoning_in_tool_loop", False)),
        )

    @property
    def loaded(self) -> bool:
        return False

    def prepare(self) -> None:
        return None

    def count_tokens(self, text: str) -> int:
        return len(_WORDS.findall(text))

    @property
    def calls_made(self) -> int:
        return len(self.requests)

    def _take(self, request: ChatRequest) -> dict[str, Any]:
        with self._lock:
            self.requests.append(request)
            if self._record_to is not None:
                with self._record_to.open("a", encoding="utf-8") as handle:
                    handle.write(json.dumps(request_to_json(request), ensure_ascii=False) + "\n")
            index = sum(1 for m in request.messages if m.role == "assistant") if self._by_turn else self._next
            if index >= len(self._replies):
                raise ModelError.classified(
                    ErrorKind.MODEL_ERROR,
                    "models.script.no_reply",
                    name=self._path.name,
                    number=index + 1,
                    count=len(self._replies),
                )
            self._next += 1
            return self._replies[index]

    def stream(self, request: ChatRequest, cancel: CancelToken) -> Iterator[Chunk]:
        if cancel.cancelled:
            yield Finish("cancelled")
            return
        reply = self._take(request)
        if "error" in reply:
            error = reply["error"]
            try:
                kind = ErrorKind(error.get("kind", "model_error"))
            except ValueError:
                kind = ErrorKind.MODEL_ERROR
            raise ModelError(kind, str(error.get("message", "scripted failure")))
        prompt_tokens = sum(self.count_tokens(m.content) for m in request.messages)
        if "tool_calls" in reply:
            yield from (ReasoningDelta(w) for w in _WORDS.findall(str(reply.get("reasoning", ""))))
            for index, call in enumerate(reply["tool_calls"]):
                arguments = call.get("arguments", {})
                yield ToolCallDelta(
                    index=index,
                    id=call.get("id", f"call_{self._next}_{index}"),
                    name=call["name"],
                    arguments=arguments
                    if isinstance(arguments, str)
                    else json.dumps(arguments, ensure_ascii=False),
                )
            yield Usage(prompt_tokens, len(reply["tool_calls"]))
            yield Finish("tool_calls")
            return
        delay = float(reply.get("token_delay_ms", 0)) / 1000
        thought = [ReasoningDelta(w) for w in _WORDS.findall(str(reply.get("reasoning", "")))]
        pieces: list[Chunk] = [*thought, *(TextDelta(w) for w in _WORDS.findall(str(reply["text"])))]
        hold_after = reply.get("hold_after")
        for count, piece in enumerate(pieces):
            if count == hold_after:
                self._hold(reply, cancel)
            if (delay and count and cancel.wait(delay)) or cancel.cancelled:
                yield Usage(prompt_tokens, count)
                yield Finish("cancelled")
                return
            yield piece
        yield Usage(prompt_tokens, len(pieces))
        yield Finish(str(reply.get("finish", "stop")))

    def _hold(self, reply: dict[str, Any], cancel: CancelToken) -> None:
        """Wait, honouring ``cancel``, until the reply's ``release_when`` file exists (never without one)."""
        release = reply.get("release_when")
        released = self._path.parent / str(release) if release else None
        while not cancel.wait(HOLD_CHECK_SECONDS):
            if released is not None and released.exists():
                return

    def unload_if_idle(self, seconds: float) -> bool:
        return False  # a script holds no memory worth giving back

    def close(self) -> None:
        return None


def scripted_adapter() -> Adapter:
    """``scripted:/path/to/script.json``."""

    def check(ref: ModelRef) -> None:
        if not Path(ref.target).expanduser().is_file():
            raise InvalidInputError.said("models.script.missing", target=ref.target)

    return Adapter(lambda ref: ScriptedModel(str(ref), Path(ref.target).expanduser()), check)
