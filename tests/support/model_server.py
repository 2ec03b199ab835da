"""OpenAI-compatible servers on 127.0.0.1 (an ephemeral port): a model list, as Ollama, LM Studio,
llama.cpp's server and Jan answer ``GET /v1/models``; and chat completions streamed the ways
thinking models stream them (:class:`ThinkingServer`)."""

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


class ThinkingServer:
    """An OpenAI-compatible ``/v1/chat/completions`` on 127.0.0.1 that answers as thinking models do.

    The request's ``model`` picks how: ``think-field`` streams the reasoning as ``reasoning_content``
    deltas (llama.cpp's server, DeepSeek), ``think-reasoning`` as ``reasoning`` (vLLM), ``think-tags``
    inside the content between ``<think>`` tags, ``think-forever`` thinks until ``max_tokens`` and
    ends with ``finish_reason: "length"``, anything else answers without reasoning. Text goes in
    pieces of ``piece`` characters, so tags fall across deltas. Every request body is kept in
    :attr:`requests`. ``refuse`` names request fields the server answers 400 for (as OpenAI does for
    ``chat_template_kwargs``).
    """

    def __init__(
        self,
        *,
        reasoning: str = "The user asks for 2 + 2. Two and two make four.",
        answer: str = "2 + 2 = 4.",
        piece: int = 3,
        refuse: tuple[str, ...] = (),
    ) -> None:
        self.requests: list[dict[str, Any]] = []
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: Any) -> None:
                return

            def do_POST(self) -> None:
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                server.requests.append(body)
                refused = [name for name in refuse if name in body]
                if refused:
                    error = json.dumps({"error": {"message": f"Unrecognized request argument: {refused[0]}"}})
                    self.send_response(400)
                    self.send_header("Content-Type", "application/json")
                    self.end_headers()
                    self.wfile.write(error.encode())
                    return
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.end_headers()
                deltas = server.deltas(body)
                for delta, finish in deltas:
                    chunk = {"object": "chat.completion.chunk", "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}
                    self.wfile.write(f"data: {json.dumps(chunk)}\n\n".encode())
                if (body.get("stream_options") or {}).get("include_usage"):  # one token per delta, as a server counts
                    usage = {"prompt_tokens": len(json.dumps(body["messages"])) // 4, "completion_tokens": len(deltas) - 1}
                    self.wfile.write(f"data: {json.dumps({'choices': [], 'usage': usage})}\n\n".encode())
                self.wfile.write(b"data: [DONE]\n\n")

        self.reasoning, self.answer, self.piece = reasoning, answer, piece
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = False
        self._thread = threading.Thread(target=self._server.serve_forever, kwargs={"poll_interval": 0.05})

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self._server.server_address[1]}/v1"

    def deltas(self, body: dict[str, Any]) -> list[tuple[dict[str, Any], str | None]]:
        """The deltas of one answer, each with its finish reason (None but for the last)."""
        model, cut = str(body.get("model", "")), self.piece
        pieces = lambda text: [text[i : i + cut] for i in range(0, len(text), cut)]  # noqa: E731
        out: list[tuple[dict[str, Any], str | None]]
        if model == "think-forever":
            limit = int(body.get("max_tokens") or 64)
            words = (self.reasoning.split() * limit)[:limit]
            out = [({"reasoning_content": w + " "}, None) for w in words]
            return [*out, ({}, "length")]
        if model in ("think-field", "think-reasoning"):
            field = "reasoning_content" if model == "think-field" else "reasoning"
            out = [({field: p}, None) for p in pieces(self.reasoning)]
            out += [({"content": p}, None) for p in pieces(self.answer)]
        elif model == "think-tags":
            out = [({"content": p}, None) for p in pieces(f"<think>\n{self.reasoning}\n</think>\n\n{self.answer}")]
        else:
            out = [({"content": p}, None) for p in pieces(self.answer)]
        return [*out, ({}, "stop")]

    def __enter__(self) -> ThinkingServer:
        self._thread.start()
        return self

    def __exit__(self, *_exc: object) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(5)
