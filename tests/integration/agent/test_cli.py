"""The agent command line: `mira agent tools`, `chat send --agent`, `runs show|approve|deny`, and a
run paused by one OS process and approved by another."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from tests.integration.agent.conftest import Mira
from tests.integration.agent.runs import call, final
from tests.support.fixtures import Script
from tests.support.scripted import recorded_requests

WRITE = call("write_file", path="summary.md", content="# Summary\n")
TOOLS = {
    "list_files": "read",
    "read_file": "read",
    "search_files": "read",
    "write_file": "write",
    "edit_file": "write",
    "make_dir": "write",
    "move_file": "destructive",
    "delete_file": "destructive",
    "kb_search": "read",
    "run_command": "command",  # where bubblewrap makes a sandbox (make installs it)
}


def _strings(schema: dict[str, Any]) -> list[dict[str, Any]]:
    return [p for p in schema["properties"].values() if p["type"] == "string"]


def test_mira_agent_tools_lists_each_tool_with_its_schema_and_risk(mira: Mira) -> None:
    for skill in mira("--json", "skills", "list").json():  # with a skill on, load_skill is listed too
        mira("skills", "disable", skill["name"])
    listed = mira("--json", "agent", "tools")
    assert listed.code == 0
    tools = listed.json()["tools"]
    assert {t["name"]: t["risk"] for t in tools} == TOOLS
    assert listed.json()["absent"] == []
    for tool in tools:
        assert tool["description"]
        schema = tool["parameters"]
        assert (schema["type"], schema["additionalProperties"]) == ("object", False)
        assert set(schema["required"]) <= set(schema["properties"])
        assert all("maxLength" in s for s in _strings(schema)), tool["name"]  # nothing unbounded
    read_file = next(t for t in tools if t["name"] == "read_file")
    assert read_file["parameters"]["required"] == ["path"]
    table = mira("agent", "tools")
    assert table.out.splitlines()[0].split() == ["TOOL", "SERVER", "RISK", "PERMISSION", "WHAT", "IT", "DOES"]
    assert "delete_file" in table.out


def test_chat_send_agent_prints_the_pending_call_with_its_diff_and_exits_0(
    mira: Mira, project: Path, script: Script
) -> None:
    workspace = mira("--json", "workspaces", "add", "project", str(project)).json()["id"]
    ref = script(WRITE, final("Wrote it."), pick="by_turn")
    sent = mira("chat", "send", "--agent", "--workspace", workspace, "--model", ref, "Write a summary.")
    assert sent.code == 0, sent.err
    assert sent.err == ""
    lines = sent.out.strip().splitlines()
    assert lines[0] == (
        "Waiting for approval of write_file (call call_1-0): write_file creates or changes files in the "
        "workspace, so it needs your approval."
    )
    assert lines[1:6] == [
        "Create summary.md (1 lines)",
        "--- /dev/null",
        "+++ b/summary.md",
        "@@ -0,0 +1 @@",
        "+# Summary",
    ]
    run_id = lines[-1].split()[4]
    assert lines[-1] == f"Approve: mira runs approve {run_id}   Deny: mira runs deny {run_id} [--reason TEXT]"
    assert not (project / "summary.md").exists()

    shown = mira("--json", "runs", "show", run_id).json()
    assert shown["status"] == "waiting_approval"
    assert shown["pending"]["call_id"] == "call_1-0"
    assert shown["pending"]["proposal"]["changes"][0]["path"] == "summary.md"
    text = mira("runs", "show", run_id).out
    assert "waiting_approval" in text
    assert "waiting for approval: write_file (call call_1-0)" in text
    assert "budgets: 1/25 model calls, 1/60 tool calls" in text

    approved = mira("--json", "runs", "approve", run_id, "--call", "call_1-0")
    assert approved.code == 0, approved.err
    kinds = [e["type"] for e in approved.lines()]
    assert kinds[0] == "run.resumed"
    assert kinds[-2:] == ["message.completed", "run.completed"]
    assert (project / "summary.md").read_text() == "# Summary\n"
    assert "files changed: summary.md" in mira("runs", "show", run_id).out


def test_chat_send_agent_json_ends_with_the_waiting_event_and_its_pending_call(
    mira: Mira, project: Path, script: Script
) -> None:
    workspace = mira("--json", "workspaces", "add", "project", str(project)).json()["id"]
    ref = script(WRITE, final("Wrote it."), pick="by_turn")
    sent = mira("--json", "chat", "send", "--agent", "--workspace", workspace, "--model", ref, "Summary")
    assert sent.code == 0, sent.err
    last = sent.lines()[-1]
    assert (last["type"], last["status"]) == ("run.waiting", "waiting_approval")
    assert last["pending"]["tool"] == "write_file"
    assert last["pending"]["proposal"]["diff"].endswith("+# Summary\n")


def test_approving_another_call_id_from_the_command_line_is_refused(
    mira: Mira, project: Path, script: Script
) -> None:
    workspace = mira("--json", "workspaces", "add", "project", str(project)).json()["id"]
    ref = script(WRITE, final("Wrote it."), pick="by_turn")
    run_id = mira("--json", "chat", "send", "--agent", "--workspace", workspace, "--model", ref, "S").lines()[
        0
    ]["run_id"]
    refused = mira("runs", "approve", run_id, "--call", "call_9-9")
    assert (refused.code, refused.out) == (4, "")
    assert refused.err == (
        f"mira: error: The run waits for call call_1-0, not call_9-9: nothing was done. "
        f"See `mira runs show {run_id}`.\n"
    )
    assert mira("--json", "runs", "show", run_id).json()["status"] == "waiting_approval"
    assert not (project / "summary.md").exists()


def test_mira_runs_deny_streams_the_rest_of_the_run_and_the_model_reads_the_reason(
    mira: Mira, project: Path, script: Script, tmp_path: Path
) -> None:
    workspace = mira("--json", "workspaces", "add", "project", str(project)).json()["id"]
    ref = script(WRITE, final("Fine, no summary."), pick="by_turn", record_to="sent.jsonl")
    run_id = mira("--json", "chat", "send", "--agent", "--workspace", workspace, "--model", ref, "S").lines()[
        0
    ]["run_id"]
    denied = mira("runs", "deny", run_id, "--reason", "not today")
    assert (denied.code, denied.out) == (0, "Fine, no summary.\n")
    last = recorded_requests(tmp_path / "scripts" / "sent.jsonl")[-1]["messages"][-1]
    assert (
        last["content"]
        == "Not run: the user denied this call. Their reason: not today Do not retry it unchanged."
    )


def test_always_for_this_workspace_from_the_command_line_is_kept_for_the_next_run(
    mira: Mira, project: Path, script: Script
) -> None:
    workspace = mira("--json", "workspaces", "add", "project", str(project)).json()["id"]
    ref = script(WRITE, final("Wrote it."), pick="by_turn")
    first = mira("--json", "chat", "send", "--agent", "--workspace", workspace, "--model", ref, "S")
    run_id = first.lines()[0]["run_id"]
    assert mira("runs", "approve", run_id, "--always-workspace").code == 0
    (project / "summary.md").unlink()
    again = mira("--json", "chat", "send", "--agent", "--workspace", workspace, "--model", ref, "Again")
    assert again.lines()[-1]["type"] == "run.completed"  # not asked this time
    assert (project / "summary.md").exists()


def test_threads_set_agent_off_turns_agent_runs_off_again(mira: Mira, project: Path, script: Script) -> None:
    workspace = mira("--json", "workspaces", "add", "project", str(project)).json()["id"]
    ref = script(final("Agent answer."), final("Plain answer."), pick="by_turn")
    sent = mira("--json", "chat", "send", "--agent", "--workspace", workspace, "--model", ref, "Hi")
    thread_id = sent.lines()[0]["thread_id"]
    assert mira("--json", "threads", "set", thread_id, "--agent", "off").code == 0
    chat = mira("--json", "chat", "send", "--thread", thread_id, "Hi again")
    assert chat.code == 0, chat.err
    assert next(e for e in chat.lines() if e["type"] == "route.selected")["route"] == "chat"


def _mira_process(data_dir: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mira_desktop.app", "--data-dir", str(data_dir), *args],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_a_run_paused_by_one_process_is_approved_by_another_with_the_same_run_id(
    data_dir: Path, project: Path, script: Script
) -> None:
    workspace = json.loads(_mira_process(data_dir, "--json", "workspaces", "add", "p", str(project)).stdout)[
        "id"
    ]
    ref = script(call("read_file", path="notes.md"), WRITE, final("Summary written."), pick="by_turn")
    sent = _mira_process(
        data_dir, "--json", "chat", "send", "--agent", "--workspace", workspace, "--model", ref, "S"
    )
    assert sent.returncode == 0, sent.stderr
    waiting = json.loads(sent.stdout.splitlines()[-1])
    assert waiting["type"] == "run.waiting"

    approved = _mira_process(data_dir, "--json", "runs", "approve", waiting["run_id"], "--call", "call_2-0")
    assert approved.returncode == 0, approved.stderr
    events = [json.loads(line) for line in approved.stdout.splitlines()]
    assert {e["run_id"] for e in events} == {waiting["run_id"]}
    assert events[-1]["type"] == "run.completed"
    assert (project / "summary.md").read_text() == "# Summary\n"
    shown = json.loads(_mira_process(data_dir, "--json", "runs", "show", waiting["run_id"]).stdout)
    assert (shown["status"], shown["files_changed"], shown["files_read"]) == (
        "completed",
        ["summary.md"],
        ["notes.md"],
    )
