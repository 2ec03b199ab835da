"""What a run looked at and changed: the final message's evidence list, and the record undo needs."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from mira_desktop.agent.files.changes import FileChange
from mira_desktop.core.phrases import Phrase, joined, said


@dataclass
class Evidence:
    files_read: list[str] = field(default_factory=list)
    files_changed: list[str] = field(default_factory=list)
    kb_sources: list[dict[str, Any]] = field(default_factory=list)  # {"document", "location"}
    changes: list[FileChange] = field(default_factory=list)  # in order, for undo
    changed_by_commands: list[str] = field(
        default_factory=list
    )  # run_command's changes: undo cannot cover them

    def read(self, path: str) -> None:
        if path not in self.files_read:
            self.files_read.append(path)

    def changed(self, changes: tuple[FileChange, ...]) -> None:
        self.changes.extend(changes)
        for change in changes:
            if change.path not in self.files_changed:
                self.files_changed.append(change.path)

    def changed_by_command(self, paths: list[str]) -> None:
        for path in paths:
            if path not in self.changed_by_commands:
                self.changed_by_commands.append(path)

    def cited(self, sources: list[dict[str, Any]]) -> None:
        for source in sources:
            entry = {"document": source.get("document"), "location": source.get("location")}
            if entry not in self.kb_sources:
                self.kb_sources.append(entry)

    def describe(self) -> Phrase:
        """One sentence of what was done, for a stop or cancel message."""
        parts: list[Phrase | str] = []
        if self.files_read:
            parts.append(said("agent.done.read_files", files=_listed(self.files_read)))
        if self.files_changed:
            parts.append(said("agent.done.changed_files", files=_listed(self.files_changed)))
        if self.changed_by_commands:
            parts.append(said("agent.done.commands_changed", files=_listed(self.changed_by_commands)))
        if self.kb_sources:
            parts.append(said("agent.done.used_passages", count=len(self.kb_sources)))
        if not self.files_changed and not self.changed_by_commands:
            parts.append(said("agent.done.nothing_changed"))
        first = parts[0]
        assert isinstance(first, Phrase)
        capital = said(first.key + "_first", **first.values)  # the sentence's first word has a capital
        return said("agent.done.sentence", parts=joined([capital, *parts[1:]]))

    def to_dict(self) -> dict[str, Any]:
        return {
            "files_read": list(self.files_read),
            "files_changed": list(self.files_changed),
            "kb_sources": [dict(s) for s in self.kb_sources],
            "changes": [c.to_dict() for c in self.changes],
            "changed_by_commands": list(self.changed_by_commands),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Evidence:
        return cls(
            files_read=list(data.get("files_read", [])),
            files_changed=list(data.get("files_changed", [])),
            kb_sources=[dict(s) for s in data.get("kb_sources", [])],
            changes=[FileChange.from_dict(c) for c in data.get("changes", [])],
            changed_by_commands=list(data.get("changed_by_commands", [])),
        )


def _listed(paths: list[str], most: int = 8) -> Phrase | str:
    shown = ", ".join(paths[:most])
    return said("agent.done.and_more", files=shown, more=len(paths) - most) if len(paths) > most else shown
