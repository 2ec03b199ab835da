"""Each tool through a real agent run: what the model reads back, what lands on disk, what is offered."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from mira_desktop.core.conversation.runs import RunStatus
from mira_desktop.services.app.bundle import AppServices
from tests.integration.agent.conftest import NOTES, OLD
from tests.integration.agent.runs import (
    GRAMMAR_MODE,
    call,
    final,
    json_call,
    json_final,
    offered_tools,
    send_agent,
    settle,
    tool_result_sent,
    without_skills,
)
from tests.support.fixtures import Script
from tests.support.scripted import requests_sent

FILE_TOOLS = [
    "list_files",
    "read_file",
    "search_files",
    "write_file",
    "edit_file",
    "make_dir",
    "move_file",
    "delete_file",
]


def test_list_read_and_search_results_reach_the_model_and_the_evidence(
    services: AppServices, workspace: str, script: Script
) -> None:
    ref = script(
        call("list_files", depth=2),
        call("read_file", path="notes.md", start_line=2, end_line=2),
        call("search_files", query="todo"),
        final("The TODO is the release notes."),
        pick="by_turn",
    )
    handle = send_agent(services, ref, "What is left to do?", workspace)
    assert settle(handle) is RunStatus.COMPLETED

    sent = requests_sent(services, ref)
    listing = tool_result_sent(sent[1], "call_1-0")
    assert "notes.md" in listing
    assert "src/" in listing
    assert "app.py" in listing
    read = tool_result_sent(sent[2], "call_2-0")
    assert "TODO: write the release notes" in read
    assert "The colour is blue." not in read  # only the line range asked for
    found = tool_result_sent(sent[3], "call_3-0")
    assert "notes.md:2: TODO: write the release notes" in found
    answer = services.threads.show(handle.thread_id).messages[-1]
    assert answer.content == "The TODO is the release notes."
    assert answer.metadata["evidence"]["files_read"] == ["notes.md"]
    assert answer.metadata["evidence"]["files_changed"] == []


Change = tuple[dict[str, Any], Callable[[Path], bool], str]  # the call, the disk after it, its summary
CHANGES: dict[str, Change] = {
    "write_file-creates": (
        call("write_file", path="new.md", content="fresh\n"),
        lambda p: (p / "new.md").read_text() == "fresh\n",
        "Create new.md",
    ),
    "write_file-replaces": (
        call("write_file", path="notes.md", content="replaced\n"),
        lambda p: (p / "notes.md").read_text() == "replaced\n",
        "Replace the content of notes.md",
    ),
    "edit_file": (
        call("edit_file", path="notes.md", old_text="blue", new_text="green"),
        lambda p: (p / "notes.md").read_text() == NOTES.replace("blue", "green"),
        "Edit notes.md at line 3",
    ),
    "make_dir": (call("make_dir", path="docs"), lambda p: (p / "docs").is_dir(), "Create the folder docs"),
    "move_file": (
        call("move_file", source="old.txt", destination="src/old.txt"),
        lambda p: not (p / "old.txt").exists() and (p / "src" / "old.txt").read_text() == OLD,
        "Move old.txt to src/old.txt",
    ),
    "delete_file": (
        call("delete_file", path="old.txt"),
        lambda p: not (p / "old.txt").exists(),
        "Delete old.txt",
    ),
}


@pytest.mark.parametrize("change", list(CHANGES.values()), ids=list(CHANGES))
def test_each_change_tool_waits_for_approval_then_changes_the_disk(
    services: AppServices,
    workspace: str,
    project: Path,
    script: Script,
    change: Change,
) -> None:
    reply, done, summary = change
    before = {p.relative_to(project): p.read_bytes() for p in project.rglob("*") if p.is_file()}
    ref = script(reply, final("Done."), pick="by_turn")
    handle = send_agent(services, ref, "Change it.", workspace)
    assert settle(handle) is RunStatus.WAITING_APPROVAL
    view = services.agent_runs.show(handle.run_id)
    assert view.pending is not None
    assert view.pending["tool"] == reply["tool_calls"][0]["name"]
    assert view.pending["proposal"]["summary"].startswith(summary)
    after_proposal = {p.relative_to(project): p.read_bytes() for p in project.rglob("*") if p.is_file()}
    assert after_proposal == before  # nothing was done before the approval
    assert not (project / "docs").exists()

    assert settle(services.agent_runs.approve(handle.run_id, "call_1-0")) is RunStatus.COMPLETED
    assert done(project)
    result = tool_result_sent(requests_sent(services, ref)[-1], "call_1-0")
    assert result.startswith(f"Done: {summary}")
    assert services.agent_runs.show(handle.run_id).files_changed


def test_an_edit_that_does_not_match_sends_the_nearest_lines_back(
    services: AppServices, workspace: str, project: Path, script: Script
) -> None:
    ref = script(
        call("edit_file", path="notes.md", old_text="The color is blue.", new_text="x"),
        final("I could not edit it."),
        pick="by_turn",
    )
    handle = send_agent(services, ref, "Fix the spelling.", workspace)
    assert settle(handle) is RunStatus.COMPLETED  # nothing to approve: the edit could not be planned
    result = tool_result_sent(requests_sent(services, ref)[-1], "call_1-0")
    assert "old_text was not found in notes.md" in result
    assert "The colour is blue." in result  # the nearest line, so the model can retry
    assert (project / "notes.md").read_text() == NOTES


@pytest.mark.parametrize("grammar", [False, True], ids=["native", "grammar"])
def test_kb_search_is_offered_only_when_a_knowledge_base_is_bound(
    services: AppServices, workspace: str, script: Script, grammar: bool
) -> None:
    without_skills(services)
    reply = json_final("ok") if grammar else final("ok")
    ref = script(reply, pick="by_turn", **({"profile": GRAMMAR_MODE} if grammar else {}))
    assert settle(send_agent(services, ref, "Hello", workspace)) is RunStatus.COMPLETED
    kb = services.knowledge_bases.create("Manual").id
    assert settle(send_agent(services, ref, "Hello", workspace, knowledge_base_id=kb)) is (
        RunStatus.COMPLETED
    )

    without_kb, with_kb = requests_sent(services, ref)
    # run_command is offered where bubblewrap makes a sandbox (make installs it), after Mira's own tools.
    assert offered_tools(without_kb) == [*FILE_TOOLS, "run_command"]
    assert offered_tools(with_kb) == [*FILE_TOOLS, "kb_search", "run_command"]
    if grammar:
        assert without_kb.tools == ()
        assert with_kb.tools == ()
    else:
        assert without_kb.json_schema is None


def test_grammar_mode_runs_a_tool_and_reads_its_result_as_a_message(
    services: AppServices, workspace: str, script: Script
) -> None:
    ref = script(
        json_call("read_file", path="src/app.py"),
        json_final("greet says hello."),
        pick="by_turn",
        profile=GRAMMAR_MODE,
    )
    handle = send_agent(services, ref, "What does greet do?", workspace)
    assert settle(handle) is RunStatus.COMPLETED
    second = requests_sent(services, ref)[1]
    assert second.json_schema is not None
    assert second.messages[-2].role == "assistant"
    assert '"tool": "read_file"' in second.messages[-2].content
    assert second.messages[-1].role == "user"
    assert second.messages[-1].content.startswith("Result of read_file:")
    assert "return f'Hello, {name}'" in second.messages[-1].content
    assert services.threads.show(handle.thread_id).messages[-1].content == "greet says hello."
