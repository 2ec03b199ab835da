"""Model checks: one row per check of a model on this machine, its result and the machine."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from mira_desktop.core.clock import now_iso
from mira_desktop.core.ids import new_id
from mira_desktop.store.database import Database, Row
from mira_desktop.store.rows import dumps, loads


@dataclass(frozen=True)
class ModelCheckRow:
    id: str
    model_ref: str
    status: str  # "completed", or "failed" (the check could not run: its result says why)
    result: dict[str, Any]
    machine: dict[str, Any]
    created_at: str


def _row(row: Row) -> ModelCheckRow:
    return ModelCheckRow(
        id=row["id"],
        model_ref=row["model_ref"],
        status=row["status"],
        result=dict(loads(row["result_json"], {})),
        machine=dict(loads(row["machine_json"], {})),
        created_at=row["created_at"],
    )


class ModelCheckRepository:
    def __init__(self, database: Database) -> None:
        self._db = database

    def add(
        self, model_ref: str, status: str, result: dict[str, Any], machine: dict[str, Any]
    ) -> ModelCheckRow:
        check_id = "mck_" + new_id("run").removeprefix("run_")  # time-ordered, under its own prefix
        with self._db.transaction():
            self._db.execute(
                "INSERT INTO model_checks (id, model_ref, status, result_json, machine_json, created_at) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (check_id, model_ref, status, dumps(result), dumps(machine), now_iso()),
            )
        row = self._db.one("SELECT * FROM model_checks WHERE id = ?", (check_id,))
        assert row is not None
        return _row(row)

    def latest(self, model_ref: str) -> ModelCheckRow | None:
        row = self._db.one(
            "SELECT * FROM model_checks WHERE model_ref = ? ORDER BY id DESC LIMIT 1", (model_ref,)
        )
        return _row(row) if row is not None else None

    def latest_each(self) -> dict[str, ModelCheckRow]:
        """The newest check of every model checked, by reference."""
        rows = self._db.query(
            "SELECT * FROM model_checks WHERE id IN (SELECT MAX(id) FROM model_checks GROUP BY model_ref)"
        )
        return {r["model_ref"]: _row(r) for r in rows}

    def list(self, model_ref: str) -> list[ModelCheckRow]:
        rows = self._db.query("SELECT * FROM model_checks WHERE model_ref = ? ORDER BY id", (model_ref,))
        return [_row(r) for r in rows]
