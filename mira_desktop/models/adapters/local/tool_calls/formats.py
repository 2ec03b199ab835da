"""Which way a local model calls tools, read from what its chat template renders.

The template renders a probe — one tool, and a history with one call of it and its result — once
with the tools and once without. A template that writes neither the tool nor the call renders no
tools (SmolLM2's, Gemma's): such a model answers in Mira's one JSON grammar (``json``). Otherwise the
rendering says the family, by the markers its calls are written with (llama.cpp's ``common/chat``
tells the same families apart by the same markers):

- ``hermes`` — ``<tool_call>{"name": …, "arguments": …}</tool_call>`` (Qwen 2.5/3, Hermes, SmolLM3…)
- ``llama3`` — a bare ``{"name": …, "parameters": …}`` answer (Llama 3.1–3.3)
- ``mistral`` — ``[TOOL_CALLS][{"name": …, "arguments": …}]`` (Mistral Nemo, Small 3.0/3.1)
- ``mistral_args`` — ``[TOOL_CALLS]name[ARGS]{…}`` (Mistral Small 3.2, Devstral, Magistral)
- ``gpt_oss`` — the harmony format's ``to=functions.NAME … <|message|>{…}`` (gpt-oss)
- ``gemma4`` — ``<|tool_call>call:NAME{key:<|"|>text<|"|>,…}<tool_call|>``, strings between ``<|"|>``
  and bare keys (Gemma 4; :mod:`.gemma4`)

The family is never guessed from the model's name. The thinking switch is whether the template reads
one (``enable_thinking``, Qwen 3 and SmolLM3; ``reasoning_effort``, gpt-oss).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from mira_desktop.models.adapters.local.thinking import thinking_format


class ToolCallFormat(StrEnum):
    JSON = "json"  # Mira's own JSON grammar: the template renders no tools
    HERMES = "hermes"
    LLAMA3 = "llama3"
    MISTRAL = "mistral"
    MISTRAL_ARGS = "mistral_args"
    GPT_OSS = "gpt_oss"
    GEMMA4 = "gemma4"

    @property
    def native(self) -> bool:
        return self is not ToolCallFormat.JSON


PROBE_TOOL = "mira_probe_tool"
PROBE_ID = "probe0001"  # nine letters and digits: Mistral's templates refuse other call ids
PROBE_TOOLS: list[dict[str, Any]] = [
    {
        "type": "function",
        "function": {
            "name": PROBE_TOOL,
            "description": "A probe.",
            "parameters": {
                "type": "object",
                "properties": {"path": {"type": "string"}},
                "required": ["path"],
            },
        },
    }
]
PROBE_MESSAGES: list[dict[str, Any]] = [
    {"role": "system", "content": "You are Mira."},
    {"role": "user", "content": "Read a.txt"},
    {
        "role": "assistant",
        "content": "",
        "tool_calls": [
            {
                "id": PROBE_ID,
                "type": "function",
                "function": {"name": PROBE_TOOL, "arguments": {"path": "a.txt"}},
            }
        ],
    },
    {"role": "tool", "tool_call_id": PROBE_ID, "name": PROBE_TOOL, "content": "hello"},
]
# The marker a family's calls are written with, in the order they are looked for.
_MARKERS = (
    ("<|tool_call>call:", ToolCallFormat.GEMMA4),
    ("to=functions.", ToolCallFormat.GPT_OSS),
    ("<tool_call>", ToolCallFormat.HERMES),
)


def format_of_rendering(with_tools: str, without_tools: str) -> ToolCallFormat:
    """The family a template writes, from its rendering of the probe with and without the tools."""
    if PROBE_TOOL not in with_tools or with_tools == without_tools:
        return ToolCallFormat.JSON
    if "[TOOL_CALLS]" in with_tools:
        return ToolCallFormat.MISTRAL_ARGS if "[ARGS]" in with_tools else ToolCallFormat.MISTRAL
    for marker, fmt in _MARKERS:
        if marker in with_tools:
            return fmt
    if '"parameters": {"path": "a.txt"}' in with_tools and "<|start_header_id|>" in with_tools:
        return ToolCallFormat.LLAMA3
    return ToolCallFormat.JSON  # a tools template of a family Mira cannot parse: its own grammar


def has_thinking_switch(template: str | None) -> bool:
    """Whether the template reads a switch that turns the model's thinking on or off (read where the
    adapter reads how the model thinks: ``local/thinking.py``)."""
    return thinking_format(template).switch is not None
