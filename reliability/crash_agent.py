"""The agent run the crash trials kill, and how they count what its tools did.

The scripted model asks for five edits of ``log.txt``, each putting ``entry K`` before the ``END``
line (each edit needs the user's approval), then answers. An edit executed twice would leave its
line twice, so the file itself counts the executions; the run's journal says which calls got a
result. After the kill the run is taken up again, as a user would (`mira runs continue` when it was
interrupted, `mira runs approve` when it waits), until it ends.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from mira_desktop.services.app.bundle import AppServices

ENTRIES = 5
AGENT_REPLIES: list[dict[str, Any]] = [
    {
        "tool_calls": [
            {
                "name": "edit_file",
                "arguments": {"path": "log.txt", "old_text": "END", "new_text": f"entry {k}\nEND"},
            }
        ]
    }
    for k in range(1, ENTRIES + 1)
] + [{"text": "Logged five entries."}]
SETTLE_S = 120
MAX_STEPS = 12


def make_project(folder: Path) -> Path:
    folder.mkdir(parents=True)
    (folder / "log.txt").write_text("# Log\nEND\n", encoding="utf-8")
    return folder


def _take_up(services: AppServices, run_id: str) -> str:
    """Continue or approve until the run ends; its last status."""
    from mira_desktop.core.errors import ConflictError

    status = "missing"
    for _ in range(MAX_STEPS):
        run = services.chat.run(run_id)
        if run is None:
            return "missing"
        status = run.status.value
        if status == "interrupted":
            try:
                services.agent_runs.continue_run(run_id).wait(SETTLE_S)
            except ConflictError:  # killed before its first checkpoint: nothing to continue
                return "not continuable"
        elif status == "waiting_approval":
            services.agent_runs.approve(run_id).wait(SETTLE_S)
        else:
            return status
    return status


def exactly_once(services: AppServices, facts: list[dict[str, Any]], project: Path) -> list[str]:
    """Every edit made at most once (exactly once when the run completed), as the journal says."""
    problems: list[str] = []
    run_id = next((f["run"] for f in facts if "run" in f), None)
    if run_id is None:  # killed before the run was written: nothing may have been done
        rows = services.database.query("SELECT id FROM runs WHERE kind = 'agent'")
        run_id = rows[0]["id"] if rows else None
    status = _take_up(services, run_id) if run_id else "never started"
    text = (project / "log.txt").read_text(encoding="utf-8")
    made = {k: text.count(f"entry {k}\n") for k in range(1, ENTRIES + 1)}
    for k, count in made.items():
        if count > 1:
            problems.append(f"edit {k} was made {count} times")
        if status == "completed" and count == 0:
            problems.append(f"the run completed but edit {k} was never made")
    if not text.startswith("# Log\n") or not text.endswith("END\n"):
        problems.append("log.txt was damaged")
    if status not in ("completed", "never started", "not continuable"):
        problems.append(f"the run ended {status} after being taken up again")
    return problems if run_id is None else problems + _journal_against_file(services, run_id, made)


def _journal_against_file(services: AppServices, run_id: str, made: dict[int, int]) -> list[str]:
    """Each call has at most one successful result in the journal, and as many as the file shows."""
    problems = []
    results: dict[str, int] = {}
    for event in services.chat.run_events(run_id):
        ok = bool((event.data.get("result") or {}).get("ok"))
        if event.type == "tool.result" and event.data.get("tool") == "edit_file" and ok:
            results[str(event.data.get("id"))] = results.get(str(event.data.get("id")), 0) + 1
    for call_id, count in results.items():
        if count > 1:
            problems.append(f"the journal records {count} results for {call_id}")
    if len(results) != sum(1 for c in made.values() if c):
        problems.append(f"the journal records {len(results)} edits, the file holds {sum(made.values())}")
    return problems
