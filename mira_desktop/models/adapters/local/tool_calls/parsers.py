"""Reading the calls a local model wrote in its family's format.

Each parser takes the whole reply (as generated, special tokens written out) and returns its answer
text, its calls as ``(name, JSON arguments)`` and any reasoning. Think blocks are split off first by
:func:`split_think` — a small local function: the shared reasoning parser of the thinking work will
replace it. Calls whose JSON does not parse are kept with their raw text, so the agent loop tells
the model its call could not be read (as for any malformed call).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from mira_desktop.models.adapters.local.tool_calls import gemma4
from mira_desktop.models.adapters.local.tool_calls.formats import ToolCallFormat

_THINK = re.compile(r"<think>(.*?)(?:</think>|$)", re.DOTALL)


@dataclass(frozen=True)
class ParsedReply:
    content: str
    calls: tuple[tuple[str, str], ...] = ()  # (name, raw JSON arguments), in the model's order
    reasoning: str = ""


def split_think(text: str) -> tuple[str, str]:
    """``(reasoning, rest)``: the ``<think>…</think>`` blocks (an unclosed one runs to the end) and the
    text around them. A reply that starts inside a block the prompt opened (``…</think>`` without its
    ``<think>``) counts what comes before ``</think>`` as reasoning."""
    reasoning: list[str] = []
    if "</think>" in text and "<think>" not in text.split("</think>", 1)[0]:
        before, text = text.split("</think>", 1)
        reasoning.append(before.strip())
    reasoning += [m.group(1).strip() for m in _THINK.finditer(text)]
    return "\n".join(r for r in reasoning if r), _THINK.sub("", text)


def _arguments(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def _object_at(text: str, start: int) -> tuple[Any, int] | None:
    """The JSON value that starts at ``text[start]`` and where it ends, or None."""
    try:
        return json.JSONDecoder().raw_decode(text, start)
    except json.JSONDecodeError:
        return None


def _named_call(value: Any, arguments_key: str) -> tuple[str, str] | None:
    if isinstance(value, dict) and isinstance(value.get("name"), str):
        arguments = value.get(arguments_key, value.get("arguments", {}))
        return value["name"], _arguments(arguments)
    return None


_HERMES = re.compile(r"<tool_call>\s*(.*?)\s*(?:</tool_call>|$)", re.DOTALL)


def parse_hermes(text: str) -> ParsedReply:
    """``<tool_call>{"name": …, "arguments": {…}}</tool_call>``, any number, after any text."""
    reasoning, text = split_think(text)
    calls: list[tuple[str, str]] = []
    for match in _HERMES.finditer(text):
        body = match.group(1)
        found = _object_at(body, 0) if body.startswith("{") else None
        call = _named_call(found[0], "arguments") if found else None
        calls.append(call if call is not None else ("", body))
    first = text.find("<tool_call>")
    content = text if first < 0 else text[:first]
    return ParsedReply(content.strip(), tuple(calls), reasoning)


def parse_llama3(text: str) -> ParsedReply:
    """A reply that is one ``{"name": …, "parameters": {…}}`` object (Llama 3.x's JSON tool calls)."""
    reasoning, text = split_think(text)
    stripped = text.strip()
    if stripped.startswith("<|python_tag|>"):
        stripped = stripped[len("<|python_tag|>") :].lstrip()
    if stripped.startswith("{"):
        found = _object_at(stripped, 0)
        call = _named_call(found[0], "parameters") if found else None
        if call is not None and found is not None and not stripped[found[1] :].strip(" \n;"):
            return ParsedReply("", (call,), reasoning)
    return ParsedReply(stripped, (), reasoning)


_MISTRAL_ARGS = re.compile(r"\[TOOL_CALLS\]\s*([\w.\-]+)(?:\[CALL_ID\]\w+)?\[ARGS\]")


def parse_mistral(text: str) -> ParsedReply:
    """``[TOOL_CALLS][{"name": …, "arguments": {…}}, …]`` (Nemo) or ``[TOOL_CALLS]name[ARGS]{…}`` (v11)."""
    reasoning, text = split_think(text)
    first = text.find("[TOOL_CALLS]")
    if first < 0:
        return ParsedReply(text.strip(), (), reasoning)
    calls: list[tuple[str, str]] = []
    rest = text[first:]
    for match in _MISTRAL_ARGS.finditer(rest):
        found = _object_at(rest, match.end())
        calls.append((match.group(1), _arguments(found[0]) if found else rest[match.end() :].strip()))
    if not calls:
        body = rest[len("[TOOL_CALLS]") :].lstrip()
        found = _object_at(body, 0) if body.startswith("[") else None
        if found is not None and isinstance(found[0], list):
            calls = [c or ("", json.dumps(v)) for v in found[0] for c in [_named_call(v, "arguments")]]
        else:
            calls = [("", body)]
    return ParsedReply(text[:first].strip(), tuple(calls), reasoning)


_HARMONY = re.compile(
    r"(?:<\|start\|>assistant)?(?:\s*to=functions\.(?P<pre>[\w.\-]+))?<\|channel\|>(?P<channel>\w+)"
    r"(?:\s*to=functions\.(?P<post>[\w.\-]+))?\s*(?:<\|constrain\|>)?\s*(?:json)?<\|message\|>"
    r"(?P<body>.*?)(?=<\|end\|>|<\|call\|>|<\|return\|>|<\|start\|>|$)",
    re.DOTALL,
)


def parse_gpt_oss(text: str) -> ParsedReply:
    """The harmony format: ``analysis`` is reasoning, ``final`` (or plain ``commentary``) the answer,
    ``to=functions.NAME`` a call whose message is its JSON arguments."""
    reasoning: list[str] = []
    content: list[str] = []
    calls: list[tuple[str, str]] = []
    for match in _HARMONY.finditer(text):
        name = match.group("pre") or match.group("post")
        body = match.group("body")
        if name:
            calls.append((name, body.strip()))
        elif match.group("channel") == "analysis":
            reasoning.append(body.strip())
        else:
            content.append(body.strip())
    if not (reasoning or content or calls):  # not harmony at all: the text is the answer
        content.append(text.strip())
    return ParsedReply("\n".join(content), tuple(calls), "\n".join(reasoning))


def parse_gemma4(text: str) -> ParsedReply:
    """``<|channel>thought…<channel|>`` reasoning, then text and ``<|tool_call>call:NAME{…}<tool_call|>``
    calls in Gemma 4's own argument syntax (:mod:`.gemma4`)."""
    reasoning, text = gemma4.split_thought(text)
    content, calls = gemma4.read_calls(text.replace("<turn|>", ""))
    return ParsedReply(content.strip(), tuple(calls), reasoning)


PARSERS: dict[ToolCallFormat, Callable[[str], ParsedReply]] = {
    ToolCallFormat.HERMES: parse_hermes,
    ToolCallFormat.LLAMA3: parse_llama3,
    ToolCallFormat.MISTRAL: parse_mistral,
    ToolCallFormat.MISTRAL_ARGS: parse_mistral,
    ToolCallFormat.GPT_OSS: parse_gpt_oss,
    ToolCallFormat.GEMMA4: parse_gemma4,
}


def parse_reply(fmt: ToolCallFormat, text: str) -> ParsedReply:
    """The answer and calls of ``text`` written in ``fmt``'s format."""
    parser = PARSERS.get(fmt)
    return parser(text) if parser is not None else ParsedReply(text.strip())
