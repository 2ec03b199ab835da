"""The adapter for any server that speaks OpenAI's chat-completions API.

One adapter serves llama.cpp's and llama-cpp-python's servers, vLLM, Ollama, LM Studio and OpenAI
itself: the provider is only a base URL, a model name and an optional key. Answers are streamed as
server-sent events; failures become a :class:`ModelError` whose sentence says what to do. Retrying is
not done here (a separate layer decides from ``ModelError.kind``); the only repeated requests are the
two compatibility fallbacks of :func:`_compatible_body`.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Iterator
from typing import Any

import httpx

from mira_desktop.core import phrases
from mira_desktop.core.cancel import CancelToken
from mira_desktop.core.phrases import said
from mira_desktop.core.token_estimate import estimate_tokens
from mira_desktop.models.adapters.remote.connection_guard import ConnectionGuard
from mira_desktop.models.adapters.remote.errors import ErrorClassifier, redacted
from mira_desktop.models.adapters.remote.request_format import (
    ChunkReader,
    as_stream_payload,
    request_body,
    response_format,
)
from mira_desktop.models.adapters.remote.sse import SSEFormatError, iter_events
from mira_desktop.models.errors import ErrorKind, ModelError
from mira_desktop.models.protocol import ChatRequest, Chunk, Finish, ModelProfile

_log = logging.getLogger(__name__)

_EXCERPT_BYTES = 2000


class OpenAICompatibleModel:
    """A :class:`~mira_desktop.models.protocol.ChatModel` backed by an OpenAI-compatible HTTP server.

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
        supports_vision: bool = False,
        connect_timeout: float = 10.0,
        read_timeout: float = 120.0,
        transport: httpx.BaseTransport | None = None,
    ) -> None:
        url = httpx.URL(base_url.rstrip("/"))
        if url.scheme not in ("http", "https") or not url.host:
            raise ModelError.classified(ErrorKind.BAD_REQUEST, "models.bad_base_url", url=base_url)
        self.ref = ref
        self._base_url = str(url)
        self._model = model
        self._api_key = api_key
        self._context_window = context_window
        self._vision = supports_vision
        self._errors = ErrorClassifier(
            ref=ref,
            model=model,
            shown_url=str(url.copy_with(userinfo=b"")),
            connect_timeout=connect_timeout,
            read_timeout=read_timeout,
        )
        # Downgraded once when a server rejects them (see _compatible_body), then remembered.
        self._send_stream_options = True
        self._schema_style = "json_schema"
        self._send_template_kwargs = True
        # Whether this server's model thinks is learned from its answers (it sent reasoning): it then
        # gets room for its reasoning in its token budget.
        self._thinks = False
        # No kept-alive connections: each answer opens its own, so cancelling can cut exactly that one.
        self._client = httpx.Client(
            headers=headers,
            timeout=httpx.Timeout(
                connect=connect_timeout, read=read_timeout, write=read_timeout, pool=connect_timeout
            ),
            limits=httpx.Limits(max_keepalive_connections=0),
            transport=transport,
        )

    @property
    def loaded(self) -> bool:
        return False

    def prepare(self) -> None:
        return None  # nothing to load: the server holds the model

    def profile(self) -> ModelProfile:
        return ModelProfile(
            ref=self.ref,
            display_name=self._model,
            context_window=self._context_window,
            supports_tools=True,
            supports_json_schema=True,
            supports_vision=self._vision,
            tool_call_format="openai",
            thinks=self._thinks,
            # A server's template cannot be read from here: the switch is offered for every server
            # model and sent as chat_template_kwargs (a template without the variable ignores it; a
            # server that refuses the field is sent it no more).
            thinking_switch="enable_thinking" if self._send_template_kwargs else None,
            # The server's own template decides whether an agent step's reasoning_content is read.
            reasoning_in_tool_loop=True,
        )

    def count_tokens(self, text: str) -> int:
        """An estimate (:mod:`mira_desktop.core.token_estimate`): the server's tokenizer is not available here."""
        return estimate_tokens(text)

    def unload_if_idle(self, seconds: float) -> bool:
        return False  # its server holds the model

    def close(self) -> None:
        self._client.close()

    def list_models(self) -> list[str]:
        """The model names the server offers (``GET {base_url}/models``)."""
        key = self._key()
        url = f"{self._base_url}/models"
        try:
            response = self._client.get(url, headers=_auth_headers(key))
            if not response.is_success:
                raise self._errors.status(response.status_code, response.text[:_EXCERPT_BYTES], response)
            try:
                listing = response.json()
                return [item["id"] for item in listing["data"] if isinstance(item.get("id"), str)]
            except (ValueError, KeyError, TypeError, AttributeError) as exc:
                raise self._errors.not_openai(said("models.answered.model_list"), response.text) from exc
        except httpx.HTTPError as exc:
            raise redacted(self._errors.transport(exc), key) from exc
        except ModelError as error:
            raise redacted(error, key) from error.__cause__

    def stream(self, request: ChatRequest, cancel: CancelToken) -> Iterator[Chunk]:
        if cancel.cancelled:
            yield Finish("cancelled")
            return
        key = self._key()
        guard = ConnectionGuard()
        unregister = cancel.on_cancel(guard.cut)
        try:
            yield from self._answer(request, cancel, guard, key)
        except ModelError as error:
            if cancel.cancelled:  # the cut connection is what failed: the user stopped the answer
                yield Finish("cancelled")
                return
            raise redacted(error, key) from error.__cause__
        finally:
            unregister()

    def _key(self) -> str | None:
        return self._api_key() if self._api_key is not None else None

    def _answer(
        self, request: ChatRequest, cancel: CancelToken, guard: ConnectionGuard, key: str | None
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
            raise self._errors.transport(exc) from exc

    def _body(self, request: ChatRequest) -> dict[str, Any]:
        return request_body(
            request,
            model=self._model,
            include_usage=self._send_stream_options,
            schema_style=self._schema_style,
            template_kwargs=self._send_template_kwargs,
        )

    def _open(
        self, body: dict[str, Any], cancel: CancelToken, guard: ConnectionGuard, key: str | None
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
                raise self._errors.status(response.status_code, excerpt, response)
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
        for optional in ("stream_options", "chat_template_kwargs"):
            if optional in body and optional in said:
                if optional == "stream_options":
                    self._send_stream_options = False
                else:
                    self._send_template_kwargs = False
                return {k: v for k, v in body.items() if k != optional}
        sent_format = body.get("response_format")
        if sent_format and sent_format["type"] == "json_schema" and "response_format" in said:
            self._schema_style = "json_object"
            schema = sent_format["json_schema"]["schema"]
            return {**body, "response_format": response_format(schema, self._schema_style)}
        return None

    def _read(self, response: httpx.Response, cancel: CancelToken) -> Iterator[Chunk]:
        content_type = response.headers.get("content-type", "").lower()
        reader = ChunkReader()
        if "json" in content_type:  # a server that ignored "stream": true answers all at once
            text = response.read().decode("utf-8", errors="replace")
            payload = self._payload(text)
            if "error" in payload:
                raise self._errors.reported(payload)
            try:
                chunks = reader.feed(as_stream_payload(payload))
            except (ValueError, TypeError) as exc:
                raise self._errors.not_openai(said("models.answered.not_completion"), text) from exc
            yield from chunks
            yield from self._finish(reader, complete=True)
            return
        if "html" in content_type:
            raise self._errors.not_openai(said("models.answered.html"), _read_excerpt(response))
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
                    raise self._errors.reported(payload)
                try:
                    chunks = reader.feed(payload)
                except (ValueError, TypeError) as exc:  # a field of the wrong type
                    raise self._errors.malformed(phrases.of(exc), event.data) from exc
                yield from chunks
        except SSEFormatError as exc:
            raise self._errors.not_openai(said("models.answered.not_stream"), exc.line) from exc
        if cancel.cancelled:
            yield Finish("cancelled")
            return
        yield from self._finish(reader, complete=complete)

    def _finish(self, reader: ChunkReader, *, complete: bool) -> Iterator[Chunk]:
        if not complete and reader.finish_reason is None:
            raise self._errors.incomplete()
        yield from reader.flush()
        self._thinks = self._thinks or reader.saw_reasoning
        if reader.usage is not None:
            yield reader.usage
        yield Finish(reader.reason())

    def _payload(self, data: str) -> dict[str, Any]:
        try:
            payload = json.loads(data)
        except ValueError as exc:
            raise self._errors.malformed(said("models.answered.not_json"), data) from exc
        if not isinstance(payload, dict):
            raise self._errors.malformed(said("models.answered.not_object"), data)
        return payload


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
