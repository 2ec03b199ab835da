"""The grammar of one tool call in a family's format, and what starts it (a "lazy" grammar).

The model writes freely — it may think, answer at any length or call a tool — and only once the
reply reaches the family's trigger (``<tool_call>``, ``[TOOL_CALLS]``, ``to=functions.``,
``<|tool_call>``, or a Llama 3 reply that opens with ``{``) is the rest held to this grammar: the
call's name is one of the offered tools and its arguments fit that tool's schema, or Gemma 4's own
argument syntax (llama.cpp PR #9639 does the same inside its sampler; :mod:`..lazy_generation` does
it by restarting generation with the grammar at the trigger).
Strings are not capped: a file's content can be as long as the model writes it.

The rules of every tool's arguments come from one JSON schema whose properties ``a0``, ``a1``, … are
the tools' argument schemas (their ``$defs`` merged at its root, where the converter resolves
``#/$defs/…``): the converter names each one's rule after its property, so the call rule can pair a
name with its own arguments.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from mira_desktop.models.adapters.local.tool_calls.formats import ToolCallFormat
from mira_desktop.models.protocol import ToolSpec


@dataclass(frozen=True)
class CallGrammar:
    rules: str  # GBNF whose ``root`` is one whole call, trigger included
    triggers: tuple[str, ...]  # where the grammar starts
    at_start: bool = False  # a trigger counts only as the reply's first non-blank text (Llama 3)


TRIGGERS: dict[ToolCallFormat, tuple[tuple[str, ...], bool]] = {
    ToolCallFormat.HERMES: (("<tool_call>",), False),
    ToolCallFormat.LLAMA3: (("{",), True),
    ToolCallFormat.MISTRAL: (("[TOOL_CALLS]",), False),
    ToolCallFormat.MISTRAL_ARGS: (("[TOOL_CALLS]",), False),
    ToolCallFormat.GPT_OSS: (("to=functions.",), False),
    ToolCallFormat.GEMMA4: (("<|tool_call>",), False),
}

# Gemma 4's argument syntax (:mod:`.gemma4`): bare keys, strings between ``<|"|>``. The grammar holds
# the call's name to an offered tool and its arguments to this syntax; their schema is checked once
# the call is read, as for every call.
GEMMA4_RULES = r"""gemma-obj ::= "{" ( gemma-pair ( "," gemma-pair )* )? "}"
gemma-pair ::= gemma-key ":" gemma-val
gemma-key ::= [a-zA-Z_] [a-zA-Z0-9_.-]*
gemma-val ::= gemma-str | gemma-num | "true" | "false" | "null" | gemma-obj | gemma-arr
gemma-arr ::= "[" ( gemma-val ( "," gemma-val )* )? "]"
gemma-str ::= "<|\"|>" gemma-char* "<|\"|>"
gemma-char ::= [^<] | "<" [^|]
gemma-num ::= gemma-int ( "." [0-9]+ )? ( [eE] [-+]? [0-9]+ )?
gemma-int ::= "-"? [0-9]+
gemma-bool ::= "true" | "false"
"""


NESTED_CAP = 160  # a longer maxLength nests too deep for llama.cpp's grammar parser
_NOT_GRAMMAR = ("description", "title", "examples", "default")


def _uncapped(node: Any) -> Any:
    """``node`` without the string caps llama.cpp cannot compile (the tool's own schema still checks
    them once the call is read) and without the words the grammar does not need."""
    if isinstance(node, list):
        return [_uncapped(item) for item in node]
    if not isinstance(node, dict):
        return node
    kept = {}
    for key, value in node.items():
        if key == "properties" and isinstance(value, dict):
            kept[key] = {name: _uncapped(sub) for name, sub in value.items()}
        elif key in _NOT_GRAMMAR or (key == "maxLength" and isinstance(value, int) and value > NESTED_CAP):
            continue
        else:
            kept[key] = _uncapped(value)
    return kept


def arguments_schema(tools: Sequence[ToolSpec]) -> dict[str, Any]:
    """One object schema whose property ``a{i}`` is tool ``i``'s arguments."""
    definitions: dict[str, Any] = {}
    properties: dict[str, Any] = {}
    for index, tool in enumerate(tools):
        params = _uncapped(tool.parameters or {"type": "object"})
        definitions.update(params.pop("$defs", {}))
        definitions.update(params.pop("definitions", {}))
        properties[f"a{index}"] = params
    schema: dict[str, Any] = {"type": "object", "properties": properties}
    if definitions:
        schema["$defs"] = definitions
    return schema


def _literal(text: str) -> str:
    return json.dumps(text)  # a GBNF literal is written like a JSON string


_GEMMA4_VALUES = {"string": "gemma-str", "integer": "gemma-int", "number": "gemma-num", "boolean": "gemma-bool"}


def gemma4_arguments_rule(index: int, tool: ToolSpec) -> str:
    """Tool ``index``'s arguments in Gemma 4's syntax: only its own keys, each with a value of its
    type (a list or an object in the general syntax); required keys and nested schemas are checked
    once the call is read, as for every call."""
    properties = (tool.parameters or {}).get("properties") or {}
    pairs = []
    for key, schema in sorted(properties.items()):
        kind = schema.get("type") if isinstance(schema, dict) else None
        value = _GEMMA4_VALUES.get(kind, "gemma-val") if isinstance(kind, str) else "gemma-val"
        pairs.append(f'{_literal(key)} ":" {value}')
    pair = " | ".join(f"( {p} )" for p in pairs)
    if not pairs:
        return f'gemma-args{index} ::= "{{" "}}"'
    return f'gemma-args{index} ::= "{{" ( ( {pair} ) ( "," ( {pair} ) )* )? "}}"'


def call_rules(fmt: ToolCallFormat, tools: Sequence[ToolSpec], arguments_rules: str) -> str:
    """The GBNF of one call of ``tools`` in ``fmt``, around the converter's ``arguments_rules``."""
    kept = [line for line in arguments_rules.splitlines() if not line.startswith("root ::=")]
    name_key = "parameters" if fmt is ToolCallFormat.LLAMA3 else "arguments"

    def json_call(index: int, tool: ToolSpec) -> str:
        return (
            f'"{{" space {_literal(json.dumps("name"))} space ":" space {_literal(json.dumps(tool.name))} space '
            f'"," space {_literal(json.dumps(name_key))} space ":" space a{index} "}}" space'
        )

    alternatives: list[str]
    if fmt is ToolCallFormat.MISTRAL_ARGS:
        alternatives = [f'{_literal(t.name)} "[ARGS]" a{i}' for i, t in enumerate(tools)]
    elif fmt is ToolCallFormat.GEMMA4:
        alternatives = [f"{_literal(t.name)} gemma-args{i}" for i, t in enumerate(tools)]
        kept += [gemma4_arguments_rule(i, t) for i, t in enumerate(tools)] + [GEMMA4_RULES]
    elif fmt is ToolCallFormat.GPT_OSS:
        tail = '" "? ("<|constrain|>" "json" | "<|channel|>commentary" " json"?)? "<|message|>"'
        alternatives = [f"{_literal(t.name)} {tail} a{i}" for i, t in enumerate(tools)]
    else:
        alternatives = [json_call(i, t) for i, t in enumerate(tools)]
    call = "call ::= " + " | ".join(f"( {a} )" for a in alternatives)
    root = {
        ToolCallFormat.HERMES: 'root ::= "<tool_call>" "\\n"? call "\\n"? "</tool_call>"',
        ToolCallFormat.LLAMA3: "root ::= call",
        ToolCallFormat.MISTRAL: 'root ::= "[TOOL_CALLS]" "[" call "]"',
        ToolCallFormat.MISTRAL_ARGS: 'root ::= "[TOOL_CALLS]" call',
        ToolCallFormat.GPT_OSS: 'root ::= "to=functions." call',
        ToolCallFormat.GEMMA4: 'root ::= "<|tool_call>call:" call "<tool_call|>"',
    }[fmt]
    return "\n".join([root, call, *kept])


def call_grammar(fmt: ToolCallFormat, tools: Sequence[ToolSpec], arguments_rules: str) -> CallGrammar:
    triggers, at_start = TRIGGERS[fmt]
    return CallGrammar(call_rules(fmt, tools, arguments_rules), triggers, at_start)
