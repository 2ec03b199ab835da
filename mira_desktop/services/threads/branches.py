"""The branches of a thread: the visible path, switching to another branch, deleting a subtree.

The visible path is walked in SQL from the active leaf; only those messages are read with their text.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from mira_desktop.core.changes import ChangeFeed, Topic
from mira_desktop.core.conversation.branches import MessageTree
from mira_desktop.core.conversation.request_compiler import MESSAGE_OVERHEAD, PromptMessage, prompt_history
from mira_desktop.core.conversation.threads import Message, Thread
from mira_desktop.core.errors import ConflictError, NotFoundError
from mira_desktop.store.database import Database
from mira_desktop.store.messages import MessageRepository
from mira_desktop.store.runs import RunRepository
from mira_desktop.store.threads import ThreadRepository

TAIL_CHUNK = 64  # messages read at a time, newest first, until they fill a context window


@dataclass(frozen=True)
class RecentPath:
    """The newest part of a visible path: more than a model's context window can hold, so a request
    compiled from it is the one the whole path gives, and what lies before it, by id and counted."""

    ids: list[str]  # the whole path, root first
    messages: list[Message]  # its newest messages, read with their text
    earlier: int  # how many of the messages before those a model would have been shown

    @property
    def history(self) -> list[PromptMessage]:
        return prompt_history(self.messages)


class BranchEditor:
    def __init__(
        self,
        database: Database,
        threads: ThreadRepository,
        messages: MessageRepository,
        changes: ChangeFeed,
        *,
        runs: RunRepository,
    ) -> None:
        self._changes = changes
        self._db = database
        self._threads = threads
        self._messages = messages
        self._runs = runs

    def active_branch(self, thread_id: str) -> list[Message]:
        """Root → the thread's active leaf (or the newest path when it has none)."""
        return self.path_to(self._thread(thread_id), None)

    def path_to(self, thread: Thread, message_id: str | None) -> list[Message]:
        """Root → ``message_id``; ``None`` means the active leaf."""
        return self._messages.get_many(self._path_ids(thread, message_id))

    def _path_ids(self, thread: Thread, message_id: str | None) -> list[str]:
        leaf = message_id or thread.active_leaf_id
        if leaf is None:
            return [m.id for m in MessageTree(self._messages.list_skeleton(thread.id)).latest_path()]
        return self._messages.path_ids(leaf)

    def recent_path(
        self, thread: Thread, message_id: str | None, *, window: int, count_tokens: Callable[[str], int]
    ) -> RecentPath:
        """Root → ``message_id`` (``None``: the active leaf) as :class:`RecentPath`: read from the
        newest message back until what a model would be shown costs more than ``window`` tokens, so a
        thread of 10,000 messages reads a screenful, not all of them."""
        # The request compiler is imported by the first request, not with the services that list threads.

        ids = self._path_ids(thread, message_id)
        messages: list[Message] = []
        cost, end = 0, len(ids)
        while end > 0 and cost <= window:
            start = max(0, end - TAIL_CHUNK)
            chunk = self._messages.get_many(ids[start:end])
            cost += sum(count_tokens(m.content) + MESSAGE_OVERHEAD for m in prompt_history(chunk))
            messages[:0] = chunk
            end = start
        earlier = self._messages.count_in_prompts(ids[:end]) if end else 0
        return RecentPath(ids, messages, earlier)

    def switch_branch(self, thread_id: str, message_id: str) -> str:
        """Show the branch through ``message_id`` (down to its newest leaf); returns the leaf id."""
        thread = self._thread(thread_id)
        tree = MessageTree(self._messages.list_skeleton(thread.id))
        if message_id not in tree.by_id:
            raise NotFoundError.said("threads.no_message_in", message_id=message_id, thread_id=thread_id)
        leaf = tree.deepest_leaf(message_id)
        self._threads.set_active_leaf(thread.id, leaf)
        self._changes.publish(Topic.MESSAGES, thread.id)
        return leaf

    def delete_message(self, message_id: str) -> list[str]:
        """Delete one message and the replies below it (only that subtree); returns deleted ids."""
        message = self._messages.get(message_id)
        if message is None:
            raise NotFoundError.said("chat.no_message", message_id=message_id)
        if self._runs.running_in(message.thread_id):  # a reply is being written (here or by `mira`)
            raise ConflictError.said("threads.stop_first")
        tree = MessageTree(self._messages.list_skeleton(message.thread_id))
        doomed = tree.subtree_ids(message_id)
        thread = self._thread(message.thread_id)
        with self._db.transaction():
            if thread.active_leaf_id in doomed:
                remaining = MessageTree([m for m in tree.by_id.values() if m.id not in doomed])
                leaf = remaining.deepest_leaf(message.parent_id) if message.parent_id else None
                if leaf is None:
                    latest = remaining.latest_path()
                    leaf = latest[-1].id if latest else None
                self._threads.set_active_leaf(thread.id, leaf)
            self._messages.delete_subtree(message_id)  # attachment references and media rows cascade
        # ``deleted``: what followed them (media files) goes too, on the change feed's listeners.
        self._changes.publish(Topic.MESSAGES, thread.id, deleted=doomed)
        return doomed

    def _thread(self, thread_id: str) -> Thread:
        thread = self._threads.get(thread_id)
        if thread is None:
            raise NotFoundError.said("threads.not_found", thread_id=thread_id)
        return thread
