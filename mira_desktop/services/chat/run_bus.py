"""Live run events for the UI and the CLI: every journaled event, plus each streamed text delta.

Listeners are called on the worker thread that produced the event; the UI marshals them onto its
own thread. The journal in SQLite stays the truth; this is only the live feed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from mira_desktop.core.feed import Feed


@dataclass(frozen=True)
class LiveEvent:
    run_id: str
    thread_id: str
    type: str
    data: dict[str, Any] = field(default_factory=dict)
    seq: int | None = None  # None for live text deltas, which are journaled coalesced

    def to_dict(self) -> dict[str, Any]:
        return {
            "run_id": self.run_id,
            "thread_id": self.thread_id,
            "seq": self.seq,
            "type": self.type,
            **self.data,
        }


class RunBus(Feed[LiveEvent]):
    def publish(self, event: LiveEvent) -> None:
        self.emit(event)
