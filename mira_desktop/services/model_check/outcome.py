"""What one task of a check gave: passed or not, why not (phrases), and how long it took."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from mira_desktop.core.phrases import Phrase


@dataclass(frozen=True)
class TaskOutcome:
    id: str
    kind: str  # "agent" or "knowledge"
    language: str
    passed: bool
    reasons: list[Phrase] = field(default_factory=list)  # why it did not pass
    seconds: float = 0.0
    answer: str = ""  # the model's answer, cut, for a person who wants to see why

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "kind": self.kind,
            "language": self.language,
            "passed": self.passed,
            "reasons": [r.to_dict() for r in self.reasons],
            "reasons_text": [r.english for r in self.reasons],
            "seconds": round(self.seconds, 2),
            "answer": self.answer,
        }
