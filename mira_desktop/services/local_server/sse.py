"""A streamed chat completion as server-sent events, and the comments a client hears while it waits.

While the model answers someone else (the window, or another program), a streamed request gets an
SSE comment line, ``: waiting, 2 ahead``, when its place changes and every ``wait_comment_s``
seconds: clients ignore comments, and a proxy sees a live connection instead of timing it out.
"""

from __future__ import annotations

import asyncio
import json
import time
import uuid
from collections.abc import AsyncIterator, Callable
from typing import Any

from mira_desktop.core.cancel import CancelToken
from mira_desktop.models.protocol import Chunk, Finish, Usage
from mira_desktop.models.turns import Place
from mira_desktop.services.local_server.access import status_of
from mira_desktop.services.local_server.openai_format import (
    CompletionAsk,
    delta_of,
    finish_reason,
    usage_json,
)
from mira_desktop.services.local_server.produce import Items

Ended = Callable[[int, "Usage | None", str], None]  # (status, usage, outcome): the request's log line


def waiting_comment(place: Place) -> str:
    return f": waiting, {place.ahead} ahead\n\n"


async def _comments_until_turn(items: Items, waiting: Place | None, every: float) -> AsyncIterator[str]:
    """A comment saying ``waiting``'s place, again each time it changes or ``every`` seconds pass,
    until the turn comes (or the request ends before it: that end stays on ``items``)."""
    while waiting is not None:
        yield waiting_comment(waiting)
        try:
            kind, value = await asyncio.wait_for(items.get(), every)
        except TimeoutError:
            continue  # still waiting: say so again
        if kind == "waiting":
            waiting = value
        elif kind == "turn":
            waiting = None
        else:  # it ended before its turn (too long a wait, or stopped): the answer's loop says so
            await items.put((kind, value))
            waiting = None


async def events(
    ask: CompletionAsk, items: Items, cancel: CancelToken, ended: Ended, *,
    waiting: Place | None, comment_every: float,
) -> AsyncIterator[str]:  # fmt: skip
    """The events of ``ask``'s answer; ``waiting``: the place it waits in (None: its turn came)."""
    ident, created = f"chatcmpl-{uuid.uuid4().hex}", int(time.time())

    def event(choices: list[dict[str, Any]], **extra: Any) -> str:
        data = {"id": ident, "object": "chat.completion.chunk", "created": created, "model": ask.model,
                "choices": choices, **extra}  # fmt: skip
        return f"data: {json.dumps(data, ensure_ascii=False)}\n\n"

    usage: Usage | None = None
    finish = "stop"
    outcome = "cancelled"  # unless the end arrives: the client went away first
    status = 200
    try:
        async for comment in _comments_until_turn(items, waiting, comment_every):
            yield comment
        yield event([{"index": 0, "delta": {"role": "assistant", "content": ""}, "finish_reason": None}])
        while True:
            kind, value = await items.get()
            if kind == "error":
                outcome, status = "failed", status_of(value)
                yield f"data: {json.dumps({'error': {'message': str(value), 'code': status}})}\n\n"
                break
            if kind == "end":
                outcome = "cancelled" if finish == "cancelled" or cancel.cancelled else "completed"
                finish = "cancelled" if cancel.cancelled else finish
                yield event([{"index": 0, "delta": {}, "finish_reason": finish_reason(finish)}])
                if ask.include_usage:
                    yield event([], usage=usage_json(usage))
                yield "data: [DONE]\n\n"
                break
            chunk: Chunk = value
            if isinstance(chunk, Usage):
                usage = chunk
            elif isinstance(chunk, Finish):
                finish = chunk.reason
            else:
                delta = delta_of(chunk)
                if delta is not None:
                    yield event([{"index": 0, "delta": delta, "finish_reason": None}])
    finally:
        if outcome == "cancelled":
            cancel.cancel("user")  # the client went away (or was stopped): the generation stops
        ended(status, usage, outcome)
