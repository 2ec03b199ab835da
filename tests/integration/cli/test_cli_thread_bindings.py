"""`mira threads set`: agent mode can be turned off again, and bad ids change nothing."""

from __future__ import annotations

import json
from pathlib import Path

from tests.integration.cli.conftest import Mira


def _script(tmp_path: Path) -> str:
    path = tmp_path / "script.json"
    path.write_text(json.dumps({"replies": [{"text": "Done."}, {"text": "Answered."}]}))
    return f"scripted:{path}"


def test_agent_mode_is_turned_off_again_and_the_next_send_is_a_chat_run(mira: Mira, tmp_path: Path) -> None:
    model = _script(tmp_path)
    workspace = mira("--json", "workspaces", "list").json()[0]["id"]
    first = mira("--json", "chat", "send", "--model", model, "--agent", "--workspace", workspace, "tidy up")
    thread_id = json.loads(first.out.strip().splitlines()[-1])["thread_id"]
    assert mira("--json", "threads", "show", thread_id).json()["thread"]["agent_enabled"] is True

    off = mira("--json", "threads", "set", thread_id, "--agent", "off")
    assert off.code == 0
    assert off.json()["agent_enabled"] is False
    assert off.json()["workspace_id"] == workspace
    second = mira("--json", "chat", "send", "--thread", thread_id, "what now?")
    last = json.loads(second.out.strip().splitlines()[-1])
    assert last["status"] == "completed"
    run = mira("--json", "runs", "show", last["run_id"]).json()
    assert run["route"] == "chat"


def test_threads_set_refuses_nothing_to_change_and_unknown_ids(mira: Mira, tmp_path: Path) -> None:
    sent = mira("--json", "chat", "send", "--model", _script(tmp_path), "hi")
    thread_id = json.loads(sent.out.strip().splitlines()[-1])["thread_id"]
    assert mira("threads", "set", thread_id).code == 2
    unknown = mira("threads", "set", thread_id, "--workspace", "NOPE")
    assert unknown.code == 3
    assert "No workspace with id NOPE" in unknown.err
    assert mira("threads", "set", "thr_nope", "--agent", "off").code == 3
