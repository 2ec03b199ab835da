"""The HTTP face of the local server: a Starlette app behind :class:`~.access.Guard`.

The routes read the body (capped), parse it, and hand the model's work to a task of the service's
runner, its pieces coming back on a queue; a streamed answer is cancelled when its client goes away.
"""

from __future__ import annotations

import asyncio
import base64
import struct
import time
import uuid

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Route
from starlette.types import ASGIApp

from mira_desktop.core.cancel import CancelToken
from mira_desktop.core.errors import InvalidInputError, MiraError, NotFoundError
from mira_desktop.models.protocol import Usage
from mira_desktop.services.local_server.access import (
    Guard,
    client_of,
    error_response,
    read_json,
    status_of,
)
from mira_desktop.services.local_server.openai_format import (
    Answer,
    CompletionAsk,
    finish_reason,
    model_name,
    parse_completion,
    usage_json,
)
from mira_desktop.services.local_server.produce import Items, produce
from mira_desktop.services.local_server.service import LocalServerService, RequestRecord
from mira_desktop.services.local_server.sse import events


def build_app(service: LocalServerService, *, lan: bool) -> ASGIApp:
    routes = Routes(service)
    app = Starlette(
        routes=[
            Route("/v1/models", routes.models, methods=["GET"]),
            Route("/v1/chat/completions", routes.chat, methods=["POST"]),
            Route("/v1/embeddings", routes.embeddings, methods=["POST"]),
        ],
        exception_handlers={404: routes.not_found},
    )
    return Guard(app, service, lan=lan)


class Routes:
    def __init__(self, service: LocalServerService) -> None:
        self._service = service

    async def not_found(self, request: Request, _exc: Exception) -> Response:
        return error_response(NotFoundError.said("server.not_found", path=request.url.path), 404)

    async def models(self, request: Request) -> Response:
        listed = await run_in_threadpool(self._service.model_list)
        return JSONResponse({"object": "list", "data": listed})

    async def embeddings(self, request: Request) -> Response:
        started = time.perf_counter()
        name = ""
        try:
            body = await read_json(request)
            name = model_name(body)
            texts = body.get("input")
            if isinstance(texts, str):
                texts = [texts]
            if not isinstance(texts, list) or not texts or not all(isinstance(t, str) for t in texts):
                raise InvalidInputError.said(
                    "server.bad_field", field="input", why="a string or a list of strings"
                )
            as_base64 = body.get("encoding_format") == "base64"
            vectors, tokens = await run_in_threadpool(self._service.embed, name, texts, CancelToken())
        except MiraError as exc:
            return self._refuse(request, name, exc, started)
        data = [
            {"object": "embedding", "index": i, "embedding": _encoded(v) if as_base64 else v}
            for i, v in enumerate(vectors)
        ]
        self._log(request, name, 200, tokens=(tokens, 0), started=started, outcome="completed")
        return JSONResponse(
            {
                "object": "list",
                "data": data,
                "model": name,
                "usage": {"prompt_tokens": tokens, "total_tokens": tokens},
            }
        )

    async def chat(self, request: Request) -> Response:
        started = time.perf_counter()
        name = ""
        try:
            body = await read_json(request)
            ask = parse_completion(body)
            name = ask.model
            model, profile = await run_in_threadpool(self._service.chat_model, ask.model)
            self._service.check_tools(ask, profile)
        except MiraError as exc:
            return self._refuse(request, name, exc, started)
        cancel = CancelToken()
        served = self._service.in_progress.begin(client_of(request.scope), ask.model, cancel)
        watch = asyncio.create_task(_cancel_when_gone(request, cancel))
        try:
            ahead = self._service.gate.ahead(model)
            items = produce(self._service, model, ask, served, cancel)
            kind, first = await items.get()
            while kind == "waiting" and not ask.stream:  # a whole answer waits quietly for its turn
                kind, first = await items.get()
            if kind == "error":
                return self._refuse(request, name, first, started)
            if kind == "end":  # the client left, or was stopped, while its request waited for the model
                self._log(request, name, 499, tokens=(0, 0), started=started, outcome="cancelled")
                return Response(status_code=499)
            headers = {"X-Mira-Queue-Ahead": str(first.ahead if kind == "waiting" else ahead)}
            if ask.stream:
                watch.cancel()  # from here the streaming response notices a client that leaves

                def ended(status: int, usage: Usage | None, outcome: str) -> None:
                    self._log(
                        request, ask.model, status, tokens=_tokens(usage), started=started, outcome=outcome
                    )

                stream = events(ask, items, cancel, ended, waiting=first if kind == "waiting" else None,
                                comment_every=self._service.wait_comment_s)  # fmt: skip
                return StreamingResponse(stream, media_type="text/event-stream", headers=headers)
            return await self._whole(request, ask, items, cancel, started=started, headers=headers)
        finally:
            watch.cancel()

    async def _whole(
        self, request: Request, ask: CompletionAsk, items: Items, cancel: CancelToken, *, started: float,
        headers: dict[str, str],
    ) -> Response:  # fmt: skip
        answer = Answer()
        while True:
            kind, value = await items.get()
            if kind == "chunk":
                answer.add(value)
            elif kind == "error":
                return self._refuse(request, ask.model, value, started)
            else:
                break
        self._log(
            request,
            ask.model,
            200,
            tokens=_tokens(answer.usage),
            started=started,
            outcome="cancelled" if answer.finish == "cancelled" or cancel.cancelled else "completed",
        )
        body = {
            "id": f"chatcmpl-{uuid.uuid4().hex}",
            "object": "chat.completion",
            "created": int(time.time()),
            "model": ask.model,
            "choices": [
                {"index": 0, "message": answer.message(), "finish_reason": finish_reason(answer.finish)}
            ],
            "usage": usage_json(answer.usage),
        }
        return JSONResponse(body, headers=headers)

    def _refuse(self, request: Request, model: str, exc: MiraError, started: float) -> JSONResponse:
        status = status_of(exc)
        outcome = "refused" if status < 500 or status == 503 else "failed"
        self._log(request, model, status, tokens=(0, 0), started=started, outcome=outcome)
        return error_response(exc, status)

    def _log(
        self,
        request: Request,
        model: str,
        status: int,
        *,
        tokens: tuple[int, int],
        started: float,
        outcome: str,
    ) -> None:
        self._service.record(
            RequestRecord(
                client_of(request.scope),
                request.url.path,
                model,
                status,
                tokens[0],
                tokens[1],
                time.perf_counter() - started,
                outcome,
            )
        )


async def _cancel_when_gone(request: Request, cancel: CancelToken) -> None:
    """Cancel ``cancel`` when the client closes its connection (its body is read by then)."""
    while (await request.receive())["type"] != "http.disconnect":
        pass
    cancel.cancel("user")


def _tokens(usage: Usage | None) -> tuple[int, int]:
    return (usage.prompt_tokens, usage.completion_tokens) if usage else (0, 0)


def _encoded(vector: list[float]) -> str:
    return base64.b64encode(struct.pack(f"<{len(vector)}f", *vector)).decode("ascii")
