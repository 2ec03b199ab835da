"""The message tree of a thread: the active path, siblings, and where a branch ends."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from mira_desktop.core.conversation.threads import Message


@dataclass(frozen=True)
class SiblingInfo:
    index: int  # 1-based position among siblings, oldest first
    count: int
    previous_id: str | None
    next_id: str | None


class MessageTree:
    """Read-only view over every message of one thread (all branches)."""

    def __init__(self, messages: Sequence[Message]) -> None:
        self.by_id = {m.id: m for m in messages}
        self.children: dict[str | None, list[Message]] = {}
        for message in sorted(messages, key=lambda m: (m.created_at, m.id)):
            self.children.setdefault(message.parent_id, []).append(message)

    def path_to(self, leaf_id: str | None) -> list[Message]:
        """Root → ``leaf_id``; with no leaf, the newest path (following the last child each step)."""
        if leaf_id is None or leaf_id not in self.by_id:
            return self.latest_path()
        path: list[Message] = []
        node: Message | None = self.by_id[leaf_id]
        while node is not None:
            path.append(node)
            node = self.by_id.get(node.parent_id) if node.parent_id else None
        path.reverse()
        return path

    def latest_path(self) -> list[Message]:
        path: list[Message] = []
        children = self.children.get(None, [])
        while children:
            path.append(children[-1])
            children = self.children.get(children[-1].id, [])
        return path

    def deepest_leaf(self, message_id: str) -> str:
        """Follow the newest child from ``message_id`` down to a leaf (used when switching branch)."""
        current = message_id
        while self.children.get(current):
            current = self.children[current][-1].id
        return current

    def siblings(self, message_id: str) -> SiblingInfo:
        message = self.by_id[message_id]
        group = self.children.get(message.parent_id, [])
        same_role = [m for m in group if m.role == message.role]
        index = next(i for i, m in enumerate(same_role) if m.id == message_id)
        return SiblingInfo(
            index + 1,
            len(same_role),
            same_role[index - 1].id if index > 0 else None,
            same_role[index + 1].id if index + 1 < len(same_role) else None,
        )

    def subtree_ids(self, message_id: str) -> list[str]:
        found = [message_id]
        for child in self.children.get(message_id, []):
            found.extend(self.subtree_ids(child.id))
        return found
