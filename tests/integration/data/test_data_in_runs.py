"""Attached data in real agent runs with the scripted model: a run whose workspace or thread has data
gets ``sql_schema`` and ``sql_query`` (reads, allowed without asking), the result is a table in the
trace and in what the model reads; a run without data is not offered them; a refused statement is a
result the run goes on from, and the file is unchanged."""

from __future__ import annotations

import hashlib
from pathlib import Path

from mira_desktop.core.conversation.runs import RunStatus
from mira_desktop.core.tool_records import Permission
from mira_desktop.services.app.bundle import AppServices
from mira_desktop.services.chat.service import SendOptions
from tests.integration.agent.runs import (
    GRAMMAR_MODE,
    answer,
    call,
    event_data,
    final,
    json_call,
    json_final,
    send_agent,
    settle,
)
from tests.support.fixtures import Script
from tests.support.scripted import recorded_requests


def test_a_run_with_data_attached_lists_and_queries_it_and_the_trace_holds_the_table(
    services: AppServices, workspace: str, script: Script, tmp_path: Path, people_db: Path
) -> None:
    services.data.add(people_db, workspace_id=workspace, allow=("people",), mask=("people.ssn",))
    ref = script(
        call("sql_schema"),
        call("sql_query", sql="SELECT name, ssn FROM people WHERE age > 30 ORDER BY name"),
        final("Ann and Bob are over 30."),
        pick="by_turn",
        record_to="sent.jsonl",
    )
    handle = send_agent(services, ref, "Who is over 30?", workspace)
    assert settle(handle) is RunStatus.COMPLETED  # reads: no approval asked
    first, _second, third = recorded_requests(tmp_path / "scripts" / "sent.jsonl")
    assert {"sql_schema", "sql_query"} <= set(first["tools"])
    schema, query = event_data(services, handle.run_id, "tool.result")
    assert "people: name TEXT, ssn (masked), age INTEGER" in schema["result"]["text"]
    assert "salaries" not in schema["result"]["text"]
    assert query["result"]["data"]["rows"] == [["Ann", "***"], ["Bob", "***"]]
    assert query["result"]["phrase"] == {"key": "data.queried", "values": {"source": "people.db", "rows": 2}}
    read = next(m for m in third["messages"] if m.get("tool_call_id") == "call_2-0")
    assert "| Ann | *** |" in read["content"]
    assert answer(services, handle.thread_id).content == "Ann and Bob are over 30."


def test_a_write_refused_mid_run_is_a_result_and_the_file_is_unchanged(
    services: AppServices, workspace: str, script: Script, people_db: Path
) -> None:
    before = hashlib.sha256(people_db.read_bytes()).hexdigest()
    services.data.add(people_db, workspace_id=workspace)
    ref = script(call("sql_query", sql="DELETE FROM people"), final("I may not change it."), pick="by_turn")
    handle = send_agent(services, ref, "Delete everyone.", workspace)
    assert settle(handle) is RunStatus.COMPLETED
    (result,) = event_data(services, handle.run_id, "tool.result")
    assert result["result"]["ok"] is False
    assert result["result"]["phrase"]["key"] == "data.sql_not_query"
    assert hashlib.sha256(people_db.read_bytes()).hexdigest() == before


def test_a_run_without_data_is_not_offered_the_sql_tools_and_a_threads_data_is_its_own(
    services: AppServices, workspace: str, script: Script, tmp_path: Path, cities_csv: Path
) -> None:
    ref = script(final("No data."), final("Now there is."), pick="by_turn", record_to="plain.jsonl")
    handle = send_agent(services, ref, "Anything?", workspace)
    assert settle(handle) is RunStatus.COMPLETED
    services.data.add(cities_csv, thread_id=handle.thread_id)
    again = services.chat.send(handle.thread_id, "And now?", SendOptions(model_ref=ref, agent=True))
    assert settle(again) is RunStatus.COMPLETED
    other = send_agent(services, script(final("Other."), record_to="other.jsonl"), "Other thread?", workspace)
    assert settle(other) is RunStatus.COMPLETED
    without, with_data = recorded_requests(tmp_path / "scripts" / "plain.jsonl")
    (elsewhere,) = recorded_requests(tmp_path / "scripts" / "other.jsonl")
    assert "sql_query" not in without["tools"]
    assert {"sql_schema", "sql_query"} <= set(with_data["tools"])
    assert "sql_query" not in elsewhere["tools"]


def test_a_grammar_mode_model_queries_a_spreadsheet_through_the_same_tools(
    services: AppServices, workspace: str, script: Script, sales_xlsx: Path
) -> None:
    services.data.add(sales_xlsx, workspace_id=workspace, mask=("q1_sales.owner",))
    ref = script(
        json_call("sql_schema"),
        json_call(
            "sql_query",
            sql="SELECT region, sum(amount) AS total FROM q1_sales GROUP BY region ORDER BY total DESC",
        ),
        json_final("North sold 150, South 80."),
        pick="by_turn",
        profile=GRAMMAR_MODE,
    )
    handle = send_agent(services, ref, "Which region sold most?", workspace)
    assert settle(handle) is RunStatus.COMPLETED
    _schema, query = event_data(services, handle.run_id, "tool.result")
    assert query["result"]["data"]["rows"] == [["North", 150], ["South", 80]]
    assert answer(services, handle.thread_id).content == "North sold 150, South 80."


def test_sql_query_set_to_ask_waits_for_approval_and_set_to_deny_is_not_offered(
    services: AppServices, workspace: str, script: Script, tmp_path: Path, people_db: Path
) -> None:
    services.data.add(people_db, workspace_id=workspace)
    services.tool_permissions.set("sql_query", Permission.ASK, workspace)
    ref = script(call("sql_query", sql="SELECT count(*) FROM people"), final("Three."), pick="by_turn")
    handle = send_agent(services, ref, "How many people?", workspace)
    assert settle(handle) is RunStatus.WAITING_APPROVAL
    pending = services.agent_runs.show(handle.run_id).pending
    assert pending is not None
    assert pending["arguments"] == {"sql": "SELECT count(*) FROM people"}
    assert settle(services.agent_runs.approve(handle.run_id)) is RunStatus.COMPLETED
    (result,) = event_data(services, handle.run_id, "tool.result")
    assert result["result"]["data"]["rows"] == [[3]]
    services.tool_permissions.set("sql_query", Permission.DENY, workspace)
    denied = script(final("No SQL."), record_to="denied.jsonl")
    assert settle(send_agent(services, denied, "Anything?", workspace)) is RunStatus.COMPLETED
    (sent,) = recorded_requests(tmp_path / "scripts" / "denied.jsonl")
    assert "sql_query" not in sent["tools"]
    assert "sql_schema" in sent["tools"]
