"""How the model check judges a task: by the files left and read and the answer's words (agent), by
the answer's words and the source its sentences cite (knowledge) — never by what the model says it did."""

from __future__ import annotations

from pathlib import Path

from mira_desktop.services.model_check import agent_tasks, knowledge_tasks
from mira_desktop.services.model_check.suite import AgentTask, KnowledgeTask, load_suite


def _task(**expect: object) -> AgentTask:
    return AgentTask("t", "en", "do it", {}, dict(expect), [])


def test_an_agent_task_is_done_only_when_every_expectation_holds_on_disk(tmp_path: Path) -> None:
    (tmp_path / "kept.txt").write_text("old line\nnew line\n", "utf-8")
    (tmp_path / "gone.txt").write_text("still here", "utf-8")
    task = _task(
        files={
            "kept.txt": {"contains": ["new line", "third"], "lacks": ["old line"]},
            "made.txt": {"contains": ["x"]},
        },
        absent=["gone.txt"],
        read=["notes.txt"],
        answer_contains=["4821"],
    )

    wrong = agent_tasks.judge(task, tmp_path, read=["other.txt"], answer="The number is 4812.")

    assert [w.english for w in wrong] == [
        "kept.txt lacks “third”.",
        "kept.txt still holds “old line”.",
        "made.txt was not there at the end.",
        "gone.txt is still there.",
        "It answered without reading notes.txt.",
        "The answer lacks “4821”.",
    ]


def test_an_agent_task_that_was_done_has_nothing_to_say(tmp_path: Path) -> None:
    (tmp_path / "made.txt").write_text("Hello from Mira\n", "utf-8")
    task = _task(
        files={"made.txt": {"contains": ["Hello from Mira"]}}, read=["made.txt"], answer_contains=["hello"]
    )

    assert agent_tasks.judge(task, tmp_path, read=["./made.txt"], answer="HELLO, done.") == []


def test_every_shipped_reference_answer_passes_its_own_knowledge_judge() -> None:
    for question in load_suite().knowledge:
        assert knowledge_tasks.judge(question, question.reference[0]["text"]) == [], question.id


def test_a_knowledge_answer_is_judged_by_the_source_its_sentences_tie_to() -> None:
    question: KnowledgeTask = load_suite().knowledge[0]
    gold = question.sources[question.answer_source - 1].text
    # No marker, but the sentence is the gold source's words: Mira ties it there, as under a real answer.
    assert knowledge_tasks.judge(question, gold) == []
    # The right words said of another source's text, cited by the model: not the right source shown.
    other = 1 if question.answer_source != 1 else 2
    wrong = knowledge_tasks.judge(
        question, f"The answer given by these studies is {question.expected[0]} [{other}]."
    )
    assert [w.key for w in wrong] == ["check.knowledge.wrong_source"]


def test_the_shipped_suite_has_english_and_chinese_tasks_of_each_kind() -> None:
    suite = load_suite()
    assert {t.language for t in suite.agent} == {"en", "zh"}
    assert {q.language for q in suite.knowledge} == {"en", "zh"}
    assert all(q.origin for q in suite.knowledge)
    assert all(1 <= q.answer_source <= len(q.sources) for q in suite.knowledge)
