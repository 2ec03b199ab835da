"""The trash: every deletable kind goes there with its bindings, comes back, and is purged."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from mira_desktop.core.changes import Change, Topic
from mira_desktop.core.clock import now_iso
from mira_desktop.core.errors import ConflictError, InvalidInputError, NotFoundError
from mira_desktop.services.app.bundle import AppServices
from mira_desktop.services.knowledge.indexing.folder_sync import sync_folder
from tests.integration.services.test_delete_semantics import _thread_with_messages
from tests.support.cli import Mira
from tests.support.fixtures import OpenServices
from tests.support.waiting import wait_for


def _insert_run(services: AppServices, thread_id: str, status: str) -> None:
    now = now_iso()
    with services.database.transaction():
        services.database.execute(
            "INSERT INTO runs (id, thread_id, kind, status, created_at, updated_at) VALUES (?, ?, 'agent', ?, ?, ?)",
            (f"run_{status[:4]}", thread_id, status, now, now),
        )


def test_a_deleted_thread_is_hidden_everywhere_and_comes_back_whole(services: AppServices) -> None:
    thread_id, message_ids = _thread_with_messages(services)
    seen: list[Change] = []
    services.changes.subscribe(seen.append)
    services.threads.delete(thread_id)
    assert thread_id not in {t.id for t in services.threads.list(None)}
    assert services.threads.search("my notes") == []
    with pytest.raises(NotFoundError):
        services.threads.show(thread_id)
    [entry] = services.trash.list()
    assert (entry.kind, entry.object_id, entry.label) == ("thread", thread_id, "keep me")
    assert {Topic.THREADS, Topic.TRASH} <= {c.topic for c in seen}
    restored = services.trash.restore(thread_id)  # by the object's own id, or the entry's
    assert restored.notes == []
    assert [m.id for m in services.threads.show(thread_id).messages] == message_ids
    assert services.trash.list() == []


def test_a_thread_with_a_run_going_or_waiting_is_not_deleted(services: AppServices) -> None:
    thread_id, _ = _thread_with_messages(services)
    _insert_run(services, thread_id, "waiting_approval")
    with pytest.raises(ConflictError, match="stop or cancel it first"):
        services.threads.delete(thread_id)
    assert services.threads.get(thread_id).id == thread_id
    assert services.trash.list() == []


def test_a_restored_role_gets_its_threads_back_unless_they_moved_on(services: AppServices) -> None:
    role, other = services.roles.list()[:2]
    kept_id, _ = _thread_with_messages(services, role_id=role.id)
    moved_id, _ = _thread_with_messages(services, role_id=role.id)
    services.roles.delete(role.id)
    assert role.id not in {r.id for r in services.roles.list()}
    assert services.threads.get(kept_id).role_id is None
    services.threads.bind(moved_id, role_id=other.id)
    restored = services.trash.restore(role.id)
    assert services.threads.get(kept_id).role_id == role.id
    assert services.threads.get(moved_id).role_id == other.id
    assert [str(n) for n in restored.notes] == ["The thread 'keep me' now uses another role and was left as it is."]
    assert services.roles.get(role.id).name == role.name


def test_restoring_a_thread_whose_role_was_purged_says_so(services: AppServices) -> None:
    role = services.roles.list()[0]
    thread_id, message_ids = _thread_with_messages(services, role_id=role.id)
    services.threads.delete(thread_id)
    services.roles.delete(role.id)
    services.trash.purge(role.id)
    restored = services.trash.restore(thread_id)
    assert [str(n) for n in restored.notes] == ["Its role was deleted for good: the thread goes on without one."]
    detail = services.threads.show(thread_id)
    assert detail.thread.role_id is None
    assert [m.id for m in detail.messages] == message_ids


def test_restoring_a_thread_whose_role_is_in_the_trash_points_at_it(services: AppServices) -> None:
    role = services.roles.list()[0]
    thread_id, _ = _thread_with_messages(services, role_id=role.id)
    services.threads.delete(thread_id)
    services.roles.delete(role.id)
    assert [str(n) for n in services.trash.restore(thread_id).notes] == [
        f"Its role {role.name!r} is in the trash: restore it to bind it again."
    ]
    services.trash.restore(role.id)
    assert services.threads.get(thread_id).role_id == role.id


def test_a_workspace_comes_back_with_its_threads_and_rules_unless_its_folder_was_taken(
    services: AppServices, tmp_path: Path
) -> None:
    folder = tmp_path / "project"
    folder.mkdir()
    workspace = services.workspaces.add("Project", str(folder))
    thread_id, _ = _thread_with_messages(services, workspace_id=workspace.id)
    services.workspaces.delete(workspace.id)
    assert services.threads.get(thread_id).workspace_id is None
    with pytest.raises(ConflictError, match="in the trash: restore it"):
        services.workspaces.add("Again", str(folder))
    services.trash.restore(workspace.id)
    assert services.threads.get(thread_id).workspace_id == workspace.id

    services.workspaces.delete(workspace.id)
    with services.database.transaction():  # the folder became another workspace meanwhile
        services.database.execute(
            "UPDATE workspaces SET root_path = ? WHERE id = ?", (str(folder) + "-moved", workspace.id)
        )
    taken = services.workspaces.add("Taken", str(folder))
    with services.database.transaction():
        services.database.execute(
            "UPDATE workspaces SET root_path = ? WHERE id = ?", (str(folder.resolve()), workspace.id)
        )
        services.database.execute(
            "UPDATE trash SET detail_json = json_set(detail_json, '$.root_path', ?) WHERE object_id = ?",
            (taken.root_path, workspace.id),
        )
    with pytest.raises(ConflictError, match="Nothing was restored"):
        services.trash.restore(workspace.id)
    assert [e.object_id for e in services.trash.list()] == [workspace.id]
    assert services.threads.get(thread_id).workspace_id is None


def test_a_trashed_document_is_never_searched_and_comes_back_without_reindexing(
    services: AppServices, tmp_path: Path
) -> None:
    kb = services.knowledge_bases.create("Trash")
    keep, drop = tmp_path / "keep.txt", tmp_path / "drop.txt"
    keep.write_text("Volcanoes erupt molten rock called lava.")
    drop.write_text("Glaciers are slow rivers of ice that carve valleys.")
    services.knowledge.queue.add(kb.id, [str(keep), str(drop)])
    services.knowledge.queue.run(kb.id)
    jobs_before = len(services.knowledge_bases.jobs(kb.id))
    services.knowledge_bases.remove_document(kb.id, "drop.txt")
    assert [d.name for d in services.knowledge_bases.documents(kb.id)] == ["keep.txt"]
    for mode in ("bm25", "vector", "hybrid"):
        hits = services.knowledge.search.search(kb.id, "glaciers rivers of ice", 5, mode)
        assert "drop.txt" not in {h.document for h in hits}, mode
    [summary] = [s for s in services.knowledge_bases.summaries() if s.id == kb.id]
    assert summary.documents == 1
    services.trash.restore(services.trash.list()[0].id)
    hits = services.knowledge.search.search(kb.id, "glaciers rivers of ice", 5, "bm25")
    assert [h.document for h in hits][:1] == ["drop.txt"]
    assert len(services.knowledge_bases.jobs(kb.id)) == jobs_before  # nothing was indexed again


def test_a_followed_folder_moves_a_removed_file_to_the_trash_and_does_not_add_it_back(
    services: AppServices, tmp_path: Path
) -> None:
    folder = tmp_path / "notes"
    folder.mkdir()
    (folder / "a.txt").write_text("Alpha notes about apples.")
    (folder / "b.txt").write_text("Beta notes about bananas.")
    kb = services.knowledge_bases.create("Followed")
    sync_folder(kb.id, str(folder), services.knowledge_bases, services.knowledge.queue)
    services.knowledge.queue.run(kb.id)
    (folder / "b.txt").unlink()
    assert sync_folder(kb.id, str(folder), services.knowledge_bases, services.knowledge.queue).removed == [
        "b.txt"
    ]
    assert [e.label for e in services.trash.list()] == ["b.txt"]  # its stored copy is restorable
    services.knowledge_bases.remove_document(kb.id, "a.txt")  # the user removes one still in the folder
    again = sync_folder(kb.id, str(folder), services.knowledge_bases, services.knowledge.queue)
    assert (again.queued, again.removed) == ([], [])
    assert services.knowledge_bases.documents(kb.id) == []


def test_purge_removes_the_document_data_and_empty_removes_everything(
    services: AppServices, tmp_path: Path
) -> None:
    kb = services.knowledge_bases.create("Purge")
    doc = tmp_path / "gone.txt"
    doc.write_text("Temporary text.")
    services.knowledge.queue.add(kb.id, [str(doc)])
    services.knowledge.queue.run(kb.id)
    sources = services.folder.knowledge_dir / kb.id / "sources"
    thread_id, _ = _thread_with_messages(services)
    services.knowledge_bases.remove_document(kb.id, "gone.txt")
    services.threads.delete(thread_id)
    assert len(list(sources.rglob("*.txt"))) == 1
    assert services.trash.empty() == 2
    assert list(sources.rglob("*.txt")) == []
    assert services.database.one("SELECT count(*) AS n FROM threads WHERE id = ?", (thread_id,)) == {"n": 0}
    with pytest.raises(NotFoundError, match="mira trash list"):
        services.trash.restore(thread_id)


def test_entries_older_than_the_retention_period_are_purged_on_start(open_services: OpenServices) -> None:
    with open_services() as services:
        old_id, _ = _thread_with_messages(services)
        new_id, _ = _thread_with_messages(services)
        services.threads.delete(old_id)
        services.threads.delete(new_id)
        services.trash.set_retention_days(7)
        eight_days_ago = (datetime.now(UTC) - timedelta(days=8)).isoformat(timespec="milliseconds")
        with services.database.transaction():
            services.database.execute(
                "UPDATE trash SET trashed_at = ? WHERE object_id = ?",
                (eight_days_ago.replace("+00:00", "Z"), old_id),
            )
    with open_services() as services:
        wait_for(lambda: len(services.trash.list()) <= 1, 30, what="the purge that runs after start")
        assert [e.object_id for e in services.trash.list()] == [new_id]
        assert services.database.one("SELECT count(*) AS n FROM threads WHERE id = ?", (old_id,)) == {"n": 0}
        with pytest.raises(InvalidInputError, match="1 to 3650"):
            services.trash.set_retention_days(0)


def test_mira_trash_lists_restores_and_empties_only_when_confirmed(
    mira: Mira, open_services: OpenServices
) -> None:
    with open_services() as services:
        thread_id, _ = _thread_with_messages(services)
    assert mira("threads", "delete", thread_id).code == 0
    listed = mira("--json", "trash", "list").json()
    assert [(e["kind"], e["object_id"]) for e in listed] == [("thread", thread_id)]
    assert "keep me" in mira("trash", "list").out
    refused = mira("trash", "empty")
    assert (refused.code, refused.err.count("\n")) == (2, 1)
    assert "add --yes" in refused.err
    restored = mira("trash", "restore", listed[0]["id"])
    assert f"Restored the thread 'keep me' ({thread_id})" in restored.out
    assert mira("--json", "threads", "show", thread_id).code == 0
    mira("threads", "delete", thread_id)
    assert mira("--json", "trash", "empty", "--yes").json() == {"purged": 1}
    missing = mira("trash", "restore", thread_id)
    assert missing.code == 3
    assert "mira trash list" in missing.err
