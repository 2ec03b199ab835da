"""Thinking models through `mira`: the answer reads clean, its reasoning is kept beside it and never
sent back, and a model that only thought says so with its own exit status.

The model is a loopback OpenAI-compatible server (tests/support/model_server.py) that streams
reasoning as ``reasoning_content`` or inside ``<think>`` tags, or thinks until its token limit.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.integration.cli.conftest import Mira
from tests.support.gguf_files import THINKING_CHATML, smollm2, with_template
from tests.support.model_server import ThinkingServer

REASONING = "The user asks for 2 + 2. Two and two make four."
ANSWER = "2 + 2 = 4."


@pytest.fixture
def server() -> Iterator[ThinkingServer]:
    with ThinkingServer(reasoning=REASONING, answer=ANSWER, piece=4) as running:
        yield running


def _model(mira: Mira, server: ThinkingServer, model: str) -> str:
    added = mira("models", "add-remote", "lab", "--base-url", server.base_url, "--model", model)
    assert added.code == 0, added.err
    return f"remote:lab/{model}"


def _answer(mira: Mira, thread_id: str) -> dict[str, object]:
    shown = mira("--json", "threads", "show", thread_id).json()
    messages = shown["messages"] if isinstance(shown, dict) else shown
    return next(m for m in reversed(messages) if m["role"] == "assistant")


@pytest.mark.parametrize("model", ["think-field", "think-tags"])
def test_a_thinking_answer_prints_clean_and_keeps_its_reasoning_as_a_part_never_sent_back(
    mira: Mira, server: ThinkingServer, model: str
) -> None:
    ref = _model(mira, server, model)
    first = mira("--json", "chat", "send", "--model", ref, "What is 2 + 2?")
    assert first.code == 0, first.err
    events = [json.loads(line) for line in first.out.splitlines()]
    thread_id = events[-1]["thread_id"]
    assert "".join(e["text"] for e in events if e["type"] == "reasoning.delta" and e["seq"] is None).strip() == REASONING
    assert "".join(e["text"] for e in events if e["type"] == "message.delta" and e["seq"] is None) == ANSWER

    answer = _answer(mira, thread_id)
    assert answer["content"] == ANSWER
    assert answer["status"] == "complete"
    assert [p["type"] for p in answer["parts"]] == ["reasoning"]
    assert answer["parts"][0]["text"] == REASONING

    second = mira("chat", "send", "--thread", thread_id, "And 3 + 3?")
    assert (second.code, second.out) == (0, ANSWER + "\n")
    history = server.requests[-1]["messages"]
    assert [m["role"] for m in history] == ["user", "assistant", "user"]
    assert history[1] == {"role": "assistant", "content": ANSWER}  # no think tags, no reasoning_content


def test_a_server_model_seen_thinking_gets_room_for_its_reasoning_in_every_later_process(
    mira: Mira, server: ThinkingServer
) -> None:
    ref = _model(mira, server, "think-field")
    assert mira("chat", "send", "--model", ref, "What is 2 + 2?").code == 0
    assert mira("chat", "send", "--model", ref, "And 3 + 3?").code == 0  # each `mira` is a new process
    assert [r["max_tokens"] for r in server.requests] == [512, 4096]  # 512 + 3,584 (half of 8,192)


def test_show_thinking_prints_the_reasoning_on_stderr_and_the_answer_alone_on_stdout(
    mira: Mira, server: ThinkingServer
) -> None:
    ref = _model(mira, server, "think-field")
    quiet = mira("chat", "send", "--model", ref, "What is 2 + 2?")
    shown = mira("chat", "send", "--model", ref, "--show-thinking", "What is 2 + 2?")
    assert (quiet.out, quiet.err) == (ANSWER + "\n", "")
    assert shown.out == ANSWER + "\n"
    assert shown.err.strip() == REASONING


def test_a_model_that_thinks_until_its_limit_ends_cut_off_while_thinking_with_exit_7(
    mira: Mira, server: ThinkingServer
) -> None:
    ref = _model(mira, server, "think-forever")
    result = mira("chat", "send", "--model", ref, "What is 2 + 2?")
    assert result.code == 7
    assert result.out.strip() == ""
    line = result.err.strip()
    assert line.startswith("mira: Cut off while thinking: the model spent its 512 tokens on reasoning")
    assert "Continue: mira chat continue msg_" in line

    threads = mira("--json", "threads", "list").json()
    answer = _answer(mira, threads[0]["id"])
    assert (answer["status"], answer["content"]) == ("error", "")  # never a complete, empty answer
    assert answer["error"]["kind"] == "cut_off_thinking"
    assert answer["metadata"]["cut_off_thinking"] is True
    assert answer["parts"][0]["type"] == "reasoning"
    assert len(answer["parts"][0]["text"].split()) == 512


def test_continue_after_thinking_cut_off_asks_again_with_twice_the_tokens(
    mira: Mira, server: ThinkingServer
) -> None:
    ref = _model(mira, server, "think-forever")
    assert mira("chat", "send", "--model", ref, "What is 2 + 2?").code == 7
    thread_id = mira("--json", "threads", "list").json()[0]["id"]
    answer = _answer(mira, thread_id)
    again = mira("chat", "continue", str(answer["id"]))
    assert again.code == 7
    assert [r["max_tokens"] for r in server.requests] == [512, 1024]
    assert [m["role"] for m in server.requests[-1]["messages"]] == ["user"]  # its reasoning is not sent


def test_thinking_off_for_a_thread_is_sent_to_the_server_as_chat_template_kwargs(
    mira: Mira, server: ThinkingServer
) -> None:
    ref = _model(mira, server, "think-field")
    assert mira("chat", "send", "--model", ref, "What is 2 + 2?").code == 0
    thread_id = mira("--json", "threads", "list").json()[0]["id"]
    switched = mira("threads", "set", thread_id, "--thinking", "off")
    assert (switched.code, switched.out) == (0, f"Thinking is off for {thread_id}.\n")
    assert mira("chat", "send", "--thread", thread_id, "And 3 + 3?").code == 0
    assert "chat_template_kwargs" not in server.requests[0]
    assert server.requests[-1]["chat_template_kwargs"] == {"enable_thinking": False}
    assert server.requests[-1]["max_tokens"] == 512


def test_a_model_whose_template_has_no_thinking_switch_is_refused_the_setting(mira: Mira) -> None:
    created = mira("--json", "chat", "send", "--model", "local:smollm2", "Hi")
    thread_id = json.loads(created.out.splitlines()[-1])["thread_id"]
    result = mira("threads", "set", thread_id, "--thinking", "on")
    assert result.code == 4
    assert "has no thinking switch" in result.err


def test_exports_keep_the_reasoning_and_search_leaves_it_out_unless_asked(
    mira: Mira, server: ThinkingServer, tmp_path: Path
) -> None:
    ref = _model(mira, server, "think-field")
    assert mira("chat", "send", "--model", ref, "What is 2 + 2?").code == 0
    thread_id = mira("--json", "threads", "list").json()[0]["id"]
    markdown, exported = tmp_path / "t.md", tmp_path / "t.json"
    assert mira("threads", "export", thread_id, "--format", "md", "-o", str(markdown)).code == 0
    assert mira("threads", "export", thread_id, "--format", "json", "-o", str(exported)).code == 0
    text = markdown.read_text("utf-8")
    assert "<details>\n<summary>Thought for" in text
    assert text.index(REASONING) < text.index(ANSWER)
    answer = json.loads(exported.read_text("utf-8"))["messages"][-1]
    assert (answer["content"], answer["parts"][0]["text"]) == (ANSWER, REASONING)

    assert mira("--json", "threads", "search", "make four").json() == []
    hits = mira("--json", "threads", "search", "--thinking", "make four").json()
    assert [h["thread_id"] for h in hits] == [thread_id]
    assert "make four" in hits[0]["snippet"]


@pytest.fixture(scope="module")
def thinking_gguf(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The embedded SmolLM2 with a thinking template (its generation prompt opens <think>)."""
    return with_template(smollm2(), tmp_path_factory.mktemp("thinking") / "smollm2-thinking.gguf", THINKING_CHATML)


def test_the_real_model_under_a_thinking_template_thinks_in_its_part_and_answers_clean_with_thinking_off(
    mira: Mira, thinking_gguf: Path, tmp_path: Path
) -> None:
    role_file = tmp_path / "brief.json"  # a short budget: SmolLM2 thinks until it or its end of text
    role_file.write_text(json.dumps({"name": "Brief", "prompt": {}, "llm_profile": {"temperature": 0.0, "max_tokens": 24}}))
    role_id = mira("--json", "roles", "create", "--file", str(role_file)).json()["id"]
    ref = f"local:{thinking_gguf}"
    thought = mira("chat", "send", "--model", ref, "--role", role_id, "--show-thinking", "What is 2 + 2?")
    assert thought.code == 7  # every word it wrote was reasoning: the opened <think> never closed
    assert thought.out.strip() == ""
    thread_id = mira("--json", "threads", "list").json()[0]["id"]
    kept = _answer(mira, thread_id)
    reasoning = kept["parts"][0]["text"]
    assert reasoning
    assert reasoning in thought.err
    assert "<think>" not in reasoning

    assert mira("threads", "set", thread_id, "--thinking", "off").code == 0
    preview = mira("--json", "threads", "preview", thread_id, "And 3 + 3?").json()
    assert preview["sampling"]["max_tokens"] == 24  # the role's own budget is taken as is
    answered = mira("chat", "send", "--thread", thread_id, "What is 2 + 2?")
    assert answered.code == 0, answered.err
    assert answered.out.strip()
    assert "<think>" not in answered.out
    assert "</think>" not in answered.out
    assert _answer(mira, thread_id)["parts"] == []


def test_a_thinking_model_gets_room_for_its_reasoning_unless_its_thinking_is_off(
    mira: Mira, thinking_gguf: Path
) -> None:
    created = mira("--json", "chat", "send", "--model", "local:smollm2", "Hi")
    thread_id = json.loads(created.out.splitlines()[-1])["thread_id"]
    assert mira("--json", "threads", "preview", thread_id).json()["sampling"]["max_tokens"] == 512
    assert mira("models", "set", f"local:{thinking_gguf}", "--context", "4096").code == 0
    assert mira("chat", "send", "--thread", thread_id, "--model", f"local:{thinking_gguf}", "x").code in (0, 7)
    thinking = mira("--json", "threads", "preview", thread_id).json()["sampling"]["max_tokens"]
    assert thinking == 2048  # 512 + 3,584, at most half of the 4,096-token window
    assert mira("threads", "set", thread_id, "--thinking", "off").code == 0
    assert mira("--json", "threads", "preview", thread_id).json()["sampling"]["max_tokens"] == 512
