"""One answer at a time per loaded model, whoever asks: the window's runs and the local server's
requests take the same turns, first come first served; the others wait and are told where they stand.

The model itself (the adapter object, the one loaded copy) is the key, so two names of one model
share a queue. The window waits without a limit (its Stop gives up the place); a server request
waits a bounded time and then hears :class:`ModelBusyError`.
"""

from __future__ import annotations

import itertools
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from enum import StrEnum

from mira_desktop.core.cancel import CancelToken
from mira_desktop.core.errors import ConflictError


class ModelBusyError(ConflictError):
    """The model stayed busy past the time limit (the server answers 503)."""


class Asker(StrEnum):
    """Who holds or waits for a model's turn."""

    WINDOW = "window"  # a run of the window or of `mira chat`
    SERVER = "server"  # a program using Mira's local server


@dataclass(frozen=True)
class Place:
    """Where a waiting ask stands: ``ahead`` asks before it, the first of them by ``holder``."""

    ahead: int
    holder: Asker


class ModelTurns:
    def __init__(self) -> None:
        self._changed = threading.Condition()
        # per model: (ticket, asker), the one answering first
        self._queues: dict[object, list[tuple[int, Asker]]] = {}
        self._tickets = itertools.count()

    def ahead(self, model: object) -> int:
        """How many asks hold or wait for ``model`` now."""
        with self._changed:
            return len(self._queues.get(model, ()))

    @contextmanager
    def turn(
        self,
        model: object,
        cancel: CancelToken,
        *,
        asker: Asker,
        timeout: float | None = None,
        name: str = "",
        on_place: Callable[[Place], None] = lambda _place: None,
    ) -> Iterator[None]:
        """Hold ``model`` for the ``with`` block. ``on_place`` hears where this ask stands whenever
        that changes while it waits (called under the queue's lock: keep it short, never wait in it);
        raises :class:`ModelBusyError` (naming ``name``) after ``timeout`` seconds (None: no limit),
        and :class:`~mira_desktop.core.cancel.Cancelled`, giving up the place, when ``cancel`` fires."""
        entry = (next(self._tickets), asker)
        with self._changed:
            queue = self._queues.setdefault(model, [])
            queue.append(entry)
            unregister = cancel.on_cancel(self._wake)
            try:
                told = [-1]
                waited = self._changed.wait_for(
                    lambda: self._first_or_told(queue, entry, told, on_place) or cancel.cancelled, timeout
                )
                if not waited or cancel.cancelled:
                    ahead = queue.index(entry)
                    self._leave(model, entry)
                    cancel.raise_if_cancelled()
                    raise ModelBusyError.said("server.busy", model=name, seconds=f"{timeout:g}", ahead=ahead)
            finally:
                unregister()
        try:
            yield
        finally:
            with self._changed:
                self._leave(model, entry)

    @staticmethod
    def _first_or_told(
        queue: list[tuple[int, Asker]], entry: tuple[int, Asker], told: list[int],
        on_place: Callable[[Place], None],
    ) -> bool:  # fmt: skip
        position = queue.index(entry)
        if position and position != told[0]:
            told[0] = position
            on_place(Place(position, queue[0][1]))
        return position == 0

    def _leave(self, model: object, entry: tuple[int, Asker]) -> None:
        queue = self._queues.get(model, [])
        if entry in queue:
            queue.remove(entry)
        if not queue:
            self._queues.pop(model, None)
        self._changed.notify_all()

    def _wake(self) -> None:
        with self._changed:
            self._changed.notify_all()
