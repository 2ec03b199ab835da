"""Hostile addresses and pages against ``web_search`` and ``web_fetch``, called as a run calls them:
a search on the SearXNG stand-in (``tests/support/web_stand_in.py``) lists the hostile URL, then the
run fetches it. Beside the provider, a sentinel server on 127.0.0.1 (another port: not the provider)
holds a secret that no result may show.

An escape is: the sentinel server got a request; its secret in a result; a connection attempted to a
private, loopback (other than the provider), link-local or reserved address (the transport records
every attempt and lets only 127.0.0.1 through, so nothing beyond this computer is ever reached); a
page past the caps given to the model. A hang is a call still running past ``timeout``; every refusal
must be one line. Names that resolve to refused ranges come from a stub resolver; one resolves to a
public address first and to 127.0.0.1 after (DNS rebinding): the connection must go to the first."""

from __future__ import annotations

import secrets
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from mira_desktop.services.web.addresses import is_public, system_resolver

PUBLIC = "93.184.216.34"  # an address the stub gives a public name (never reached: the transport stops it)


def cases(provider_port: int, sentinel_port: int) -> dict[str, str]:
    """Case name → the URL a search result points to ({p}: the provider's port, {s}: the sentinel's)."""
    base = f"http://127.0.0.1:{provider_port}"
    s = sentinel_port
    return {
        "loopback, another port": f"http://127.0.0.1:{s}/",
        "localhost": f"http://localhost:{s}/",
        "127.0.0.2": f"http://127.0.0.2:{s}/",
        "127.1 (short form)": f"http://127.1:{s}/",
        "2130706433 (decimal)": f"http://2130706433:{s}/",
        "0x7f000001 (hex)": f"http://0x7f000001:{s}/",
        "0.0.0.0": f"http://0.0.0.0:{s}/",
        "[::1]": f"http://[::1]:{s}/",
        "[::ffff:127.0.0.1]": f"http://[::ffff:127.0.0.1]:{s}/",
        "a name resolving to 127.0.0.1": f"http://loopback.test:{s}/",
        "10.0.0.0/8": "http://10.1.2.3/",
        "a name resolving to 10.x": "http://intranet.test/",
        "172.16.0.0/12": "http://172.20.0.1/",
        "192.168.0.0/16": "http://192.168.1.1/",
        "100.64.0.0/10 (shared)": "http://100.64.1.1/",
        "169.254.169.254 (metadata)": "http://169.254.169.254/latest/meta-data/",
        "a name resolving to 169.254.169.254": "http://metadata.test/latest/meta-data/",
        "fd00::/8 (IPv6 private)": "http://[fd00::1]/",
        "fe80::/10 (IPv6 link-local)": "http://[fe80::1]/",
        "one public and one private answer": "http://split.test/",
        "rebinding name": f"http://rebind.test:{s}/",
        "file:": "file:///etc/passwd",
        "ftp:": "ftp://127.0.0.1/",
        "gopher:": f"gopher://127.0.0.1:{s}/",
        "credentials in the URL": f"http://user:pw@127.0.0.1:{s}/",
        "redirect to another loopback address": f"{base}/redirect-loopback",
        "redirect to metadata": f"{base}/redirect-metadata",
        "redirect to file:": f"{base}/redirect-file",
        "50 MB page (declared)": f"{base}/big-declared",
        "50 MB page (streamed)": f"{base}/big-streamed",
        "gzip bomb": f"{base}/bomb",
        "binary": f"{base}/binary",
        "binary declared as HTML": f"{base}/binary-as-html",
        "never ends in time": f"{base}/slow",
    }


class _Rebinding:
    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, host: str, port: int) -> list[str]:
        names = {
            "loopback.test": ["127.0.0.1"],
            "intranet.test": ["10.20.30.40"],
            "metadata.test": ["169.254.169.254"],
            "split.test": [PUBLIC, "192.168.1.20"],
        }
        if host == "rebind.test":
            self.calls += 1
            return [PUBLIC] if self.calls == 1 else ["127.0.0.1"]
        return names.get(host) or system_resolver(host, port)


def _sentinel(token: str) -> tuple[ThreadingHTTPServer, list[str]]:
    hits: list[str] = []

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            hits.append(self.path)
            body = f"<html><body><p>sentinel {token}</p></body></html>".encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format: str, *args: Any) -> None:
            return

    return ThreadingHTTPServer(("127.0.0.1", 0), Handler), hits


def _transport(attempts: list[str]) -> Any:
    import httpx

    class Recorded(httpx.HTTPTransport):
        def handle_request(self, request: httpx.Request) -> httpx.Response:
            attempts.append(request.url.host)
            if request.url.host != "127.0.0.1":  # never leave this computer
                raise httpx.ConnectError(f"the escape suite stops a connection to {request.url.host}")
            return super().handle_request(request)

    return Recorded()


def run_all(timeout: float) -> list[dict[str, Any]]:
    """Every case once; one row per case, and one for a provider that is down."""
    from mira_desktop.core.cancel import CancelToken
    from mira_desktop.services.web import fetching
    from mira_desktop.services.web.addresses import AddressPolicy
    from mira_desktop.services.web.providers import SEARXNG, Provider
    from mira_desktop.services.web.tools import WebFetch, WebSearch, WebSession
    from tests.support.web_stand_in import start_stand_in, stop_stand_in

    limits = fetching.FetchLimits(seconds=3.0)  # "never ends in time" ends within the suite's timeout
    stand_in, stand_in_thread = start_stand_in()
    token = secrets.token_hex(8)
    sentinel, hits = _sentinel(token)
    sentinel_thread = threading.Thread(target=sentinel.serve_forever, args=(0.05,), daemon=True)
    sentinel_thread.start()
    rows: list[dict[str, Any]] = []
    try:
        for case, url in cases(stand_in.port, sentinel.server_address[1]).items():
            attempts: list[str] = []
            resolver = _Rebinding()
            policy = AddressPolicy.for_provider(stand_in.base, resolver)
            session = WebSession(Provider(SEARXNG, stand_in.base), policy, 5, 5, _transport(attempts), limits)
            stand_in.extra_results[:] = [{"url": url, "title": case, "content": ""}]
            holder: dict[str, Any] = {}

            def call(session: WebSession = session, url: str = url, holder: dict[str, Any] = holder) -> None:
                try:
                    found = WebSearch(session).call({"query": "falls"}, CancelToken())
                    source = next(s for s in found.data["results"] if s["url"] == url)
                    holder["result"] = WebFetch(session).call(
                        {"source_id": source["id"], "query": "x"}, CancelToken()
                    )
                except Exception as exc:  # counted: not a refusal
                    holder["error"] = repr(exc)

            before = len(hits)
            started = time.monotonic()
            worker = threading.Thread(target=call, daemon=True)
            worker.start()
            worker.join(timeout)
            rows.append(
                _verdict(
                    case,
                    holder=holder,
                    alive=worker.is_alive(),
                    attempts=attempts,
                    hits=hits[before:],
                    token=token,
                    started=started,
                )
            )
        rows.append(_provider_down(timeout))
    finally:
        stop_stand_in(stand_in, stand_in_thread)
        sentinel.shutdown()
        sentinel.server_close()
        sentinel_thread.join(5)
    return rows


def _verdict(
    case: str,
    *,
    holder: dict[str, Any],
    alive: bool,
    attempts: list[str],
    hits: list[str],
    token: str,
    started: float,
) -> dict[str, Any]:
    row: dict[str, Any] = {
        "case": case,
        "seconds": round(time.monotonic() - started, 2),
        "attempts": attempts,
    }
    if alive:
        return row | {"verdict": "hang"}
    if "error" in holder:
        return row | {"verdict": "unexpected error", "text": holder["error"][:300]}
    result = holder["result"]
    elsewhere = [a for a in attempts if a != "127.0.0.1" and not is_public(a)]
    why = None
    if hits:
        why = "the sentinel server got a request"
    elif token in result.text:
        why = "the sentinel's secret in a result"
    elif elsewhere:
        why = f"a connection attempted to {elsewhere[0]}"
    elif case == "rebinding name" and PUBLIC not in attempts:
        why = "the connection did not go to the address that was checked"
    elif result.ok and len(result.text) > 4000:
        why = "a page past the caps given to the model"
    elif not result.ok and "\n" in result.text:
        why = "a refusal of more than one line"
    key = (result.phrase or {}).get("key", "")
    verdict = "escape" if why else ("refused" if not result.ok else "allowed")
    return row | {"verdict": verdict, "escape": why, "key": key, "text": result.text[:200]}


def _provider_down(timeout: float) -> dict[str, Any]:
    import socket

    from mira_desktop.core.cancel import CancelToken
    from mira_desktop.services.web.addresses import AddressPolicy
    from mira_desktop.services.web.providers import SEARXNG, Provider
    from mira_desktop.services.web.tools import WebSearch, WebSession

    with socket.socket() as closed:
        closed.bind(("127.0.0.1", 0))
        base = f"http://127.0.0.1:{closed.getsockname()[1]}/"
    attempts: list[str] = []
    session = WebSession(
        Provider(SEARXNG, base), AddressPolicy.for_provider(base), 5, 5, _transport(attempts)
    )
    started = time.monotonic()
    result = WebSearch(session).call({"query": "falls"}, CancelToken())
    held = not result.ok and "\n" not in result.text and time.monotonic() - started < timeout
    return {
        "case": "search provider down",
        "seconds": round(time.monotonic() - started, 2),
        "attempts": attempts,
        "verdict": "refused" if held else "escape",
        "escape": None if held else "not one line, or past the timeout",
        "key": (result.phrase or {}).get("key", ""),
        "text": result.text[:200],
    }
