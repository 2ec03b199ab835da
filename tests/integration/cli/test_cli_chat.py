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
        ("--kb", "No knowledge base with id or name 'NOPE': see `mira kb list`."),
        ("--project", "No project with id NOPE: see `mira projects list`."),
        ("--workspace", "No project with id NOPE: see `mira projects list`."),  # the older name of --project
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


def test_send_binds_a_knowledge_base_given_by_its_name(mira: Mira, script: Script) -> None:
    created = mira("--json", "kb", "create", "Station manual").json()
    ref = script({"text": "Nothing yet."})
    sent = mira("--json", "chat", "send", "--model", ref, "--kb", "Station manual", "Who is the commander?")
    assert sent.code == 0, sent.err
    thread_id = json.loads(sent.out.splitlines()[0])["thread_id"]
    (listed,) = mira("--json", "threads", "list").json()
    assert (listed["id"], listed["knowledge_base_id"]) == (thread_id, created["id"])


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


INNKEEPER = {
    "name": "Innkeeper",
    "prompt": {
        "description": "{{char}} runs the inn.",
        "first_message": "Welcome, {{user}}! A room for the night?",
        "alternate_greetings": ["Back again, {{user}}?"],
    },
}


def test_the_cli_opens_a_chat_with_a_role_with_its_greeting(
    mira: Mira, script: Script, tmp_path: Path
) -> None:
    card = tmp_path / "innkeeper.json"
    card.write_text(json.dumps(INNKEEPER))
    role_id = mira("--json", "roles", "create", "--file", str(card)).json()["id"]
    sent = mira(
        "--json", "chat", "send", "--model", script({"text": "Coming right up."}), "--role", role_id, "Tea?"
    )
    thread_id = json.loads(sent.out.strip().splitlines()[-1])["thread_id"]
    shown = mira("--json", "threads", "show", thread_id).json()["messages"]
    assert [m["content"] for m in shown] == [
        "Welcome, User! A room for the night?",
        "Tea?",
        "Coming right up.",
    ]
    refused = mira("chat", "send", "--role", role_id, "--greeting", "3", "Tea?")
    assert refused.code == 2
    assert "--greeting 1 to 2" in refused.err


def test_a_chat_in_a_project_whose_default_role_has_a_greeting_opens_with_it_as_with_role(
    mira: Mira, script: Script, tmp_path: Path
) -> None:
    card = tmp_path / "innkeeper.json"
    card.write_text(json.dumps(INNKEEPER))
    role_id = mira("--json", "roles", "create", "--file", str(card)).json()["id"]
    project_id = mira("--json", "projects", "create", "Inn").json()["id"]
    assert mira("projects", "set", project_id, "--role", role_id).code == 0
    threads = []
    for greeting, answer in (("1", "Coming right up."), ("2", "Tea it is."), ("0", "Plain.")):
        model = script({"text": answer})
        sent = mira(
            "--json", "chat", "send", "--model", model, "--project", project_id, "--greeting", greeting, "Tea?"
        )  # fmt: skip
        assert sent.code == 0, sent.err
        threads.append(json.loads(sent.out.strip().splitlines()[-1])["thread_id"])
    opened = [mira("--json", "threads", "show", t).json() for t in threads]
    assert [o["thread"]["role_id"] for o in opened] == [role_id] * 3
    assert [[m["content"] for m in o["messages"]] for o in opened] == [
        ["Welcome, User! A room for the night?", "Tea?", "Coming right up."],
        ["Back again, User?", "Tea?", "Tea it is."],
        ["Tea?", "Plain."],  # --greeting 0: none, as with --role
    ]


def test_editing_the_first_message_prints_the_command_that_retitles_the_thread(
    mira: Mira, script: Script
) -> None:
    ref = script({"text": "Soup."}, {"text": "Miso."}, {"text": "Still miso."})
    assert mira("chat", "send", "--model", ref, "Make tofu soup").code == 0
    [thread] = mira("--json", "threads", "list").json()
    assert thread["title"] == "Make tofu soup"
    first = mira("--json", "threads", "show", thread["id"]).json()["messages"][0]

    edited = mira("chat", "edit", first["id"], "Make miso soup tonight")
    assert edited.code == 0
    hint = f"mira: the title is still the first message as it was; rename the thread: mira threads rename {thread['id']} 'Make miso soup tonight'\n"
    assert edited.err.endswith(hint)
    assert mira("threads", "rename", thread["id"], "Make miso soup tonight").code == 0  # the command works

    again = mira("chat", "edit", first["id"], "Make tofu soup please")  # the title is the user's now
    assert again.code == 0
    assert "rename the thread" not in again.err
