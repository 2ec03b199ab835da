"""Changes another process made to the data folder, announced on this process's change feed.

The ``mira`` command beside the open window writes through its own connection: a thread it sends
to, a role it imports or a document it indexes reaches the database, but this process's feed never
hears of it. So the command records each change it announces (topic and ids) in the ``changes``
table (``record``), and the window, when SQLite's ``PRAGMA data_version`` says another connection
committed (read once a second on a background thread; never for this connection's own writes),
publishes just the recorded changes: one thread reloads, not every view. A commit with no record
(another version of Mira, rows pruned before they were read) publishes every topic without ids
("possibly any"), as before. Started by the window (``watch``), not by the short-lived command.
"""

from __future__ import annotations

from mira_desktop.core.cancel import CancelToken
from mira_desktop.core.changes import Change, ChangeFeed, Topic
from mira_desktop.core.tasks import Task, TaskRunner
from mira_desktop.store.change_log import ChangeLog
from mira_desktop.store.database import Database

INTERVAL_S = 1.0


class OtherProcesses:
    def __init__(self, database: Database, changes: ChangeFeed, tasks: TaskRunner, log: ChangeLog) -> None:
        self._database = database
        self._log = log
        self._read = log.last()  # what this process already knows of
        self._changes = changes
        self._tasks = tasks
        self._task: Task[None] | None = None

    def watch(self, interval_s: float = INTERVAL_S) -> None:
        """Follow the commits of other processes until the app closes (once; later calls do nothing)."""
        if self._task is None:
            self._task = self._tasks.start("other-processes", lambda cancel: self._loop(cancel, interval_s))

    def record(self, change: Change) -> None:
        """Keep ``change`` (one this process announced) for the other processes (the command does)."""
        if change.data.get("source") != "another process" and change.topic is not Topic.MODEL_MEMORY:
            self._log.record(change.topic.value, change.ids)  # (each process holds its own models)

    def check(self, seen: int | None) -> int:
        """The database's data version now; when it differs from ``seen``, publishes what the other
        processes recorded since the last look (every topic when that is not known)."""
        version = self._database.data_version()
        if seen is not None and version != seen:
            self._read, recorded = self._log.since(self._read)
            names = {topic.value for topic in Topic}
            known = {(Topic(topic), ids) for topic, ids in recorded or [] if topic in names}
            if recorded is None or not known:
                known = {(topic, ()) for topic in Topic}
            for topic, ids in sorted(known):
                self._changes.publish(topic, *ids, source="another process")
        return version

    def _loop(self, cancel: CancelToken, interval_s: float) -> None:
        seen = self.check(None)
        while not cancel.wait(interval_s):
            seen = self.check(seen)
