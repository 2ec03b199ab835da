from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest

from mira_desktop.core.cancel import CancelToken
from mira_desktop.core.errors import InvalidInputError
from mira_desktop.core.sampling import SamplingParams
from mira_desktop.models.adapters.scripted import ScriptedModel
from mira_desktop.models.errors import ErrorKind, ModelError
from mira_desktop.models.protocol import (
    ChatMessage,
    ChatRequest,
    Finish,
    TextDelta,
    ToolCallDelta,
    ToolSpec,
)

REQUEST = ChatRequest((ChatMessage("user", "hello there"),))


def _script(tmp_path: Path, *replies: dict[str, object]) -> ScriptedModel:
    path = tmp_path / "script.json"
    path.write_text(json.dumps({"replies": list(replies)}))
    return ScriptedModel(f"scripted:{path}", path)


def test_replies_are_consumed_in_order_and_text_streams_word_by_word(tmp_path: Path) -> None:
    model = _script(tmp_path, {"text": "Hello big world"}, {"text": "Second"})
    first = list(model.stream(REQUEST, CancelToken()))
    assert [c.text for c in first if isinstance(c, TextDelta)] == ["Hello ", "big ", "world"]
    assert first[-1] == Finish("stop")
    second = list(model.stream(REQUEST, CancelToken()))
    assert [c.text for c in second if isinstance(c, TextDelta)] == ["Second"]


def test_tool_calls_are_returned_as_tool_call_deltas(tmp_path: Path) -> None:
    model = _script(tmp_path, {"tool_calls": [{"name": "read_file", "arguments": {"path": "a.txt"}}]})
    chunks = list(model.stream(REQUEST, CancelToken()))
    calls = [c for c in chunks if isinstance(c, ToolCallDelta)]
    assert calls[0].name == "read_file"
    assert json.loads(calls[0].arguments) == {"path": "a.txt"}
    assert chunks[-1] == Finish("tool_calls")


def test_scripted_errors_raise_the_classified_error(tmp_path: Path) -> None:
    model = _script(tmp_path, {"error": {"kind": "unreachable", "message": "server down"}})
    with pytest.raises(ModelError) as raised:
        list(model.stream(REQUEST, CancelToken()))
    assert raised.value.kind is ErrorKind.UNREACHABLE
    assert str(raised.value) == "server down"


def test_running_out_of_replies_fails_clearly(tmp_path: Path) -> None:
    model = _script(tmp_path, {"text": "only one"})
    list(model.stream(REQUEST, CancelToken()))
    with pytest.raises(ModelError, match="has no reply 2"):
        list(model.stream(REQUEST, CancelToken()))


def test_cancel_between_words_keeps_the_words_so_far(tmp_path: Path) -> None:
    model = _script(tmp_path, {"text": "one two three four five six seven", "hold_after": 2})
    token = CancelToken()
    words: list[str] = []
    for chunk in model.stream(REQUEST, token):
        if isinstance(chunk, TextDelta):
            words.append(chunk.text)
            if len(words) == 2:
                threading.Thread(target=token.cancel).start()
        last = chunk
    assert last == Finish("cancelled")
    assert words == ["one ", "two "]


def test_a_held_reply_goes_on_once_its_release_file_exists(tmp_path: Path) -> None:
    model = _script(tmp_path, {"text": "one two three", "hold_after": 1, "release_when": "go"})
    words: list[str] = []
    for chunk in model.stream(REQUEST, CancelToken()):
        if isinstance(chunk, TextDelta):
            words.append(chunk.text)
            if len(words) == 1:
                threading.Thread(target=(tmp_path / "go").touch).start()  # released from another thread
            else:
                assert (tmp_path / "go").exists()  # nothing came after the first word before the release
        last = chunk
    assert last == Finish("stop")
    assert "".join(words) == "one two three"


def test_pre_cancelled_token_does_not_consume_a_reply(tmp_path: Path) -> None:
    model = _script(tmp_path, {"text": "kept for later"})
    token = CancelToken()
    token.cancel()
    assert list(model.stream(REQUEST, token)) == [Finish("cancelled")]
    assert model.calls_made == 0


@pytest.mark.parametrize("content", ["not json", '{"nope": 1}', '{"replies": [{"say": "x"}]}'])
def test_malformed_scripts_are_rejected(tmp_path: Path, content: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content)
    with pytest.raises(InvalidInputError):
        ScriptedModel("scripted:x", path)


def test_every_request_is_recorded_in_order_even_one_that_gets_an_error(tmp_path: Path) -> None:
    model = _script(tmp_path, {"text": "one"}, {"error": {"kind": "auth", "message": "no"}})
    second = ChatRequest((ChatMessage("system", "Be brief."), ChatMessage("user", "again")))
    list(model.stream(REQUEST, CancelToken()))
    with pytest.raises(ModelError):
        list(model.stream(second, CancelToken()))
    assert model.requests == [REQUEST, second]


def test_record_to_appends_each_request_as_a_json_line_beside_the_script(tmp_path: Path) -> None:
    path = tmp_path / "script.json"
    path.write_text(json.dumps({"replies": [{"text": "a"}, {"text": "b"}], "record_to": "sent.jsonl"}))
    request = ChatRequest(
        (ChatMessage("user", "grade this"),),
        SamplingParams(temperature=0.0, max_tokens=60),
        tools=(ToolSpec("search", "Search.", {"type": "object"}),),
        json_schema={"type": "object"},
    )
    for _ in range(2):  # two models on one script, as two processes would be
        list(ScriptedModel("scripted:x", path).stream(request, CancelToken()))
    lines = (tmp_path / "sent.jsonl").read_text(encoding="utf-8").splitlines()
    assert [json.loads(line) for line in lines] == [
        {
            "messages": [{"role": "user", "content": "grade this"}],
            "sampling": {"temperature": 0.0, "max_tokens": 60, "stop": []},
            "tools": ["search"],
            "json_schema": {"type": "object"},
            "grammar": None,
        }
    ] * 2


def test_profile_flags_in_the_script_override_the_defaults(tmp_path: Path) -> None:
    assert _script(tmp_path, {"text": "x"}).profile().supports_json_schema is True
    path = tmp_path / "plain.json"
    path.write_text(
        json.dumps(
            {
                "replies": [{"text": "x"}],
                "profile": {"supports_json_schema": False, "supports_tools": False, "context_window": 512},
            }
        )
    )
    profile = ScriptedModel("scripted:plain", path).profile()
    assert (profile.supports_json_schema, profile.supports_tools, profile.context_window) == (
        False,
        False,
        512,
    )
    path.write_text(json.dumps({"replies": [{"text": "x"}], "profile": {"supports_telepathy": True}}))
    with pytest.raises(InvalidInputError, match=r"Unknown profile flags .*supports_telepathy"):
        ScriptedModel("scripted:plain", path)


def test_by_turn_answers_with_the_reply_for_the_number_of_assistant_turns_sent(tmp_path: Path) -> None:
    path = tmp_path / "turns.json"
    path.write_text(json.dumps({"replies": [{"text": "first"}, {"text": "second"}], "pick": "by_turn"}))
    later = ChatRequest(
        (ChatMessage("user", "q1"), ChatMessage("assistant", "first"), ChatMessage("user", "q2"))
    )
    fresh = ScriptedModel("scripted:turns", path)  # e.g. a new process resuming the conversation
    assert [c.text for c in fresh.stream(later, CancelToken()) if isinstance(c, TextDelta)] == ["second"]
    assert [c.text for c in fresh.stream(REQUEST, CancelToken()) if isinstance(c, TextDelta)] == ["first"]
