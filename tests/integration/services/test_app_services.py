"""The services bundle: every service is itself (no stand-in), none waits for another to be built,
and closing closes every part even when one of them fails."""

from __future__ import annotations

import dataclasses
import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from mira_desktop.app import open_window_services
from mira_desktop.core.clock import now_iso
from mira_desktop.core.conversation.threads import MessageRole
from mira_desktop.core.errors import ConflictError
from mira_desktop.services.app.bundle import AppServices
from mira_desktop.services.chat.service import ChatService
from mira_desktop.services.knowledge.bases import KnowledgeBaseService
from mira_desktop.services.media.service import MediaService
from mira_desktop.store.messages import MessageRepository
from mira_desktop.store.threads import ThreadRepository
from tests.support.fixtures import OpenServices


def _thread_with_an_answer(services: AppServices) -> tuple[str, str, str]:
    thread = ThreadRepository(services.database).create(title="Lighthouses")
    messages = MessageRepository(services.database)
    question = messages.add(thread.id, MessageRole.USER, "How do the lamps turn?")
    answer = messages.add(thread.id, MessageRole.ASSISTANT, "On a bed of mercury.", parent_id=question.id)
    return thread.id, question.id, answer.id


def _add_run(services: AppServices, thread_id: str, status: str) -> None:
    now = now_iso()
    with services.database.transaction():
        services.database.execute(
            "INSERT INTO runs (id, thread_id, kind, status, created_at, updated_at) VALUES (?, ?, 'chat', ?, ?, ?)",
            (f"run_{status}", thread_id, status, now, now),
        )


def test_every_service_of_the_bundle_is_the_service_itself(services: AppServices) -> None:
    assert services.chat is services.chat
    assert isinstance(services.chat, ChatService)
    assert isinstance(services.media, MediaService)
    assert isinstance(services.knowledge_bases, KnowledgeBaseService)
    for field in dataclasses.fields(AppServices):
        value = getattr(services, field.name)
        assert type(value).__module__.startswith("mira_desktop."), field.name  # built, not a placeholder


def test_the_window_services_are_every_service_built_and_answering(
    open_services: OpenServices, data_dir: Path
) -> None:
    with open_services() as services:
        thread_id, _question, _answer = _thread_with_an_answer(services)
    window_services = open_window_services(data_dir)
    try:
        assert [t.id for t in window_services.threads.list(None)] == [thread_id]
        assert window_services.knowledge_bases.list() == []
        assert window_services.agent_runs.waiting() == []
        assert not window_services.chat.is_busy(thread_id)
    finally:
        window_services.close()


def test_services_used_inside_a_transaction_on_a_worker_answer_without_waiting(services: AppServices) -> None:
    """The hang of issue 33 §1: a service touched inside ``Database.transaction()`` on a worker used to
    wait for a build that needed the database's lock the worker held."""
    kb = services.knowledge_bases.create("Field notes")
    services.knowledge_bases.delete(kb.id)
    [entry] = services.trash.list()
    thread_id, _question, _answer = _thread_with_an_answer(services)
    answers: list[object] = []

    def work() -> None:
        with services.database.transaction():
            answers.append(services.chat.is_busy(thread_id))
            answers.append(services.trash.restore(entry.id).entry.object_id)
            answers.append([b.name for b in services.knowledge_bases.list()])

    worker = threading.Thread(target=work, name="ui-op", daemon=True)
    worker.start()
    worker.join(10)
    assert not worker.is_alive(), "a service used inside a transaction waited"
    assert answers == [False, kb.id, ["Field notes"]]


def test_a_message_of_a_thread_whose_reply_is_being_written_cannot_be_deleted(services: AppServices) -> None:
    """Read from the runs table: a run written here or by a `mira` command beside the window."""
    thread_id, _question, answer_id = _thread_with_an_answer(services)
    _add_run(services, thread_id, "running")
    with pytest.raises(ConflictError):
        services.branches.delete_message(answer_id)
    services.database.execute("UPDATE runs SET status = 'completed' WHERE thread_id = ?", (thread_id,))
    assert services.branches.delete_message(answer_id) == [answer_id]


def test_a_run_waiting_for_approval_does_not_hold_its_thread_busy(services: AppServices) -> None:
    thread_id, _question, answer_id = _thread_with_an_answer(services)
    _add_run(services, thread_id, "waiting_approval")
    assert services.branches.delete_message(answer_id) == [answer_id]


def test_deleting_a_message_or_purging_a_thread_removes_their_media_files(services: AppServices) -> None:
    thread_id, question_id, answer_id = _thread_with_an_answer(services)
    other_id, _other_question, other_answer = _thread_with_an_answer(services)
    folder = services.media.folder
    folder.mkdir(parents=True, exist_ok=True)
    now = now_iso()
    for media_id, message_id in (
        ("med_answer", answer_id),
        ("med_question", question_id),
        ("med_other", other_answer),
    ):
        (folder / f"{media_id}.wav").write_bytes(b"RIFF")
        services.database.execute(
            "INSERT INTO chat_media (id, message_id, kind, status, path, created_at, updated_at)"
            " VALUES (?, ?, 'audio', 'ready', ?, ?, ?)",
            (media_id, message_id, f"{media_id}.wav", now, now),
        )
    services.branches.delete_message(answer_id)
    assert sorted(p.name for p in folder.iterdir()) == ["med_other.wav", "med_question.wav"]
    services.threads.delete(thread_id)
    services.trash.empty()  # the purge deletes the thread for good
    assert [p.name for p in folder.iterdir()] == ["med_other.wav"]
    assert services.threads.exists(other_id)


def test_closing_closes_every_part_even_when_one_fails(
    open_services: OpenServices, monkeypatch: pytest.MonkeyPatch
) -> None:
    with open_services() as services:
        pass  # closed once: nothing to do
    services = open_window_services(services.folder.root)
    closed: list[str] = []
    knowledge_close, mcp_close = services.knowledge.close, services.mcp.close

    def failing_chat_close(timeout: float = 10.0) -> None:
        closed.append("chat")
        raise RuntimeError("the chat service failed to close")

    monkeypatch.setattr(services.chat, "close", failing_chat_close)
    monkeypatch.setattr(services.knowledge, "close", lambda: (closed.append("knowledge"), knowledge_close()))
    monkeypatch.setattr(services.mcp, "close", lambda: (closed.append("mcp"), mcp_close()))
    with pytest.raises(RuntimeError, match="failed to close"):
        services.close()
    assert closed == ["knowledge", "chat", "mcp"]  # the runs first, then MCP: in that order, all of them
    with pytest.raises(RuntimeError, match="closing"):
        services.tasks.start("late", lambda _cancel: None)  # the task runner was closed after the failure
    with pytest.raises(sqlite3.ProgrammingError, match="closed"):
        services.database.query("SELECT 1")  # and the database last


def test_every_part_of_the_bundle_that_can_close_is_closed_by_it(
    services: AppServices, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A service added with a ``close`` that the bundle's ``close`` forgets fails here."""
    closed: list[str] = []
    closable = [
        f.name
        for f in dataclasses.fields(AppServices)
        if callable(getattr(getattr(services, f.name), "close", None))
    ]
    for name in closable:
        part = getattr(services, name)
        monkeypatch.setattr(part, "close", _recording(name, part.close, closed))
    models_closed: list[str] = []
    monkeypatch.setattr(
        services.models.registry, "close", _recording("models", services.models.registry.close, models_closed)
    )
    services.close()
    assert sorted(closed) == sorted(closable)
    assert closed[-1] == "database"  # last: every other part may still write while it closes
    assert models_closed == ["models"]


def _recording(name: str, close: Callable[..., object], closed: list[str]) -> Callable[..., object]:
    def recorded(*args: object, **kwargs: object) -> object:
        closed.append(name)
        return close(*args, **kwargs)

    return recorded
