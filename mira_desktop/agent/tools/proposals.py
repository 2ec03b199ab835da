"""A change planned but not made: what an approval card shows and what makes exactly-once possible.

A :class:`Proposal` names, for every path a change touches, its state now (``before``: the file's
sha256, ``directory``, or None when absent) and the state it will have (``after``). Executing
checks ``before`` first, so an approval never applies to a file that changed since; comparing the
disk with ``after`` tells whether a change was already made by a process killed before it could
record the result.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from mira_desktop.agent.files.changes import FileChange


@dataclass(frozen=True)
class Proposal:
    """A planned change to the workspace, as plain data.

    Attributes:
        call_id: the tool call this plans (approvals name it).
        tool: the tool's name.
        arguments: the call's validated arguments.
        summary: one line for the approval card ("Edit notes.md: +2 −1 lines").
        diff: a unified diff of the change (rename headers for a move).
        changes: every path touched, with its before and after state.
    """

    call_id: str
    tool: str
    arguments: dict[str, Any]
    summary: str
    diff: str
    changes: tuple[FileChange, ...] = field(default_factory=tuple)
    summary_phrase: dict[str, Any] | None = None  # the summary by key, for the window's language

    @property
    def paths(self) -> tuple[str, ...]:
        return tuple(change.path for change in self.changes)

    def to_dict(self) -> dict[str, Any]:
        return {
            "call_id": self.call_id,
            "tool": self.tool,
            "arguments": self.arguments,
            "summary": self.summary,
            "diff": self.diff,
            "changes": [change.to_dict() for change in self.changes],
            "summary_phrase": self.summary_phrase,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Proposal:
        return cls(
            call_id=str(data["call_id"]),
            tool=str(data["tool"]),
            arguments=dict(data["arguments"]),
            summary=str(data.get("summary", "")),
            diff=str(data.get("diff", "")),
            changes=tuple(FileChange.from_dict(c) for c in data.get("changes", [])),
            summary_phrase=data.get("summary_phrase")
            if isinstance(data.get("summary_phrase"), dict)
            else None,
        )
