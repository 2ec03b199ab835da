"""One path's state before and after a change: what a proposal plans, a snapshot keeps and undo restores."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class FileChange:
    """One path's state before and after a change (also the unit that undo restores)."""

    path: str
    before: str | None
    after: str | None

    @property
    def created(self) -> bool:
        return self.before is None

    def to_dict(self) -> dict[str, Any]:
        return {"path": self.path, "before": self.before, "after": self.after}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> FileChange:
        return cls(str(data["path"]), data.get("before"), data.get("after"))
