"""Retrieval evaluation runs: which knowledge base, mode and files, and the metrics they gave."""

from __future__ import annotations

from dataclasses import dataclass

from mira_desktop.core.clock import now_iso
from mira_desktop.core.ids import new_id
from mira_desktop.store.database import Database, Row
from mira_desktop.store.rows import dumps, loads


@dataclass(frozen=True)
class EvaluationRun:
    id: str
    knowledge_base_id: str | None
    knowledge_base_name: str
    mode: str
    k: int
    queries_path: str
    qrels_path: str
    query_count: int
    metrics: dict[str, float]
    created_at: str


def _run(row: Row) -> EvaluationRun:
    return EvaluationRun(
        id=row["id"],
        knowledge_base_id=row["knowledge_base_id"],
        knowledge_base_name=row["knowledge_base_name"],
        mode=row["mode"],
        k=row["k"],
        queries_path=row["queries_path"],
        qrels_path=row["qrels_path"],
        query_count=row["query_count"],
        metrics=dict(loads(row["metrics_json"], {})),
        created_at=row["created_at"],
    )


class EvaluationRunRepository:
    def __init__(self, database: Database) -> None:
        self._db = database

    def add(
        self,
        *,
        kb_id: str,
        kb_name: str,
        mode: str,
        k: int,
        queries_path: str,
        qrels_path: str,
        query_count: int,
        metrics: dict[str, float],
    ) -> EvaluationRun:
        # Ids share the time-ordered form of the others, under their own prefix.
        run_id = "evr_" + new_id("run").removeprefix("run_")
        with self._db.transaction():
            self._db.execute(
                "INSERT INTO evaluation_runs (id, knowledge_base_id, knowledge_base_name, mode, k, queries_path, "
                "qrels_path, query_count, metrics_json, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    run_id,
                    kb_id,
                    kb_name,
                    mode,
                    k,
                    queries_path,
                    qrels_path,
                    query_count,
                    dumps(metrics),
                    now_iso(),
                ),
            )
        row = self._db.one("SELECT * FROM evaluation_runs WHERE id = ?", (run_id,))
        assert row is not None
        return _run(row)

    def list(self, kb_id: str | None = None) -> list[EvaluationRun]:
        if kb_id is None:
            rows = self._db.query("SELECT * FROM evaluation_runs ORDER BY id")
        else:
            rows = self._db.query(
                "SELECT * FROM evaluation_runs WHERE knowledge_base_id = ? ORDER BY id", (kb_id,)
            )
        return [_run(r) for r in rows]
