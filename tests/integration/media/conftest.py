from __future__ import annotations

import base64
import json
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

from tests.integration.attachments.support import png_bytes


@dataclass
class ImageServer:
    """An OpenAI-compatible images endpoint on loopback: what it answers, and what it was sent."""

    url: str
    requests: list[dict[str, Any]] = field(default_factory=list)
    headers: list[dict[str, str]] = field(default_factory=list)
    status: int = 200
    body: dict[str, Any] | None = None  # None: one PNG as b64_json


@pytest.fixture
def image_server() -> Iterator[ImageServer]:
    state = ImageServer("")

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            length = int(self.headers.get("content-length", "0"))
            state.requests.append(json.loads(self.rfile.read(length) or b"{}"))
            state.headers.append(dict(self.headers.items()))
            if self.path != "/v1/images/generations":
                self._reply(404, {"error": {"message": f"no route {self.path}"}})
            elif state.body is not None or state.status != 200:
                self._reply(state.status, state.body or {})
            else:
                self._reply(
                    200,
                    {"created": 1, "data": [{"b64_json": base64.b64encode(png_bytes((24, 24))).decode()}]},
                )

        def _reply(self, status: int, payload: dict[str, Any]) -> None:
            data = json.dumps(payload).encode()
            self.send_response(status)
            self.send_header("content-type", "application/json")
            self.send_header("content-length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, format: str, *args: object) -> None:
            return

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    state.url = f"http://127.0.0.1:{server.server_address[1]}/v1"
    runner = threading.Thread(target=server.serve_forever, name="test-image-server", daemon=True)
    runner.start()
    try:
        yield state
    finally:
        server.shutdown()
        server.server_close()
        runner.join(5)
