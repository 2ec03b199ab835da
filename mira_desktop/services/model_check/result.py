"""A check as the window and the command show it: scores, speed, thinking, tool calls, the machine."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from mira_desktop.core import phrases
from mira_desktop.core.phrases import Phrase


@dataclass(frozen=True)
class ModelCheck:
    id: str
    ref: str
    status: str  # "completed", or "failed": the check could not run, ``reason`` says why
    created_at: str
    machine: dict[str, Any]
    speed: dict[str, Any] | None = None  # first_token_s, tokens, tokens_per_s, window, load_s
    tasks: list[dict[str, Any]] = field(default_factory=list)  # TaskOutcome.to_dict() of each task
    thought: bool = False  # it sent reasoning during the check
    tool_format: str = ""  # how its profile says it calls tools (hermes, llama3, openai, json…)
    reason: Phrase | None = None

    def score(self, kind: str) -> tuple[int, int]:
        """(passed, total) of the tasks of ``kind``: "agent" or "knowledge"."""
        mine = [t for t in self.tasks if t.get("kind") == kind]
        return sum(1 for t in mine if t.get("passed")), len(mine)

    @property
    def all_passed(self) -> bool:
        return self.status == "completed" and bool(self.tasks) and all(t.get("passed") for t in self.tasks)

    def summary(self) -> str:
        """One English line: "agent 4/4 · knowledge 3/4 · 52 tokens/s" (the window words its own)."""
        if self.status != "completed":
            return self.reason.english if self.reason is not None else self.status
        agent, knowledge = self.score("agent"), self.score("knowledge")
        rate = (self.speed or {}).get("tokens_per_s")
        speed = f" · {rate:.0f} tokens/s" if isinstance(rate, int | float) else ""
        return f"agent {agent[0]}/{agent[1]} · knowledge {knowledge[0]}/{knowledge[1]}{speed}"

    def result(self) -> dict[str, Any]:
        """What is stored of it besides the machine."""
        return {
            "speed": self.speed,
            "tasks": self.tasks,
            "thought": self.thought,
            "tool_format": self.tool_format,
            "reason": self.reason.to_dict() if self.reason is not None else None,
            "reason_text": self.reason.english if self.reason is not None else None,
        }

    def to_dict(self) -> dict[str, Any]:
        agent, knowledge = self.score("agent"), self.score("knowledge")
        return {
            "id": self.id,
            "ref": self.ref,
            "status": self.status,
            "created_at": self.created_at,
            "machine": self.machine,
            "scores": {"agent": {"passed": agent[0], "total": agent[1]},
                       "knowledge": {"passed": knowledge[0], "total": knowledge[1]}},
            **self.result(),
        }  # fmt: skip

    @classmethod
    def from_stored(
        cls,
        *,
        id: str,
        ref: str,
        status: str,
        created_at: str,
        result: dict[str, Any],
        machine: dict[str, Any],
    ) -> ModelCheck:
        return cls(
            id,
            ref,
            status,
            created_at,
            machine,
            result.get("speed"),
            list(result.get("tasks", [])),
            bool(result.get("thought")),
            str(result.get("tool_format", "")),
            phrases.from_dict(result.get("reason")),
        )
