"""An OpenAI-compatible server's model list on 127.0.0.1 (an ephemeral port), as Ollama, LM Studio,
llama.cpp's server and Jan answer ``GET /v1/models``."""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


class ModelListServer:
    def __init__(self, models: list[str]) -> None:
        served = models

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: Any) -> None:
                return

            def do_GET(self) -> None:
                found = self.path.rstrip("/") == "/v1/models"
                body = json.dumps(
                    {"object": "list", "data": [{"id": m, "object": "model"} for m in served]}
                    if found
                    else {"error": "not found"}
                ).encode()
                self.send_response(200 if found else 404)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = False
        self._thread = threading.Thread(target=self._server.serve_forever, kwargs={"poll_interval": 0.05})

    @property
    def port(self) -> int:
        return int(self._server.server_address[1])

    def __enter__(self) -> ModelListServer:
        self._thread.start()
        return self

    def __exit__(self, *_exc: object) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(5)
