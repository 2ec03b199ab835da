"""What survives a killed process, Ctrl-C, and export → import."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from mira_desktop.core.conversation.runs import EventType, RunStatus
from mira_desktop.core.conversation.threads import MessageStatus
from mira_desktop.services.app.bundle import AppServices
from mira_desktop.services.chat.service import SendOptions
from tests.support.fixtures import OpenServices, Script
from tests.support.waiting import wait_for

# 50 words, then held until the run is stopped or its process killed: it cannot end first.
SLOW = {"text": " ".join(f"w{i}" for i in range(400)), "token_delay_ms": 25, "hold_after": 50}


def _start_cli(data_dir: Path, *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "mira_desktop.app", "--data-dir", str(data_dir), "--json", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _stored_answer(data_dir: Path, run_id: str) -> str:
    """The answer of ``run_id`` as the database holds it now (read-only, beside the writing process)."""
    database = data_dir / "mira.db"
    conn = sqlite3.connect(f"{database.resolve().as_uri()}?mode=ro", uri=True, timeout=5)
    try:
        row = conn.execute(
            "SELECT content FROM messages WHERE run_id = ? AND role = 'assistant'", (run_id,)
        ).fetchone()
    finally:
        conn.close()
    return str(row[0]) if row else ""


def _wait_for_text(process: subprocess.Popen[str], words: int) -> list[dict[str, object]]:
    assert process.stdout is not None
    events = []
    seen = 0
    while seen < words:
        line = process.stdout.readline()
        assert line, process.stderr.read() if process.stderr else ""
        event = json.loads(line)
        events.append(event)
        if event["type"] == "message.delta" and event["seq"] is None:
            seen += 1
    return events


def test_a_killed_process_leaves_its_run_marked_interrupted_with_partial_text(
    data_dir: Path, script: Script, open_services: OpenServices
) -> None:
    ref = script(SLOW)
    process = _start_cli(data_dir, "chat", "send", "--model", ref, "Tell me everything")
    events = _wait_for_text(process, 40)
    run_id = str(events[0]["run_id"])
    # Killed once some of the answer is on disk (the deltas are written coalesced, four times a second).
    wait_for(lambda: _stored_answer(data_dir, run_id).startswith("w0 w1 w2"), 30, what="partial text on disk")
    process.kill()
    process.communicate(timeout=10)
    with open_services() as services:  # the next start recovers
        run = services.chat.run(run_id)
        assert run is not None
        assert run.status is RunStatus.INTERRUPTED
        answer = services.threads.show(run.thread_id).messages[-1]
        assert answer.status is MessageStatus.ERROR
        assert answer.error is not None
        assert answer.error["kind"] == "interrupted"
        assert answer.content.startswith("w0 w1 w2")
        assert services.chat.run_events(run_id)[-1].type == EventType.RUN_INTERRUPTED


def test_a_run_of_a_live_process_is_not_marked_interrupted(
    data_dir: Path, script: Script, open_services: OpenServices
) -> None:
    ref = script(SLOW)
    process = _start_cli(data_dir, "chat", "send", "--model", ref, "Long answer please")
    try:
        events = _wait_for_text(process, 5)
        with open_services() as other:  # e.g. `mira` beside the running app
            run = other.chat.run(str(events[0]["run_id"]))
            assert run is not None
            assert run.status is RunStatus.RUNNING
    finally:
        process.send_signal(signal.SIGINT)
        process.communicate(timeout=30)


def test_ctrl_c_stops_the_run_like_the_stop_button(
    data_dir: Path, script: Script, open_services: OpenServices
) -> None:
    ref = script(SLOW)
    process = _start_cli(data_dir, "chat", "send", "--model", ref, "Go on and on")
    _wait_for_text(process, 10)
    process.send_signal(signal.SIGINT)
    out, _ = process.communicate(timeout=30)
    assert process.returncode == 130
    last = json.loads(out.strip().splitlines()[-1])
    assert last["type"] == "run.cancelled"
    assert last["status"] == "cancelled"
    assert {"thread_id", "run_id", "message_id"} <= last.keys()
    with open_services() as services:
        answer = services.threads.show(last["thread_id"]).messages[-1]
        assert answer.status is MessageStatus.CANCELLED
        assert answer.content.startswith("w0 w1")
        run = services.chat.run(last["run_id"])
        assert run is not None
        assert run.status is RunStatus.CANCELLED


def test_export_then_import_round_trips_the_whole_tree(
    services: AppServices, script: Script, tmp_path: Path, open_services: OpenServices
) -> None:
    ref = script(
        {"text": "A1"},
        {"error": {"kind": "model_error", "message": "broke"}},
        {"text": "A1b"},
        {"text": "A2"},
    )
    first = services.chat.send(None, "Q1 中文", SendOptions(model_ref=ref))
    first.wait(30)
    services.chat.regenerate(first.assistant_message_id).wait(30)
    services.chat.regenerate(first.assistant_message_id).wait(30)
    services.chat.send(first.thread_id, "Q2").wait(30)
    services.summaries.set(first.thread_id, "A summary")
    exported = tmp_path / "thread.json"
    thread = services.threads.get(first.thread_id)
    services.transfer.export(thread, "json", exported)
    original = json.loads(exported.read_text("utf-8"))

    with open_services(tmp_path / "other-data") as other:
        imported = other.transfer.import_file(exported)
        again = other.transfer.to_json(imported)
        assert again["thread"] == original["thread"]
        assert again["messages"] == original["messages"]
        assert [m.content for m in other.branches.active_branch(imported.id)] == [
            "Q1 中文",
            "A1b",
            "Q2",
            "A2",
        ]
    # Importing into the data folder that has it already gives new ids, same tree.
    copy = services.transfer.import_file(exported)
    assert copy.id != first.thread_id
    assert len(services.threads.show(copy.id).messages) == len(original["messages"])
    markdown = services.transfer.to_markdown(thread)
    assert markdown.startswith("# Q1 中文")
    assert "## Mira" in markdown
    assert "A1b" in markdown
    assert "A1\n" not in markdown  # other branches are not in the Markdown export


@pytest.mark.parametrize(
    "content",
    [
        "not json",
        json.dumps({"format": "something else"}),
        json.dumps({"format": "mira.thread", "version": 1, "thread": {}, "messages": []}),
        json.dumps(
            {
                "format": "mira.thread",
                "version": 1,
                "thread": {"id": "thr_x", "title": "t", "status": "active", "created_at": "a", "updated_at": "b"},
                "messages": [
                    {"id": "m1", "parent_id": "ghost", "role": "user", "content": "x", "status": "complete",
                     "created_at": "a", "updated_at": "a"}
                ],
            }
        ),
    ],
)  # fmt: skip
def test_malformed_imports_are_refused_without_partial_rows(
    services: AppServices, tmp_path: Path, content: str
) -> None:
    from mira_desktop.core.errors import InvalidInputError

    path = tmp_path / "bad.json"
    path.write_text(content)
    before = services.threads.list(None)
    with pytest.raises(InvalidInputError, match="not a"):
        services.transfer.import_file(path)
    assert services.threads.list(None) == before
    assert os.path.exists(path)
