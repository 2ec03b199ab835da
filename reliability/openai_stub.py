"""A tiny OpenAI-compatible server on loopback for the secrets scan: streams answers as SSE.

``GET /v1/models`` lists one model; ``POST /v1/chat/completions`` streams a short answer. It keeps
every ``Authorization`` header it received (to prove the key was sent). Words in the last user
message make it misbehave the way real servers and proxies do:

- ``ECHO-401``: refuses the key and echoes it in the error body (as some servers do);
- ``ECHO-ESCAPED``: the same, with the JSON escaping of a PHP proxy (``/`` written ``\\/``);
- ``ECHO-500``: fails with the request's headers in the body;
- ``BROKEN``: streams an event whose delta is not an object.
"""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


class StubServer:
    def __init__(self) -> None:
        self.authorizations: list[str] = []
        stub = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: Any) -> None:  # quiet
                return

            def _send(self, status: int, body: bytes, kind: str = "application/json") -> None:
                self.send_response(status)
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def do_GET(self) -> None:
                stub.authorizations.append(self.headers.get("Authorization", ""))
                self._send(
                    200,
                    json.dumps(
                        {"object": "list", "data": [{"id": "stub-model", "object": "model"}]}
                    ).encode(),
                )

            def do_POST(self) -> None:
                key = self.headers.get("Authorization", "")
                stub.authorizations.append(key)
                body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", "0"))) or b"{}")
                users = [str(m.get("content")) for m in body.get("messages", []) if m.get("role") == "user"]
                text = users[-1] if users else ""
                secret = key.removeprefix("Bearer ")
                if "ECHO-401" in text:
                    error = {
                        "error": {
                            "message": f"Incorrect API key provided: {secret}",
                            "type": "invalid_request_error",
                        }
                    }
                    return self._send(401, json.dumps(error).encode())
                if "ECHO-ESCAPED" in text:
                    error = {"error": {"message": f"Incorrect API key provided: {secret}"}}
                    return self._send(401, json.dumps(error).replace("/", "\\/").encode())
                if "ECHO-500" in text:
                    return self._send(
                        500,
                        json.dumps(
                            {"error": {"message": f"upstream failed; headers: {dict(self.headers)}"}}
                        ).encode(),
                    )
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.end_headers()
                if "BROKEN" in text:
                    self.wfile.write(b'data: {"choices": [{"index": 0, "delta": "not an object"}]}\n\n')
                    self.wfile.write(b"data: [DONE]\n\n")
                    return
                for word in ["The", " stub", " answers", " politely."]:
                    chunk = {"choices": [{"index": 0, "delta": {"content": word}, "finish_reason": None}]}
                    self.wfile.write(f"data: {json.dumps(chunk)}\n\n".encode())
                done = {"choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]}
                self.wfile.write(f"data: {json.dumps(done)}\n\ndata: [DONE]\n\n".encode())

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/v1"

    def __enter__(self) -> StubServer:
        self.thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self.server.shutdown()
        self.server.server_close()
