"""The local server's pure parts: OpenAI's request JSON read field by field, and the per-model queue."""

from __future__ import annotations

import re
import threading

import pytest

from mira_desktop.core.cancel import Cancelled, CancelToken
from mira_desktop.core.errors import InvalidInputError
from mira_desktop.models.protocol import Finish, ReasoningDelta, TextDelta, ToolCallDelta, Usage
from mira_desktop.models.turns import Asker, ModelBusyError, ModelTurns, Place
from mira_desktop.services.local_server.openai_format import Answer, delta_of, parse_completion
from tests.support.waiting import wait_for


def test_a_request_becomes_messages_sampling_tools_and_thinking() -> None:
    ask = parse_completion({
        "model": "local:smollm2",
        "messages": [
            {"role": "developer", "content": "Be brief."},
            {"role": "user", "content": [{"type": "text", "text": "What is this?"},
                                         {"type": "image_url", "image_url": {"url": "data:image/png;base64,AAAA"}}]},
            {"role": "assistant", "content": None,
             "tool_calls": [{"id": "c1", "type": "function", "function": {"name": "f", "arguments": "{\"a\": 1}"}}]},
            {"role": "tool", "tool_call_id": "c1", "content": "42"},
        ],
        "tools": [{"type": "function", "function": {"name": "f", "parameters": {"type": "object"}}}],
        "tool_choice": "required", "max_completion_tokens": 64, "stop": "END", "temperature": 0.5,
        "reasoning_effort": "none", "stream": True, "stream_options": {"include_usage": True},
    })  # fmt: skip

    roles = [m.role for m in ask.request.messages]
    assert roles == ["system", "user", "assistant", "tool"]
    assert ask.request.messages[1].images == ("data:image/png;base64,AAAA",)
    assert ask.request.messages[2].tool_calls[0].arguments == {"a": 1}
    assert ask.request.messages[3].tool_call_id == "c1"
    assert [t.name for t in ask.request.tools] == ["f"]
    assert ask.request.tool_choice == "required"
    assert (ask.request.sampling.max_tokens, ask.request.sampling.stop) == (64, ("END",))
    assert ask.request.thinking is False
    assert ask.stream
    assert ask.include_usage


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"messages": [{"role": "user", "content": "x"}]}, "'model'"),
        ({"model": "m", "messages": []}, "'messages'"),
        ({"model": "m", "messages": [{"role": "robot", "content": "x"}]}, "'messages[0]'"),
        ({"model": "m", "messages": [{"role": "tool", "content": "x"}]}, "'messages[0].tool_call_id'"),
        ({"model": "m", "messages": [{"role": "user", "content": "x"}], "temperature": "hot"}, "'temperature'"),
        ({"model": "m", "messages": [{"role": "user", "content": "x"}], "max_tokens": 0}, "'max_tokens'"),
        ({"model": "m", "messages": [{"role": "user", "content": "x"}], "tools": [{"type": "web"}]}, "'tools'"),
        (
            {"model": "m", "messages": [{"role": "user", "content": [
                {"type": "image_url", "image_url": {"url": "https://example.com/a.png"}}]}]},
            "'messages[0].content'",
        ),
    ],
)  # fmt: skip
def test_a_wrong_field_is_named_in_the_error(body: dict[str, object], field: str) -> None:
    with pytest.raises(InvalidInputError, match=re.escape(field)):
        parse_completion(body)


def test_tool_choice_none_sends_no_tools() -> None:
    ask = parse_completion({
        "model": "m", "messages": [{"role": "user", "content": "x"}], "tool_choice": "none",
        "tools": [{"type": "function", "function": {"name": "f"}}],
    })  # fmt: skip

    assert ask.request.tools == ()


def test_chunks_become_deltas_and_a_whole_answer() -> None:
    chunks = [ReasoningDelta("hm"), TextDelta("Hi"), ToolCallDelta(0, "c1", "f", '{"a"'),
              ToolCallDelta(0, None, None, ": 1}"), Usage(3, 4), Finish("tool_calls")]  # fmt: skip
    answer = Answer()
    for chunk in chunks:
        answer.add(chunk)

    assert delta_of(chunks[0]) == {"reasoning_content": "hm"}
    assert delta_of(chunks[2]) == {"tool_calls": [{"index": 0, "id": "c1", "type": "function",
                                                   "function": {"name": "f", "arguments": '{"a"'}}]}  # fmt: skip
    assert delta_of(chunks[4]) is None
    assert answer.message() == {
        "role": "assistant", "content": "Hi", "reasoning_content": "hm",
        "tool_calls": [{"id": "c1", "type": "function", "function": {"name": "f", "arguments": '{"a": 1}'}}],
    }  # fmt: skip
    assert answer.finish == "tool_calls"


def test_the_second_ask_for_a_model_waits_and_hears_its_place_and_who_answers() -> None:
    turns = ModelTurns()
    heard: list[Place] = []
    entered = threading.Event()
    with turns.turn("m", CancelToken(), asker=Asker.WINDOW):

        def second() -> None:
            with turns.turn("m", CancelToken(), asker=Asker.SERVER, timeout=5, on_place=heard.append):
                entered.set()

        waiter = threading.Thread(target=second)
        waiter.start()
        wait_for(lambda: heard != [])
        assert not entered.is_set()  # the first still holds the model
        assert turns.ahead("m") == 2
    waiter.join(5)
    assert entered.is_set()
    assert heard == [Place(1, Asker.WINDOW)]
    assert turns.ahead("m") == 0


def test_a_wait_past_the_limit_is_busy_and_leaves_the_queue() -> None:
    turns = ModelTurns()
    with (
        turns.turn("m", CancelToken(), asker=Asker.SERVER, timeout=5),
        pytest.raises(ModelBusyError, match="ahead of this one: 1"),
        turns.turn("m", CancelToken(), asker=Asker.SERVER, timeout=0.05, name="m"),
    ):
        pytest.fail("entered a busy model")
    assert turns.ahead("m") == 0


def test_a_cancelled_wait_gives_up_its_place_at_once() -> None:
    turns = ModelTurns()
    token = CancelToken()
    outcome: list[str] = []
    with turns.turn("m", CancelToken(), asker=Asker.SERVER, timeout=5):

        def second() -> None:
            try:
                with turns.turn("m", token, asker=Asker.WINDOW):
                    outcome.append("entered")
            except Cancelled:
                outcome.append("cancelled")

        waiter = threading.Thread(target=second)
        waiter.start()
        token.cancel()
        waiter.join(5)
        assert outcome == ["cancelled"]
        assert turns.ahead("m") == 1  # only the holder
