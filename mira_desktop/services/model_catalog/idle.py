"""Local models unused for the idle minutes (``models.idle_minutes``, default 15; 0: never) are
unloaded and their memory given back; the next send loads them again.

Never while a run is going (an agent run waits between its model calls, and a model's own thread
refuses while it generates: :meth:`LlamaCppModel.unload_if_idle`). Started by the window
(``watch``), not by the short-lived ``mira`` command. Each load and unload is announced on the change
feed (``Topic.MODEL_MEMORY`` with ``model_state``), which the window's status line follows.
"""

from __future__ import annotations

from collections.abc import Callable

from mira_desktop.core.cancel import CancelToken
from mira_desktop.core.tasks import Task, TaskRunner
from mira_desktop.services.model_catalog.catalog import ModelService

INTERVAL_S = 15.0  # how often the models are looked at: a model goes at most this late


class IdleUnloader:
    def __init__(self, models: ModelService, busy: Callable[[], bool], tasks: TaskRunner) -> None:
        self._models = models
        self._busy = busy  # a run is going
        self._tasks = tasks
        self._task: Task[None] | None = None

    def watch(self, interval_s: float = INTERVAL_S, seconds: Callable[[], float] | None = None) -> None:
        """Look every ``interval_s`` until the app closes (once; later calls do nothing); ``seconds``:
        the idle time that unloads (default: the setting's minutes)."""
        if self._task is None:
            self._task = self._tasks.start(
                "idle-models", lambda cancel: self._loop(cancel, interval_s, seconds)
            )

    def check(self, seconds: float | None = None) -> list[str]:
        """Unload what has been idle long enough, unless a run is going; the references unloaded."""
        if self._busy():
            return []
        return self._models.unload_idle(seconds)

    def _loop(self, cancel: CancelToken, interval_s: float, seconds: Callable[[], float] | None) -> None:
        while not cancel.wait(interval_s):
            self.check(seconds() if seconds is not None else None)
