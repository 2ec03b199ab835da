"""One request at a time per model: the others wait their turn, first come first served, for a bounded time."""

from __future__ import annotations

import itertools
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from mira_desktop.core.cancel import CancelToken
from mira_desktop.core.errors import ConflictError


class ModelBusyError(ConflictError):
    """The model stayed busy past the time limit (the server answers 503)."""


class ModelGate:
    def __init__(self) -> None:
        self._changed = threading.Condition()
        self._queues: dict[str, list[int]] = {}  # per model: tickets, the one answering first
        self._tickets = itertools.count()

    def ahead(self, model: str) -> int:
        """How many requests hold or wait for ``model`` now."""
        with self._changed:
            return len(self._queues.get(model, ()))

    @contextmanager
    def turn(
        self,
        model: str,
        timeout: float,
        cancel: CancelToken,
        on_position: Callable[[int], None] = lambda _ahead: None,
    ) -> Iterator[None]:
        """Hold ``model`` for the ``with`` block. ``on_position(n)`` hears how many are ahead whenever
        that changes while waiting; raises :class:`ModelBusyError` after ``timeout`` seconds, and
        gives up the place when ``cancel`` fires (the client went away)."""
        ticket = next(self._tickets)
        with self._changed:
            queue = self._queues.setdefault(model, [])
            queue.append(ticket)
            unregister = cancel.on_cancel(self._wake)
            try:
                told = [-1]
                waited = self._changed.wait_for(
                    lambda: self._first_or_told(queue, ticket, told, on_position) or cancel.cancelled, timeout
                )
                if not waited or cancel.cancelled:
                    ahead = queue.index(ticket)
                    self._leave(model, ticket)
                    if cancel.cancelled:
                        cancel.raise_if_cancelled()
                    raise ModelBusyError.said("server.busy", model=model, seconds=f"{timeout:g}", ahead=ahead)
            finally:
                unregister()
        try:
            yield
        finally:
            with self._changed:
                self._leave(model, ticket)

    @staticmethod
    def _first_or_told(
        queue: list[int], ticket: int, told: list[int], on_position: Callable[[int], None]
    ) -> bool:
        position = queue.index(ticket)
        if position and position != told[0]:
            told[0] = position
            on_position(position)
        return position == 0

    def _leave(self, model: str, ticket: int) -> None:
        queue = self._queues.get(model, [])
        if ticket in queue:
            queue.remove(ticket)
        if not queue:
            self._queues.pop(model, None)
        self._changed.notify_all()

    def _wake(self) -> None:
        with self._changed:
            self._changed.notify_all()
