"""The check's tasks, shipped as data in ``resources/model_check`` (its README says where they came from)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any


@dataclass(frozen=True)
class AgentTask:
    """A file task in a scratch workspace holding ``files``; ``expect`` says what must be true after:
    ``files`` (path → ``contains``/``lacks`` texts), ``absent`` paths, ``read`` paths, ``answer_contains``."""

    id: str
    language: str
    prompt: str
    files: dict[str, str]
    expect: dict[str, Any]
    reference: list[dict[str, Any]]  # a right answer, as a scripted model's replies


@dataclass(frozen=True)
class Source:
    document: str
    location: str
    text: str


@dataclass(frozen=True)
class KnowledgeTask:
    """A question with its sources; the answer holds one of ``expected`` and cites ``answer_source`` ([n])."""

    id: str
    language: str
    question: str
    sources: list[Source]
    answer_source: int
    expected: list[str]
    origin: str
    reference: list[dict[str, Any]]


@dataclass(frozen=True)
class Suite:
    speed_prompt: str
    speed_reference: dict[str, Any]
    agent: list[AgentTask] = field(default_factory=list)
    knowledge: list[KnowledgeTask] = field(default_factory=list)

    @property
    def steps(self) -> int:
        """Load, speed, then one step per task: what progress counts."""
        return 2 + len(self.agent) + len(self.knowledge)

    def reference_replies(self) -> list[dict[str, Any]]:
        """Every reply a model that does each task right gives, in the order the check asks: the
        scripted model's script that scores every task."""
        replies = [self.speed_reference]
        for task in self.agent:
            replies += task.reference
        for question in self.knowledge:
            replies += question.reference
        return replies


def _read(name: str) -> dict[str, Any]:
    text = (resources.files("mira_desktop.resources") / "model_check" / name).read_text("utf-8")
    data = json.loads(text)
    assert isinstance(data, dict)
    return data


@cache
def load_suite() -> Suite:
    agent = _read("agent_tasks.json")
    knowledge = _read("knowledge_tasks.json")
    return Suite(
        speed_prompt=str(agent["speed_prompt"]),
        speed_reference=dict(agent["speed_reference"]),
        agent=[
            AgentTask(
                t["id"], t["language"], t["prompt"], dict(t["files"]), dict(t["expect"]), list(t["reference"])
            )
            for t in agent["tasks"]
        ],
        knowledge=[
            KnowledgeTask(
                t["id"],
                t["language"],
                t["question"],
                [Source(s["document"], s["location"], s["text"]) for s in t["sources"]],
                int(t["answer_source"]),
                list(t["expected"]),
                t["origin"],
                list(t["reference"]),
            )
            for t in knowledge["tasks"]
        ],
    )
