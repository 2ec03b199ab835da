"""MCP tools in agent runs: offered as SERVER__TOOL, validated before anything is asked, approved with
the server and the full arguments shown, made permanent per workspace, turned off per workspace."""

from __future__ import annotations

import sys
import threading
import time

from mira_desktop.core.conversation.runs import RunStatus
from mira_desktop.core.tool_records import Permission
from mira_desktop.services.app.bundle import AppServices
from tests.integration.agent.runs import (
    GRAMMAR_MODE,
    call,
    event_data,
    final,
    json_final,
    offered_tools,
    send_agent,
    settle,
    tool_result_sent,
)
from tests.integration.mcp.conftest import NotesServer
from tests.support.fixtures import Script
from tests.support.scripted import requests_sent
from tests.support.waiting import wait_for

NOTE = call("notes__create_note", title="groceries", body="milk, eggs")


def test_a_run_calls_an_mcp_tool_after_an_approval_that_shows_the_server_and_the_arguments(
    services: AppServices, added: NotesServer, workspace: str, script: Script
) -> None:
    ref = script(NOTE, final("Noted."), pick="by_turn")
    handle = send_agent(services, ref, "Note my groceries.", workspace)
    assert settle(handle) is RunStatus.WAITING_APPROVAL
    assert added.calls() == []  # asked first, nothing sent
    pending = services.agent_runs.show(handle.run_id).pending
    assert pending is not None
    assert (pending["tool"], pending["server"], pending["remote_name"]) == (
        "notes__create_note",
        "notes",
        "create_note",
    )
    assert pending["arguments"] == {"title": "groceries", "body": "milk, eggs"}
    assert "cannot be undone" in pending["reason"]
    assert settle(services.agent_runs.approve(handle.run_id)) is RunStatus.COMPLETED
    assert added.calls() == ["create_note groceries"]
    sent = requests_sent(services, ref)
    assert tool_result_sent(sent[-1], "call_1-0") == "Created the note 'groceries'."
    sending = event_data(services, handle.run_id, "tool.sending")
    assert sending == [{"id": "call_1-0", "tool": "notes__create_note", "server": "notes"}]


def test_always_allow_in_this_workspace_lets_the_next_call_run_without_asking(
    services: AppServices, added: NotesServer, workspace: str, script: Script
) -> None:
    ref = script(NOTE, final("Noted."), pick="by_turn")
    handle = send_agent(services, ref, "Note it.", workspace)
    assert settle(handle) is RunStatus.WAITING_APPROVAL
    from mira_desktop.agent.guardrail import RuleScope

    assert (
        settle(services.agent_runs.approve(handle.run_id, always=RuleScope.WORKSPACE)) is RunStatus.COMPLETED
    )
    chosen = services.tool_permissions.effective(workspace)["notes__create_note"]
    assert (chosen.permission, chosen.workspace_id) == (Permission.ALLOW, workspace)
    again = script(call("notes__create_note", title="second", body="x"), final("Noted."), pick="by_turn")
    assert settle(send_agent(services, again, "Another.", workspace)) is RunStatus.COMPLETED
    assert added.calls() == ["create_note groceries", "create_note second"]
    (added.state.parent / "elsewhere").mkdir()
    other = services.workspaces.add("elsewhere", str(added.state.parent / "elsewhere")).id
    third = script(call("notes__create_note", title="third", body="x"), final("ok"), pick="by_turn")
    assert (
        settle(send_agent(services, third, "Again.", other)) is RunStatus.WAITING_APPROVAL
    )  # still asks there


def test_arguments_that_do_not_fit_the_servers_schema_are_refused_before_anything_is_asked_or_sent(
    services: AppServices, added: NotesServer, workspace: str, script: Script
) -> None:
    bad = call("notes__create_note", title=7)
    ref = script(bad, final("I could not."), pick="by_turn")
    handle = send_agent(services, ref, "Note it.", workspace)
    assert settle(handle) is RunStatus.COMPLETED
    assert added.calls() == []
    assert event_data(services, handle.run_id, "approval.required") == []
    told = tool_result_sent(requests_sent(services, ref)[1], "call_1-0")
    assert "is missing 'body'" in told
    assert "'title' must be a string, not a number" in told


def test_a_trusted_servers_read_only_tools_run_without_asking_and_the_others_still_ask(
    services: AppServices, added: NotesServer, workspace: str, script: Script
) -> None:
    search = call("notes__search", query="milk")
    ref = script(search, final("None."), pick="by_turn")
    assert (
        settle(send_agent(services, ref, "Find milk.", workspace)) is RunStatus.WAITING_APPROVAL
    )  # a hint alone is not trusted
    services.mcp.set_trust_read_only("notes", True)
    trusted = script(search, NOTE, final("ok"), pick="by_turn")
    handle = send_agent(services, trusted, "Find milk, then note it.", workspace)
    assert settle(handle) is RunStatus.WAITING_APPROVAL
    pending = services.agent_runs.show(handle.run_id).pending
    assert pending is not None
    assert pending["tool"] == "notes__create_note"  # the search ran, the write waits
    assert "No note matches 'milk'." in tool_result_sent(requests_sent(services, trusted)[-1], "call_1-0")


def test_a_workspace_can_turn_a_server_off_for_its_runs(
    services: AppServices, added: NotesServer, workspace: str, script: Script
) -> None:
    ref = script(final("ok"), final("ok"), pick="in_order")
    assert settle(send_agent(services, ref, "Hi.", workspace)) is RunStatus.COMPLETED
    services.mcp.set_for_workspace(workspace, "notes", False)
    assert settle(send_agent(services, ref, "Hi.", workspace)) is RunStatus.COMPLETED
    on, off = requests_sent(services, ref)
    assert "notes__create_note" in offered_tools(on)
    assert not any(name.startswith("notes__") for name in offered_tools(off))


def test_a_server_that_cannot_start_is_left_out_of_the_run_with_a_notice(
    services: AppServices, workspace: str, script: Script
) -> None:
    services.mcp.add_stdio(
        "broken", sys.executable, ["-c", "import sys; sys.stderr.write('no config\\n'); sys.exit(2)"]
    )
    ref = script(final("ok"), pick="by_turn")
    handle = send_agent(services, ref, "Hi.", workspace)
    assert settle(handle) is RunStatus.COMPLETED
    notices = [n["text"] for n in event_data(services, handle.run_id, "notice")]
    assert any("broken could not be started or reached" in n and "no config" in n for n in notices)
    assert not any(t.startswith("broken__") for t in offered_tools(requests_sent(services, ref)[0]))


def test_stop_during_an_mcp_call_ends_the_run_cancelled_and_says_it_may_have_run(
    services: AppServices, added: NotesServer, workspace: str, script: Script
) -> None:
    services.tool_permissions.set("notes__slow", Permission.ALLOW, workspace)
    ref = script(call("notes__slow", seconds=60), final("done"), pick="by_turn")
    handle = send_agent(services, ref, "Wait.", workspace)
    wait_for(lambda: {"slow 60.0", "slow 60"} & set(added.calls()), what="the server to receive the call")
    stopped_at = time.monotonic()
    threading.Thread(target=handle.stop).start()
    assert settle(handle) is RunStatus.CANCELLED
    assert time.monotonic() - stopped_at < 5
    result = event_data(services, handle.run_id, "tool.result")[-1]["result"]
    assert result["kind"] == "cancelled"
    assert "may or may not have taken effect" in result["text"]


def test_a_local_models_grammar_offers_the_mcp_tools_with_their_schemas(
    services: AppServices, added: NotesServer, workspace: str, script: Script
) -> None:
    ref = script(json_final("ok"), pick="by_turn", profile=GRAMMAR_MODE)
    assert settle(send_agent(services, ref, "Hi.", workspace)) is RunStatus.COMPLETED
    request = requests_sent(services, ref)[0]
    assert request.tools == ()
    assert request.json_schema is not None
    branch = next(
        b
        for b in request.json_schema["oneOf"]
        if b["properties"].get("tool", {}).get("const") == "notes__create_note"
    )
    assert branch["properties"]["args"]["required"] == ["title", "body"]


def test_a_servers_tools_are_in_the_instructions_of_the_first_model_call_of_a_run_that_started_it(
    services: AppServices, added: NotesServer, workspace: str, script: Script
) -> None:
    [server] = [v.server for v in services.mcp.list() if v.server.name == "notes"]
    assert not server.tools  # never started: nothing listed before this run
    ref = script(final("Nothing to note."), pick="by_turn")
    assert settle(send_agent(services, ref, "Anything to note?", workspace)) is RunStatus.COMPLETED
    first = requests_sent(services, ref)[0]
    instructions = first.messages[0]
    assert instructions.role == "system"
    assert "come from the MCP servers notes:" in instructions.content  # named in the text, not only offered
    assert "notes__create_note" in offered_tools(first)


def test_a_failed_mcp_call_reaches_the_trace_as_a_phrase_and_the_model_as_english(
    services: AppServices, added: NotesServer, workspace: str, script: Script
) -> None:
    ref = script(call("notes__crash"), final("It failed."), pick="by_turn")
    handle = send_agent(services, ref, "Crash the notes server.", workspace)
    assert settle(handle) is RunStatus.WAITING_APPROVAL
    assert settle(services.agent_runs.approve(handle.run_id)) is RunStatus.COMPLETED
    [result] = [d["result"] for d in event_data(services, handle.run_id, "tool.result")]
    assert result["ok"] is False
    phrase = result["phrase"]  # the window says it in its language (agent_panel's trace line)
    assert phrase["key"] == "mcp.call.not_done"
    assert phrase["values"]["reason"]["phrase"]["key"] == "mcp.call.server_failed"
    sent = tool_result_sent(requests_sent(services, ref)[-1], "call_1-0")
    assert sent.startswith("Not done: the MCP server notes failed:")
