"""Durable index jobs: one per document version, from ``queued`` to a terminal state.

The job row is the truth of where indexing stands: progress and a heartbeat are written as it runs,
and a job found in ``parsing``, ``embedding`` or ``staged`` by the process that holds the knowledge
base's index lock was interrupted and is resumed.
"""

from __future__ import annotations

import builtins
from dataclasses import dataclass
from enum import Enum
from typing import Any

from mira_desktop.core.clock import now_iso
from mira_desktop.core.ids import new_id
from mira_desktop.core.phrases import Phrase
from mira_desktop.store.database import Database, Row
from mira_desktop.store.rows import dumps, loads


class JobState(Enum):
    QUEUED = "queued"
    PARSING = "parsing"
    EMBEDDING = "embedding"
    STAGED = "staged"
    PUBLISHED = "published"
    FAILED = "failed"
    CANCELLED = "cancelled"

    @property
    def terminal(self) -> bool:
        return self in (JobState.PUBLISHED, JobState.FAILED, JobState.CANCELLED)


ACTIVE_STATES = tuple(s.value for s in JobState if not s.terminal)


@dataclass(frozen=True)
class IndexJob:
    id: str
    knowledge_base_id: str
    document_version_id: str
    state: JobState
    progress: float
    done_units: int
    total_units: int
    message: str
    error: dict[str, Any] | None
    attempts: int
    heartbeat_at: str | None
    created_at: str
    updated_at: str
    finished_at: str | None
    message_phrase: dict[str, Any] | None = None  # the message as a phrase, when it was said as one


def _job(row: Row) -> IndexJob:
    return IndexJob(
        id=row["id"],
        knowledge_base_id=row["knowledge_base_id"],
        document_version_id=row["document_version_id"],
        state=JobState(row["state"]),
        progress=row["progress"],
        done_units=row["done_units"],
        total_units=row["total_units"],
        message=row["message"],
        error=loads(row["error_json"], None),
        attempts=row["attempts"],
        heartbeat_at=row["heartbeat_at"],
        created_at=row["created_at"],
        updated_at=row["updated_at"],
        finished_at=row["finished_at"],
        message_phrase=loads(row["message_phrase_json"], None),
    )


class IndexJobRepository:
    def __init__(self, database: Database) -> None:
        self._db = database

    def create(self, kb_id: str, version_id: str) -> IndexJob:
        now = now_iso()
        job_id = new_id("index_job")
        with self._db.transaction():
            self._db.execute(
                "INSERT INTO index_jobs (id, knowledge_base_id, document_version_id, state, created_at, updated_at) "
                "VALUES (?, ?, ?, 'queued', ?, ?)",
                (job_id, kb_id, version_id, now, now),
            )
        found = self.get(job_id)
        assert found is not None
        return found

    def get(self, job_id: str) -> IndexJob | None:
        row = self._db.one("SELECT * FROM index_jobs WHERE id = ?", (job_id,))
        return None if row is None else _job(row)

    def list(self, kb_id: str, limit: int | None = None) -> builtins.list[IndexJob]:
        sql = "SELECT * FROM index_jobs WHERE knowledge_base_id = ? ORDER BY id DESC"
        params: tuple[Any, ...] = (kb_id,)
        if limit is not None:
            sql += " LIMIT ?"
            params = (kb_id, limit)
        return [_job(r) for r in self._db.query(sql, params)]

    def many(self, job_ids: builtins.list[str]) -> builtins.list[IndexJob]:
        if not job_ids:
            return []
        marks = ",".join("?" for _ in job_ids)
        return [
            _job(r)
            for r in self._db.query(
                f"SELECT * FROM index_jobs WHERE id IN ({marks}) ORDER BY id", tuple(job_ids)
            )
        ]

    def active(self, kb_id: str) -> builtins.list[IndexJob]:
        """Jobs not yet finished, oldest first."""
        marks = ",".join("?" for _ in ACTIVE_STATES)
        rows = self._db.query(
            f"SELECT * FROM index_jobs WHERE knowledge_base_id = ? AND state IN ({marks}) ORDER BY id",
            (kb_id, *ACTIVE_STATES),
        )
        return [_job(r) for r in rows]

    def knowledge_bases_with_active_jobs(self) -> builtins.list[str]:
        marks = ",".join("?" for _ in ACTIVE_STATES)
        rows = self._db.query(
            f"SELECT DISTINCT knowledge_base_id FROM index_jobs WHERE state IN ({marks}) ORDER BY knowledge_base_id",
            ACTIVE_STATES,
        )
        return [r["knowledge_base_id"] for r in rows]

    def update(
        self,
        job_id: str,
        *,
        state: JobState | None = None,
        done_units: int | None = None,
        total_units: int | None = None,
        progress: float | None = None,
        message: str | Phrase | None = None,
        error: dict[str, Any] | None = None,
        started: bool = False,
    ) -> None:
        """Record a state change or progress; every update is also a heartbeat. A message said as a
        :class:`Phrase` is kept as its English and as the phrase (the window says it in its language)."""
        now = now_iso()
        sets = ["updated_at = ?", "heartbeat_at = ?"]
        params: builtins.list[Any] = [now, now]
        if state is not None:
            sets.append("state = ?")
            params.append(state.value)
            if state.terminal:
                sets.append("finished_at = ?")
                params.append(now)
            if state is JobState.PUBLISHED:
                sets.append("progress = 1")
        if done_units is not None:
            sets.append("done_units = ?")
            params.append(done_units)
        if total_units is not None:
            sets.append("total_units = ?")
            params.append(total_units)
        if progress is not None:
            sets.append("progress = ?")
            params.append(min(1.0, max(0.0, progress)))
        if message is not None:
            phrase = message if isinstance(message, Phrase) else None
            sets += ["message = ?", "message_phrase_json = ?"]
            params += [str(message), None if phrase is None else dumps(phrase.to_dict())]
        if error is not None:
            sets.append("error_json = ?")
            params.append(dumps(error))
        if started:
            sets.append("attempts = attempts + 1")
        with self._db.transaction():
            self._db.execute(f"UPDATE index_jobs SET {', '.join(sets)} WHERE id = ?", (*params, job_id))
