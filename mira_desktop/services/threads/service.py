"""Thread use cases: list, show, archive, delete."""

from __future__ import annotations

import builtins
from dataclasses import dataclass
from typing import TYPE_CHECKING

from mira_desktop.core.changes import ChangeFeed, Topic
from mira_desktop.core.conversation.branches import MessageTree, SiblingInfo
from mira_desktop.core.conversation.threads import Message, Thread, ThreadStatus
from mira_desktop.core.errors import InvalidInputError, NotFoundError
from mira_desktop.core.knowledge import KnowledgeBase
from mira_desktop.services.threads.answer_models import with_models
from mira_desktop.services.threads.drafts import WELCOME_DRAFT_SETTING
from mira_desktop.services.threads.thinking import read_thinking, write_thinking
from mira_desktop.store.knowledge_bases import KnowledgeBaseRepository
from mira_desktop.store.messages import MessageRepository
from mira_desktop.store.runs import RunRepository
from mira_desktop.store.settings import SettingsRepository
from mira_desktop.store.threads import ThreadRepository
from mira_desktop.store.workspaces import WorkspaceRepository

if TYPE_CHECKING:
    from mira_desktop.services.trash.service import TrashService


@dataclass(frozen=True)
class ThreadDetail:
    thread: Thread
    messages: list[Message]


@dataclass(frozen=True)
class VisibleBranch:
    """The newest part of a thread's visible branch, with each message's sibling position."""

    thread: Thread
    messages: list[Message]
    siblings: dict[str, SiblingInfo]
    hidden_earlier: int


@dataclass(frozen=True)
class SearchHit:
    thread_id: str
    thread_title: str
    message_id: str | None  # None when the title matched
    role: str
    snippet: str


class ThreadService:
    def __init__(
        self,
        threads: ThreadRepository,
        messages: MessageRepository,
        settings: SettingsRepository,
        changes: ChangeFeed,
        workspaces: WorkspaceRepository,
        *,
        runs: RunRepository,
        knowledge_bases: KnowledgeBaseRepository,
        trash: TrashService,
    ) -> None:
        self._threads = threads
        self._runs = runs
        self._knowledge_bases = knowledge_bases
        self._messages = messages
        self.trash = trash  # a delete goes there; a purge of the trash deletes for good
        self._settings = settings
        self._changes = changes
        self._workspaces = workspaces

    def exists(self, thread_id: str) -> bool:
        return self._threads.get(thread_id) is not None

    def awaiting_approval(self) -> builtins.list[str]:
        """The threads whose agent run waits for the person's approval (after a restart too), oldest
        run first."""
        return [run.thread_id for run in self._runs.waiting()]

    def knowledge_bases(self) -> builtins.list[KnowledgeBase]:
        """The knowledge bases a thread can answer from (the header's choices, listed before the
        knowledge-base service is built)."""
        return self._knowledge_bases.list()

    def welcome_draft(self) -> str:
        """The composer text of the welcome page (no thread yet), kept across restarts."""
        return str(self._settings.get(WELCOME_DRAFT_SETTING, ""))

    def save_welcome_draft(self, text: str) -> None:
        self._settings.set(WELCOME_DRAFT_SETTING, text)

    def list(
        self, status: ThreadStatus | None = ThreadStatus.ACTIVE, limit: int | None = None, offset: int = 0
    ) -> list[Thread]:
        """Most recently updated first. With thousands of threads read a page at a time (``limit``,
        ``offset``): materialising all 10,000 takes about 100 ms here, a page of 200 about 5 ms."""
        return self._threads.list(status, limit, offset)

    def by_project(self, status: ThreadStatus, limits: dict[str, int]) -> builtins.list[Thread]:
        """The newest ``limits[id]`` threads of each project (none for a project not in ``limits``),
        most recent first; those bound to no project count as Mira BASE's."""
        base = self._workspaces.get_default()
        return self._threads.list_by_project(status, limits, list(limits), base.id if base else "")

    def get(self, thread_id: str) -> Thread:
        found = self._threads.get(thread_id)
        if found is None:
            raise NotFoundError.said("threads.not_found", thread_id=thread_id)
        return found

    def show(self, thread_id: str) -> ThreadDetail:
        thread = self.get(thread_id)
        return ThreadDetail(thread, with_models(self._messages.list_for_thread(thread_id), self._runs))

    def set_model(self, thread_id: str, model_ref: str | None) -> Thread:
        """Bind the thread to a model (validated by the caller); None follows the app default."""
        self.get(thread_id)
        self._threads.set_model_ref(thread_id, model_ref)
        return self._changed(thread_id)

    def bind(
        self,
        thread_id: str,
        *,
        role_id: str | object | None = ...,
        knowledge_base_id: str | object | None = ...,
    ) -> Thread:
        """Change a thread's role or knowledge base (``...`` keeps it; None unbinds)."""
        thread = self.get(thread_id)
        self._threads.set_bindings(
            thread_id,
            role_id=thread.role_id if role_id is ... else role_id,  # type: ignore[arg-type]
            knowledge_base_id=thread.knowledge_base_id if knowledge_base_id is ... else knowledge_base_id,  # type: ignore[arg-type]
            workspace_id=thread.workspace_id,
            agent_enabled=thread.agent_enabled,
        )
        return self._changed(thread_id)

    def set_agent(self, thread_id: str, enabled: bool, workspace_id: str | None = None) -> Thread:
        """Turn agent mode on or off; ``workspace_id`` binds the folder its runs work in."""
        thread = self.get(thread_id)
        if workspace_id is not None and self._workspaces.get(workspace_id) is None:
            raise NotFoundError.said("workspace.not_found", workspace_id=workspace_id)
        self._threads.set_bindings(
            thread_id,
            role_id=thread.role_id,
            knowledge_base_id=thread.knowledge_base_id,
            workspace_id=workspace_id or thread.workspace_id,
            agent_enabled=enabled,
        )
        return self._changed(thread_id)

    def set_flag(self, thread_id: str, flag: str, enabled: bool) -> Thread:
        """Switch ``memory``, ``tts`` or ``image`` on or off for the thread."""
        if flag not in ("memory", "tts", "image"):
            raise InvalidInputError.said("threads.bad_flag", flag=flag)
        self.get(thread_id)
        self._threads.set_flag(thread_id, f"{flag}_enabled", enabled)
        return self._changed(thread_id)

    def thinking(self, thread_id: str) -> bool | None:
        """The thread's thinking switch: True, False, or None for the model's default."""
        self.get(thread_id)
        return read_thinking(self._settings, thread_id)

    def set_thinking(self, thread_id: str, thinking: bool | None) -> Thread:
        """Switch the thread's thinking on or off (None: the model's default); applies from its next answer."""
        self.get(thread_id)
        write_thinking(self._settings, thread_id, thinking)
        return self._changed(thread_id)

    def rename(self, thread_id: str, title: str) -> Thread:
        title = " ".join(title.split())
        if not title:
            raise InvalidInputError.said("threads.empty_title")
        self.get(thread_id)
        self._threads.set_title(thread_id, title[:200])
        return self._changed(thread_id)

    def save_draft(self, thread_id: str, text: str) -> None:
        self._threads.set_draft(thread_id, text)

    def in_project(self, project_id: str) -> builtins.list[Thread]:
        """The project's threads, most recent first (Mira BASE's include those bound to no project)."""
        project = self._workspaces.get(project_id)
        if project is None:
            raise NotFoundError.said("project.not_found", project_id=project_id)
        ids = self._workspaces.thread_ids(project_id, is_default=project.is_default)
        return [t for t in (self._threads.get(i) for i in ids) if t is not None]

    def search(
        self, query: str, limit: int = 50, *, reasoning: bool = False, project_id: str | None = None
    ) -> builtins.list[SearchHit]:
        """Threads whose title or any message (every branch) contains ``query``; Chinese included.
        A thinking model's reasoning is left out unless ``reasoning`` asks for it; ``project_id``
        keeps the hits of that project's threads."""
        query = query.strip()
        if not query:
            raise InvalidInputError.said("threads.empty_search")
        if project_id is not None:
            inside = {t.id for t in self.in_project(project_id)}
            every = self.search(query, max(limit, 500), reasoning=reasoning)
            return [h for h in every if h.thread_id in inside][:limit]
        hits: list[SearchHit] = []
        titles: dict[str, str] = {}
        for thread in self._threads.search_titles(query, limit):
            titles[thread.id] = thread.title
            hits.append(SearchHit(thread.id, thread.title, None, "title", thread.title))
        for message in self._messages.search(query, limit, reasoning=reasoning):
            if message.thread_id not in titles:
                found = self._threads.get(message.thread_id)
                titles[message.thread_id] = found.title if found else ""
            hits.append(
                SearchHit(
                    message.thread_id,
                    titles[message.thread_id],
                    message.id,
                    message.role.value,
                    snippet(_matched_text(message, query), query),
                )
            )
        return hits[:limit]

    def visible_branch(self, thread_id: str, limit: int) -> VisibleBranch:
        """The last ``limit`` messages of the active branch; the tree is walked without loading text."""
        thread = self.get(thread_id)
        if thread.active_leaf_id is not None:
            path_ids = self._messages.path_ids(thread.active_leaf_id)
        else:
            path_ids = [m.id for m in MessageTree(self._messages.list_skeleton(thread_id)).latest_path()]
        shown_ids = path_ids[-limit:] if limit > 0 else path_ids
        messages = with_models(self._messages.get_many(shown_ids), self._runs)
        # Sibling counters need only the children of the shown messages' parents.
        parents = list({m.parent_id for m in messages})
        family = MessageTree(self._messages.list_children_skeleton(thread_id, parents))
        siblings = {m.id: family.siblings(m.id) for m in messages}
        return VisibleBranch(thread, messages, siblings, len(path_ids) - len(shown_ids))

    def archive(self, thread_id: str) -> Thread:
        self.get(thread_id)
        self._threads.set_status(thread_id, ThreadStatus.ARCHIVED)
        return self._changed(thread_id)

    def unarchive(self, thread_id: str) -> Thread:
        self.get(thread_id)
        self._threads.set_status(thread_id, ThreadStatus.ACTIVE)
        return self._changed(thread_id)

    def delete(self, thread_id: str) -> Thread:
        """Move the thread to the trash with everything it owns (restorable until it is purged)."""
        thread = self.get(thread_id)
        self.trash.put("thread", thread_id)
        return thread

    def destroy(self, thread_id: str) -> Thread | None:
        """Delete the thread for good with its messages, runs, events and media (a purge, or a
        thread Mira made for itself such as an evaluation's)."""
        row = self._threads.get(thread_id)
        self._threads.delete(thread_id)  # messages, their attachment references and media rows cascade
        write_thinking(self._settings, thread_id, None)
        self._changes.publish(Topic.THREADS, thread_id, deleted=[thread_id])  # media files follow it
        return row

    def _changed(self, thread_id: str) -> Thread:
        self._changes.publish(Topic.THREADS, thread_id)
        return self.get(thread_id)


def _matched_text(message: Message, query: str) -> str:
    """The text of ``message`` that holds ``query``: its content, else its reasoning."""
    if query.lower() in message.content.lower():
        return message.content
    thought = [str(p.get("text", "")) for p in message.parts if p.get("type") == "reasoning"]
    return next((t for t in thought if query.lower() in t.lower()), message.content)


def snippet(text: str, query: str, width: int = 80) -> str:
    """The part of ``text`` around the first match of ``query``, on one line."""
    flat = " ".join(text.split())
    at = flat.lower().find(query.lower())
    if at < 0:
        return flat[:width]
    start = max(0, at - width // 3)
    end = min(len(flat), start + width)
    return ("…" if start else "") + flat[start:end] + ("…" if end < len(flat) else "")
