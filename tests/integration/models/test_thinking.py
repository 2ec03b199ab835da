"""Thinking models through both adapters: reasoning arrives apart from the answer.

Remote: a loopback OpenAI-compatible server that streams reasoning as a field of its own
(``reasoning_content``, ``reasoning``) or inside ``<think>`` tags, and one that thinks until its
token limit. Local: the embedded SmolLM2 under a thinking template (its GGUF's template swapped with
the ``gguf`` package), so the real model's output passes through the local path's tag parser.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from mira_desktop.core.cancel import CancelToken
from mira_desktop.core.sampling import SamplingParams
from mira_desktop.models.adapters.local.llama import LlamaCppModel
from mira_desktop.models.adapters.remote.adapter import OpenAICompatibleModel
from mira_desktop.models.protocol import ChatMessage, ChatRequest, Chunk, Finish, ReasoningDelta, TextDelta
from tests.support.gguf_files import THINKING_CHATML, smollm2, with_template
from tests.support.model_server import ThinkingServer

QUESTION = ChatRequest((ChatMessage("user", "What is 2 + 2?"),), SamplingParams(max_tokens=40, temperature=0.0))


def _parts(chunks: list[Chunk]) -> tuple[str, str, str]:
    reasoning = "".join(c.text for c in chunks if isinstance(c, ReasoningDelta))
    text = "".join(c.text for c in chunks if isinstance(c, TextDelta))
    finish = next(c.reason for c in chunks if isinstance(c, Finish))
    return reasoning, text, finish


@pytest.fixture
def server() -> Iterator[ThinkingServer]:
    with ThinkingServer(piece=3) as running:
        yield running


def _remote(server: ThinkingServer, model: str) -> OpenAICompatibleModel:
    return OpenAICompatibleModel(ref=f"remote:lab/{model}", base_url=server.base_url, model=model)


@pytest.mark.parametrize("model", ["think-field", "think-reasoning", "think-tags"])
def test_a_servers_reasoning_field_or_think_tags_arrive_as_reasoning_and_never_as_text(
    server: ThinkingServer, model: str
) -> None:
    adapter = _remote(server, model)
    try:
        reasoning, text, finish = _parts(list(adapter.stream(QUESTION, CancelToken())))
    finally:
        adapter.close()
    assert reasoning.strip() == server.reasoning
    assert (text, finish) == (server.answer, "stop")


def test_a_server_seen_thinking_gets_room_for_its_reasoning_from_then_on(server: ThinkingServer) -> None:
    adapter = _remote(server, "think-field")
    try:
        assert not adapter.profile().thinks
        list(adapter.stream(QUESTION, CancelToken()))
        assert adapter.profile().thinks
    finally:
        adapter.close()


def test_a_server_that_thinks_until_its_limit_ends_with_length_and_no_text(server: ThinkingServer) -> None:
    adapter = _remote(server, "think-forever")
    try:
        reasoning, text, finish = _parts(list(adapter.stream(QUESTION, CancelToken())))
    finally:
        adapter.close()
    assert (text, finish) == ("", "length")
    assert len(reasoning.split()) == 40


def test_the_thinking_switch_goes_as_chat_template_kwargs_and_reasoning_back_as_reasoning_content(
    server: ThinkingServer,
) -> None:
    adapter = _remote(server, "think-field")
    step = ChatMessage("assistant", "", reasoning="I need the file first.")
    request = ChatRequest((*QUESTION.messages, step, ChatMessage("user", "go on")), thinking=False)
    try:
        list(adapter.stream(request, CancelToken()))
    finally:
        adapter.close()
    sent = server.requests[-1]
    assert sent["chat_template_kwargs"] == {"enable_thinking": False}
    assert sent["messages"][1] == {"role": "assistant", "content": "", "reasoning_content": "I need the file first."}
    assert "reasoning_content" not in sent["messages"][0]


def test_a_server_that_refuses_chat_template_kwargs_is_asked_again_without_them_and_they_stay_off() -> None:
    with ThinkingServer(refuse=("chat_template_kwargs",)) as server:
        adapter = _remote(server, "think-field")
        try:
            first = _parts(list(adapter.stream(ChatRequest(QUESTION.messages, thinking=True), CancelToken())))
            list(adapter.stream(ChatRequest(QUESTION.messages, thinking=True), CancelToken()))
            profile = adapter.profile()
        finally:
            adapter.close()
    assert first[1] == server.answer
    assert ["chat_template_kwargs" in body for body in server.requests] == [True, False, False]
    assert profile.thinking_switch is None  # nothing left to switch: the header hides it


# --- the real model through the local adapter ------------------------------------------------


@pytest.fixture(scope="module")
def thinking_smollm2(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LlamaCppModel]:
    path = with_template(smollm2(), tmp_path_factory.mktemp("thinking") / "smollm2-thinking.gguf", THINKING_CHATML)
    model = LlamaCppModel(f"local:{path}", path, "SmolLM2 thinking")
    yield model
    model.close()


def test_a_gguf_templates_think_tags_switch_and_reasoning_field_become_profile_flags(
    thinking_smollm2: LlamaCppModel,
) -> None:
    profile = thinking_smollm2.profile()
    assert (profile.thinks, profile.thinking_switch, profile.reasoning_in_tool_loop) == (
        True,
        "enable_thinking",
        True,
    )


def test_the_embedded_models_own_template_has_no_thinking(tmp_path: Path) -> None:
    model = LlamaCppModel("local:smollm2", smollm2(), "SmolLM2")
    try:
        profile = model.profile()
    finally:
        model.close()
    assert (profile.thinks, profile.thinking_switch, profile.reasoning_in_tool_loop) == (False, None, False)


def test_real_smollm2_output_after_an_opened_think_tag_is_reasoning_not_answer(
    thinking_smollm2: LlamaCppModel,
) -> None:
    request = ChatRequest(QUESTION.messages, SamplingParams(max_tokens=24, temperature=0.0, seed=1))
    reasoning, text, finish = _parts(list(thinking_smollm2.stream(request, CancelToken())))
    assert reasoning.strip()  # the model wrote words, and the parser kept them all as reasoning
    assert text == ""
    assert finish in ("stop", "length")


def test_thinking_off_reaches_the_template_and_the_real_model_answers_in_text(
    thinking_smollm2: LlamaCppModel,
) -> None:
    request = ChatRequest(QUESTION.messages, SamplingParams(max_tokens=24, temperature=0.0, seed=1), thinking=False)
    reasoning, text, _finish = _parts(list(thinking_smollm2.stream(request, CancelToken())))
    assert reasoning == ""
    assert text.strip()
    assert "<think>" not in text
    assert "</think>" not in text
