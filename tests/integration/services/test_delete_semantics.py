"""Deleting a knowledge base, role or workspace never deletes a conversation."""

from __future__ import annotations

from pathlib import Path

import pytest

from mira_desktop.core.clock import now_iso
from mira_desktop.core.conversation.threads import MessageRole
from mira_desktop.core.errors import ConflictError, NotFoundError
from mira_desktop.services.app.bundle import AppServices
from mira_desktop.store.knowledge_bases import KnowledgeBaseRepository
from mira_desktop.store.messages import MessageRepository
from mira_desktop.store.threads import ThreadRepository


def _thread_with_messages(services: AppServices, **bindings: str | None) -> tuple[str, list[str]]:
    threads = ThreadRepository(services.database)
    messages = MessageRepository(services.database)
    thread = threads.create(title="keep me", **bindings)  # type: ignore[arg-type]
    question = messages.add(thread.id, MessageRole.USER, "What is in my notes?")
    answer = messages.add(thread.id, MessageRole.ASSISTANT, "Three things.", parent_id=question.id)
    return thread.id, [question.id, answer.id]


def test_deleting_knowledge_base_keeps_threads_and_messages(services: AppServices) -> None:
    kb = KnowledgeBaseRepository(services.database).create("Notes")
    thread_id, message_ids = _thread_with_messages(services, knowledge_base_id=kb.id)
    services.knowledge_bases.delete(kb.id)
    detail = services.threads.show(thread_id)
    assert detail.thread.knowledge_base_id is None
    assert [m.id for m in detail.messages] == message_ids


def test_deleting_role_keeps_threads_and_messages(services: AppServices) -> None:
    role = services.roles.list()[0]
    thread_id, message_ids = _thread_with_messages(services, role_id=role.id)
    services.roles.delete(role.id)
    detail = services.threads.show(thread_id)
    assert detail.thread.role_id is None
    assert [m.id for m in detail.messages] == message_ids


def test_deleting_workspace_keeps_threads_messages_and_the_folder(
    services: AppServices, tmp_path: Path
) -> None:
    folder = tmp_path / "project"
    folder.mkdir()
    (folder / "notes.txt").write_text("precious")
    workspace = services.workspaces.add("Project", str(folder))
    thread_id, message_ids = _thread_with_messages(services, workspace_id=workspace.id)
    services.workspaces.delete(workspace.id)
    detail = services.threads.show(thread_id)
    assert detail.thread.workspace_id is None
    assert [m.id for m in detail.messages] == message_ids
    assert (folder / "notes.txt").read_text() == "precious"
    assert workspace.id not in {w.id for w in services.workspaces.list()}


def test_mira_base_cannot_be_deleted(services: AppServices) -> None:
    default = services.workspaces.default()
    with pytest.raises(ConflictError, match="cannot be deleted"):
        services.workspaces.delete(default.id)
    assert services.workspaces.default().id == default.id
    assert Path(default.root_path).is_dir()


def test_purging_a_deleted_thread_removes_only_what_belongs_to_it(services: AppServices) -> None:
    thread_id, (question_id, answer_id) = _thread_with_messages(services)
    other_id, other_messages = _thread_with_messages(services)
    db = services.database
    now = now_iso()
    with db.transaction():
        db.execute(
            "INSERT INTO runs (id, thread_id, kind, status, created_at, updated_at) VALUES (?, ?, 'chat', 'completed', ?, ?)",
            ("run_x", thread_id, now, now),
        )
        db.execute(
            "INSERT INTO run_events (run_id, seq, type, data_json, created_at) VALUES ('run_x', 1, 'run.started', '{}', ?)",
            (now,),
        )
        db.execute(
            "INSERT INTO attachments (id, sha256, name, mime, size_bytes, path, created_at) "
            "VALUES ('att_x', 'abc', 'a.txt', 'text/plain', 1, '/x', ?)",
            (now,),
        )
        db.execute(
            "INSERT INTO attachment_refs (attachment_id, message_id, created_at) VALUES ('att_x', ?, ?)",
            (question_id, now),
        )
        db.execute(
            "INSERT INTO chat_media (id, message_id, kind, status, created_at, updated_at) "
            "VALUES ('med_x', ?, 'audio', 'ready', ?, ?)",
            (answer_id, now, now),
        )
    services.threads.delete(thread_id)  # to the trash: everything is still there
    assert db.one("SELECT count(*) AS n FROM runs") == {"n": 1}
    services.trash.empty()
    for table in ("runs", "run_events", "attachment_refs", "chat_media"):
        assert db.one(f"SELECT count(*) AS n FROM {table}") == {"n": 0}, table
    assert db.one("SELECT count(*) AS n FROM messages WHERE thread_id = ?", (thread_id,)) == {"n": 0}
    # The content-addressed file record stays for garbage collection; the other thread is intact.
    assert db.one("SELECT count(*) AS n FROM attachments") == {"n": 1}
    assert [m.id for m in services.threads.show(other_id).messages] == other_messages


def test_unknown_ids_are_reported_as_not_found(services: AppServices) -> None:
    with pytest.raises(NotFoundError):
        services.workspaces.delete("ws_missing")
    with pytest.raises(NotFoundError):
        services.roles.delete("rol_missing")
    with pytest.raises(NotFoundError):
        services.knowledge_bases.delete("kb_missing")
    with pytest.raises(NotFoundError):
        services.threads.delete("thr_missing")
