"""Retrying transient model errors with backoff, but only before the first chunk arrives.

Once any output has streamed, a retry would duplicate text, so the error goes to the caller.
"""

from __future__ import annotations

from collections.abc import Iterator

from mira_desktop.core.cancel import CancelToken
from mira_desktop.models.errors import ModelError
from mira_desktop.models.protocol import ChatModel, ChatRequest, Chunk, Finish

DEFAULT_DELAYS = (0.5, 1.5, 4.0)


def stream_with_retry(
    model: ChatModel,
    request: ChatRequest,
    cancel: CancelToken,
    delays: tuple[float, ...] = DEFAULT_DELAYS,
) -> Iterator[Chunk]:
    attempt = 0
    while True:
        started = False
        try:
            for chunk in model.stream(request, cancel):
                started = True
                yield chunk
            return
        except ModelError as error:
            if started or not error.transient or attempt >= len(delays):
                raise
            if cancel.wait(delays[attempt]):  # cancelled while waiting to retry
                yield Finish("cancelled")
                return
            attempt += 1
