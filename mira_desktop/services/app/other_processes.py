"""Changes another process made to the data folder, announced on this process's change feed.

The ``mira`` command beside the open window writes through its own connection: a thread it sends
to, a role it imports or a document it indexes reaches the database, but this process's feed never
hears of it. SQLite's ``PRAGMA data_version`` changes when another connection committed since the
last read (never for this connection's own writes), so reading it once a second on a background
thread is enough to know; on a change every topic is published without ids ("possibly any"), and
every view reloads what it shows. Started by the window (``watch``), not by the short-lived command.
"""

from __future__ import annotations

from mira_desktop.core.cancel import CancelToken
from mira_desktop.core.changes import ChangeFeed, Topic
from mira_desktop.core.tasks import Task, TaskRunner
from mira_desktop.store.database import Database

INTERVAL_S = 1.0


class OtherProcesses:
    def __init__(self, database: Database, changes: ChangeFeed, tasks: TaskRunner) -> None:
        self._database = database
        self._changes = changes
        self._tasks = tasks
        self._task: Task[None] | None = None

    def watch(self, interval_s: float = INTERVAL_S) -> None:
        """Follow the commits of other processes until the app closes (once; later calls do nothing)."""
        if self._task is None:
            self._task = self._tasks.start("other-processes", lambda cancel: self._loop(cancel, interval_s))

    def check(self, seen: int | None) -> int:
        """The database's data version now; publishes every topic when it differs from ``seen``."""
        version = self._database.data_version()
        if seen is not None and version != seen:
            for topic in Topic:
                self._changes.publish(topic, source="another process")
        return version

    def _loop(self, cancel: CancelToken, interval_s: float) -> None:
        seen = self.check(None)
        while not cancel.wait(interval_s):
            seen = self.check(seen)
