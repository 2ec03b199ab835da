"""Every bad input of web research, called as a run calls the tools, against the stand-in on
127.0.0.1: each ends as one clear sentence (a phrase), nothing is given to the model as a page, and an
address refusal happens before any connection — the transport fails the test if one is attempted, and
names that resolve to refused ranges come from a stub resolver."""

from __future__ import annotations

import socket

import pytest

from mira_desktop.agent.tools.results import ToolResult
from mira_desktop.core.cancel import CancelToken
from mira_desktop.services.web.addresses import AddressPolicy, system_resolver
from mira_desktop.services.web.providers import SEARXNG, Provider
from mira_desktop.services.web.tools import WebFetch, WebSearch, WebSession
from tests.integration.web.conftest import LoopbackOnly
from tests.support.web_stand_in import WebStandIn

NAMES = {
    "intranet.test": ["10.20.30.40"],
    "metadata.test": ["169.254.169.254"],
    "localhost.test": ["127.0.0.1"],
}


def _resolve(host: str, port: int) -> list[str]:
    return NAMES.get(host) or system_resolver(host, port)


def _session(base: str, transport: LoopbackOnly, **budget: int) -> WebSession:
    policy = AddressPolicy.for_provider(base, _resolve)
    return WebSession(
        Provider(SEARXNG, base), policy, budget.get("searches", 5), budget.get("fetches", 20), transport
    )


def _fetch_result(stand_in: WebStandIn, transport: LoopbackOnly, url: str) -> ToolResult:
    """Search (the stand-in lists ``url`` among its results), then fetch that result."""
    stand_in.extra_results[:] = [{"url": url, "title": "bad", "content": ""}]
    session = _session(stand_in.base, transport)
    found = WebSearch(session).call({"query": "falls"}, CancelToken())
    assert found.ok, found.text
    (source,) = [s for s in found.data["results"] if s["url"] == url]
    return WebFetch(session).call({"source_id": source["id"], "query": "falls"}, CancelToken())


def _key(result: ToolResult) -> str:
    assert not result.ok
    assert result.phrase is not None
    assert "\n" not in result.text
    return str(result.phrase["key"])


@pytest.mark.parametrize(
    ("url", "key"),
    [
        ("http://127.0.0.2:{port}/pages/en.html", "web.private_address"),  # loopback, not the provider
        (
            "http://localhost.test:{port}/pages/en.html",
            "web.private_address",
        ),  # a name resolving to 127.0.0.1
        ("http://intranet.test/", "web.private_address"),
        ("http://10.0.0.7/", "web.private_address"),
        ("http://metadata.test/latest/meta-data/", "web.private_address"),
        ("http://169.254.169.254/latest/meta-data/", "web.private_address"),
        ("file:///etc/passwd", "web.bad_scheme"),
    ],
)
def test_a_result_at_a_refused_address_is_never_connected_to(
    web_stand_in: WebStandIn, loopback_only: LoopbackOnly, url: str, key: str
) -> None:
    result = _fetch_result(web_stand_in, loopback_only, url.format(port=web_stand_in.port))
    assert _key(result) == key
    assert loopback_only.hosts == ["127.0.0.1"]  # the search only
    assert web_stand_in.paths() == ["/search"]


@pytest.mark.parametrize(
    ("path", "key"),
    [
        ("redirect-loopback", "web.private_address"),
        ("redirect-metadata", "web.private_address"),
        ("redirect-file", "web.bad_scheme"),
    ],
)
def test_a_redirect_to_a_refused_address_is_not_followed(
    web_stand_in: WebStandIn, loopback_only: LoopbackOnly, path: str, key: str
) -> None:
    result = _fetch_result(web_stand_in, loopback_only, web_stand_in.url(path))
    assert _key(result) == key
    assert web_stand_in.paths() == ["/search", f"/{path}"]
    assert set(loopback_only.hosts) == {"127.0.0.1"}


def test_a_redirect_home_is_followed(web_stand_in: WebStandIn, loopback_only: LoopbackOnly) -> None:
    result = _fetch_result(web_stand_in, loopback_only, web_stand_in.url("redirect-home"))
    assert result.ok, result.text
    assert "142 metres" in result.text
    assert web_stand_in.paths()[-1] == "/pages/en.html"


@pytest.mark.parametrize(
    ("path", "key"),
    [
        ("big-declared", "web.too_big"),  # 50 MB said up front
        ("big-streamed", "web.too_big"),  # 50 MB with no length
        ("bomb", "web.too_big"),  # 50 MB of zeros in 50 kB of gzip
        ("binary", "web.wrong_type"),
        ("binary-as-html", "web.binary"),
        ("nothing-here", "web.http_status"),
    ],
)
def test_a_page_too_big_packed_binary_or_missing_is_refused_and_not_given_to_the_model(
    web_stand_in: WebStandIn, loopback_only: LoopbackOnly, path: str, key: str
) -> None:
    result = _fetch_result(web_stand_in, loopback_only, web_stand_in.url(path))
    assert _key(result) == key
    assert "xxxx" not in result.text


def test_a_page_that_never_ends_in_time_is_stopped(
    web_stand_in: WebStandIn, loopback_only: LoopbackOnly
) -> None:
    from mira_desktop.services.web import fetching

    session = _session(web_stand_in.base, loopback_only)
    with pytest.raises(fetching.FetchError) as stopped:
        fetching.fetch(
            web_stand_in.url("slow"), session.policy, CancelToken(), limits=fetching.FetchLimits(seconds=0.5)
        )
    assert stopped.value.phrase is not None
    assert stopped.value.phrase.key == "web.timed_out"


def test_a_provider_that_is_down_is_said_in_one_sentence(loopback_only: LoopbackOnly) -> None:
    with socket.socket() as closed:  # a port nothing listens on
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
    session = _session(f"http://127.0.0.1:{port}/", loopback_only)
    result = WebSearch(session).call({"query": "falls"}, CancelToken())
    assert _key(result) == "web.unreachable"
    assert result.text.startswith("127.0.0.1 could not be reached")


def test_a_provider_that_answers_html_says_how_to_allow_json(
    web_stand_in: WebStandIn, loopback_only: LoopbackOnly
) -> None:
    session = _session(web_stand_in.url("html-provider/"), loopback_only)
    result = WebSearch(session).call({"query": "falls"}, CancelToken())
    assert _key(result) == "web.search_not_json"
    assert "search.formats" in result.text


def test_budgets_cap_searches_and_fetches_of_a_run(
    web_stand_in: WebStandIn, loopback_only: LoopbackOnly
) -> None:
    session = _session(web_stand_in.base, loopback_only, searches=1, fetches=1)
    search, fetch = WebSearch(session), WebFetch(session)
    assert search.call({"query": "falls"}, CancelToken()).ok
    assert _key(search.call({"query": "again"}, CancelToken())) == "web.searches_spent"
    assert fetch.call({"source_id": "S1", "query": "falls"}, CancelToken()).ok
    assert _key(fetch.call({"source_id": "S2", "query": "falls"}, CancelToken())) == "web.fetches_spent"
    assert web_stand_in.paths().count("/search") == 1
    assert len(web_stand_in.paths()) == 2


def test_a_source_id_the_run_never_got_is_refused(
    web_stand_in: WebStandIn, loopback_only: LoopbackOnly
) -> None:
    session = _session(web_stand_in.base, loopback_only)
    assert (
        _key(WebFetch(session).call({"source_id": "S9", "query": "x"}, CancelToken())) == "web.unknown_source"
    )
    assert web_stand_in.requests == []
