"""Thread use cases: list, show, archive, delete."""

from __future__ import annotations

from dataclasses import dataclass

from mira_desktop.core.errors import NotFoundError
from mira_desktop.core.threads import Message, Thread, ThreadStatus
from mira_desktop.store.messages import MessageRepository
from mira_desktop.store.threads import ThreadRepository


@dataclass(frozen=True)
class ThreadDetail:
    thread: Thread
    messages: list[Message]


class ThreadService:
    def __init__(self, threads: ThreadRepository, messages: MessageRepository) -> None:
        self._threads = threads
        self._messages = messages

    def list(self, status: ThreadStatus | None = ThreadStatus.ACTIVE) -> list[Thread]:
        return self._threads.list(status)

    def get(self, thread_id: str) -> Thread:
        found = self._threads.get(thread_id)
        if found is None:
            raise NotFoundError(f"No thread with id {thread_id}: see `mira threads list`.")
        return found

    def show(self, thread_id: str) -> ThreadDetail:
        thread = self.get(thread_id)
        return ThreadDetail(thread, self._messages.list_for_thread(thread_id))

    def set_model(self, thread_id: str, model_ref: str | None) -> Thread:
        """Bind the thread to a model (validated by the caller); None follows the app default."""
        self.get(thread_id)
        self._threads.set_model_ref(thread_id, model_ref)
        return self.get(thread_id)

    def archive(self, thread_id: str) -> Thread:
        self.get(thread_id)
        self._threads.set_status(thread_id, ThreadStatus.ARCHIVED)
        return self.get(thread_id)

    def unarchive(self, thread_id: str) -> Thread:
        self.get(thread_id)
        self._threads.set_status(thread_id, ThreadStatus.ACTIVE)
        return self.get(thread_id)

    def delete(self, thread_id: str) -> Thread:
        """Delete the thread and everything that belongs only to it (messages, runs, events, media)."""
        thread = self.get(thread_id)
        self._threads.delete(thread_id)
        return thread
