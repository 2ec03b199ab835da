"""Constrained JSON for local models without native tool calls: one schema, and its parser.

The schema is one ``oneOf`` over the offered tools — ``{"tool": <const name>, "args": <that
tool's argument schema>}`` each — and a final-answer branch ``{"final": <string>}``. The local
adapter compiles it with ``llama_cpp.LlamaGrammar.from_json_schema`` (and must fail closed if it
does not compile), so even a small model can only emit a valid call or an answer. This is the path
of a model whose chat template renders no tools; one whose template does calls them in its own
format (``models/adapters/local/tool_calls``).

The answer and the arguments' strings are not capped: a string is ``"\"" char* "\""``, which
llama.cpp compiles at any length. (A ``maxLength`` is expanded by llama-cpp-python into one nested
group per character, and llama.cpp refuses a grammar nested much deeper than 1000 — it used to cap
the answer and every file's content at 1,000 characters.) Only paths keep a short ``maxLength``
(``PATH_CAP``): a small model rambles there, and 160 nests compile.

A tool of an MCP server brings the schema its server wrote (pydantic's: ``$defs`` and ``$ref``,
titles, defaults): as a branch of the one schema its ``#/$defs/…`` references would point at the
wrong root, so they are inlined (a recursive one, past a few levels, becomes any JSON value — the
arguments are still validated against the server's own schema).
"""

from __future__ import annotations

import copy
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from mira_desktop.agent.tools.catalog import ToolDef
from mira_desktop.core.phrases import said

PATH_CAP = 160
PATH_ARGUMENTS = frozenset({"path", "source", "destination"})


@dataclass(frozen=True)
class GrammarCall:
    tool: str
    args: Any  # validated by the loop against the tool's schema, like a native call


@dataclass(frozen=True)
class GrammarFinal:
    text: str


class MalformedReply(Exception):  # noqa: N818 (the model's fault, answered to the model)
    """The model's text is neither a tool call nor a final answer; ``str()`` tells it why (the
    English of ``phrase``, which the trace says in the window's language)."""

    def __init__(self, key: str, **values: Any) -> None:
        self.phrase = said(key, **values)
        super().__init__(self.phrase.english)


def grammar_schema(tools: Sequence[ToolDef], *, path_cap: int = PATH_CAP) -> dict[str, Any]:
    """The one JSON schema a local model's answer must fit."""
    branches: list[dict[str, Any]] = [
        {
            "type": "object",
            "properties": {"tool": {"const": tool.name}, "args": _capped(tool.parameters, path_cap)},
            "required": ["tool", "args"],
            "additionalProperties": False,
        }
        for tool in tools
    ]
    branches.append(
        {
            "type": "object",
            "properties": {"final": {"type": "string"}},
            "required": ["final"],
            "additionalProperties": False,
        }
    )
    return {"oneOf": branches}


def _capped(schema: dict[str, Any], path_cap: int) -> dict[str, Any]:
    """The argument schema with paths capped (a small model rambles there) and no other string."""
    capped = _inlined(copy.deepcopy(schema))
    for name, node in capped.get("properties", {}).items():
        node.pop("description", None)  # not part of the grammar, only longer rules
        if node.get("type") == "string" and name in PATH_ARGUMENTS:
            node["maxLength"] = min(int(node.get("maxLength", path_cap)), path_cap)
        elif node.get("type") == "string" and int(node.get("maxLength", 0)) > path_cap:
            node.pop("maxLength")  # a long cap nests too deep for llama.cpp; the tool's schema still checks it
        low, high = node.get("minimum"), node.get("maximum")
        if node.get("type") == "integer" and isinstance(low, int) and isinstance(high, int) and high - low <= 20:
            # The grammar converter ignores minimum and maximum; a short range becomes its values.
            node.clear()
            node["enum"] = list(range(low, high + 1))
    return capped


REF_DEPTH = 4
_NOT_GRAMMAR = ("title", "default", "examples", "$schema", "$id", "$comment")


def _inlined(schema: dict[str, Any]) -> dict[str, Any]:
    """``schema`` with its local ``$ref``s replaced by what they name, and no ``$defs`` or titles left."""
    definitions = {**schema.get("definitions", {}), **schema.get("$defs", {})}

    def node(value: Any, depth: int) -> Any:
        if isinstance(value, list):
            return [node(item, depth) for item in value]
        if not isinstance(value, dict):
            return value
        ref = value.get("$ref")
        if isinstance(ref, str) and ref.rsplit("/", 1)[0] in ("#/$defs", "#/definitions"):
            if depth >= REF_DEPTH:
                return {}
            target = definitions.get(ref.rsplit("/", 1)[1], {})
            return node({**target, **{k: v for k, v in value.items() if k != "$ref"}}, depth + 1)
        kept: dict[str, Any] = {}
        for key, item in value.items():
            if key in ("$defs", "definitions", *_NOT_GRAMMAR):
                continue
            if key == "properties" and isinstance(item, dict):  # names of arguments, each with a schema
                kept[key] = {name: node(sub, depth) for name, sub in item.items()}
            else:
                kept[key] = node(item, depth)
        return kept

    return dict(node(schema, 0))


def parse_grammar_reply(text: str) -> GrammarCall | GrammarFinal:
    """Read a local model's JSON answer; raises :class:`MalformedReply` when it is neither shape."""
    try:
        data = json.loads(text.strip())
    except json.JSONDecodeError as exc:
        raise MalformedReply("agent.malformed.not_json", problem=exc.msg, position=exc.pos) from exc
    if isinstance(data, dict) and set(data) == {"final"} and isinstance(data["final"], str):
        return GrammarFinal(data["final"])
    if isinstance(data, dict) and set(data) == {"tool", "args"} and isinstance(data["tool"], str):
        return GrammarCall(data["tool"], data["args"])
    raise MalformedReply("agent.malformed.shape")


def grammar_instructions(tools: Sequence[ToolDef]) -> str:
    """How a local model must answer, with every tool's arguments (for the agent context)."""
    lines = [
        "Answer with one JSON object only: either a tool call",
        '{"tool": "<name>", "args": {<arguments>}}',
        'or, when the task is done, your final answer {"final": "<answer for the user>"}.',
        "Tools:",
    ]
    for tool in tools:
        props = tool.parameters.get("properties", {})
        required = set(tool.parameters.get("required", []))
        args = ", ".join(
            f"{name}{'' if name in required else '?'}: {spec.get('type')}" for name, spec in props.items()
        )
        lines.append(f"- {tool.name}({args}): {tool.description}")
    return "\n".join(lines)
