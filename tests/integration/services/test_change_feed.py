"""Services announce what they changed, so every open screen can follow without polling."""

from __future__ import annotations

import subprocess
import sys
import threading
from pathlib import Path

import pytest

from mira_desktop.core.changes import Change, Topic
from mira_desktop.services.app.bundle import AppServices
from tests.support.fixtures import Script
from tests.support.waiting import wait_for


def test_thread_changes_are_announced_with_the_thread_id(services: AppServices, script: Script) -> None:
    seen: list[Change] = []
    services.changes.subscribe(seen.append)
    services.models.set_default(script({"text": "Hi."}))
    handle = services.chat.send(None, "Hello")
    handle.wait(10)
    thread_id = handle.thread_id
    services.threads.rename(thread_id, "Greeting")
    services.threads.archive(thread_id)
    services.branches.switch_branch(thread_id, handle.user_message_id)
    services.threads.delete(thread_id)
    thread_changes = [c for c in seen if c.topic is Topic.THREADS]
    # the run's start and end, the rename, the archive and the delete
    assert len([c for c in thread_changes if c.ids == (thread_id,)]) >= 5
    assert Change(Topic.MESSAGES, (thread_id,)) in seen
    assert Change(Topic.MODELS) in seen


@pytest.mark.slow
def test_indexing_announces_each_step_of_a_job(services: AppServices, tmp_path: Path) -> None:
    seen: list[Change] = []
    published = threading.Event()

    def follow(change: Change) -> None:
        seen.append(change)
        progress = change.data.get("progress")
        if progress is not None and progress.state == "published":
            published.set()

    services.changes.subscribe(follow)
    kb = services.knowledge_bases.create("Notes")
    note = tmp_path / "n.txt"
    note.write_text("Lighthouses guide ships at night.")
    services.knowledge.queue.add(kb.id, [str(note)])
    assert Change(Topic.KNOWLEDGE_BASES, (kb.id,)) in seen
    assert Change(Topic.INDEX, (kb.id,)) in seen
    services.knowledge.indexer.start()
    assert published.wait(60), "the background indexer did not publish the note"
    assert [j.state for j in services.knowledge_bases.jobs(kb.id)] == ["published"]
    progress = [c.data["progress"] for c in seen if c.topic is Topic.INDEX and "progress" in c.data]
    assert {p.kb_id for p in progress} == {kb.id}
    steps = [p.state for p in progress]
    assert list(dict.fromkeys(steps)) == ["parsing", "embedding", "staged", "published"], steps


def test_what_a_mira_command_beside_the_app_writes_is_announced_as_just_that_change(
    services: AppServices, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[Change] = []
    services.changes.subscribe(seen.append)
    checks: list[int] = []  # each look of the watcher at the database
    look = services.other_processes.check

    def counted(before: int | None) -> int:
        checks.append(1)
        return look(before)

    monkeypatch.setattr(services.other_processes, "check", counted)
    services.other_processes.watch(interval_s=0.05)
    services.memory.add("I prefer metric units")  # this process's own write: its own change only
    written = len(checks)
    wait_for(lambda: len(checks) >= written + 2, 10, what="two looks since the write")
    assert [c for c in seen if c.data.get("source") == "another process"] == []

    subprocess.run(
        [sys.executable, "-m", "mira_desktop.app", "--data-dir", str(data_dir), "memory", "add", "I live in Lisbon"],
        check=True,
        capture_output=True,
    )
    wait_for(
        lambda: any(c.data.get("source") == "another process" for c in seen), 10, what="the other process's change"
    )
    announced = [c for c in seen if c.data.get("source") == "another process"]
    added = [f for f in services.memory.list() if f.text == "I live in Lisbon"]
    assert len(added) == 1
    assert announced == [Change(Topic.MEMORY, (added[0].id,), {"source": "another process"})]
    assert {f.text for f in services.memory.list()} == {"I live in Lisbon", "I prefer metric units"}


def test_a_commit_another_process_did_not_record_reloads_every_topic(services: AppServices, data_dir: Path) -> None:
    import sqlite3

    seen: list[Change] = []
    services.changes.subscribe(seen.append)
    version = services.other_processes.check(None)
    other = sqlite3.connect(data_dir / "mira.db")
    other.execute("INSERT INTO settings VALUES ('test.other', '1', '2026-01-01T00:00:00+00:00')")  # no change row
    other.commit()
    other.close()
    services.other_processes.check(version)
    assert {c.topic for c in seen} == set(Topic)
    assert all(c.ids == () and c.data == {"source": "another process"} for c in seen)
