"""Reading one model answer from its stream: text, tool calls assembled from their pieces, usage."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field

from mira_desktop.agent.checkpoint import ParsedCall
from mira_desktop.core.cancel import CancelToken
from mira_desktop.core.phrases import said
from mira_desktop.models.protocol import (
    ChatModel,
    ChatRequest,
    Finish,
    ReasoningDelta,
    TextDelta,
    ToolCallDelta,
    Usage,
)


@dataclass
class _CallPieces:
    name: str = ""
    arguments: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class ModelReply:
    text: str
    calls: tuple[tuple[str, str], ...]  # (name, raw JSON arguments), in the model's order
    finish: str
    prompt_tokens: int = 0
    completion_tokens: int = 0
    reasoning: str = ""  # a thinking model's reasoning before this step (see run_state.step_reasoning)


def read_reply(
    model: ChatModel, request: ChatRequest, cancel: CancelToken, on_text: Callable[[str], None] | None = None
) -> ModelReply:
    """Consume the stream; ``on_text`` sees each text piece as it arrives. Raises ``ModelError``."""
    text: list[str] = []
    thought: list[str] = []
    pieces: dict[int, _CallPieces] = {}
    finish = "stop"
    usage = Usage(0, 0)
    for chunk in model.stream(request, cancel):
        if isinstance(chunk, TextDelta):
            text.append(chunk.text)
            if on_text is not None:
                on_text(chunk.text)
        elif isinstance(chunk, ReasoningDelta):
            thought.append(chunk.text)
        elif isinstance(chunk, ToolCallDelta):
            call = pieces.setdefault(chunk.index, _CallPieces())
            call.name = chunk.name or call.name
            call.arguments.append(chunk.arguments)
        elif isinstance(chunk, Usage):
            usage = chunk
        elif isinstance(chunk, Finish):
            finish = chunk.reason
    calls = tuple((pieces[i].name, "".join(pieces[i].arguments)) for i in sorted(pieces))
    return ModelReply(
        "".join(text), calls, finish, usage.prompt_tokens, usage.completion_tokens, "".join(thought).strip()
    )


def parse_native_calls(reply: ModelReply, id_prefix: str) -> list[ParsedCall]:
    """Native tool calls with our own ids (``{id_prefix}-{n}``: unique in the run, across resumes).

    Arguments that are not a JSON object become a call with ``error`` set (a malformed call).
    """
    parsed = []
    for index, (name, raw) in enumerate(reply.calls):
        call_id = f"{id_prefix}-{index}"
        try:
            arguments = json.loads(raw) if raw.strip() else {}
        except json.JSONDecodeError as exc:
            parsed.append(
                ParsedCall.failed(
                    call_id,
                    name,
                    said("agent.malformed.bad_arguments_json", problem=exc.msg, position=exc.pos),
                )
            )
            continue
        if not isinstance(arguments, dict):
            parsed.append(ParsedCall.failed(call_id, name, said("agent.malformed.arguments_not_object")))
            continue
        parsed.append(ParsedCall(call_id, name, arguments))
    return parsed
