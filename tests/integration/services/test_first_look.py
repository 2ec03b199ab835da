"""The window's first look: what its first frame shows, read-only, before the services are built."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from mira_desktop.core.conversation.threads import ThreadStatus
from mira_desktop.services.app.bundle import AppServices
from mira_desktop.services.app.first_look import read_first_look
from mira_desktop.store.threads import ThreadRepository


def test_a_folder_that_does_not_exist_yet_gives_the_empty_look_and_stays_absent(tmp_path: Path) -> None:
    look = read_first_look(tmp_path / "new", 200)
    assert not look.read
    assert look.threads == ()
    assert look.language == "system"
    assert not (tmp_path / "new").exists()


def test_the_first_look_lists_the_active_threads_as_the_services_do(services: AppServices) -> None:
    repo = ThreadRepository(services.database)
    made = [repo.create(title=f"Thread {i}") for i in range(5)]
    services.threads.archive(made[1].id)
    services.threads.delete(made[2].id)  # to the trash
    services.threads.save_welcome_draft("half a thought")
    services.preferences.set_theme("dark")
    services.preferences.set_language("zh")
    look = read_first_look(services.folder.root, 2)
    expected = [t.id for t in services.threads.list(ThreadStatus.ACTIVE)][:2]
    assert [t.id for t in look.threads] == expected  # the newest active ones, in the services' order
    assert {made[1].id, made[2].id}.isdisjoint(t.id for t in look.threads)
    assert look.more  # a third active thread exists
    assert (look.welcome_draft, look.theme, look.language) == ("half a thought", "dark", "zh")
    assert read_first_look(services.folder.root, 10).more is False


def test_a_database_about_to_be_migrated_is_not_read_nor_changed(services: AppServices) -> None:
    ThreadRepository(services.database).create(title="Kept")
    path = services.folder.database_path
    services.close()
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA user_version = 1")  # an older schema: its tables may differ
    before = path.read_bytes()
    look = read_first_look(services.folder.root, 200)
    assert not look.read
    assert look.threads == ()
    assert path.read_bytes() == before


def test_a_thread_read_before_the_services_is_its_visible_branch_as_the_services_read_it(
    services: AppServices,
) -> None:
    from mira_desktop.core.conversation.threads import MessageRole
    from mira_desktop.services.app.first_thread import read_first_thread
    from mira_desktop.store.messages import MessageRepository

    thread = ThreadRepository(services.database).create(title="Kyoto trip")
    messages = MessageRepository(services.database)
    parent = None
    for i in range(6):  # three questions, each answered
        parent = messages.add(thread.id, MessageRole.USER if i % 2 == 0 else MessageRole.ASSISTANT, f"m{i}",
                              parent_id=parent.id if parent else None)  # fmt: skip
    assert parent is not None
    other = messages.add(thread.id, MessageRole.ASSISTANT, "another answer", parent_id=parent.parent_id)
    ThreadRepository(services.database).set_active_leaf(thread.id, parent.id)
    services.threads.save_draft(thread.id, "next question")
    first = read_first_thread(services.folder.root, thread.id, 4)
    branch = services.threads.visible_branch(thread.id, 4)
    assert first is not None
    assert [m.content for m in first.messages] == ["m2", "m3", "m4", "m5"]  # the active path, not "another answer"
    assert [m.id for m in first.messages] == [m.id for m in branch.messages]
    assert first.siblings == branch.siblings
    assert first.siblings[parent.id].count == 2
    assert first.hidden_earlier == branch.hidden_earlier == 2
    assert first.thread.draft == "next question"
    assert other.id not in {m.id for m in first.messages}


def test_a_thread_read_before_the_services_is_none_where_nothing_can_be_read(
    services: AppServices, tmp_path: Path
) -> None:
    from mira_desktop.services.app.first_thread import read_first_thread

    assert read_first_thread(tmp_path / "new", "thr_x", 30) is None  # no data folder yet
    assert not (tmp_path / "new").exists()
    assert read_first_thread(services.folder.root, "thr_missing", 30) is None
    kept = ThreadRepository(services.database).create(title="Kept")
    path = services.folder.database_path
    services.close()
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA user_version = 1")  # about to be migrated: not read
    assert read_first_thread(services.folder.root, kept.id, 30) is None
