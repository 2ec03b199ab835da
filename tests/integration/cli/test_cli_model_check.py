"""`mira models check`: progress on stderr, the result as JSON on stdout, kept for `--last`."""

from __future__ import annotations

from pathlib import Path

from mira_desktop.services.model_check.suite import load_suite
from tests.integration.cli.conftest import Mira
from tests.support.fixtures import Script


def test_check_prints_progress_on_stderr_and_the_kept_result_as_json(mira: Mira, script: Script) -> None:
    suite = load_suite()
    ref = script(*suite.reference_replies())

    ran = mira("models", "check", ref, "--json")

    assert ran.code == 0, ran.err
    result = ran.json()
    assert result["ref"] == ref
    assert result["status"] == "completed"
    assert result["scores"] == {"agent": {"passed": 4, "total": 4}, "knowledge": {"passed": 4, "total": 4}}
    assert result["machine"]["memory_bytes"] > 0
    assert result["speed"]["tokens"] > 0
    progress = [line for line in ran.err.splitlines() if line.startswith("[")]
    assert progress[0] == f"[1/{suite.steps}] Loading {ref}…"
    assert progress[-1].startswith(f"[{suite.steps}/{suite.steps}] Knowledge question 4 of 4")
    assert len(progress) == suite.steps

    last = mira("models", "check", ref, "--last", "--json")

    assert last.code == 0
    assert last.json() == result


def test_check_in_words_names_each_task_and_why_it_failed(mira: Mira, script: Script) -> None:
    suite = load_suite()
    replies = suite.reference_replies()
    replies[-1] = {"text": "I do not know."}  # the last knowledge question answered wrong
    ref = script(*replies)

    ran = mira("models", "check", ref)

    assert ran.code == 0, ran.err
    assert "agent tasks: 4/4" in ran.out
    assert "knowledge answers: 3/4" in ran.out
    last = suite.knowledge[-1]
    wrong = next(line for line in ran.out.splitlines() if last.id in line)
    assert wrong.strip().startswith("✗")
    assert f"The answer lacks “{last.expected[0]}”." in wrong
    assert "The answer cites no source" in wrong


def test_last_of_a_model_never_checked_says_how_to_check_it(mira: Mira, script: Script) -> None:
    ref = script({"text": "hi"})

    ran = mira("models", "check", ref, "--last")

    assert ran.code != 0
    assert f"`mira models check {ref}` checks it" in ran.err


def test_a_model_that_cannot_load_is_kept_as_a_check_that_says_why_with_exit_5(
    mira: Mira, tmp_path: Path
) -> None:
    broken = tmp_path / "broken.gguf"
    broken.write_bytes(b"GGUF" + bytes(60))  # the magic, then nothing a model is made of
    assert mira("models", "add-local", str(broken)).code == 0

    ran = mira("models", "check", f"local:{broken}", "--json")

    assert ran.code == 5
    assert ran.json()["status"] == "failed"
    assert ran.json()["reason_text"].startswith("The check could not run: the model did not load.")
    assert (
        ran.err.strip().splitlines()[-1].startswith("mira: The check could not run: the model did not load.")
    )
