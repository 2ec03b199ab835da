"""A JSON API on 127.0.0.1 for declared HTTP tools, with the ways a real one goes wrong: an HTML page,
broken JSON, an answer past the cap (said up front, or only while streaming), redirects home and
away, one that never answers in time, and one that echoes the key base64-encoded. It records every request it got."""

from __future__ import annotations

import base64
import json
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qsl, urlsplit

import pytest

SECRET = "sk-weather/7f3a9c2e+b41d=="


@dataclass
class JsonApi:
    httpd: ThreadingHTTPServer
    requests: list[dict[str, Any]] = field(default_factory=list)
    release: threading.Event = field(default_factory=threading.Event)

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}"

    def declaration(self, path: str = "/weather", **changes: Any) -> dict[str, Any]:
        return {
            "name": "weather_here",
            "description": "The weather at a latitude and longitude, from the test API.",
            "url": self.base + path,
            "method": "GET",
            "parameters": {
                "type": "object",
                "properties": {"latitude": {"type": "number"}, "longitude": {"type": "number"}},
                "required": ["latitude", "longitude"],
                "additionalProperties": False,
            },
            "headers": {"Accept": "application/json"},
            "secret_headers": {"X-Api-Key": "test-weather"},
            "timeout_seconds": 1,
            "max_response_bytes": 1000,
        } | changes


def _handler(api: JsonApi) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self._answer()

        def do_POST(self) -> None:
            self._answer()

        def _answer(self) -> None:
            parts = urlsplit(self.path)
            body = self.rfile.read(int(self.headers.get("Content-Length", "0") or 0))
            api.requests.append(
                {
                    "path": parts.path,
                    "query": dict(parse_qsl(parts.query)),
                    "headers": dict(self.headers),
                    "body": body,
                }
            )
            route = parts.path
            if route == "/weather":  # echoes the key it got, as a careless API does
                self._send(
                    "application/json",
                    json.dumps(
                        {
                            "temperature_2m": 21.5,
                            "query": dict(parse_qsl(parts.query)),
                            "key_seen": self.headers.get("X-Api-Key"),
                        }
                    ).encode(),
                )
            elif route == "/echo64":  # echoes the key base64-encoded, alone and inside longer strings
                key = (self.headers.get("X-Api-Key") or "").encode()
                self._send(
                    "application/json",
                    json.dumps(
                        {
                            "token": base64.b64encode(key).decode(),
                            "urlsafe": base64.urlsafe_b64encode(key).decode().rstrip("="),
                            "basic": "Basic " + base64.b64encode(b"me:" + key).decode(),
                            "shifted": base64.b64encode(b"ab" + key + b"tail").decode(),
                        }
                    ).encode(),
                )
            elif route == "/html":
                self._send("text/html; charset=utf-8", b"<html><body>Not an API</body></html>")
            elif route == "/broken":
                self._send("application/json", b'{"temperature": 21.5,')
            elif route == "/big":
                self._send("application/json", json.dumps({"pad": "x" * 5000}).encode())
            elif route == "/streamed":  # no Content-Length: only reading finds it too big
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.end_headers()
                self.wfile.write(json.dumps({"pad": "y" * 5000}).encode())
                self.close_connection = True
            elif route == "/home":
                self._redirect(f"{api.base}/weather?from=home")
            elif route == "/away":  # another loopback address: refused before any connection
                self._redirect(f"http://127.0.0.2:{api.httpd.server_address[1]}/weather")
            elif route == "/slow":
                api.release.wait(10)
                self._send("application/json", b"{}")
            else:
                self.send_error(404)

        def _send(self, kind: str, data: bytes) -> None:
            self.send_response(200)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def _redirect(self, location: str) -> None:
            self.send_response(302)
            self.send_header("Location", location)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, format: str, *args: Any) -> None:
            return

    return Handler


@pytest.fixture
def json_api() -> Iterator[JsonApi]:
    api = JsonApi(ThreadingHTTPServer(("127.0.0.1", 0), BaseHTTPRequestHandler))
    api.httpd.RequestHandlerClass = _handler(api)
    thread = threading.Thread(target=api.httpd.serve_forever, daemon=True)
    thread.start()
    yield api
    api.release.set()
    api.httpd.shutdown()
    api.httpd.server_close()
    thread.join(5)
