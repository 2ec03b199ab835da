"""The change feed: services announce what changed, every open screen follows it.

In the spirit of Anki's ``operation_did_execute``: a service that writes publishes a
:class:`Change` (``threads``, ``index`` …) with the ids it touched; the window turns each into a Qt
signal and the views that show that topic reload. No screen polls the database and none waits for
a click to refresh. Listeners are called on the publishing thread.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from mira_desktop.core.feed import Feed


class Topic(StrEnum):
    THREADS = "threads"  # created, renamed, archived, deleted, bound, a run started or ended
    MESSAGES = "messages"  # a branch switched, a message deleted
    KNOWLEDGE_BASES = "knowledge_bases"  # created, renamed, deleted, followed folder changed
    INDEX = "index"  # documents queued, a job progressed or ended, a document removed
    ROLES = "roles"
    MODELS = "models"  # providers, local files, the default model, settings
    # A local model of this process is loading, loaded, failed to load or was unloaded (``model_state``):
    # its window is known once it loaded. Not recorded for other processes: each holds its own models.
    MODEL_MEMORY = "model_memory"
    WORKSPACES = "workspaces"
    RUNS = "runs"  # a run is waiting for approval, resumed, undone
    PREFERENCES = "preferences"  # theme, language
    MEMORY = "memory"  # facts added, edited, switched, removed
    TRASH = "trash"  # something moved to the trash, restored or purged
    ATTACHMENTS = "attachments"  # a file added to or removed from a draft, files collected
    MEDIA = "media"  # speech or an image of an answer queued, made, failed or stopped
    DOWNLOADS = "downloads"  # a model download queued, progressed, paused, finished or cancelled
    TOOLS = "tools"  # an MCP server added, changed, started, failed or removed; a tool permission set


@dataclass(frozen=True)
class Change:
    topic: Topic
    ids: tuple[str, ...] = ()
    data: dict[str, Any] = field(default_factory=dict)


class ChangeFeed(Feed[Change]):
    def publish(self, topic: Topic, *ids: str | None, **data: Any) -> None:
        """Announce a change of ``topic`` touching ``ids`` (empty: possibly any of that topic)."""
        self.emit(Change(topic, tuple(i for i in ids if i), data))
