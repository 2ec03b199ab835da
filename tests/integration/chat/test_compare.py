"""Two models side by side (services/chat/compare.py) on real SQLite with two scripted models."""

from __future__ import annotations

from pathlib import Path

import pytest

from mira_desktop.core.conversation.runs import RunStatus
from mira_desktop.core.conversation.threads import MessageStatus
from mira_desktop.core.errors import ConflictError, InvalidInputError
from mira_desktop.services.app.bundle import AppServices
from mira_desktop.services.chat.compare import MemoryPlan
from mira_desktop.services.chat.service import SendOptions
from tests.support.fixtures import Script
from tests.support.scripted import release, requests_sent
from tests.support.waiting import wait_for


def _count(services: AppServices, table: str) -> int:
    return int(services.database.one(f"SELECT count(*) AS n FROM {table}")["n"])  # type: ignore[index]


def test_compare_keeps_both_answers_as_sibling_branches_of_one_question(
    services: AppServices, script: Script
) -> None:
    first = script({"text": "Hi there."}, {"text": "A second answer."})
    left = script({"text": "Left says Paris."})
    right = script({"text": "Right says Paris, France."})
    opening = services.chat.send(None, "Hello", SendOptions(model_ref=first))
    assert opening.wait(30) is RunStatus.COMPLETED

    comparison = services.compare.send(opening.thread_id, "Capital of France?", [left, right])

    assert comparison.wait(30) == [RunStatus.COMPLETED, RunStatus.COMPLETED]
    for ref in (left, right):  # each model was sent the same conversation, ending with the question
        [request] = requests_sent(services, ref)
        assert [(m.role, m.content) for m in request.messages if m.role != "system"] == [
            ("user", "Hello"), ("assistant", "Hi there."), ("user", "Capital of France?"),
        ]  # fmt: skip
    branch = services.threads.visible_branch(opening.thread_id, 10)
    question, answer = branch.messages[-2:]
    assert (question.content, answer.content) == ("Capital of France?", "Left says Paris.")
    assert branch.siblings[answer.id].count == 2
    other = services.threads.show(opening.thread_id)  # the thread's model is still its own
    assert other.thread.model_ref == first
    answers = {
        m.content: m
        for m in services.branches.path_to(other.thread, comparison.handles[1].assistant_message_id)
    }
    assert answers["Right says Paris, France."].parent_id == question.id
    assert answers["Right says Paris, France."].metadata["model"] == right
    assert answer.metadata["model"] == left


def test_choosing_an_answer_shows_it_and_switching_back_undoes_it(
    services: AppServices, script: Script
) -> None:
    left, right = script({"text": "Left."}), script({"text": "Right."})
    comparison = services.compare.send(None, "Which?", [left, right])
    assert comparison.wait(30) == [RunStatus.COMPLETED, RunStatus.COMPLETED]
    thread_id, right_answer = comparison.thread_id, comparison.handles[1].assistant_message_id

    before = services.compare.choose(thread_id, right_answer)

    shown = services.threads.visible_branch(thread_id, 10)
    assert [m.content for m in shown.messages] == ["Which?", "Right."]
    assert shown.siblings[right_answer].count == 2  # the other answer is kept as its sibling
    assert before == comparison.handles[0].assistant_message_id
    services.branches.switch_branch(thread_id, before)
    assert [m.content for m in services.threads.visible_branch(thread_id, 10).messages] == ["Which?", "Left."]


def test_models_that_fit_together_answer_at_once(services: AppServices, script: Script) -> None:
    held = script({"text": "one two three four", "hold_after": 1, "release_when": "release"})
    quick = script({"text": "Quick answer."})
    comparison = services.compare.send(None, "Go", [held, quick])
    assert comparison.together
    # The quick one ends while the other is held mid-answer: both ran at the same time.
    assert comparison.handles[1].wait(30) is RunStatus.COMPLETED
    assert not comparison.handles[0].done.is_set()
    release(held)
    assert comparison.wait(30) == [RunStatus.COMPLETED, RunStatus.COMPLETED]


def test_models_that_do_not_fit_together_answer_one_after_the_other(
    services: AppServices, script: Script
) -> None:
    held = script({"text": "one two three four", "hold_after": 1, "release_when": "release"})
    second = script({"text": "Second."})
    turn = services.chat.new_turn(None, "Go", SendOptions())
    first_run, second_run = services.chat.start_side_by_side(
        turn, [held, second], SendOptions(), create_thread=True, together=False
    )
    wait_for(
        lambda: services.chat.run(first_run.run_id) is not None and requests_sent(services, held),
        what="the first model's request",
    )
    assert requests_sent(services, second) == []  # it waits its turn while the first is held
    release(held)
    assert first_run.wait(30) is RunStatus.COMPLETED
    assert second_run.wait(30) is RunStatus.COMPLETED
    assert len(requests_sent(services, second)) == 1


def test_memory_plan_says_in_turn_when_the_needs_pass_what_is_free() -> None:
    mb = 1 << 20
    together = MemoryPlan({"a": 300 * mb, "b": 400 * mb}, available=2000 * mb)
    apart = MemoryPlan({"a": 900 * mb, "b": 900 * mb}, available=2000 * mb)
    assert together.together
    assert not apart.together
    assert (
        apart.note().english
        == "One after the other: both do not fit in memory (1,800 MB needed, 2,000 MB free)."
    )
    assert together.note().key == "chat.compare.together"


def test_stop_stops_both_answers_and_keeps_what_they_wrote(services: AppServices, script: Script) -> None:
    left = script({"text": "alpha beta gamma delta", "hold_after": 2})
    right = script({"text": "one two three four", "hold_after": 1})
    comparison = services.compare.send(None, "Go", [left, right])
    wait_for(
        lambda: comparison.speed(0).tokens >= 2 and comparison.speed(1).tokens >= 1,
        what="both answers streaming",
    )

    comparison.stop()

    assert comparison.wait(30) == [RunStatus.CANCELLED, RunStatus.CANCELLED]
    messages = {
        m.id: m
        for m in services.branches.path_to(
            services.threads.get(comparison.thread_id), comparison.handles[0].assistant_message_id
        )
    }
    kept = messages[comparison.handles[0].assistant_message_id]
    assert (kept.status, kept.content) == (MessageStatus.CANCELLED, "alpha beta ")


def test_each_answer_has_its_first_token_and_tokens_per_second(services: AppServices, script: Script) -> None:
    left = script({"text": "a b c d e f", "token_delay_ms": 20})
    right = script({"text": "one two three", "token_delay_ms": 20})
    comparison = services.compare.send(None, "Go", [left, right])
    comparison.wait(30)
    wait_for(lambda: comparison.speed(0).ended and comparison.speed(1).ended, what="both ends heard")
    speeds = [comparison.speed(0), comparison.speed(1)]
    assert [s.tokens for s in speeds] == [6, 3]
    for speed in speeds:
        assert speed.first_token_s is not None
        assert speed.first_token_s >= 0
        assert speed.tokens_per_s is not None
        assert 0 < speed.tokens_per_s < 1000 / 20 * 1.5
    assert set(speeds[0].to_dict()) == {"first_token_ms", "tokens", "tokens_per_s"}


def test_compare_refuses_the_same_model_twice_and_agent_threads_writing_nothing(
    services: AppServices, script: Script
) -> None:
    ref = script({"text": "x"})
    with pytest.raises(InvalidInputError, match="two different models"):
        services.compare.send(None, "Go", [ref, ref])
    with pytest.raises(InvalidInputError, match="agent mode off"):
        services.compare.send(None, "Go", [ref, script({"text": "y"})], SendOptions(agent=True))
    assert _count(services, "messages") == 0
    assert _count(services, "runs") == 0


def test_a_comparison_is_one_work_at_a_time_with_other_sends(services: AppServices, script: Script) -> None:
    left = script({"text": "a b c", "hold_after": 1})
    comparison = services.compare.send(None, "Go", [left, script({"text": "y"})])
    with pytest.raises(ConflictError):
        services.chat.send(comparison.thread_id, "And?")
    comparison.stop()
    comparison.wait(30)


def test_a_file_sent_with_a_compared_message_goes_to_both_models(
    services: AppServices, script: Script, tmp_path: Path
) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("The launch code is PELICAN-42.\n", encoding="utf-8")
    view = services.attachments.add_to_draft(None, notes)
    left, right = script({"text": "Left."}), script({"text": "Right."})

    comparison = services.compare.send(
        None, "What is the code?", [left, right], SendOptions(attachment=view.draft_key)
    )

    assert comparison.wait(30) == [RunStatus.COMPLETED, RunStatus.COMPLETED]
    for ref in (left, right):
        [request] = requests_sent(services, ref)
        assert "PELICAN-42" in request.messages[-1].content
