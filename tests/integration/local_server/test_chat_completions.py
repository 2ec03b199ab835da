"""The local server's chat completions, through the `openai` client and curl, with the scripted model."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import httpx
import openai
import pytest

from tests.support.waiting import wait_for

if TYPE_CHECKING:
    from mira_desktop.services.app.bundle import AppServices
    from tests.integration.local_server.conftest import Curl, Serve
    from tests.support.fixtures import Script


def _client(url: str) -> openai.OpenAI:
    return openai.OpenAI(base_url=url, api_key="unused", max_retries=0)


def test_models_lists_the_default_model_the_embedded_one_and_the_embedders(
    serve: Serve, script: Script
) -> None:
    ref = script({"text": "hi"})
    running = serve(ref)

    ids = [m.id for m in _client(running.url).models.list().data]

    assert ref in ids
    assert "local:smollm2" in ids
    assert "minilm" in ids


def test_a_completion_returns_the_answer_its_reasoning_and_usage(
    services: AppServices, serve: Serve, script: Script
) -> None:
    ref = script({"text": "Paris is the capital.", "reasoning": "The user asks about France."})
    running = serve(ref)

    reply = _client(running.url).chat.completions.create(
        model=ref,
        messages=[
            {"role": "system", "content": "Be brief."},
            {"role": "user", "content": "Capital of France?"},
        ],
        max_tokens=40,
        temperature=0.1,
    )

    message = reply.choices[0].message
    assert message.content == "Paris is the capital."
    assert (message.model_extra or {})["reasoning_content"] == "The user asks about France."
    assert reply.choices[0].finish_reason == "stop"
    assert reply.usage is not None
    assert reply.usage.completion_tokens > 0
    sent = services.models.registry.get(ref).requests[-1]  # type: ignore[attr-defined]
    assert [(m.role, m.content) for m in sent.messages] == [
        ("system", "Be brief."),
        ("user", "Capital of France?"),
    ]
    assert sent.sampling.max_tokens == 40
    assert sent.sampling.temperature == 0.1
    logged = services.local_server.recent()[-1]
    assert (logged.client, logged.model, logged.status, logged.outcome) == (
        "127.0.0.1",
        ref,
        200,
        "completed",
    )
    assert logged.completion_tokens == reply.usage.completion_tokens


def test_a_streamed_completion_arrives_in_pieces_with_the_reasoning_apart(
    serve: Serve, script: Script
) -> None:
    ref = script({"text": "one two three four", "reasoning": "counting"})
    running = serve(ref)

    stream = _client(running.url).chat.completions.create(
        model=ref,
        messages=[{"role": "user", "content": "count"}],
        stream=True,
        stream_options={"include_usage": True},
    )
    chunks = list(stream)

    text = [c.choices[0].delta.content for c in chunks if c.choices and c.choices[0].delta.content]
    reasoning = [(c.choices[0].delta.model_extra or {}).get("reasoning_content") for c in chunks if c.choices]
    assert len(text) == 4
    assert "".join(text) == "one two three four"
    assert "".join(r for r in reasoning if r) == "counting"
    assert [c.choices[0].finish_reason for c in chunks if c.choices][-1] == "stop"
    assert chunks[-1].usage is not None
    assert chunks[-1].usage.completion_tokens > 0


def test_tools_reach_the_model_and_its_calls_come_back(
    services: AppServices, serve: Serve, script: Script
) -> None:
    ref = script({"tool_calls": [{"name": "get_weather", "arguments": {"city": "Oslo"}}]})
    running = serve(ref)
    tools = [{"type": "function", "function": {"name": "get_weather", "description": "Weather now",
              "parameters": {"type": "object", "properties": {"city": {"type": "string"}}}}}]  # fmt: skip

    reply = _client(running.url).chat.completions.create(
        model=ref,
        messages=[{"role": "user", "content": "Weather in Oslo?"}],
        tools=tools,  # type: ignore[arg-type]
    )

    calls = reply.choices[0].message.tool_calls or []
    assert reply.choices[0].finish_reason == "tool_calls"
    assert [(c.function.name, json.loads(c.function.arguments)) for c in calls] == [
        ("get_weather", {"city": "Oslo"})
    ]  # type: ignore[union-attr]
    sent = services.models.registry.get(ref).requests[-1]  # type: ignore[attr-defined]
    assert [t.name for t in sent.tools] == ["get_weather"]


def test_curl_gets_a_streamed_answer_as_server_sent_events(serve: Serve, script: Script, curl: Curl) -> None:
    ref = script({"text": "hello from curl"})
    running = serve(ref)
    body = json.dumps({"model": ref, "stream": True, "messages": [{"role": "user", "content": "hi"}]})

    status, text = curl(f"{running.url}/chat/completions", "-H", "Content-Type: application/json", "-d", body)

    events = [line.removeprefix("data: ") for line in text.splitlines() if line.startswith("data: ")]
    assert status == 200
    assert events[-1] == "[DONE]"
    pieces = [json.loads(e)["choices"][0]["delta"].get("content") or "" for e in events[:-1]]
    assert "".join(pieces) == "hello from curl"


def test_a_client_that_leaves_mid_stream_stops_the_generation(
    services: AppServices, serve: Serve, script: Script
) -> None:
    words = " ".join(f"w{i}" for i in range(500))
    ref = script({"text": words, "token_delay_ms": 20}, {"text": "next"})  # the whole answer: 10 s
    running = serve(ref)
    body = {"model": ref, "stream": True, "messages": [{"role": "user", "content": "talk"}]}

    with (
        httpx.Client(timeout=30) as http,
        http.stream("POST", f"{running.url}/chat/completions", json=body) as reply,
    ):
        received = 0
        for line in reply.iter_lines():
            received += line.startswith("data: ")
            if received == 4:
                break  # leaving the block closes the connection mid-answer
    wait_for(lambda: any(r.outcome == "cancelled" for r in services.local_server.recent()))

    stopped = next(r for r in services.local_server.recent() if r.outcome == "cancelled")
    assert stopped.seconds < 8  # well before the 10 s the whole answer takes
    wait_for(
        lambda: (
            services.local_server.active_count() == 0
            and services.local_server.gate.ahead(services.models.registry.get(ref)) == 0
        )
    )
    # The model is free at once: the next request is answered, not queued behind the abandoned one.
    assert (
        _client(running.url)
        .chat.completions.create(model=ref, messages=[{"role": "user", "content": "again"}])
        .choices[0]
        .message.content
        == "next"
    )


def test_a_request_waits_its_turn_for_a_busy_model(
    services: AppServices, serve: Serve, script: Script
) -> None:
    ref = script({"text": "a b c d e f g h", "token_delay_ms": 60}, {"text": "second"})
    running = serve(ref)
    body = {"model": ref, "stream": True, "messages": [{"role": "user", "content": "first"}]}

    with (
        httpx.Client(timeout=30) as http,
        http.stream("POST", f"{running.url}/chat/completions", json=body) as first,
    ):
        first_lines = first.iter_lines()
        next(first_lines)  # the first answer holds the model now
        second = http.post(f"{running.url}/chat/completions", json={**body, "stream": False})
        rest = list(first_lines)

    assert second.status_code == 200
    assert second.headers["X-Mira-Queue-Ahead"] == "1"
    assert second.json()["choices"][0]["message"]["content"] == "second"
    assert rest[-2] == "data: [DONE]"  # the first answer finished whole, before the second began
    finished = [r.model for r in services.local_server.recent() if r.outcome == "completed"]
    assert finished == [ref, ref]


def test_a_request_that_waits_past_the_limit_gets_503_with_the_reason(
    services: AppServices, serve: Serve, script: Script
) -> None:
    ref = script({"text": " ".join(["word"] * 100), "token_delay_ms": 30})
    running = serve(ref)
    services.local_server.wait_s = 0.2
    body = {"model": ref, "stream": True, "messages": [{"role": "user", "content": "long"}]}

    with (
        httpx.Client(timeout=30) as http,
        http.stream("POST", f"{running.url}/chat/completions", json=body) as first,
    ):
        first_lines = first.iter_lines()  # kept: a dropped iterator closes the connection
        next(first_lines)
        refused = http.post(f"{running.url}/chat/completions", json={**body, "stream": False})

    assert refused.status_code == 503, refused.text
    assert "busy" in refused.json()["error"]["message"]
    assert "requests ahead of this one: 1" in refused.json()["error"]["message"]


def test_a_client_that_gives_up_on_a_whole_answer_stops_the_generation(
    services: AppServices, serve: Serve, script: Script
) -> None:
    ref = script({"text": " ".join(f"w{i}" for i in range(500)), "token_delay_ms": 20})  # 10 s
    running = serve(ref)
    body = {"model": ref, "messages": [{"role": "user", "content": "talk"}]}

    with pytest.raises(httpx.ReadTimeout):
        httpx.post(f"{running.url}/chat/completions", json=body, timeout=httpx.Timeout(60, read=0.5))
    wait_for(lambda: any(r.outcome == "cancelled" for r in services.local_server.recent()))

    stopped = next(r for r in services.local_server.recent() if r.outcome == "cancelled")
    assert stopped.seconds < 8
    wait_for(lambda: services.local_server.active_count() == 0)


def test_a_client_that_leaves_while_queued_gives_up_its_place(
    services: AppServices, serve: Serve, script: Script
) -> None:
    ref = script({"text": " ".join(["word"] * 200), "token_delay_ms": 20}, {"text": "never"})
    running = serve(ref)
    body = {"model": ref, "stream": True, "messages": [{"role": "user", "content": "long"}]}

    with (
        httpx.Client(timeout=30) as http,
        http.stream("POST", f"{running.url}/chat/completions", json=body) as first,
    ):
        first_lines = first.iter_lines()  # kept: a dropped iterator closes the connection
        next(first_lines)
        with pytest.raises(httpx.ReadTimeout):
            httpx.post(
                f"{running.url}/chat/completions",
                json={**body, "stream": False},
                timeout=httpx.Timeout(30, read=0.3),
            )
        wait_for(lambda: any(r.status == 499 for r in services.local_server.recent()))

        assert (
            services.local_server.gate.ahead(services.models.registry.get(ref)) == 1
        )  # only the answer being written
    left = next(r for r in services.local_server.recent() if r.status == 499)
    assert left.outcome == "cancelled"
    assert len(services.models.registry.get(ref).requests) == 1  # type: ignore[attr-defined]
