"""The ``changes`` table: the topics and ids a process announced, read by the other processes."""

from __future__ import annotations

import json
from datetime import UTC, datetime

from mira_desktop.store.database import Database

KEEP = 5000  # rows kept; a reader further behind than this reloads everything


class ChangeLog:
    def __init__(self, database: Database) -> None:
        self._db = database

    def record(self, topic: str, ids: tuple[str, ...]) -> None:
        with self._db.transaction():
            cursor = self._db.execute(
                "INSERT INTO changes (topic, ids_json, created_at) VALUES (?, ?, ?)",
                (topic, json.dumps(list(ids)), datetime.now(UTC).isoformat()),
            )
            seq = int(cursor.lastrowid or 0)
            if seq % 100 == 0:
                self._db.execute("DELETE FROM changes WHERE seq <= ?", (seq - KEEP,))

    def last(self) -> int:
        row = self._db.one("SELECT coalesce(max(seq), 0) AS seq FROM changes")
        return 0 if row is None else int(row["seq"])

    def since(self, seq: int) -> tuple[int, list[tuple[str, tuple[str, ...]]] | None]:
        """The newest seq and the changes after ``seq``; None for the changes when some of them
        were already pruned (the reader then reloads everything)."""
        rows = self._db.query("SELECT seq, topic, ids_json FROM changes WHERE seq > ? ORDER BY seq", (seq,))
        if not rows:
            return seq, []
        newest = int(rows[-1]["seq"])
        if int(rows[0]["seq"]) != seq + 1 and seq > 0:
            return newest, None
        return newest, [(str(r["topic"]), tuple(json.loads(r["ids_json"]))) for r in rows]
