"""The adapter interface: a chat request in, a stream of chunks out, cancellable at any point."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, Protocol

from mira_desktop.core.cancel import CancelToken
from mira_desktop.core.sampling import SamplingParams


@dataclass(frozen=True)
class ToolCall:
    id: str
    name: str
    arguments: dict[str, Any]


@dataclass(frozen=True)
class ChatMessage:
    role: str  # system | user | assistant | tool
    content: str
    tool_calls: tuple[ToolCall, ...] = ()
    tool_call_id: str | None = None
    name: str | None = None
    images: tuple[str, ...] = ()  # data: URLs (image/png;base64,…) for a model that can see
    # An earlier answer's reasoning, sent back only within one agent run's tool loop to a model whose
    # template reads it (``ModelProfile.reasoning_in_tool_loop``); never in a chat's history.
    reasoning: str = ""


@dataclass(frozen=True)
class ToolSpec:
    name: str
    description: str
    parameters: dict[str, Any]  # JSON schema of the arguments


@dataclass(frozen=True)
class ChatRequest:
    messages: tuple[ChatMessage, ...]
    sampling: SamplingParams = field(default_factory=SamplingParams)
    tools: tuple[ToolSpec, ...] = ()
    json_schema: dict[str, Any] | None = None  # constrain the answer to this schema
    grammar: str | None = None  # a llama.cpp GBNF grammar the answer must follow (local models)
    tool_choice: str = "auto"  # auto: the model may call a tool | required: it must call one
    # The thread's thinking switch for a model that has one (``ModelProfile.thinking_switch``):
    # None leaves the model's default.
    thinking: bool | None = None


@dataclass(frozen=True)
class TextDelta:
    text: str


@dataclass(frozen=True)
class ReasoningDelta:
    """A piece of a thinking model's reasoning: kept beside the answer, never in its text."""

    text: str


@dataclass(frozen=True)
class ToolCallDelta:
    """A piece of a tool call; pieces with the same ``index`` concatenate ``arguments``."""

    index: int
    id: str | None = None
    name: str | None = None
    arguments: str = ""


@dataclass(frozen=True)
class Usage:
    prompt_tokens: int
    completion_tokens: int


@dataclass(frozen=True)
class Finish:
    reason: str  # stop | length | tool_calls | cancelled


Chunk = TextDelta | ReasoningDelta | ToolCallDelta | Usage | Finish


@dataclass(frozen=True)
class ModelProfile:
    """What a model can do. Routes read these flags (a JSON schema only to a model that takes one,
    tools only to one that calls them), never the adapter's class."""

    ref: str
    display_name: str
    context_window: int
    supports_tools: bool
    supports_json_schema: bool
    supports_vision: bool = False
    supports_grammar: bool = False  # takes a GBNF grammar (llama.cpp), e.g. for agent tool calls
    # How it calls tools: "openai" (a server's native calls), a local family's own format (hermes,
    # llama3, mistral, mistral_args, gpt_oss: read from its chat template), or "json" (Mira's grammar).
    tool_call_format: str = "json"
    thinks: bool = False  # writes reasoning before its answer (its template has think tags, or it sent some)
    # How its thinking is switched: "enable_thinking" or "reasoning_effort" (read from its chat
    # template, or a server seen thinking); None: no switch to show.
    thinking_switch: str | None = None
    # Its template reads an earlier turn's reasoning (``reasoning_content``): within one agent run's
    # tool loop the reasoning of the run's own earlier steps goes back to it.
    reasoning_in_tool_loop: bool = False
    # Why its window is what it is (a local model's, chosen at load): "trained" (what it was trained
    # for), "memory" (what free memory holds) or "setting" (the person's); "" for a server's model.
    context_reason: str = ""


class ChatModel(Protocol):
    """A model adapter. ``stream`` ends with a :class:`Finish` chunk; when ``cancel`` fires it stops
    at once and finishes with reason ``cancelled`` (not an error). Failures raise ``ModelError``."""

    ref: str

    @property
    def loaded(self) -> bool:
        """Holds its weights in memory now (local models)."""
        ...

    def prepare(self) -> None:
        """Make the model ready to answer: a local model loads (slow: call off the UI thread)."""
        ...

    def profile(self) -> ModelProfile: ...

    def count_tokens(self, text: str) -> int: ...

    def stream(self, request: ChatRequest, cancel: CancelToken) -> Iterator[Chunk]: ...

    def unload_if_idle(self, seconds: float) -> bool:
        """Give its memory back if it held any and went unused for ``seconds``; True if it did."""
        ...

    def close(self) -> None: ...
