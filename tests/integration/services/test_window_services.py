"""The window's services: what lists and opens threads is open first; the rest is built afterwards,
and stands in until then."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from pathlib import Path

from mira_desktop.app import open_window_services
from mira_desktop.core.clock import now_iso
from mira_desktop.core.conversation.threads import MessageRole
from mira_desktop.core.roles.records import RoleStatus
from mira_desktop.services.app.bundle import AppServices, LaterParts
from mira_desktop.store.messages import MessageRepository
from mira_desktop.store.threads import ThreadRepository
from tests.support.fixtures import OpenServices


def _folder_with_a_thread_waiting_for_approval(services: AppServices) -> str:
    thread = ThreadRepository(services.database).create(title="Tidy the notes", agent_enabled=True)
    messages = MessageRepository(services.database)
    messages.add(thread.id, MessageRole.USER, "Sort my notes")
    now = now_iso()
    with services.database.transaction():
        services.database.execute(
            "INSERT INTO runs (id, thread_id, kind, status, created_at, updated_at)"
            " VALUES ('run_wait', ?, 'agent', 'waiting_approval', ?, ?)",
            (thread.id, now, now),
        )
    return thread.id


def test_the_window_services_list_and_open_threads_before_the_rest_is_built(
    open_services: OpenServices, data_dir: Path
) -> None:
    with open_services() as services:
        thread_id = _folder_with_a_thread_waiting_for_approval(services)
    services = open_window_services(data_dir)
    try:
        assert [t.id for t in services.threads.list(None)] == [thread_id]
        assert services.threads.awaiting_approval() == [thread_id]
        branch = services.threads.visible_branch(thread_id, 30)
        assert [m.content for m in branch.messages] == ["Sort my notes"]
        assert len(services.roles.list(RoleStatus.ACTIVE)) == 3
        assert services.models.resolve(None) == services.models.default_ref()
        assert services.threads.knowledge_bases() == []  # the header's choices
        assert services.trash.count() == 0
        assert services.preferences.theme() == "system"
        assert not services.later.started  # none of that needed the services built later
    finally:
        services.close()
    assert services.later.built is None  # closed before the window asked for them: never built


def test_the_later_services_answer_as_the_whole_bundle_does_once_built(data_dir: Path) -> None:
    services = open_window_services(data_dir)
    try:
        services.later.finish()
        assert services.chat is services.later.finish().chat
        assert services.knowledge_bases.list() == []
        assert services.agent_runs.waiting() == []
    finally:
        services.close()


def test_a_knowledge_base_restored_before_the_rest_is_built_comes_back(
    open_services: OpenServices, data_dir: Path
) -> None:
    with open_services() as services:
        kb = services.knowledge_bases.create("Field notes")
        services.knowledge_bases.delete(kb.id)
        [entry] = services.trash.list()
    services = open_window_services(data_dir)
    try:
        assert not services.later.started
        restored = services.trash.restore(entry.id)  # its kind needs the knowledge services: built now
        assert restored.entry.object_id == kb.id
        assert [b.name for b in services.knowledge_bases.list()] == ["Field notes"]
    finally:
        services.close()


# The modules of the services built later, and what only they need: none is imported before the
# window is usable (each costs the start-up tens of milliseconds).
LATER_MODULES = (
    "mira_desktop.services.chat.service",
    "mira_desktop.services.chat.agent_runs",
    "mira_desktop.services.knowledge.bases",
    "mira_desktop.services.attachments.service",
    "mira_desktop.services.hub.service",
    "mira_desktop.services.mcp.service",
    "mira_desktop.services.media.service",
    "mira_desktop.core.conversation.request_compiler",
    "mira_desktop.agent.checkpoint",
)


def test_opening_the_window_services_imports_none_of_the_services_built_later(data_dir: Path) -> None:
    code = (
        "import sys\n"
        "from pathlib import Path\n"
        "from mira_desktop.app import open_window_services\n"
        f"services = open_window_services(Path({str(data_dir)!r}))\n"
        f"print(','.join(m for m in {LATER_MODULES!r} if m in sys.modules))\n"
        "services.close()\n"
    )
    env = {**os.environ, "HF_HUB_OFFLINE": "1"}
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env)
    assert result.stdout.strip().splitlines()[-1:] in ([], [""])


def test_a_knowledge_base_restored_while_the_rest_is_being_built_comes_back_without_a_deadlock(
    open_services: OpenServices, data_dir: Path
) -> None:
    """The restore waits for the knowledge services before its transaction, not inside it (the build
    needs the database too)."""
    with open_services() as services:
        kb = services.knowledge_bases.create("Field notes")
        services.knowledge_bases.delete(kb.id)
        [entry] = services.trash.list()
    services = open_window_services(data_dir)
    building, go_on = threading.Event(), threading.Event()
    build = services.later._build  # the composition root's build, slowed down to overlap the restore
    assert build is not None

    def slow_build() -> LaterParts:
        building.set()
        go_on.wait(5)
        return build()

    services.later._build = slow_build
    try:
        services.later.finish_in_background(services.tasks)
        assert building.wait(5)
        restored: list[object] = []
        worker = threading.Thread(target=lambda: restored.append(services.trash.restore(entry.id)), daemon=True)
        worker.start()
        time.sleep(0.2)  # the restore waits for the knowledge services
        go_on.set()
        worker.join(10)
        assert not worker.is_alive()
        assert len(restored) == 1
        assert [b.name for b in services.knowledge_bases.list()] == ["Field notes"]
    finally:
        services.close()
