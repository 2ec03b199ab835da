"""Run rows and the run event journal."""

from __future__ import annotations

from typing import Any

from mira_desktop.core.clock import now_iso
from mira_desktop.core.conversation.runs import Run, RunEvent, RunKind, RunStatus
from mira_desktop.core.ids import new_id
from mira_desktop.store.database import Database, Row
from mira_desktop.store.rows import dumps, loads


def _run(row: Row) -> Run:
    return Run(
        id=row["id"],
        thread_id=row["thread_id"],
        kind=RunKind(row["kind"]),
        status=RunStatus(row["status"]),
        route_reason=row["route_reason"],
        user_message_id=row["user_message_id"],
        assistant_message_id=row["assistant_message_id"],
        model_ref=row["model_ref"],
        model_snapshot=loads(row["model_snapshot_json"], {}),
        role_id=row["role_id"],
        role_version=row["role_version"],
        role_snapshot=loads(row["role_snapshot_json"], {}),
        error=loads(row["error_json"], None),
        created_at=row["created_at"],
        updated_at=row["updated_at"],
        finished_at=row["finished_at"],
    )


class RunRepository:
    def __init__(self, database: Database) -> None:
        self._db = database

    def create(
        self,
        *,
        thread_id: str,
        kind: RunKind,
        route_reason: str,
        user_message_id: str | None,
        model_ref: str,
        model_snapshot: dict[str, Any],
        role_id: str | None,
        role_version: int | None,
        role_snapshot: dict[str, Any],
        run_id: str | None = None,
    ) -> str:
        """Insert a running run (inside the caller's transaction when there is one); return its id."""
        run_id = run_id or new_id("run")
        now = now_iso()
        with self._db.transaction():
            self._db.execute(
                "INSERT INTO runs (id, thread_id, kind, status, route_reason, user_message_id, model_ref, "
                "model_snapshot_json, role_id, role_version, role_snapshot_json, created_at, updated_at) "
                "VALUES (?, ?, ?, 'running', ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    run_id,
                    thread_id,
                    kind.value,
                    route_reason,
                    user_message_id,
                    model_ref,
                    dumps(model_snapshot),
                    role_id,
                    role_version,
                    dumps(role_snapshot),
                    now,
                    now,
                ),
            )
        return run_id

    def set_assistant_message(self, run_id: str, message_id: str) -> None:
        with self._db.transaction():
            self._db.execute("UPDATE runs SET assistant_message_id = ? WHERE id = ?", (message_id, run_id))

    def get(self, run_id: str) -> Run | None:
        row = self._db.one("SELECT * FROM runs WHERE id = ?", (run_id,))
        return None if row is None else _run(row)

    def model_refs(self, run_ids: list[str]) -> dict[str, str]:
        """The model reference each of ``run_ids`` ran with (runs without one are left out)."""
        rows = self._db.tuples(
            "SELECT id, model_ref FROM runs WHERE id IN (SELECT value FROM json_each(?)) AND model_ref IS NOT NULL",
            (dumps(run_ids),),
        )
        return {str(r[0]): str(r[1]) for r in rows}

    def list_for_thread(self, thread_id: str) -> list[Run]:
        rows = self._db.query("SELECT * FROM runs WHERE thread_id = ? ORDER BY created_at, id", (thread_id,))
        return [_run(r) for r in rows]

    def list_by_status(self, status: RunStatus) -> list[Run]:
        return [_run(r) for r in self._db.query("SELECT * FROM runs WHERE status = ?", (status.value,))]

    def append_event(self, run_id: str, event_type: str, data: dict[str, Any] | None = None) -> RunEvent:
        """Append one event with the next sequence number (joins the caller's transaction)."""
        now = now_iso()
        with self._db.transaction():
            row = self._db.one(
                "SELECT coalesce(max(seq), 0) + 1 AS seq FROM run_events WHERE run_id = ?", (run_id,)
            )
            seq = int(row["seq"]) if row else 1
            self._db.execute(
                "INSERT INTO run_events (run_id, seq, type, data_json, created_at) VALUES (?, ?, ?, ?, ?)",
                (run_id, seq, event_type, dumps(data or {}), now),
            )
        return RunEvent(run_id, seq, event_type, data or {}, now)

    def events(self, run_id: str) -> list[RunEvent]:
        rows = self._db.query("SELECT * FROM run_events WHERE run_id = ? ORDER BY seq", (run_id,))
        return [
            RunEvent(r["run_id"], r["seq"], r["type"], loads(r["data_json"], {}), r["created_at"])
            for r in rows
        ]

    def save_checkpoint(self, run_id: str, checkpoint_json: str, budgets: dict[str, Any]) -> None:
        """The agent run's state (joins the caller's transaction; durable when that commits)."""
        with self._db.transaction():
            self._db.execute(
                "UPDATE runs SET checkpoint_json = ?, budgets_json = ?, updated_at = ? WHERE id = ?",
                (checkpoint_json, dumps(budgets), now_iso(), run_id),
            )

    def checkpoint_json(self, run_id: str) -> str | None:
        row = self._db.one("SELECT checkpoint_json FROM runs WHERE id = ?", (run_id,))
        return None if row is None else row["checkpoint_json"]

    def set_status(self, run_id: str, status: RunStatus) -> None:
        """A status that is not an end (running again, waiting for approval): ``finished_at`` is cleared."""
        with self._db.transaction():
            self._db.execute(
                "UPDATE runs SET status = ?, error_json = NULL, updated_at = ?, finished_at = NULL WHERE id = ?",
                (status.value, now_iso(), run_id),
            )

    def waiting(self) -> list[Run]:
        """Runs waiting for the user's approval, oldest first."""
        rows = self._db.query("SELECT * FROM runs WHERE status = 'waiting_approval' ORDER BY created_at, id")
        return [_run(r) for r in rows]

    def running_in(self, thread_id: str) -> bool:
        """A run of ``thread_id`` is being written (in this process or another)."""
        return bool(self._db.tuples("SELECT 1 FROM runs WHERE thread_id = ? AND status = 'running' LIMIT 1", (thread_id,)))

    def finish(self, run_id: str, status: RunStatus, error: dict[str, Any] | None = None) -> None:
        now = now_iso()
        with self._db.transaction():
            self._db.execute(
                "UPDATE runs SET status = ?, error_json = ?, updated_at = ?, finished_at = ? WHERE id = ?",
                (status.value, None if error is None else dumps(error), now, now, run_id),
            )

    def save_tool_output(self, run_id: str, call_id: str, text: str) -> None:
        """The whole output of a command or MCP call (the journal keeps what the model read)."""
        with self._db.transaction():
            self._db.execute(
                "INSERT INTO tool_outputs (run_id, call_id, text) VALUES (?, ?, ?) "
                "ON CONFLICT (run_id, call_id) DO UPDATE SET text = excluded.text",
                (run_id, call_id, text),
            )

    def tool_output(self, run_id: str, call_id: str) -> str | None:
        row = self._db.one("SELECT text FROM tool_outputs WHERE run_id = ? AND call_id = ?", (run_id, call_id))
        return None if row is None else str(row["text"])
