"""Chat runs on real SQLite with the scripted model: outcomes, journal, branches, bad input."""

from __future__ import annotations

import threading
import time

import pytest

from mira_desktop.core.conversation.runs import EventType, RunKind, RunStatus
from mira_desktop.core.conversation.threads import MessageStatus
from mira_desktop.core.errors import ConflictError, InvalidInputError, NotFoundError
from mira_desktop.services.app.bundle import AppServices
from mira_desktop.services.chat.run_bus import LiveEvent
from mira_desktop.services.chat.run_context import FLUSH_SECONDS
from mira_desktop.services.chat.service import SendOptions
from tests.support.fixtures import OpenServices, Script
from tests.support.scripted import requests_sent

LONG_TEXT = " ".join(f"word{i}" for i in range(60))


def _counts(services: AppServices) -> dict[str, int]:
    return {
        table: services.database.one(f"SELECT count(*) AS n FROM {table}")["n"]  # type: ignore[index]
        for table in ("threads", "messages", "runs", "run_events")
    }


def test_first_send_creates_the_thread_and_completes_with_a_journal(
    services: AppServices, script: Script
) -> None:
    ref = script({"text": "Paris is the capital."})
    handle = services.chat.send(None, "Capital of France?", SendOptions(model_ref=ref))
    assert handle.wait(30) is RunStatus.COMPLETED
    thread = services.threads.get(handle.thread_id)
    assert thread.model_ref == ref
    assert thread.title == "Capital of France?"
    messages = services.threads.show(thread.id).messages
    assert [(m.role.value, m.content, m.status.value) for m in messages] == [
        ("user", "Capital of France?", "complete"),
        ("assistant", "Paris is the capital.", "complete"),
    ]
    run = services.chat.run(handle.run_id)
    assert run is not None
    assert run.status is RunStatus.COMPLETED
    assert run.kind.value == "chat"
    assert run.model_snapshot["ref"] == ref
    types = [e.type for e in services.chat.run_events(handle.run_id)]
    assert types[0] == EventType.ROUTE_SELECTED
    assert types[-2:] == [EventType.MESSAGE_COMPLETED, EventType.RUN_COMPLETED]
    assert [e.seq for e in services.chat.run_events(handle.run_id)] == list(range(1, len(types) + 1))


def test_deltas_are_journaled_coalesced_not_one_row_per_token(services: AppServices, script: Script) -> None:
    ref = script({"text": LONG_TEXT, "token_delay_ms": 10})
    live: list[LiveEvent] = []
    services.chat.bus.subscribe(live.append)
    started = time.monotonic()
    handle = services.chat.send(None, "Count", SendOptions(model_ref=ref))
    assert handle.wait(30) is RunStatus.COMPLETED
    took = time.monotonic() - started
    journaled = [e for e in services.chat.run_events(handle.run_id) if e.type == EventType.MESSAGE_DELTA]
    streamed = [e for e in live if e.type == EventType.MESSAGE_DELTA and e.seq is None]
    assert len(streamed) == 60
    # One row a flush interval at most (and one last flush), however long a loaded machine took.
    assert 1 <= len(journaled) <= min(59, took / FLUSH_SECONDS + 1), (len(journaled), took)
    assert "".join(e.data["text"] for e in streamed) == LONG_TEXT
    assert "".join(e.data["text"] for e in journaled) == LONG_TEXT  # the journal holds all the text


def test_stop_keeps_the_partial_answer_as_cancelled(services: AppServices, script: Script) -> None:
    ref = script({"text": LONG_TEXT, "hold_after": 3})  # the answer cannot end before the stop
    seen = threading.Event()
    words: list[str] = []

    def listen(event: LiveEvent) -> None:
        if event.type == EventType.MESSAGE_DELTA and event.seq is None:
            words.append(event.data["text"])
            if len(words) == 3:
                seen.set()

    services.chat.bus.subscribe(listen)
    handle = services.chat.send(None, "Count slowly", SendOptions(model_ref=ref))
    assert seen.wait(30)
    assert services.chat.stop() is True
    assert handle.wait(30) is RunStatus.CANCELLED
    answer = services.threads.show(handle.thread_id).messages[-1]
    assert answer.status is MessageStatus.CANCELLED
    assert answer.content.strip() == "word0 word1 word2"
    assert services.chat.run_events(handle.run_id)[-1].type == EventType.RUN_CANCELLED


def test_a_failed_answer_keeps_its_error_and_survives_reopening(
    script: Script, open_services: OpenServices
) -> None:
    ref = script({"error": {"kind": "auth", "message": "The API key was refused."}})
    with open_services() as services:
        handle = services.chat.send(None, "Hello?", SendOptions(model_ref=ref))
        assert handle.wait(30) is RunStatus.FAILED
    with open_services() as reopened:
        answer = reopened.threads.show(handle.thread_id).messages[-1]
        assert answer.status is MessageStatus.ERROR
        assert answer.error == {"kind": "auth", "message": "The API key was refused.", "detail": ""}
        run = reopened.chat.run(handle.run_id)
        assert run is not None
        assert run.status is RunStatus.FAILED


def test_a_dead_remote_provider_gives_a_persisted_unreachable_error(fast_retries: AppServices) -> None:
    services = fast_retries
    services.models.add_remote("dead", "http://127.0.0.1:9/v1", model="m")
    handle = services.chat.send(None, "Anyone there?", SendOptions(model_ref="remote:dead/m"))
    assert handle.wait(60) is RunStatus.FAILED
    answer = services.threads.show(handle.thread_id).messages[-1]
    assert answer.status is MessageStatus.ERROR
    assert answer.error is not None
    assert answer.error["kind"] == "unreachable"
    assert "127.0.0.1:9" in answer.error["message"]


def test_edit_makes_a_new_branch_and_keeps_the_old_one(services: AppServices, script: Script) -> None:
    ref = script({"text": "First answer"}, {"text": "Edited answer"})
    first = services.chat.send(None, "Original question", SendOptions(model_ref=ref))
    first.wait(30)
    edited = services.chat.edit(first.user_message_id, "Better question")
    assert edited.wait(30) is RunStatus.COMPLETED
    messages = {m.id: m for m in services.threads.show(first.thread_id).messages}
    assert len(messages) == 4
    assert messages[edited.user_message_id].parent_id is None
    assert messages[edited.user_message_id].content == "Better question"
    assert messages[first.user_message_id].content == "Original question"
    branch = [m.content for m in services.branches.active_branch(first.thread_id)]
    assert branch == ["Better question", "Edited answer"]
    services.branches.switch_branch(first.thread_id, first.user_message_id)
    assert [m.content for m in services.branches.active_branch(first.thread_id)] == [
        "Original question",
        "First answer",
    ]


def test_regenerate_and_retry_add_sibling_answers(services: AppServices, script: Script) -> None:
    ref = script(
        {"error": {"kind": "model_error", "message": "boom"}},
        {"text": "Second try"},
        {"text": "Third try"},
    )
    failed = services.chat.send(None, "Question", SendOptions(model_ref=ref))
    assert failed.wait(30) is RunStatus.FAILED
    retried = services.chat.retry(failed.assistant_message_id)
    assert retried.wait(30) is RunStatus.COMPLETED
    regenerated = services.chat.regenerate(retried.assistant_message_id)
    assert regenerated.wait(30) is RunStatus.COMPLETED
    answers = [m for m in services.threads.show(failed.thread_id).messages if m.role.value == "assistant"]
    assert [(a.content, a.status.value) for a in answers] == [
        ("", "error"),
        ("Second try", "complete"),
        ("Third try", "complete"),
    ]
    assert {a.parent_id for a in answers} == {failed.user_message_id}
    assert [m.content for m in services.branches.active_branch(failed.thread_id)] == ["Question", "Third try"]


def test_follow_up_sends_the_visible_branch_as_history(services: AppServices, script: Script) -> None:
    ref = script({"text": "Hi Ann."}, {"text": "Hello Ann!"}, {"text": "Your name is Ann."})
    first = services.chat.send(None, "I am Ann.", SendOptions(model_ref=ref))
    assert first.wait(30) is RunStatus.COMPLETED
    regenerated = services.chat.regenerate(first.assistant_message_id)  # the visible answer now
    assert regenerated.wait(30) is RunStatus.COMPLETED
    second = services.chat.send(first.thread_id, "What is my name?")
    assert second.wait(30) is RunStatus.COMPLETED
    sent = requests_sent(services, ref)[-1]
    assert [(m.role, m.content) for m in sent.messages] == [
        ("user", "I am Ann."),
        ("assistant", "Hello Ann!"),
        ("user", "What is my name?"),
    ]
    compiled = next(
        e for e in services.chat.run_events(second.run_id) if e.type == EventType.REQUEST_COMPILED
    )
    assert compiled.data["sections"]["history"] > 0


def test_a_second_send_while_one_runs_is_refused(services: AppServices, script: Script) -> None:
    ref = script({"text": LONG_TEXT, "hold_after": 1}, {"text": "never"})  # running until stopped
    running = services.chat.send(None, "Slow", SendOptions(model_ref=ref))
    before = _counts(services)
    with pytest.raises(ConflictError, match="already being written"):
        services.chat.send(running.thread_id, "Another")
    assert _counts(services) == before
    services.chat.stop()
    running.wait(30)


def test_empty_and_oversized_messages_change_nothing(services: AppServices, script: Script) -> None:
    ref = script({"text": "never used"})
    before = _counts(services)
    for text in ("", "   \n\t "):
        with pytest.raises(InvalidInputError, match="empty"):
            services.chat.send(None, text, SendOptions(model_ref=ref))
    with pytest.raises(InvalidInputError, match="too long for the model's context window"):
        services.chat.send(None, "word " * 9000, SendOptions(model_ref=ref))
    assert _counts(services) == before


def test_archived_and_deleted_threads_refuse_new_messages(services: AppServices, script: Script) -> None:
    ref = script({"text": "ok"})
    handle = services.chat.send(None, "Hi", SendOptions(model_ref=ref))
    handle.wait(30)
    services.threads.archive(handle.thread_id)
    with pytest.raises(ConflictError, match="archived"):
        services.chat.send(handle.thread_id, "Still there?")
    services.threads.delete(handle.thread_id)
    with pytest.raises(NotFoundError):
        services.chat.send(handle.thread_id, "Hello?")


def test_deleting_a_message_removes_only_its_subtree(services: AppServices, script: Script) -> None:
    ref = script({"text": "A1"}, {"text": "A2"}, {"text": "B1"})
    first = services.chat.send(None, "Q1", SendOptions(model_ref=ref))
    first.wait(30)
    second = services.chat.send(first.thread_id, "Q2")
    second.wait(30)
    sibling = services.chat.regenerate(first.assistant_message_id)
    sibling.wait(30)
    deleted = services.branches.delete_message(second.user_message_id)
    assert set(deleted) == {second.user_message_id, second.assistant_message_id}
    remaining = {m.content for m in services.threads.show(first.thread_id).messages}
    assert remaining == {"Q1", "A1", "B1"}


def test_search_finds_messages_in_every_branch_including_chinese(
    services: AppServices, script: Script
) -> None:
    ref = script({"text": "北京是中国的首都。"}, {"text": "Another branch about kyoto"})
    first = services.chat.send(None, "中国的首都是哪里？", SendOptions(model_ref=ref))
    first.wait(30)
    services.chat.regenerate(first.assistant_message_id).wait(30)
    hits = services.threads.search("首都")
    assert {h.message_id for h in hits} >= {first.user_message_id, first.assistant_message_id}
    assert any("Kyoto".lower() in h.snippet.lower() for h in services.threads.search("KYOTO"))


def test_summary_is_request_only_context_and_can_be_set_and_cleared(
    services: AppServices, script: Script
) -> None:
    ref = script({"text": "Noted."}, {"text": "Tom."}, {"text": "Tom, you said."})
    handle = services.chat.send(None, "My cat is called Tom.", SendOptions(model_ref=ref))
    handle.wait(30)
    services.summaries.set(handle.thread_id, "The user has a cat named Tom.")
    services.chat.send(handle.thread_id, "What is my cat called?").wait(30)
    with_summary = requests_sent(services, ref)[-1].messages
    assert with_summary[0].role == "system"
    assert "cat named Tom" in with_summary[0].content
    assert all("cat named Tom" not in m.content for m in with_summary[1:])
    assert all("cat named Tom" not in m.content for m in services.threads.show(handle.thread_id).messages)
    services.summaries.clear(handle.thread_id)
    services.chat.send(handle.thread_id, "Again?").wait(30)
    assert [m.role for m in requests_sent(services, ref)[-1].messages] == ["user", "assistant"] * 2 + ["user"]


def test_summary_generation_uses_the_threads_model(services: AppServices, script: Script) -> None:
    ref = script(*[{"text": f"Answer {i}"} for i in range(4)], {"text": "They talked about four things."})
    thread_id = None
    for i in range(4):
        handle = services.chat.send(
            thread_id, f"Question {i}", SendOptions(model_ref=ref) if thread_id is None else None
        )
        handle.wait(30)
        thread_id = handle.thread_id
    assert thread_id is not None
    assert services.summaries.generate(thread_id) == "They talked about four things."
    assert services.threads.get(thread_id).context_summary == "They talked about four things."
    asked = requests_sent(services, ref)
    assert len(asked) == 5  # four answers, then the summary, all from the thread's model
    assert "user: Question 0\nassistant: Answer 0" in "\n".join(m.content for m in asked[-1].messages)


def test_a_role_bound_thread_records_the_role_and_its_profile_on_the_run(
    services: AppServices, script: Script
) -> None:
    role = next(r for r in services.roles.list() if r.name == "Code Reviewer")
    ref = script({"text": "Looks fine."})
    handle = services.chat.send(None, "Review this", SendOptions(model_ref=ref, role_id=role.id))
    handle.wait(30)
    run = services.chat.run(handle.run_id)
    assert run is not None
    assert (run.role_id, run.role_version) == (role.id, role.version)
    assert run.role_snapshot["used"] is True
    assert run.model_snapshot["sampling"]["temperature"] == role.llm_profile["temperature"]


def test_every_kind_of_run_has_a_route_or_the_app_does_not_start(services: AppServices) -> None:
    services.chat.require_routes()  # the composition root registered chat, RAG and agent
    del services.chat._worker.routes[RunKind.AGENT]
    with pytest.raises(RuntimeError, match="no route registered for agent runs"):
        services.chat.require_routes()
