"""The model check on the scripted model: given each task's right answer, it scores every task, and
what it sent and kept proves the suite judges by files, reads, answers and sources."""

from __future__ import annotations

from pathlib import Path

from mira_desktop.core.cancel import Cancelled, CancelToken
from mira_desktop.services.app.bundle import AppServices
from mira_desktop.services.model_check.suite import load_suite
from tests.support.fixtures import Script
from tests.support.scripted import requests_sent


def test_scripted_model_with_the_right_answers_scores_every_task(
    services: AppServices, script: Script
) -> None:
    suite = load_suite()
    ref = script(*suite.reference_replies())
    steps: list[tuple[int, int, str]] = []

    check = services.model_checks.check(
        ref, CancelToken(), lambda n, total, said: steps.append((n, total, said.key))
    )

    assert check.status == "completed"
    assert check.score("agent") == (len(suite.agent), len(suite.agent)) == (4, 4)
    assert check.score("knowledge") == (len(suite.knowledge), len(suite.knowledge)) == (4, 4)
    assert check.all_passed
    assert {t["language"] for t in check.tasks} == {"en", "zh"}
    assert check.tool_format == "openai"
    assert check.thought is False
    assert check.speed is not None
    assert check.speed["tokens"] > 0
    assert check.speed["first_token_s"] is not None
    assert check.machine["memory_bytes"] > 0
    assert check.machine["cpu"]
    assert [n for n, _, _ in steps] == list(range(1, suite.steps + 1))
    assert {total for _, total, _ in steps} == {suite.steps}
    # Kept per model: a later read gives the same result.
    kept = services.model_checks.latest(ref)
    assert kept is not None
    assert kept.id == check.id
    assert kept.to_dict() == check.to_dict()
    assert services.model_checks.latest_each()[ref].id == check.id
    # The knowledge questions went out with their numbered sources, as a knowledge answer lists them.
    sent = requests_sent(services, ref)
    question = suite.knowledge[0]
    asked = next(r for r in sent if r.messages[-1].content == question.question)
    assert all(f"[{n}] {s.document}" in asked.messages[0].content for n, s in enumerate(question.sources, 1))


def test_a_claim_without_the_file_does_not_pass(services: AppServices, script: Script) -> None:
    """The first agent task answers "done" without writing the file: its score drops, by the file."""
    suite = load_suite()
    replies = suite.reference_replies()
    first = suite.agent[0]
    assert first.reference[0].get("tool_calls")  # the reference writes with a tool call …
    start = 1  # after the speed reply
    replies[start : start + len(first.reference)] = [{"text": "Done: I created greeting.txt."}]
    ref = script(*replies)

    check = services.model_checks.check(ref, CancelToken())

    failed = [t for t in check.tasks if not t["passed"]]
    assert [t["id"] for t in failed] == [first.id]
    assert failed[0]["reasons_text"] == ["greeting.txt was not there at the end."]
    assert check.score("agent") == (3, 4)
    assert check.score("knowledge") == (4, 4)


def test_an_answer_citing_the_wrong_source_does_not_pass(services: AppServices, script: Script) -> None:
    suite = load_suite()
    replies = suite.reference_replies()
    last = suite.knowledge[-1]
    wrong = 1 if last.answer_source != 1 else 2
    replies[-1] = {"text": last.reference[0]["text"].replace(f"[{last.answer_source}]", f"[{wrong}]")}
    ref = script(*replies)

    check = services.model_checks.check(ref, CancelToken())

    outcome = next(t for t in check.tasks if t["id"] == last.id)
    assert outcome["passed"] is False
    assert outcome["reasons_text"] == [
        f"The answer cites [{wrong}], not source [{last.answer_source}] where the answer is."
    ]


def test_a_model_that_cannot_load_is_kept_as_a_check_that_says_why(
    services: AppServices, tmp_path: Path
) -> None:
    broken = tmp_path / "broken.gguf"
    broken.write_bytes(b"GGUF" + bytes(60))  # the magic, then nothing a model is made of
    entry = services.models.add_local(str(broken))

    check = services.model_checks.check(entry.ref, CancelToken())

    assert check.status == "failed"
    assert check.tasks == []
    assert check.reason is not None
    assert check.reason.key == "check.cannot_load"
    assert check.summary().startswith("The check could not run: the model did not load.")
    assert services.model_checks.latest(entry.ref) == check


def test_a_cancelled_check_keeps_nothing(services: AppServices, script: Script) -> None:
    suite = load_suite()
    ref = script(*suite.reference_replies())
    token = CancelToken()

    def stop_at_the_agent_tasks(n: int, _total: int, _said: object) -> None:
        if n == 3:
            token.cancel()

    try:
        services.model_checks.check(ref, token, stop_at_the_agent_tasks)
    except Cancelled:
        pass
    else:
        raise AssertionError("the check went on after Cancel")
    assert services.model_checks.latest(ref) is None


def test_a_model_that_can_neither_call_tools_nor_follow_a_schema_fails_the_agent_tasks_saying_why(
    services: AppServices, script: Script
) -> None:
    suite = load_suite()
    answers = [suite.speed_reference, *(r for q in suite.knowledge for r in q.reference)]
    ref = script(*answers, profile={"supports_tools": False, "supports_json_schema": False})

    check = services.model_checks.check(ref, CancelToken())

    assert check.score("agent") == (0, 4)
    assert check.score("knowledge") == (4, 4)
    for task in (t for t in check.tasks if t["kind"] == "agent"):
        assert task["reasons_text"][0].startswith("The run failed: ")
        assert "cannot run agent tasks" in task["reasons_text"][0]
