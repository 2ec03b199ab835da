"""`mira chat compare` through the real entry point, with two scripted models."""

from __future__ import annotations

import json
from pathlib import Path

from tests.integration.cli.conftest import Mira
from tests.support.fixtures import Script
from tests.support.scripted import recorded_requests


def test_compare_prints_both_answers_with_their_speed_and_how_to_keep_the_second(
    mira: Mira, script: Script
) -> None:
    left = script({"text": "Paris, of course.", "token_delay_ms": 5}, record_to="left.jsonl")
    right = script({"text": "It is Paris.", "token_delay_ms": 5}, record_to="right.jsonl")

    result = mira("chat", "compare", "--model", left, "--model", right, "Capital of France?")

    assert result.code == 0, result.err
    lines = result.out.splitlines()
    assert lines[:4] == [f"── 1. {left} ──", "Paris, of course.", f"── 2. {right} ──", "It is Paris."]
    assert lines[4].startswith(f"1. {left}: completed, first token ")
    assert "tokens/s (3 tokens)" in lines[4]
    assert lines[5].startswith(f"2. {right}: completed, first token ")
    assert lines[6].startswith("The thread shows answer 1; keep answer 2 instead: mira threads switch ")
    assert (
        result.err
        == "mira: Both at once: the two models fit in memory together (0 MB needed, "
        + result.err.split(", ", 1)[1]
    )
    for path in ("left.jsonl", "right.jsonl"):  # each was sent the question
        (sent,) = recorded_requests(Path(left.removeprefix("scripted:")).parent / path)
        assert sent["messages"][-1] == {"role": "user", "content": "Capital of France?"}
    switch = lines[6].split(": ", 1)[1].split()
    assert mira("threads", "switch", switch[3], switch[4]).code == 0
    shown = mira("--json", "threads", "show", switch[3]).json()
    assert shown["thread"]["active_leaf_id"] == switch[4]
    by_id = {m["id"]: m for m in shown["messages"]}
    assert by_id[switch[4]]["content"] == "It is Paris."
    siblings = [m["content"] for m in shown["messages"] if m["parent_id"] == by_id[switch[4]]["parent_id"]]
    assert sorted(siblings) == ["It is Paris.", "Paris, of course."]  # the other answer is kept beside it


def test_compare_json_emits_two_run_streams_framed_by_the_start_and_the_speeds(
    mira: Mira, script: Script
) -> None:
    left, right = script({"text": "One."}), script({"text": "Two words."})

    result = mira("--json", "chat", "compare", "--model", left, "--model", right, "Hi")

    assert result.code == 0, result.err
    events = [json.loads(line) for line in result.out.splitlines()]
    opening, *runs, first_speed, second_speed = events
    assert opening["type"] == "compare.started"
    assert opening["models"] == [left, right]
    assert opening["together"] is True
    for run_id, text in zip(opening["runs"], ("One.", "Two words."), strict=True):
        stream = [e for e in runs if e["run_id"] == run_id]
        assert [e["type"] for e in stream][-2:] == ["message.completed", "run.completed"]
        assert "".join(e["text"] for e in stream if e["type"] == "message.delta" and e["seq"] is None) == text
    assert {e["run_id"] for e in runs} == set(opening["runs"])
    assert (first_speed["type"], first_speed["model"], first_speed["tokens"]) == ("compare.speed", left, 1)
    assert (second_speed["model"], second_speed["tokens"], second_speed["status"]) == (right, 2, "completed")


def test_compare_answers_an_earlier_message_again_and_refuses_one_model_twice(
    mira: Mira, script: Script
) -> None:
    first = script({"text": "Hello!"})  # each `mira` starts the script afresh
    sent = [
        json.loads(line) for line in mira("--json", "chat", "send", "--model", first, "Hi").out.splitlines()
    ]
    other = script({"text": "Hey."})

    again = mira(
        "--json", "chat", "compare", "--model", first, "--model", other, "--message", sent[-1]["message_id"]
    )
    same = mira("chat", "compare", "--model", other, "--model", other, "Hi")

    assert again.code == 0, again.err
    opening = json.loads(again.out.splitlines()[0])
    assert opening["thread_id"] == sent[0]["thread_id"]
    shown = mira("--json", "threads", "show", opening["thread_id"]).json()
    question = next(m for m in shown["messages"] if m["role"] == "user")
    answers = [m["content"] for m in shown["messages"] if m["parent_id"] == question["id"]]
    assert (question["content"], answers) == ("Hi", ["Hello!", "Hello!", "Hey."])  # three branches
    assert shown["thread"]["active_leaf_id"] == opening["message_ids"][0]
    assert (same.code, same.out, same.err) == (2, "", "mira: error: Pick two different models to compare.\n")
