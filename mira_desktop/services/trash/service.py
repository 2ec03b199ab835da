"""Moving threads, roles, workspaces, documents and skills to the trash, restoring them, purging them.

Each kind of object says how it is hidden (and which bindings it loses), how it comes back and how it
is deleted for good (``TrashKind``); this service keeps the entries, the retention period and the
change notifications. Nothing is hard-deleted except by a purge: "Empty trash", or on start for
entries older than the retention period.
"""

from __future__ import annotations

import builtins
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any, Protocol

from mira_desktop.core.changes import ChangeFeed, Topic
from mira_desktop.core.errors import InvalidInputError, NotFoundError
from mira_desktop.core.phrases import Phrase
from mira_desktop.store.database import Database
from mira_desktop.store.settings import SettingsRepository
from mira_desktop.store.trash import TrashRepository, TrashRow

RETENTION_SETTING = "trash.retention_days"
DEFAULT_RETENTION_DAYS = 30
MAX_RETENTION_DAYS = 3650


@dataclass(frozen=True)
class Moved:
    """What a kind hides when it trashes an object: its label and the bindings to restore later."""

    label: str
    detail: dict[str, Any] = field(default_factory=dict)
    topics: tuple[Topic, ...] = ()
    object_id: str | None = None  # the id the entry keeps, when not the one given (a skill's, by name)


class TrashKind(Protocol):
    kind: str
    topic: Topic

    def move(self, object_id: str) -> Moved:
        """Check the object can go (raise if not) and cut its bindings; inside the transaction."""
        ...

    def restore(self, entry: TrashRow) -> builtins.list[Phrase]:
        """Bring back the bindings that still make sense (inside the transaction); returns a sentence
        for each binding that could not come back."""
        ...

    def after_restore(self, entry: TrashRow) -> None:
        """Work outside the transaction once restored (re-index a document); usually nothing."""
        ...

    def purge(self, entry: TrashRow) -> None:
        """Delete the object for good, with everything it owns."""
        ...


@dataclass(frozen=True)
class TrashEntry:
    id: str
    kind: str
    object_id: str
    label: str
    trashed_at: str
    purge_after: str
    detail: dict[str, Any]


@dataclass(frozen=True)
class Restored:
    entry: TrashEntry
    notes: builtins.list[Phrase]  # the bindings that could not come back, one sentence each


class TrashService:
    def __init__(
        self,
        database: Database,
        trash: TrashRepository,
        settings: SettingsRepository,
        changes: ChangeFeed,
    ) -> None:
        self._db = database
        self._trash = trash
        self._settings = settings
        self._changes = changes
        self._kinds: dict[str, TrashKind] = {}

    def register(self, kind: TrashKind) -> None:
        self._kinds[kind.kind] = kind

    def _handler(self, kind: str) -> TrashKind:
        return self._kinds[kind]

    # -- retention ------------------------------------------------------------------------------
    def retention_days(self) -> int:
        value = self._settings.get(RETENTION_SETTING, DEFAULT_RETENTION_DAYS)
        return (
            value if isinstance(value, int) and 1 <= value <= MAX_RETENTION_DAYS else DEFAULT_RETENTION_DAYS
        )

    def set_retention_days(self, days: int) -> int:
        if not 1 <= days <= MAX_RETENTION_DAYS:
            raise InvalidInputError.said("trash.bad_retention", most=MAX_RETENTION_DAYS, days=days)
        self._settings.set(RETENTION_SETTING, days)
        self._changes.publish(Topic.TRASH)
        return days

    # -- entries --------------------------------------------------------------------------------
    def put(self, kind: str, object_id: str, also: dict[str, Any] | None = None) -> TrashEntry:
        """Move the object to the trash: hidden everywhere, its bindings remembered (with ``also``:
        what went with it, for its kind's restore)."""
        handler = self._handler(kind)
        with self._db.transaction():
            moved = handler.move(object_id)
            kept_id = moved.object_id or object_id
            row = self._trash.put(kind, kept_id, moved.label, {**moved.detail, **(also or {})})
        self._publish(handler, kept_id, moved.topics)
        return self._entry(row)

    def list(self) -> builtins.list[TrashEntry]:
        return [self._entry(row) for row in self._trash.list()]

    def count(self) -> int:
        return len(self._trash.list())

    def get(self, ref: str) -> TrashEntry:
        return self._entry(self._row(ref))

    def restore(self, ref: str) -> Restored:
        """Bring the entry ``ref`` (its trash id, or the object's own id) back; all or nothing."""
        row = self._row(ref)
        handler = self._handler(row.kind)
        if not self._trash.exists(row.kind, row.object_id):
            self._trash.forget(row.id)
            self._changes.publish(Topic.TRASH)
            raise NotFoundError.said("trash.orphan", label=row.label)
        with self._db.transaction():
            notes = handler.restore(row)
            self._trash.take_back(row)
        handler.after_restore(row)
        self._publish(handler, row.object_id, (Topic.THREADS,))
        return Restored(self._entry(row), notes)

    def empty(self) -> int:
        """Delete everything in the trash for good; returns how many entries went."""
        return self._purge(self._trash.list())

    def purge(self, ref: str) -> TrashEntry:
        row = self._row(ref)
        self._purge([row])
        return self._entry(row)

    def purge_expired(self, now: datetime | None = None) -> int:
        """Delete for good what has been in the trash longer than the retention period (on start)."""
        cutoff = (now or datetime.now(UTC)) - timedelta(days=self.retention_days())
        return self._purge(self._trash.list(older_than=_iso(cutoff)))

    def _purge(self, rows: builtins.list[TrashRow]) -> int:
        # Documents before their knowledge base (purging a base purges its documents), roles and
        # workspaces last: a purged thread or document does not need them, and a thread purged
        # after its role would only lose a binding it no longer has.
        order = {"thread": 0, "document": 1, "knowledge_base": 2, "role": 3, "workspace": 4}
        for row in sorted(rows, key=lambda r: order.get(r.kind, 9)):
            if self._trash.exists(row.kind, row.object_id):
                self._handler(row.kind).purge(row)
            self._trash.forget(row.id)
        if rows:
            self._changes.publish(Topic.TRASH)
        return len(rows)

    def _row(self, ref: str) -> TrashRow:
        ref = ref.strip()
        found = self._trash.get(ref) or self._trash.find(ref)
        if found is None:
            raise NotFoundError.said("trash.not_found", ref=ref)
        return found

    def _entry(self, row: TrashRow) -> TrashEntry:
        purge_after = _iso(_parse(row.trashed_at) + timedelta(days=self.retention_days()))
        return TrashEntry(row.id, row.kind, row.object_id, row.label, row.trashed_at, purge_after, row.detail)

    def _publish(self, handler: TrashKind, object_id: str, topics: tuple[Topic, ...]) -> None:
        self._changes.publish(handler.topic, object_id)
        for topic in topics:
            if topic is not handler.topic:
                self._changes.publish(topic)
        self._changes.publish(Topic.TRASH)


def _parse(text: str) -> datetime:
    parsed = datetime.fromisoformat(text.replace("Z", "+00:00"))
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC)


def _iso(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")
