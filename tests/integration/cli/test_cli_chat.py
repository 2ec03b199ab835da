"""`mira chat send` through the real entry point: bindings are checked, and what the model receives."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.integration.cli.conftest import Mira
from tests.support.fixtures import Script
from tests.support.scripted import recorded_requests

CHEF = {
    "name": "Chef",
    "prompt": {"description": "{{char}} cooks for {{user}}."},
    "llm_profile": {"temperature": 0.4, "max_tokens": 80},
}


@pytest.mark.parametrize(
    ("option", "message"),
    [
        ("--kb", "No knowledge base with id NOPE: see `mira kb list`."),
        ("--workspace", "No workspace with id NOPE: see `mira workspaces list`."),
        ("--role", "No role with id NOPE: see `mira roles list`."),
    ],
)
def test_send_bound_to_an_unknown_id_is_refused_in_one_line_and_creates_nothing(
    mira: Mira, script: Script, option: str, message: str
) -> None:
    ref = script({"text": "never sent"})
    result = mira("chat", "send", "--model", ref, option, "NOPE", "Hello?")
    assert (result.code, result.out, result.err) == (3, "", f"mira: error: {message}\n")
    assert mira("--json", "threads", "list", "--all").json() == []


def test_send_streams_json_lines_and_the_model_receives_the_roles_prompt_and_sampling(
    mira: Mira, script: Script, tmp_path: Path
) -> None:
    role_file = tmp_path / "chef.json"
    role_file.write_text(json.dumps(CHEF), encoding="utf-8")
    role_id = mira("--json", "roles", "create", "--file", str(role_file)).json()["id"]
    ref = script({"text": "Press it first."}, {"text": "Then fry it."}, record_to="sent.jsonl")
    first = mira("--json", "chat", "send", "--model", ref, "--role", role_id, "How do I cook tofu?")
    assert first.code == 0, first.err
    events = [json.loads(line) for line in first.out.splitlines()]
    assert [e["type"] for e in events][-2:] == ["message.completed", "run.completed"]
    assert "".join(e["text"] for e in events if e["type"] == "message.delta") == "Press it first."
    thread_id = events[0]["thread_id"]
    second = mira("--json", "chat", "send", "--thread", thread_id, "And then?")
    assert second.code == 0, second.err

    sent = recorded_requests(Path(ref.removeprefix("scripted:")).with_name("sent.jsonl"))
    assert [[(m["role"], m["content"]) for m in request["messages"]] for request in sent] == [
        [
            ("system", "You are Chef.\n\n## Description\nChef cooks for User."),
            ("user", "How do I cook tofu?"),
        ],
        [
            ("system", "You are Chef.\n\n## Description\nChef cooks for User."),
            ("user", "How do I cook tofu?"),
            ("assistant", "Press it first."),
            ("user", "And then?"),
        ],
    ]
    assert [(r["sampling"]["temperature"], r["sampling"]["max_tokens"]) for r in sent] == [(0.4, 80)] * 2
