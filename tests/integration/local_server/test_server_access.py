"""Who may ask the local server, and bad requests: each a clear JSON error, and nothing changed.

"Another address" is 127.0.0.2 (curl's --interface: the connection comes from it), never a LAN one.
"""

from __future__ import annotations

import json
import socket
from pathlib import Path
from typing import TYPE_CHECKING

import httpx
import openai
import pytest

from mira_desktop.core.errors import InvalidInputError
from mira_desktop.services.local_server.service import TOKEN_ACCOUNT

if TYPE_CHECKING:
    from mira_desktop.services.app.bundle import AppServices
    from tests.integration.local_server.conftest import Curl, Serve
    from tests.support.fixtures import OpenServices, Script
    from tests.support.memory_keyring import MemoryKeyring


def _ask(ref: str) -> str:
    return json.dumps({"model": ref, "messages": [{"role": "user", "content": "hi"}]})


def test_another_address_is_refused_while_lan_mode_is_off(
    services: AppServices, serve: Serve, script: Script, curl: Curl
) -> None:
    ref = script({"text": "never sent"})
    running = serve(ref)

    status, body = curl(f"{running.url}/models", "--interface", "127.0.0.2")

    assert status == 403
    assert "127.0.0.2 is another address" in json.loads(body)["error"]["message"]
    assert services.models.registry.get(ref).requests == []  # type: ignore[attr-defined]
    assert services.local_server.recent()[-1].outcome == "refused"


def test_lan_mode_needs_the_token_and_takes_the_right_one(
    services: AppServices, serve: Serve, script: Script, curl: Curl, keyring_backend: MemoryKeyring
) -> None:
    ref = script({"text": "with the token"})
    running = serve(ref, lan=True)
    token = running.new_token
    assert token is not None
    assert keyring_backend.passwords[("mira-desktop", TOKEN_ACCOUNT)] == token
    url = f"{running.url}/chat/completions"
    json_header = ("-H", "Content-Type: application/json")

    missing, missing_body = curl(url, *json_header, "-d", _ask(ref))
    wrong, wrong_body = curl(url, *json_header, "-H", "Authorization: Bearer not-the-token", "-d", _ask(ref))
    right, right_body = curl(
        url, *json_header, "-H", f"Authorization: Bearer {token}", "--interface", "127.0.0.2", "-d", _ask(ref)
    )

    assert (missing, wrong) == (401, 401)
    assert "needs its token" in json.loads(missing_body)["error"]["message"]
    assert "token is wrong" in json.loads(wrong_body)["error"]["message"]
    assert right == 200
    assert json.loads(right_body)["choices"][0]["message"]["content"] == "with the token"
    assert len(services.models.registry.get(ref).requests) == 1  # type: ignore[attr-defined]
    assert all(token not in repr(r) for r in services.local_server.recent())


def test_a_new_token_replaces_the_old_one_at_once(
    services: AppServices, serve: Serve, script: Script, keyring_backend: MemoryKeyring
) -> None:
    ref = script({"text": "a"}, {"text": "b"})
    running = serve(ref, lan=True)
    old = running.new_token
    new = services.local_server.new_token()

    with pytest.raises(openai.AuthenticationError):
        openai.OpenAI(base_url=running.url, api_key=old, max_retries=0).models.list()
    assert openai.OpenAI(base_url=running.url, api_key=new, max_retries=0).models.list().data
    assert new != old


def test_serving_beyond_this_computer_needs_lan_mode(services: AppServices) -> None:
    with pytest.raises(InvalidInputError, match="local network"):
        services.local_server.start("0.0.0.0", 0, lan=False)
    assert services.local_server.running() is None


def test_a_body_of_10_mb_is_refused_before_it_is_read(
    serve: Serve, script: Script, curl: Curl, tmp_path: object
) -> None:
    ref = script({"text": "never sent"})
    running = serve(ref)
    big = json.dumps({"model": ref, "messages": [{"role": "user", "content": "x" * (10 * 1024 * 1024)}]})

    declared = httpx.post(
        f"{running.url}/chat/completions", content=big, headers={"Content-Type": "application/json"}
    )
    chunked = httpx.post(f"{running.url}/chat/completions", content=iter([big.encode()[i:i + 65536]
                                                                          for i in range(0, len(big), 65536)]))  # fmt: skip

    assert declared.status_code == 413
    assert "larger than 8 MB" in declared.json()["error"]["message"]
    assert chunked.status_code == 413


def test_malformed_json_and_an_unknown_model_are_clear_errors(
    services: AppServices, serve: Serve, script: Script, curl: Curl
) -> None:
    ref = script({"text": "never sent"})
    running = serve(ref)
    url = f"{running.url}/chat/completions"

    bad_status, bad_body = curl(
        url, "-H", "Content-Type: application/json", "-d", '{"model": "x", "messages": ['
    )
    unknown_status, unknown_body = curl(
        url, "-H", "Content-Type: application/json", "-d", _ask("local:/no/such.gguf")
    )
    wrong_status, wrong_body = curl(url, "-d", json.dumps({"model": ref, "messages": "hi"}))

    assert bad_status == 400
    assert "not valid JSON" in json.loads(bad_body)["error"]["message"]
    assert unknown_status == 404
    assert "No model 'local:/no/such.gguf'" in json.loads(unknown_body)["error"]["message"]
    assert wrong_status == 400
    assert "'messages'" in json.loads(wrong_body)["error"]["message"]
    assert services.models.registry.get(ref).requests == []  # type: ignore[attr-defined]
    assert services.models.default_ref() == ref


def test_an_unknown_path_says_what_is_served(serve: Serve, curl: Curl) -> None:
    running = serve()

    status, body = curl(f"{running.url}/completions", "-d", "{}")

    assert status == 404
    assert "/v1/chat/completions" in json.loads(body)["error"]["message"]


def test_embeddings_come_from_the_knowledge_base_embedder(services: AppServices, serve: Serve) -> None:
    running = serve()
    client = openai.OpenAI(base_url=running.url, api_key="unused", max_retries=0)

    reply = client.embeddings.create(model="minilm", input=["a cat sat", "a cat sat", "stock prices"])

    vectors = [d.embedding for d in reply.data]
    expected = services.knowledge.embedders.get("minilm").encode(["a cat sat"])[0]
    assert len(vectors) == 3
    assert len(vectors[0]) == 384
    assert vectors[0] == pytest.approx(vectors[1])
    assert vectors[0] != pytest.approx(vectors[2])
    assert vectors[0] == pytest.approx([float(x) for x in expected], abs=1e-5)
    with pytest.raises(openai.NotFoundError, match="No embedding model 'nope'"):
        client.embeddings.create(model="nope", input="x")


def test_the_window_serves_as_it_opens_when_turned_on(open_services: OpenServices, data_dir: Path) -> None:
    from mira_desktop.app import open_window_services

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = int(probe.getsockname()[1])
    with open_services() as first:
        first.local_server.set_settings(enabled=True, port=port)
        assert first.local_server.running() is None  # the setting alone starts nothing in a command

    window_services = open_window_services(data_dir)
    try:
        running = window_services.local_server.running()
        assert running is not None
        assert running.url == f"http://127.0.0.1:{port}/v1"
        assert httpx.get(f"{running.url}/models", timeout=60).status_code == 200
    finally:
        window_services.close()
    assert window_services.local_server.running() is None
