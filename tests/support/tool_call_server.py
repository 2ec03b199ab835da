"""An OpenAI-compatible ``/v1/chat/completions`` on 127.0.0.1 that answers each request with the next of
its scripted replies — a text, or tool calls — streamed as a server streams them (SSE chunks, the
finish reason, usage), and keeps every request body in :attr:`requests`: what a remote model was sent.
"""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


def _chunk(delta: dict[str, Any] | None = None, finish: str | None = None) -> bytes:
    choice = {"index": 0, "delta": delta or {}, "finish_reason": finish}
    return b"data: " + json.dumps({"object": "chat.completion.chunk", "choices": [choice]}).encode() + b"\n\n"


class ToolCallServer:
    """``replies``: ``{"text": "..."}`` or ``{"tool_calls": [{"name": ..., "arguments": {...}}]}``, in order."""

    def __init__(self, replies: list[dict[str, Any]]) -> None:
        self.requests: list[dict[str, Any]] = []
        left = list(replies)
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: Any) -> None:
                return

            def do_POST(self) -> None:
                body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", "0") or 0)))
                server.requests.append(body)
                reply = left.pop(0) if left else {"text": "(no reply left)"}
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.end_headers()
                if "tool_calls" in reply:
                    for index, made in enumerate(reply["tool_calls"]):
                        call = {
                            "index": index,
                            "id": f"srv_{len(server.requests)}_{index}",
                            "type": "function",
                            "function": {"name": made["name"], "arguments": json.dumps(made["arguments"])},
                        }
                        self.wfile.write(_chunk({"tool_calls": [call]}))
                    self.wfile.write(_chunk(finish="tool_calls"))
                else:
                    self.wfile.write(_chunk({"role": "assistant", "content": reply["text"]}))
                    self.wfile.write(_chunk(finish="stop"))
                self.wfile.write(b"data: [DONE]\n\n")

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, kwargs={"poll_interval": 0.05})

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self._server.server_address[1]}/v1"

    def __enter__(self) -> ToolCallServer:
        self._thread.start()
        return self

    def __exit__(self, *_exc: object) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(5)
