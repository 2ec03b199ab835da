"""A chat request's work: wait for the model's turn, then its chunks, on a task of the service's
runner; what happens arrives on an asyncio queue for the HTTP layer (``http_app``, ``sse``)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING, Any

from mira_desktop.core.cancel import Cancelled, CancelToken
from mira_desktop.core.errors import MiraError
from mira_desktop.models.turns import Asker, Place

if TYPE_CHECKING:
    from mira_desktop.models.protocol import ChatModel
    from mira_desktop.services.local_server.in_progress import ServedRequest
    from mira_desktop.services.local_server.openai_format import CompletionAsk
    from mira_desktop.services.local_server.service import LocalServerService

log = logging.getLogger("mira.local_server")

Items = asyncio.Queue[tuple[str, Any]]


def produce(
    service: LocalServerService,
    model: ChatModel,
    ask: CompletionAsk,
    served: ServedRequest,
    cancel: CancelToken,
) -> Items:
    """Run the model for ``ask``; the returned queue gets ``waiting`` (a :class:`Place`, each time it
    changes while the model answers someone else), ``turn`` (the model is ours), ``chunk``s, then
    ``end`` or ``error``. The request leaves :attr:`LocalServerService.in_progress` at its end."""
    loop = asyncio.get_running_loop()
    items: Items = asyncio.Queue()

    def put(kind: str, value: Any = None) -> None:
        with contextlib.suppress(RuntimeError):  # the server's loop already ended: nobody listens
            loop.call_soon_threadsafe(items.put_nowait, (kind, value))

    def waiting(place: Place) -> None:
        log.info(
            "%s waits for %s: %d ahead (%s answering)", served.client, ask.model, place.ahead,
            "the window" if place.holder is Asker.WINDOW else "the server",
        )  # fmt: skip
        service.in_progress.waiting(served.id, place.ahead)
        put("waiting", place)

    def work(_task_cancel: CancelToken) -> None:
        last: tuple[str, Any] = ("end", None)
        try:
            with service.gate.turn(
                model, cancel, asker=Asker.SERVER, timeout=service.wait_s, name=ask.model, on_place=waiting
            ):
                service.in_progress.waiting(served.id, 0)
                put("turn")
                for chunk in service.answer(model, ask, cancel):
                    put("chunk", chunk)
        except Cancelled:
            pass
        except MiraError as exc:
            last = ("error", exc)
        except BaseException as bug:  # our bug: a crash report, and its sentence to the client
            last = ("error", service.tasks.save_crash_report(bug))
        service.in_progress.end(served.id)  # before the end is heard: whoever heard it sees it gone
        put(*last)

    service.tasks.start("serve-answer", work, report=False)
    return items
