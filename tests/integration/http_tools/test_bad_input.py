"""Bad declarations and bad answers of a declared HTTP tool: each one clear sentence (a phrase the
window says in its language), and nothing changed — no declaration kept, nothing given to the model.
Address refusals never connect anywhere but 127.0.0.1: a redirect to 127.0.0.2 finds no server there,
so a missing refusal fails the test as "unreachable", not by reaching anything."""

from __future__ import annotations

import base64
import json
from typing import Any

import pytest

from mira_desktop.agent.tools.results import ToolResult
from mira_desktop.core.cancel import CancelToken
from mira_desktop.core.errors import InvalidInputError
from mira_desktop.services.app.bundle import AppServices
from tests.support.json_api import SECRET, JsonApi
from tests.support.memory_keyring import MemoryKeyring

pytestmark = pytest.mark.usefixtures("keyring_backend")


def _declared(services: AppServices) -> list[str]:
    return sorted(v.declaration.name for v in services.http_tools.list())


@pytest.mark.parametrize(
    ("change", "key"),
    [
        ({"url": "http://api.example.com/weather"}, "http_tools.not_https"),
        ({"url": "ftp://127.0.0.1/weather"}, "http_tools.not_https"),
        ({"url": "https://user:pw@api.example.com/"}, "http_tools.credentials_in_url"),
        (
            {"parameters": {"type": "object", "properties": {"latitude": {"type": "coordinate"}}}},
            "http_tools.bad_schema",
        ),
        ({"parameters": {"type": "array"}}, "http_tools.bad_schema"),
        ({"method": "DELETE"}, "http_tools.bad_method"),
        ({"name": "Weather Now"}, "http_tools.bad_name"),
        ({"name": "write_file"}, "http_tools.name_reserved"),
        ({"headers": {"Authorization": "Bearer abc"}}, "http_tools.secret_as_static"),
        ({"timeout_seconds": 600}, "http_tools.bad_limit"),
        ({"script": "rm -rf /"}, "http_tools.unknown_field"),
        ({"secret_headers": {"X-Api-Key": "not-in-the-keyring"}}, "http_tools.secret_missing"),
    ],
)
def test_a_bad_declaration_is_refused_in_one_sentence_and_nothing_is_added(
    services: AppServices, json_api: JsonApi, change: dict[str, Any], key: str
) -> None:
    services.http_tools.set_secret("test-weather", SECRET)
    before = _declared(services)
    with pytest.raises(InvalidInputError) as refused:
        services.http_tools.add(json_api.declaration(**change))
    assert refused.value.phrase is not None
    assert refused.value.phrase.key == key
    assert "\n" not in str(refused.value)
    assert _declared(services) == before


def _call(services: AppServices, api: JsonApi, path: str, **change: Any) -> ToolResult:
    services.http_tools.set_secret("test-weather", SECRET)
    services.http_tools.add(api.declaration(path, **change))
    (tool,) = [t for t in services.http_tools.run_tools(set()) if t.definition.name == "weather_here"]
    return tool.call({"latitude": 1.5, "longitude": 2.5}, CancelToken())


@pytest.mark.parametrize(
    ("path", "key"),
    [
        ("/html", "http_tools.not_json"),
        ("/broken", "http_tools.not_json_text"),
        ("/big", "http_tools.too_big"),
        ("/streamed", "http_tools.too_big"),
        ("/away", "http_tools.redirect_elsewhere"),
        ("/slow", "http_tools.timed_out"),
        ("/missing", "http_tools.http_status"),
    ],
)
def test_a_bad_answer_gives_the_model_one_sentence_and_none_of_the_body(
    services: AppServices, json_api: JsonApi, path: str, key: str
) -> None:
    result = _call(services, json_api, path)
    assert result.ok is False
    assert result.phrase is not None
    assert result.phrase["key"] == key
    assert "\n" not in result.text
    assert "Not an API" not in result.text
    assert "x" * 50 not in result.text
    assert SECRET not in result.text


def test_a_redirect_to_the_same_host_is_followed(services: AppServices, json_api: JsonApi) -> None:
    result = _call(services, json_api, "/home")
    assert result.ok is True
    assert [r["path"] for r in json_api.requests] == ["/home", "/weather"]
    assert json_api.requests[1]["query"] == {"from": "home"}


def test_a_call_whose_secret_left_the_keyring_is_refused_before_anything_is_sent(
    services: AppServices, json_api: JsonApi, keyring_backend: MemoryKeyring
) -> None:
    services.http_tools.set_secret("test-weather", SECRET)
    services.http_tools.add(json_api.declaration())
    keyring_backend.delete_password("mira-desktop", "http:test-weather")
    (tool,) = services.http_tools.run_tools(set())
    result = tool.call({"latitude": 1.5, "longitude": 2.5}, CancelToken())
    assert result.ok is False
    assert result.phrase is not None
    assert result.phrase["key"] == "http_tools.secret_missing"
    assert "mira tools set-secret test-weather" in result.text
    assert json_api.requests == []


def test_a_post_tool_sends_its_arguments_as_a_json_body(services: AppServices, json_api: JsonApi) -> None:
    result = _call(services, json_api, "/weather", method="POST")
    assert result.ok is True
    assert json_api.requests[0]["body"] == b'{"latitude":1.5,"longitude":2.5}'


def test_a_key_echoed_base64_encoded_reaches_the_model_masked_in_every_alignment(
    services: AppServices, json_api: JsonApi
) -> None:
    result = _call(services, json_api, "/echo64")
    assert result.ok is True, result.text
    raw = SECRET.encode()
    leaks = {
        base64.b64encode(raw).decode(),
        base64.urlsafe_b64encode(raw).decode().rstrip("="),
        base64.b64encode(b"me:" + raw).decode(),
        base64.b64encode(b"ab" + raw + b"tail").decode(),
    }
    for leak in leaks:
        assert leak not in result.text
    answer = json.loads(result.text)
    for field, prefix in (("token", ""), ("urlsafe", ""), ("basic", "Basic "), ("shifted", "")):
        echoed = answer[field]
        assert echoed.startswith(prefix), field
        assert echoed.count("[secret]") == 1, (field, echoed)
        # left unmasked: only the base64 groups at the ends that mix secret bytes with others
        assert len(echoed[len(prefix) :].replace("[secret]", "")) <= 12, (field, echoed)
    assert SECRET not in result.text
