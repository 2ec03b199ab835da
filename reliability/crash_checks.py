"""What a crash trial checks once Mira is reopened on the killed process's data folder.

Each check returns the problems it found (an empty list: passed). The trial reopens the folder with
the composition root, as a start of Mira would, so recovery (runs marked ``interrupted``) and the
start-up work run first.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from reliability.common import integrity

if TYPE_CHECKING:
    from mira_desktop.services.app.bundle import AppServices

Problems = list[str]


def database_sound(data_dir: Path) -> Problems:
    """``PRAGMA integrity_check`` is ok (a kill before the first start made the database is no fault)."""
    found = integrity(data_dir / "mira.db")
    return [] if found in ("ok", "missing") else [f"integrity_check: {found}"]


def read_ledger(path: Path) -> list[dict[str, Any]]:
    """The facts a driver wrote; a line cut short by the kill is ignored."""
    facts: list[dict[str, Any]] = []
    if not path.exists():
        return facts
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            facts.append(json.loads(line))
        except json.JSONDecodeError:
            continue
    return facts


def committed_messages(services: AppServices, facts: list[dict[str, Any]]) -> Problems:
    """Every message the driver saw committed is there; every answer it saw finished is unchanged."""
    problems: Problems = []
    rows = {r["id"]: r for r in services.database.query("SELECT id, status, content FROM messages")}
    for fact in facts:
        for key in ("user", "assistant", "user_message_id", "message_id"):
            message_id = fact.get(key)
            if isinstance(message_id, str) and message_id.startswith("msg_") and message_id not in rows:
                problems.append(f"committed message {message_id} is missing")
        if "finished" in fact and fact.get("message_status") == "complete":
            row = rows.get(fact["finished"])
            if row is None or row["status"] != "complete" or row["content"] != fact["content"]:
                problems.append(f"finished answer {fact['finished']} changed or lost")
    return problems


def nothing_left_running(services: AppServices) -> Problems:
    """A run of the killed process is ``interrupted`` (or ended, or waiting), never still ``running``."""
    problems = [
        f"run {r['id']} still running after the restart"
        for r in services.database.query("SELECT id FROM runs WHERE status = 'running'")
    ]
    problems += [
        f"message {r['id']} still streaming after the restart"
        for r in services.database.query("SELECT id FROM messages WHERE status = 'streaming'")
    ]
    return problems


def _visible_versions(services: AppServices, kb_id: str) -> dict[str, str]:
    """Current, published versions of documents not in the trash: version id → document id."""
    rows = services.database.query(
        "SELECT d.id AS doc, v.id AS version FROM documents d JOIN document_versions v "
        "ON v.id = d.current_version_id WHERE d.knowledge_base_id = ? AND d.trashed_at IS NULL "
        "AND v.status = 'published'",
        (kb_id,),
    )
    return {r["version"]: r["doc"] for r in rows}


def search_consistent(services: AppServices, kb_id: str, extra_queries: list[str]) -> Problems:
    """No hit from a version that is not published and current (or from a trashed document), and
    every published document is found by the text of one of its own chunks."""
    problems: Problems = []
    visible = _visible_versions(services, kb_id)
    generation = services.knowledge.indexes.get(kb_id).live()
    leaves = generation.vectors.all_leaves() if generation is not None else []
    probes: dict[str, str] = {}
    for leaf in sorted(leaves, key=lambda leaf: -len(leaf.text)):
        if leaf.version_id in visible:
            probes.setdefault(visible[leaf.version_id], leaf.text[:200])
    for unprobed in set(visible.values()) - set(probes):
        problems.append(f"published document {unprobed} has no chunk in the index")
    queries: list[tuple[str | None, str]] = [*probes.items(), *((None, q) for q in extra_queries)]
    for doc_id, query in queries:
        if not query.strip():
            continue
        hits = services.knowledge.search.search(kb_id, query, 10, "hybrid")
        for hit in hits:
            if hit.version_id not in visible:
                problems.append(
                    f"hit from version {hit.version_id}, which is not published, current and out of the trash"
                )
        if doc_id is not None and doc_id not in {h.document_id for h in hits}:
            problems.append(f"published document {doc_id} not found by its own text")
    return problems


def jobs_finish(services: AppServices, kb_id: str) -> Problems:
    """Resume the index jobs (as `mira kb resume` does): each ends published or failed with a reason."""
    problems: Problems = []
    services.knowledge.queue.run(kb_id)
    for job in services.knowledge_bases.jobs(kb_id, limit=None):
        if job.state not in ("published", "failed", "cancelled"):
            problems.append(f"job {job.id} left {job.state} after resuming")
    for row in services.database.query(
        "SELECT v.id, v.status, v.error_json FROM document_versions v JOIN documents d ON d.id = v.document_id "
        "WHERE d.knowledge_base_id = ? AND d.trashed_at IS NULL",
        (kb_id,),
    ):
        if row["status"] in ("pending", "indexing", "staged"):
            problems.append(f"version {row['id']} left {row['status']} after resuming")
        if row["status"] == "failed" and not row["error_json"]:
            problems.append(f"version {row['id']} failed without a reason")
    return problems


def attachment_files(services: AppServices) -> Problems:
    """Rows against files: every row's file is there and intact (with its text); after a collection
    with no grace period, once the collector's in-flight window has passed, no file is left that no
    row names."""
    from mira_desktop.services.attachments.blobs import sha256_of
    from mira_desktop.services.attachments.collector import IN_FLIGHT_S

    root = services.folder.attachments_dir
    problems: Problems = []
    for row in services.database.query("SELECT id, sha256, path, detail_json FROM attachments"):
        blob = root / row["path"]
        if not blob.is_file() or sha256_of(blob.read_bytes()) != row["sha256"]:
            problems.append(f"attachment {row['id']}: its file is missing or damaged")
        kind = json.loads(row["detail_json"] or "{}").get("kind")
        if kind != "image" and not (root / f"{row['path']}.text.json").is_file():
            problems.append(f"attachment {row['id']}: the text read from it is missing")
    # A file without a row, or a reader's scratch entry, may belong to an add or a read at work in
    # another process, so the collector leaves it alone for IN_FLIGHT_S. The killed process is gone:
    # let that window pass (everything dated back past it), then nothing unnamed may remain.
    aged = time.time() - IN_FLIGHT_S - 60
    for path in root.rglob("*") if root.is_dir() else []:
        os.utime(path, (aged, aged), follow_symlinks=False)
    services.attachments.collect(grace_seconds=0)
    named = set()
    for row in services.database.query("SELECT path FROM attachments"):
        named |= {row["path"], f"{row['path']}.text.json"}
    if root.is_dir():
        for path in sorted(p for p in root.rglob("*") if p.is_file()):
            relative = path.relative_to(root).as_posix()
            if relative not in named:
                problems.append(f"orphaned file attachments/{relative}")
    return problems


def backups_sound(services: AppServices, data_dir: Path) -> Problems:
    """Every finished archive verifies, nothing half-written is left, and a new backup works (the
    index lock of the killed process is recovered)."""
    from mira_desktop.core.errors import MiraError

    problems: Problems = []
    folder = data_dir / "backups"
    for path in sorted(folder.glob("*")) if folder.is_dir() else []:
        if path.suffix == ".zip":
            try:
                services.backup.verify(path)
            except MiraError as exc:
                problems.append(f"{path.name} does not verify: {exc}")
        else:
            problems.append(f"half-written backup left behind: backups/{path.name}")
    target = data_dir / "backups" / "after-the-kill.zip"
    try:
        services.backup.create(target)
        services.backup.verify(target)
    except MiraError as exc:
        problems.append(f"a backup after the kill failed: {exc}")
    target.unlink(missing_ok=True)
    return problems


def stray_temporary_files(data_dir: Path) -> Problems:
    """Atomic writes interrupted by the kill leave ``*.partial`` files; a start must not keep them forever."""
    return [
        f"temporary file left: {p.relative_to(data_dir)}"
        for p in data_dir.rglob("*.partial")
        if "backups" not in p.relative_to(data_dir).parts
    ]


def run_checks(checks: dict[str, Callable[[], Problems]]) -> dict[str, Problems]:
    """Run each check; one that raises is a failure of that check, with the exception."""
    results: dict[str, Problems] = {}
    for name, check in checks.items():
        try:
            results[name] = check()
        except Exception as exc:
            results[name] = [f"the check raised {type(exc).__name__}: {exc}"]
    return results
