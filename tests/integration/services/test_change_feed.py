"""Services announce what they changed, so every open screen can follow without polling."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from mira_desktop.app import build_services
from mira_desktop.services.app.changes import Change, Topic


def test_thread_changes_are_announced_with_the_thread_id(data_dir: Path, tmp_path: Path) -> None:
    script = tmp_path / "s.json"
    script.write_text(json.dumps({"replies": [{"text": "Hi."}]}))
    services = build_services(data_dir)
    try:
        seen: list[Change] = []
        services.changes.subscribe(seen.append)
        services.models.set_default(f"scripted:{script}")
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
    finally:
        services.close()


@pytest.mark.slow
def test_indexing_announces_each_step_of_a_job(data_dir: Path, tmp_path: Path) -> None:
    services = build_services(data_dir)
    try:
        seen: list[Change] = []
        services.changes.subscribe(seen.append)
        kb = services.knowledge_bases.create("Notes")
        note = tmp_path / "n.txt"
        note.write_text("Lighthouses guide ships at night.")
        services.knowledge.queue.add(kb.id, [str(note)])
        assert Change(Topic.KNOWLEDGE_BASES, (kb.id,)) in seen
        assert Change(Topic.INDEX, (kb.id,)) in seen
        services.knowledge.indexer.start()
        deadline = time.monotonic() + 60
        while [j.state for j in services.knowledge_bases.jobs(kb.id)] != ["published"]:
            assert time.monotonic() < deadline, "the background indexer did not publish the note"
            time.sleep(0.1)
        progress = [c.data["progress"] for c in seen if c.topic is Topic.INDEX and "progress" in c.data]
        assert progress, "the indexer published no progress"
        assert {p.kb_id for p in progress} == {kb.id}
    finally:
        services.close()
