"""The adapter for any server that speaks OpenAI's chat-completions API.

One adapter serves llama.cpp's and llama-cpp-python's servers, vLLM, Ollama, LM Studio and OpenAI
itself: the provider is only a base URL, a model name and an optional key. Answers are streamed as
server-sent events; failures become a :class:`ModelError` whose sentence says what to do. Retrying is
not done here (a separate layer decides from ``ModelError.kind``); the only repeated requests are the
two compatibility fallbacks of :func:`_compatible_body`.
"""

from __future__ import annotations

import contextlib
import json
import logging
import math
import re
import socket
import threading
from collections.abc import Callable, Iterator
from typing import Any

import httpx

from mira_desktop.core.cancel import CancelToken
from mira_desktop.models.errors import ErrorKind, ModelError
from mira_desktop.models.sse import SSEFormatError, iter_events
from mira_desktop.models.types import (
    ChatMessage,
    ChatRequest,
    Chunk,
    Finish,
    ModelProfile,
    TextDelta,
    ToolCallDelta,
    Usage,
)

_log = logging.getLogger(__name__)

_CONTEXT_OVERFLOW = re.compile(
    r"context[ _-]?(length|window|size)|maximum context|too many tokens|exceed|too long", re.IGNORECASE
)
_NO_SUCH_MODEL = re.compile(
    r"model\b.{0,80}\b(not found|does not exist|doesn't exist|not exist|unknown)|(unknown|no such) model",
    re.IGNORECASE | re.DOTALL,
)
# Han, kana, Hangul and full-width forms: tokenizers give most of these characters a token each.
_WIDE_CHARACTER = re.compile(
    r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]"
)
_FINISH_REASONS = {
    "stop": "stop",
    "length": "length",
    "tool_calls": "tool_calls",
    "function_call": "tool_calls",
}
_EXCERPT_BYTES = 2000


def estimate_tokens(text: str) -> int:
    """A tokenizer-free estimate: one token per CJK character, one per four UTF-8 bytes of the rest.

    The server's tokenizer is not available here. BPE vocabularies average about four bytes a token
    on English text and about one token a character on CJK text; the estimate is for budgeting a
    context window with a margin, not for exact limits.
    """
    wide = len(_WIDE_CHARACTER.findall(text))
    rest = len(_WIDE_CHARACTER.sub("", text).encode("utf-8"))
    return wide + math.ceil(rest / 4)


class OpenAICompatibleModel:
    """A :class:`~mira_desktop.models.types.ChatModel` backed by an OpenAI-compatible HTTP server.

    ``api_key`` is called at each request, so a key changed in the keyring applies at once; it is
    sent as a bearer token and never appears in an error. ``read_timeout`` is the longest silence
    allowed between two pieces of the answer. ``transport`` replaces the network for tests; through
    it, a cancel is seen between two pieces instead of cutting a blocked read.
    """

    def __init__(
        self,
        *,
        ref: str,
        base_url: str,
        model: str,
        api_key: Callable[[], str | None] | None = None,
        headers: dict[str, str] | None = None,
        context_window: int = 8192,
        connect_timeout: float = 10.0,
        read_timeout: float = 120.0,
        transport: httpx.BaseTransport | None = None,
    ) -> None:
        url = httpx.URL(base_url.rstrip("/"))
        if url.scheme not in ("http", "https") or not url.host:
            raise ModelError(
                ErrorKind.BAD_REQUEST,
                f"The base URL {base_url!r} is not an http:// or https:// address: use one like "
                "http://127.0.0.1:8080/v1.",
            )
        self.ref = ref
        self._base_url = str(url)
        self._shown_url = str(url.copy_with(userinfo=b""))
        self._model = model
        self._api_key = api_key
        self._context_window = context_window
        self._connect_timeout = connect_timeout
        self._read_timeout = read_timeout
        # Downgraded once when a server rejects them (see _compatible_body), then remembered.
        self._send_stream_options = True
        self._schema_style = "json_schema"
        # No kept-alive connections: each answer opens its own, so cancelling can cut exactly that one.
        self._client = httpx.Client(
            headers=headers,
            timeout=httpx.Timeout(
                connect=connect_timeout, read=read_timeout, write=read_timeout, pool=connect_timeout
            ),
            limits=httpx.Limits(max_keepalive_connections=0),
            transport=transport,
        )

    def profile(self) -> ModelProfile:
        return ModelProfile(
            ref=self.ref,
            display_name=self._model,
            context_window=self._context_window,
            supports_tools=True,
            supports_json_schema=True,
            supports_vision=False,
        )

    def count_tokens(self, text: str) -> int:
        return estimate_tokens(text)

    def close(self) -> None:
        self._client.close()

    def list_models(self) -> list[str]:
        """The model names the server offers (``GET {base_url}/models``)."""
        key = self._key()
        url = f"{self._base_url}/models"
        try:
            response = self._client.get(url, headers=_auth_headers(key))
            if not response.is_success:
                raise self._status_error(response.status_code, response.text[:_EXCERPT_BYTES], response)
            try:
                listing = response.json()
                return [item["id"] for item in listing["data"] if isinstance(item.get("id"), str)]
            except (ValueError, KeyError, TypeError, AttributeError) as exc:
                raise self._not_openai("a model list it could not read", response.text) from exc
        except httpx.HTTPError as exc:
            raise _redacted(self._transport_error(exc), key) from exc
        except ModelError as error:
            raise _redacted(error, key) from error.__cause__

    def stream(self, request: ChatRequest, cancel: CancelToken) -> Iterator[Chunk]:
        if cancel.cancelled:
            yield Finish("cancelled")
            return
        key = self._key()
        guard = _ConnectionGuard()
        unregister = cancel.on_cancel(guard.cut)
        try:
            yield from self._answer(request, cancel, guard, key)
        except ModelError as error:
            if cancel.cancelled:  # the cut connection is what failed: the user stopped the answer
                yield Finish("cancelled")
                return
            raise _redacted(error, key) from error.__cause__
        finally:
            unregister()

    def _key(self) -> str | None:
        return self._api_key() if self._api_key is not None else None

    def _answer(
        self, request: ChatRequest, cancel: CancelToken, guard: _ConnectionGuard, key: str | None
    ) -> Iterator[Chunk]:
        try:
            response = self._open(self._body(request), cancel, guard, key)
            if response is None:
                yield Finish("cancelled")
                return
            try:
                yield from self._read(response, cancel)
            finally:
                response.close()
        except httpx.HTTPError as exc:
            raise self._transport_error(exc) from exc

    def _body(self, request: ChatRequest) -> dict[str, Any]:
        body: dict[str, Any] = {
            "model": self._model,
            "messages": [_message_json(message) for message in request.messages],
            "stream": True,
        }
        if self._send_stream_options:
            body["stream_options"] = {"include_usage": True}
        body.update(_sampling_json(request))
        if request.tools:
            body["tools"] = [
                {
                    "type": "function",
                    "function": {"name": t.name, "description": t.description, "parameters": t.parameters},
                }
                for t in request.tools
            ]
        if request.json_schema is not None:
            body["response_format"] = _response_format(request.json_schema, self._schema_style)
        return body

    def _open(
        self, body: dict[str, Any], cancel: CancelToken, guard: _ConnectionGuard, key: str | None
    ) -> httpx.Response | None:
        """Sends the request until a server accepts it; None when cancelled between two attempts."""
        url = f"{self._base_url}/chat/completions"
        while not cancel.cancelled:
            _log.debug("POST %s (model %s, %d messages)", url, self._model, len(body["messages"]))
            sent = self._client.build_request(
                "POST", url, json=body, headers=_auth_headers(key), extensions={"trace": guard.trace}
            )
            response = self._client.send(sent, stream=True)
            if response.is_success:
                return response
            try:
                excerpt = _read_excerpt(response)
            finally:
                response.close()
            fallback = self._compatible_body(body, response.status_code, excerpt)
            if fallback is None:
                raise self._status_error(response.status_code, excerpt, response)
            body = fallback
        return None

    def _compatible_body(self, body: dict[str, Any], status: int, excerpt: str) -> dict[str, Any] | None:
        """The body to send again when the server refused an optional feature, else None.

        Some servers reject ``stream_options``; llama-cpp-python only knows the older
        ``{"type": "json_object", "schema": …}`` form of a JSON-schema constraint (and answers 500).
        """
        if status not in (400, 422, 500):
            return None
        said = excerpt.lower()
        if "stream_options" in body and "stream_options" in said:
            self._send_stream_options = False
            return {k: v for k, v in body.items() if k != "stream_options"}
        response_format = body.get("response_format")
        if response_format and response_format["type"] == "json_schema" and "response_format" in said:
            self._schema_style = "json_object"
            schema = response_format["json_schema"]["schema"]
            return {**body, "response_format": _response_format(schema, self._schema_style)}
        return None

    def _read(self, response: httpx.Response, cancel: CancelToken) -> Iterator[Chunk]:
        content_type = response.headers.get("content-type", "").lower()
        reader = _ChunkReader()
        if "json" in content_type:  # a server that ignored "stream": true answers all at once
            text = response.read().decode("utf-8", errors="replace")
            payload = self._payload(text)
            if "error" in payload:
                raise self._reported_error(payload)
            try:
                chunks = reader.feed(_as_stream_payload(payload))
            except (ValueError, TypeError) as exc:
                raise self._not_openai("JSON that is not a chat completion", text) from exc
            yield from chunks
            yield from self._finish(reader, complete=True)
            return
        if "html" in content_type:
            raise self._not_openai("an HTML page", _read_excerpt(response))
        complete = False
        try:
            for event in iter_events(response.iter_lines()):
                if cancel.cancelled:
                    break
                if event.data.strip() == "[DONE]":
                    complete = True
                    break
                payload = self._payload(event.data)
                if event.event == "error" or "error" in payload:
                    raise self._reported_error(payload)
                try:
                    chunks = reader.feed(payload)
                except (ValueError, TypeError) as exc:  # a field of the wrong type
                    raise self._malformed(str(exc), event.data) from exc
                yield from chunks
        except SSEFormatError as exc:
            raise self._not_openai("something that is not a stream of events", exc.line) from exc
        if cancel.cancelled:
            yield Finish("cancelled")
            return
        yield from self._finish(reader, complete=complete)

    def _finish(self, reader: _ChunkReader, *, complete: bool) -> Iterator[Chunk]:
        if not complete and reader.finish_reason is None:
            raise ModelError(
                ErrorKind.MODEL_ERROR,
                f"The server at {self._shown_url} ended the answer before it was complete: the "
                "conversation may be too long for its context window, or the server failed; check "
                "the server's log.",
                "the event stream ended without a finish reason and without [DONE]",
            )
        if reader.usage is not None:
            yield reader.usage
        yield Finish(reader.reason())

    def _payload(self, data: str) -> dict[str, Any]:
        try:
            payload = json.loads(data)
        except ValueError as exc:
            raise self._malformed("not valid JSON", data) from exc
        if not isinstance(payload, dict):
            raise self._malformed("not a JSON object", data)
        return payload

    def _status_error(self, status: int, excerpt: str, response: httpx.Response) -> ModelError:
        said = _server_message(excerpt)
        detail = (
            f"HTTP {status} from {response.request.method} {response.request.url.copy_with(userinfo=b'')}; "
            f"body: {excerpt[:500]!r}"
        )
        where = f"The server at {self._shown_url}"
        if status in (401, 403):
            name = self.ref.removeprefix("remote:").split("/", 1)[0] or "NAME"
            fix = f"`mira models add-remote {name} --base-url {self._shown_url} --api-key-stdin`"
            sent_key = bool(response.request.headers.get("authorization"))
            problem = "refused the API key" if sent_key else "needs an API key"
            kind, message = ErrorKind.AUTH, f"{where} {problem} (HTTP {status}): set the key with {fix}."
        elif status == 429:
            wait = response.headers.get("retry-after")
            detail += f"; retry-after: {wait}" if wait else ""
            kind = ErrorKind.RATE_LIMIT
            message = f"{where} is limiting requests (HTTP 429): wait a moment and try again."
        elif status == 404 or (status < 500 and _NO_SUCH_MODEL.search(said)):
            kind = ErrorKind.BAD_REQUEST
            message = (
                f"{where} has no model {self._model!r} (HTTP {status}): run `mira models list` to see the "
                "models it offers, and check the base URL (it usually ends in /v1)."
            )
        elif status in (400, 413, 422, 500) and _CONTEXT_OVERFLOW.search(said):
            kind, message = ErrorKind.CONTEXT_OVERFLOW, self._overflow_message(said)
        elif 400 <= status < 500:
            kind, message = ErrorKind.BAD_REQUEST, f"{where} rejected the request (HTTP {status}): {said}"
        elif status >= 500:
            kind = ErrorKind.MODEL_ERROR
            message = (
                f"{where} failed to answer (HTTP {status}): {said or 'no details given'}; check its log."
            )
        else:  # a redirect or another status no API answers with
            return self._not_openai(f"HTTP {status}", excerpt)
        return ModelError(kind, message, detail)

    def _reported_error(self, payload: dict[str, Any]) -> ModelError:
        said = _server_message(json.dumps(payload)) or "no details given"
        detail = f"error event in the answer stream: {json.dumps(payload)[:500]}"
        if _CONTEXT_OVERFLOW.search(said):
            return ModelError(ErrorKind.CONTEXT_OVERFLOW, self._overflow_message(said), detail)
        return ModelError(
            ErrorKind.MODEL_ERROR, f"The server at {self._shown_url} failed while answering: {said}", detail
        )

    def _overflow_message(self, said: str) -> str:
        return (
            f"The conversation is too long for {self._model!r} on {self._shown_url}: start a new thread "
            f"or shorten the messages. The server said: {said}"
        )

    def _not_openai(self, answered: str, excerpt: str) -> ModelError:
        return ModelError(
            ErrorKind.MODEL_ERROR,
            f"{self._shown_url} does not look like an OpenAI-compatible API (it answered with {answered}): "
            "check the base URL; it usually ends in /v1, like http://127.0.0.1:8080/v1.",
            f"body starts with: {excerpt[:300]!r}",
        )

    def _malformed(self, problem: str, data: str) -> ModelError:
        return ModelError(
            ErrorKind.MODEL_ERROR,
            f"The server at {self._shown_url} sent a malformed answer event ({problem}): it may not be "
            "fully OpenAI-compatible; check the base URL and the server's version.",
            f"event data: {data[:300]!r}",
        )

    def _transport_error(self, exc: httpx.HTTPError) -> ModelError:
        detail = f"{type(exc).__name__}: {exc}"
        if isinstance(exc, httpx.ConnectTimeout):
            return ModelError(
                ErrorKind.TIMEOUT,
                f"{self._shown_url} did not accept a connection within {self._connect_timeout:g} s: check "
                "the address, and that the server is running and reachable.",
                detail,
            )
        if isinstance(exc, httpx.TimeoutException):
            return ModelError(
                ErrorKind.TIMEOUT,
                f"The server at {self._shown_url} sent nothing for {self._read_timeout:g} s: it may be "
                "overloaded or stuck; try again, or allow a longer read timeout for a slow model.",
                detail,
            )
        if isinstance(exc, httpx.ConnectError):
            return ModelError(
                ErrorKind.UNREACHABLE,
                f"Cannot reach {self._shown_url}: is the server running? Check the address and the network.",
                detail,
            )
        return ModelError(
            ErrorKind.MODEL_ERROR,
            f"The connection to {self._shown_url} broke off before the answer was complete: the server "
            "may have crashed or restarted; check its log.",
            detail,
        )


class _ConnectionGuard:
    """Lets the cancelling thread cut one request's connection, waking a read blocked on it at once.

    Closing a socket does not wake a thread blocked reading it; shutting it down does, and tells the
    server the client is gone, so it stops generating. httpcore's ``trace`` extension hands over the
    socket as soon as it is connected, so a request still waiting for its first byte can be cut too.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._socket: socket.socket | None = None
        self._cut = False

    def trace(self, event: str, info: dict[str, Any]) -> None:
        if not event.endswith((".connect_tcp.complete", ".start_tls.complete")):
            return
        sock = info["return_value"].get_extra_info("socket")
        if not isinstance(sock, socket.socket):
            return
        with self._lock:
            self._socket = sock
            cut = self._cut
        if cut:
            _shut_down(sock)

    def cut(self) -> None:
        with self._lock:
            self._cut = True
            sock = self._socket
        if sock is not None:
            _shut_down(sock)


def _shut_down(sock: socket.socket) -> None:
    # The plain socket method, not SSLSocket's, which would also drop TLS state the reader still uses.
    with contextlib.suppress(OSError):  # already closed: no read is left to wake
        socket.socket.shutdown(sock, socket.SHUT_RDWR)


class _MalformedPayloadError(ValueError):
    pass


class _ChunkReader:
    """Turns ``chat.completion.chunk`` payloads into chunks, keeping usage and the finish reason for the end."""

    def __init__(self) -> None:
        self.finish_reason: str | None = None
        self.usage: Usage | None = None
        self._saw_tool_call = False

    def feed(self, payload: dict[str, Any]) -> list[Chunk]:
        chunks: list[Chunk] = []
        usage = _object(payload.get("usage"), "usage")
        if usage:
            self.usage = Usage(int(usage.get("prompt_tokens") or 0), int(usage.get("completion_tokens") or 0))
        choices = payload.get("choices") or []
        if not isinstance(choices, list):
            raise _MalformedPayloadError("choices is not a list")
        for choice in (_object(c, "a choice") for c in choices):
            if choice.get("index", 0) != 0:
                continue
            delta = _object(choice.get("delta"), "delta")
            content = delta.get("content")
            if isinstance(content, str) and content:
                chunks.append(TextDelta(content))
            calls = delta.get("tool_calls") or []
            if not isinstance(calls, list):
                raise _MalformedPayloadError("tool_calls is not a list")
            for position, call in enumerate(_object(c, "a tool call") for c in calls):
                index = call.get("index")
                chunks.append(_tool_call_delta(position if index is None else int(index), call))
            if delta.get("function_call"):  # the legacy single-function form
                chunks.append(_tool_call_delta(0, {"function": delta["function_call"]}))
            if choice.get("finish_reason"):
                self.finish_reason = str(choice["finish_reason"])
        self._saw_tool_call = self._saw_tool_call or any(isinstance(c, ToolCallDelta) for c in chunks)
        return chunks

    def reason(self) -> str:
        reason = _FINISH_REASONS.get(self.finish_reason or "stop", "stop")
        # Some servers say "stop" after a tool call; the caller must still run the tool.
        return "tool_calls" if reason == "stop" and self._saw_tool_call else reason


def _tool_call_delta(index: int, call: dict[str, Any]) -> ToolCallDelta:
    function = _object(call.get("function"), "a tool call's function")
    arguments = function.get("arguments") or ""
    return ToolCallDelta(
        index=index,
        id=call.get("id") or None,
        name=function.get("name") or None,
        arguments=arguments if isinstance(arguments, str) else json.dumps(arguments),
    )


def _object(value: object, what: str) -> dict[str, Any]:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise _MalformedPayloadError(f"{what} is not a JSON object")
    return value


def _as_stream_payload(completion: dict[str, Any]) -> dict[str, Any]:
    """A whole (non-streamed) completion reshaped as one stream chunk."""
    choices = completion.get("choices")
    if not isinstance(choices, list):
        raise _MalformedPayloadError("choices is not a list")
    reshaped = []
    for choice in (_object(c, "a choice") for c in choices):
        message = dict(_object(choice.get("message"), "message"))
        calls = message.get("tool_calls") or []
        message["tool_calls"] = [{**call, "index": i} for i, call in enumerate(calls)]
        reshaped.append({**choice, "delta": message})
    return {**completion, "choices": reshaped}


def _message_json(message: ChatMessage) -> dict[str, Any]:
    data: dict[str, Any] = {"role": message.role, "content": message.content}
    if message.tool_calls:
        data["tool_calls"] = [
            {
                "id": c.id,
                "type": "function",
                "function": {"name": c.name, "arguments": json.dumps(c.arguments)},
            }
            for c in message.tool_calls
        ]
    if message.tool_call_id is not None:
        data["tool_call_id"] = message.tool_call_id
    if message.name is not None and message.role != "tool":  # OpenAI's tool messages have no name
        data["name"] = message.name
    return data


def _sampling_json(request: ChatRequest) -> dict[str, Any]:
    sampling = request.sampling
    fields: dict[str, Any] = {
        "temperature": sampling.temperature,
        "top_p": sampling.top_p,
        "top_k": sampling.top_k,  # not in OpenAI's API; llama.cpp, vLLM and Ollama accept it
        "max_tokens": sampling.max_tokens,
        "frequency_penalty": sampling.frequency_penalty,
        "presence_penalty": sampling.presence_penalty,
        "seed": sampling.seed,
        "stop": list(sampling.stop) or None,
    }
    return {name: value for name, value in fields.items() if value is not None}


def _response_format(schema: dict[str, Any], style: str) -> dict[str, Any]:
    if style == "json_object":
        return {"type": "json_object", "schema": schema}
    return {"type": "json_schema", "json_schema": {"name": "answer", "schema": schema, "strict": True}}


def _auth_headers(key: str | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"} if key else {}


def _read_excerpt(response: httpx.Response) -> str:
    """The start of a body, read no further: an error page can be large or never end."""
    data = b""
    for piece in response.iter_bytes():
        data += piece
        if len(data) >= _EXCERPT_BYTES:
            break
    return data[:_EXCERPT_BYTES].decode("utf-8", errors="replace")


def _server_message(body: str) -> str:
    """The server's own words from an error body: the JSON ``message``/``detail``, or short plain text."""
    try:
        data = json.loads(body)
    except ValueError:
        data = None
    if isinstance(data, dict):
        error = data.get("error", data)
        if isinstance(error, dict):
            error = error.get("message") or error.get("detail") or error.get("msg") or ""
        return str(error or data.get("detail") or data.get("message") or "")[:300].strip()
    text = body.strip()
    return "" if text.startswith("<") else " ".join(text.split())[:300]


def _redacted(error: ModelError, secret: str | None) -> ModelError:
    """The error with ``secret`` masked, for servers that echo the key they refused."""
    if not secret or (secret not in error.message and secret not in error.detail):
        return error
    return ModelError(
        error.kind, error.message.replace(secret, "[redacted]"), error.detail.replace(secret, "[redacted]")
    )
