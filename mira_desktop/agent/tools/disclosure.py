"""Tool schemas disclosed as needed: when the offered tools' argument schemas would take more than a
fifth of the model's window (many MCP servers, declared HTTP tools, data tools), the request lists
the tools of other programs that do not fit in that fifth by name and one-line description only
(:func:`folded_names`), and offers ``tool_schema``: the
model asks for the schemas it wants, and from then on those tools are offered with their full
schemas for the rest of the run (the names disclosed are kept in the run's checkpoint).

Mira's own file and knowledge-base tools are always offered in full: a file task starts with one of
them. Only tools the run is offered are listed, so a tool the person turned off or denied in the
workspace is neither listed nor described (``services/tools/catalog.offered`` leaves it out first).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from typing import Any

from mira_desktop.agent.tools.catalog import Origin, Risk, ToolDef

TOOL_SCHEMA = "tool_schema"
WINDOW_SHARE = 5  # the schemas may take a fifth of the window before they are disclosed on request
MAX_ASKED = 8  # schemas one call may ask for
SUMMARY_CHARS = 120  # a folded tool's description, cut to one line of about this length


def schema_text(tools: Sequence[ToolDef]) -> str:
    """The tools as a chat template renders them (OpenAI-style function dictionaries, as JSON): what
    their schemas cost in a request."""
    return "\n".join(json.dumps(_function(tool), ensure_ascii=False) for tool in tools)


def folded_names(tools: Sequence[ToolDef], window: int, count_tokens: Callable[[str], int]) -> frozenset[str]:
    """The tools a run lists by name only: none while all the schemas together fit in a fifth of
    ``window`` tokens (a small set is sent in full); past that, Mira's own tools stay in full, the
    others in their order while they still fit, and every one from the first that does not is folded."""
    budget = window // WINDOW_SHARE
    if not tools or count_tokens(schema_text(tools)) <= budget:
        return frozenset()
    own = [tool for tool in tools if tool.origin is Origin.MIRA]
    used = count_tokens(schema_text(own)) if own else 0
    folded: set[str] = set()
    for tool in tools:
        if tool.origin is Origin.MIRA:
            continue
        cost = count_tokens(schema_text([tool]))
        if not folded and used + cost <= budget:
            used += cost
        else:
            folded.add(tool.name)
    return frozenset(folded)


def one_line(description: str) -> str:
    """A folded tool's description: its first line, cut to about :data:`SUMMARY_CHARS`."""
    first = next((line.strip() for line in description.splitlines() if line.strip()), "")
    return first if len(first) <= SUMMARY_CHARS else first[: SUMMARY_CHARS - 1].rstrip() + "…"


def schema_tool(names: Collection[str]) -> ToolDef:
    """``tool_schema``: the model names the folded tools it wants, and gets their schemas."""
    return ToolDef(
        TOOL_SCHEMA,
        "Get the argument schemas of tools listed by name only; after this you can call them.",
        {
            "type": "object",
            "properties": {
                "names": {
                    "type": "array",
                    "items": {"type": "string", "enum": sorted(names)},
                    "minItems": 1,
                    "maxItems": MAX_ASKED,
                    "description": "The names of the tools whose schemas you need",
                }
            },
            "required": ["names"],
            "additionalProperties": False,
        },
        Risk.READ,
    )


@dataclass(frozen=True)
class SchemaShare:
    """How many of a run's tools are offered with their full schemas, for the trace and the preview."""

    shown: int  # tools offered with their schemas (tool_schema itself not counted)
    offered: int  # every tool the run may call
    asked: int  # folded tools whose schemas the model asked for

    def to_dict(self) -> dict[str, Any]:
        return {"shown": self.shown, "offered": self.offered, "asked": self.asked}


def folded_section(tools: Sequence[ToolDef], folded: Collection[str]) -> str:
    """The agent context's list of the folded tools: names and one-line descriptions."""
    listed = [tool for tool in tools if tool.name in folded]
    if not listed:
        return ""
    lines = [f"- {tool.name}: {one_line(tool.description)}" for tool in listed]
    return (
        f"More tools, listed by name only to save room: call {TOOL_SCHEMA} with the names you need to "
        "get their arguments, then call them.\n" + "\n".join(lines)
    )


def _function(tool: ToolDef) -> dict[str, Any]:
    return {
        "type": "function",
        "function": {"name": tool.name, "description": tool.description, "parameters": tool.parameters},
    }
