"""The embedded SmolLM2 through the local server: llama.cpp's real answers, from the one loaded copy."""

from __future__ import annotations

from typing import TYPE_CHECKING

import openai
import pytest

from mira_desktop.services.model_catalog.prompt_format import EMBEDDED_CHAT_MODEL_REF

if TYPE_CHECKING:
    from mira_desktop.services.app.bundle import AppServices
    from tests.integration.local_server.conftest import Serve


def test_smollm2_answers_through_the_server_from_the_model_the_chats_use(
    services: AppServices, serve: Serve
) -> None:
    running = serve()
    client = openai.OpenAI(base_url=running.url, api_key="unused", max_retries=0)
    chats_model = services.models.registry.get(EMBEDDED_CHAT_MODEL_REF)
    ask = {"model": EMBEDDED_CHAT_MODEL_REF, "messages": [{"role": "user", "content": "Say hello."}],
           "max_tokens": 12, "temperature": 0.0, "seed": 1}  # fmt: skip

    whole = client.chat.completions.create(**ask)  # type: ignore[call-overload]
    pieces = [
        c.choices[0].delta.content or ""
        for c in client.chat.completions.create(**ask, stream=True)  # type: ignore[call-overload]
        if c.choices
    ]

    assert whole.choices[0].message.content
    assert whole.usage.completion_tokens > 0
    assert whole.choices[0].finish_reason in ("stop", "length")
    assert len([p for p in pieces if p]) > 1
    assert "".join(pieces) == whole.choices[0].message.content
    assert services.models.registry.get(EMBEDDED_CHAT_MODEL_REF) is chats_model
    assert chats_model.loaded
    logged = services.local_server.recent()[-1]
    assert logged.model == EMBEDDED_CHAT_MODEL_REF
    assert logged.completion_tokens > 0


def test_tools_sent_to_a_model_that_cannot_call_them_are_refused_by_name(serve: Serve) -> None:
    running = serve()
    client = openai.OpenAI(base_url=running.url, api_key="unused", max_retries=0)
    tools = [{"type": "function", "function": {"name": "f", "parameters": {"type": "object"}}}]

    with pytest.raises(openai.BadRequestError, match="does not call tools"):
        client.chat.completions.create(
            model=EMBEDDED_CHAT_MODEL_REF,
            messages=[{"role": "user", "content": "hi"}],
            tools=tools,  # type: ignore[arg-type]
        )
