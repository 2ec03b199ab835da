"""`mira threads fork` and the model each answer names in `mira threads show` and exports."""

from __future__ import annotations

import json
from pathlib import Path

from tests.integration.cli.conftest import Mira
from tests.support.fixtures import Script


def _last(out: str) -> dict[str, str]:
    return dict(json.loads(out.strip().splitlines()[-1]))


def _conversation(mira: Mira, model: str) -> tuple[str, list[dict[str, str]]]:
    first = _last(mira("--json", "chat", "send", "--model", model, "one").out)
    mira("--json", "chat", "send", "--thread", first["thread_id"], "two")
    shown = mira("--json", "threads", "show", first["thread_id"]).json()
    return first["thread_id"], shown["messages"]


def test_fork_prints_the_new_threads_id_and_copies_the_history_up_to_the_message(
    mira: Mira, script: Script
) -> None:
    thread_id, messages = _conversation(mira, script({"text": "First."}, {"text": "Second."}, pick="by_turn"))
    first_answer = messages[1]["id"]
    forked = mira("threads", "fork", first_answer)
    assert forked.code == 0
    new_id = forked.out.strip()
    assert new_id.startswith("thr_")
    assert new_id != thread_id
    copied = mira("--json", "threads", "show", new_id).json()["messages"]
    assert [m["content"] for m in copied] == ["one", "First."]
    assert copied[0]["metadata"]["forked_from"]["message_id"] == first_answer
    shown = mira("--json", "threads", "show", new_id).json()["forked_from"]
    assert (shown["thread_id"], shown["message_id"], shown["mode"], shown["exists"]) == (
        thread_id,
        first_answer,
        "from_here",
        True,
    )
    assert f"forked from {thread_id} at {first_answer} (from_here)" in mira("threads", "show", new_id).out


def test_fork_onward_as_json_says_what_was_copied(mira: Mira, script: Script) -> None:
    thread_id, messages = _conversation(mira, script({"text": "First."}, {"text": "Second."}, pick="by_turn"))
    result = mira("--json", "threads", "fork", messages[2]["id"], "--onward")
    assert result.code == 0
    data = result.json()
    assert (data["source_thread_id"], data["mode"], data["on_visible_branch"]) == (thread_id, "onward", True)
    copied = mira("--json", "threads", "show", data["thread_id"]).json()["messages"]
    assert [m["content"] for m in copied] == ["two", "Second."]
    assert [m["id"] for m in copied] == data["messages"]


def test_fork_of_a_message_on_a_hidden_branch_says_which_branch_it_took(mira: Mira, script: Script) -> None:
    thread_id, messages = _conversation(mira, script({"text": "First."}, {"text": "Second."}, pick="by_turn"))
    hidden = messages[2]["id"]  # "two": edited below, so its branch is no longer shown
    assert mira("--json", "chat", "edit", hidden, "two, asked again").code == 0
    result = mira("threads", "fork", hidden, "--onward")
    assert result.code == 0
    assert f"on a branch {thread_id} does not show" in result.err
    assert messages[3]["id"] in result.err  # the end of the branch it took
    copied = mira("--json", "threads", "show", result.out.strip()).json()["messages"]
    assert [m["content"] for m in copied] == ["two", "Second."]


def test_fork_of_an_unknown_message_fails_with_one_line_and_changes_nothing(
    mira: Mira, script: Script
) -> None:
    _conversation(mira, script({"text": "First."}, {"text": "Second."}, pick="by_turn"))
    before = mira("--json", "threads", "list").json()
    result = mira("threads", "fork", "msg_nope")
    assert result.code == 3
    assert result.err.strip().count("\n") == 0
    assert "msg_nope" in result.err
    assert mira("--json", "threads", "list").json() == before


def test_threads_show_and_the_markdown_export_name_the_model_of_each_answer(
    mira: Mira, script: Script, tmp_path: Path
) -> None:
    model = script({"text": "First."}, {"text": "Second."}, {"text": "Third."}, pick="by_turn")
    thread_id, messages = _conversation(mira, model)
    name = Path(model.removeprefix("scripted:")).name
    assert [m["model"] for m in messages] == [None, model, None, model]
    text = mira("threads", "show", thread_id).out
    assert f"assistant {messages[1]['id']} [Scripted ({name})]:" in text
    target = tmp_path / "thread.md"
    assert mira("threads", "export", thread_id, "-o", str(target)).code == 0
    assert target.read_text().count(f"## Mira · Scripted ({name})") == 2
    sent = mira("--json", "chat", "send", "--thread", thread_id, "three").out.splitlines()
    [started] = [json.loads(line) for line in sent if '"run.started"' in line]
    assert started["model"] == model
