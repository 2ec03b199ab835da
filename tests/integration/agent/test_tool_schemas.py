"""Tool schemas disclosed as needed, in real agent runs with the scripted model: forty declared HTTP
tools (served by a JSON API on 127.0.0.1) take more than a fifth of a small window, so the request
lists them by name and one line; the model asks for one schema with ``tool_schema``, gets it, and
calls that tool. A tool the person denied in the workspace is never listed; a small set is sent in
full as before; ``mira chat send --agent --json`` prints the disclosure among the run's events."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from mira_desktop.agent.tools.disclosure import TOOL_SCHEMA
from mira_desktop.core.conversation.runs import RunStatus
from mira_desktop.core.tool_records import Permission
from mira_desktop.services.app.bundle import AppServices
from tests.integration.agent.conftest import Mira
from tests.integration.agent.runs import (
    GRAMMAR_MODE,
    call,
    event_data,
    final,
    json_call,
    json_final,
    send_agent,
    settle,
)
from tests.support.fixtures import Script
from tests.support.json_api import JsonApi
from tests.support.scripted import recorded_requests
from tests.support.tool_call_server import ToolCallServer

FORTY = [f"city_weather_{n:02d}" for n in range(1, 41)]
SMALL_WINDOW = {"context_window": 2048}  # Mira's own tools fill its fifth
FILE_TOOLS = {
    "list_files",
    "read_file",
    "search_files",
    "write_file",
    "edit_file",
    "make_dir",
    "move_file",
    "delete_file",
}


def _declaration(api: JsonApi, name: str) -> dict[str, Any]:
    """A declared tool with a schema of the size real ones have (units, days, a language…)."""
    return api.declaration(
        name=name,
        description=f"The weather forecast for one place ({name}), from the test API.\nSecond line: never listed.",
        parameters={
            "type": "object",
            "properties": {
                "latitude": {
                    "type": "number",
                    "minimum": -90,
                    "maximum": 90,
                    "description": "Latitude in degrees",
                },
                "longitude": {
                    "type": "number",
                    "minimum": -180,
                    "maximum": 180,
                    "description": "Longitude in degrees",
                },
                "units": {
                    "type": "string",
                    "enum": ["metric", "imperial"],
                    "description": "Units of the answer",
                },
                "days": {
                    "type": "integer",
                    "minimum": 1,
                    "maximum": 16,
                    "description": "How many days ahead",
                },
                "language": {"type": "string", "maxLength": 10, "description": "Language of the place names"},
            },
            "required": ["latitude", "longitude"],
            "additionalProperties": False,
        },
        secret_headers={},
    )


def _declare(services: AppServices, api: JsonApi, names: list[str]) -> None:
    for name in names:
        services.http_tools.add(_declaration(api, name))


def _off_skills(services: AppServices) -> None:
    for skill in services.skills.enabled():  # the shipped skills would add load_skill
        services.skills.set_on(skill.name, False)


def test_forty_tools_go_by_name_until_the_model_asks_for_one_schema_and_calls_that_tool(
    services: AppServices, workspace: str, script: Script, json_api: JsonApi, tmp_path: Path
) -> None:
    _declare(services, json_api, FORTY)
    services.tool_permissions.set("city_weather_07", Permission.ALLOW, workspace)
    ref = script(
        call(TOOL_SCHEMA, names=["city_weather_07"]),
        call("city_weather_07", latitude=31.2, longitude=121.5, days=2),
        final("It is 21.5 °C in Shanghai."),
        pick="by_turn",
        record_to="sent.jsonl",
        profile=SMALL_WINDOW,
    )
    handle = send_agent(services, ref, "What is the weather in Shanghai?", workspace)
    assert settle(handle) is RunStatus.COMPLETED

    first, second, third = recorded_requests(tmp_path / "scripts" / "sent.jsonl")
    assert not any(name.startswith("city_weather") for name in first["tools"])  # names only
    assert TOOL_SCHEMA in first["tools"]
    system = first["messages"][0]["content"]
    assert all(
        f"- {name}: The weather forecast for one place ({name}), from the test API." in system
        for name in FORTY
    )
    assert "Second line" not in system
    assert '"maximum": 16' not in system  # no schema in the text either
    assert "city_weather_07" in second["tools"]
    assert not any(name in second["tools"] for name in FORTY if name != "city_weather_07")
    told = next(m for m in second["messages"] if m.get("role") == "tool")
    assert '"name": "city_weather_07"' in told["content"]
    assert '"maximum": 16' in told["content"]  # the schema the model asked for
    assert "city_weather_07" in third["tools"]  # offered in full for the rest of the run

    (sent,) = json_api.requests
    assert sent["query"] == {"latitude": "31.2", "longitude": "121.5", "days": "2"}
    results = {r["tool"]: r["result"] for r in event_data(services, handle.run_id, "tool.result")}
    assert results["city_weather_07"]["ok"] is True
    assert results[TOOL_SCHEMA]["data"] == {"names": ["city_weather_07"]}
    start, asked = event_data(services, handle.run_id, "agent.tool_schemas")
    others = services.tools.offered(services.workspaces.get(workspace), None, start=False)[0]
    own, offered = len(FILE_TOOLS), len(FILE_TOOLS) + len(others)  # others: the forty, load_skill…
    assert (start["shown"], start["offered"], start["asked"]) == (own, offered, 0)
    assert set(start["folded"]) >= set(FORTY)
    assert (asked["shown"], asked["offered"], asked["asked"], asked["names"]) == (
        own + 1,
        offered,
        1,
        ["city_weather_07"],
    )
    assert asked["phrase"]["key"] == "agent.tool_schemas.asked"
    preview = services.chat.preview(handle.thread_id, "And tomorrow?")
    assert preview.tool_schemas == {"shown": own, "offered": offered, "asked": 0}


def test_a_remote_model_is_offered_tool_schema_asks_over_http_and_calls_the_tool_it_asked_for(
    services: AppServices, workspace: str, json_api: JsonApi
) -> None:
    _declare(services, json_api, FORTY)
    services.tool_permissions.set("city_weather_09", Permission.ALLOW, workspace)
    replies = [
        {"tool_calls": [{"name": TOOL_SCHEMA, "arguments": {"names": ["city_weather_09"]}}]},
        {"tool_calls": [{"name": "city_weather_09", "arguments": {"latitude": 48.9, "longitude": 2.35}}]},
        {"text": "It is 21.5 °C in Paris."},
    ]
    with ToolCallServer(replies) as server:
        services.models.add_remote("lab", server.base_url, model="tools-8k")
        handle = send_agent(services, "remote:lab/tools-8k", "Weather in Paris?", workspace)
        assert settle(handle) is RunStatus.COMPLETED
    first, second, third = ([t["function"]["name"] for t in body["tools"]] for body in server.requests)
    assert TOOL_SCHEMA in first
    assert not any(name.startswith("city_weather") for name in first)
    asking = next(t for t in server.requests[0]["tools"] if t["function"]["name"] == TOOL_SCHEMA)
    assert len(asking["function"]["parameters"]["properties"]["names"]["items"]["enum"]) >= 40
    assert "city_weather_09" in second
    assert "city_weather_09" in third
    (sent,) = json_api.requests
    assert sent["query"] == {"latitude": "48.9", "longitude": "2.35"}
    assert services.threads.show(handle.thread_id).messages[-1].content == "It is 21.5 °C in Paris."


def test_a_tool_denied_in_the_workspace_is_never_listed_and_a_disclosed_one_stays_offered_after_approval(
    services: AppServices, workspace: str, script: Script, json_api: JsonApi, tmp_path: Path
) -> None:
    _declare(services, json_api, FORTY)
    services.tool_permissions.set("city_weather_13", Permission.DENY, workspace)
    ref = script(
        json_call(TOOL_SCHEMA, names=["city_weather_21"]),
        json_call("city_weather_21", latitude=39.9, longitude=116.4),
        json_final("Done."),
        pick="by_turn",
        record_to="sent.jsonl",
        profile={**GRAMMAR_MODE, **SMALL_WINDOW},
    )
    handle = send_agent(services, ref, "天气怎么样?", workspace)
    assert settle(handle) is RunStatus.WAITING_APPROVAL  # a declared tool asks first
    assert settle(services.agent_runs.approve(handle.run_id)) is RunStatus.COMPLETED
    first, second, third = recorded_requests(tmp_path / "scripts" / "sent.jsonl")
    for request in (first, second, third):
        everything = json.dumps(request, ensure_ascii=False)
        assert "city_weather_13" not in everything
        assert "city_weather_12" in everything

    def called(request: dict[str, Any]) -> dict[str, Any]:
        return {
            b["properties"]["tool"]["const"]: b
            for b in request["json_schema"]["oneOf"]
            if "tool" in b["properties"]
        }

    assert "city_weather_21" not in called(first)  # the grammar lets the model only ask first
    names = called(first)[TOOL_SCHEMA]["properties"]["args"]["properties"]["names"]["items"]["enum"]
    assert "city_weather_21" in names
    assert "city_weather_13" not in names
    assert "city_weather_21" in called(second)
    assert "city_weather_21" in called(third)  # the run went on after the approval: still offered
    assert "city_weather_22" not in called(third)
    assert len(json_api.requests) == 1
    start = event_data(services, handle.run_id, "agent.tool_schemas")[0]
    assert "city_weather_13" not in start["folded"]


def test_a_small_tool_set_is_sent_in_full_with_no_tool_schema(
    services: AppServices, workspace: str, script: Script, json_api: JsonApi, tmp_path: Path
) -> None:
    _off_skills(services)
    _declare(services, json_api, FORTY[:1])
    ref = script(final("Nothing to do."), pick="by_turn", record_to="sent.jsonl")  # the usual 8,192 window
    handle = send_agent(services, ref, "Hello", workspace)
    assert settle(handle) is RunStatus.COMPLETED
    (first,) = recorded_requests(tmp_path / "scripts" / "sent.jsonl")
    assert "city_weather_01" in first["tools"]
    assert TOOL_SCHEMA not in first["tools"]
    assert set(first["tools"]) >= FILE_TOOLS
    assert "listed by name only" not in first["messages"][0]["content"]
    assert event_data(services, handle.run_id, "agent.tool_schemas") == []
    assert services.chat.preview(handle.thread_id, "again").tool_schemas is None


def test_mira_chat_send_agent_json_prints_which_schemas_were_disclosed_and_when(
    mira: Mira, project: Path, script: Script, json_api: JsonApi
) -> None:
    workspace = mira("--json", "workspaces", "add", "project", str(project)).json()["id"]
    for name in FORTY:
        path = project.parent / f"{name}.json"
        path.write_text(json.dumps(_declaration(json_api, name)), encoding="utf-8")
        assert mira("tools", "add-http", str(path)).code == 0
    assert mira("agent", "permissions", "city_weather_03", "allow", "--workspace", workspace).code == 0
    ref = script(
        call(TOOL_SCHEMA, names=["city_weather_03"]),
        call("city_weather_03", latitude=1.0, longitude=2.0),
        final("Sunny."),
        pick="by_turn",
        profile=SMALL_WINDOW,
    )
    sent = mira(
        "--json", "chat", "send", "--agent", "--workspace", workspace, "--model", ref, "What is the weather?"
    )
    assert sent.code == 0, sent.err
    lines = sent.lines()
    schemas = [line for line in lines if line.get("type") == "agent.tool_schemas"]
    assert [s["asked"] for s in schemas] == [0, 1]
    assert schemas[1]["names"] == ["city_weather_03"]
    assert schemas[1]["shown"] == schemas[0]["shown"] + 1
    offered = schemas[0]["offered"]
    assert offered >= 48
    assert (
        schemas[1]["text"] == f"Tool schemas: {schemas[1]['shown']} of {offered} shown; the model asked for 1"
    )
    assert len(json_api.requests) == 1
    thread = schemas[0]["thread_id"]
    preview = mira("--json", "threads", "preview", thread, "And tomorrow?").json()
    assert preview["tool_schemas"] == {"shown": schemas[0]["shown"], "offered": offered, "asked": 0}
    assert "- city_weather_40: The weather forecast" in preview["messages"][0]["content"]
    told = mira("threads", "preview", thread).out
    assert f"Tool schemas: {schemas[0]['shown']} of {offered} shown; the others by name" in told
