"""Memory facts: listed, added, edited, switched on and off by the user; proposed after an answer.

Nothing is written silently: a fact the user seems to state ("I prefer metric units") is offered on
the answer (``memory_proposal`` in its metadata) and becomes a fact only when the user accepts it.
The request compiler's memory slot gets the enabled facts of a thread (global ones and those of its
workspace) within a token budget, most recently used first; a thread can leave memory out.
"""

from __future__ import annotations

import builtins
from collections.abc import Callable

from mira_desktop.core.changes import ChangeFeed, Topic
from mira_desktop.core.conversation.threads import Thread
from mira_desktop.core.errors import ConflictError, InvalidInputError, NotFoundError
from mira_desktop.core.languages import mostly_cjk
from mira_desktop.core.memory import MemoryFact, MemorySelection, propose_fact, select_facts
from mira_desktop.store.memory import MemoryRepository
from mira_desktop.store.messages import MessageRepository
from mira_desktop.store.workspaces import WorkspaceRepository

MAX_FACT_CHARS = 500
BUDGET_SHARE = 8  # at most an eighth of the window
BUDGET_MAX = 400  # and never more than this many tokens


class MemoryService:
    def __init__(
        self,
        facts: MemoryRepository,
        messages: MessageRepository,
        workspaces: WorkspaceRepository,
        changes: ChangeFeed,
    ) -> None:
        self._facts = facts
        self._messages = messages
        self._workspaces = workspaces
        self._changes = changes
        # Which facts a thread of a project is given (``ProjectService.memory_scope``; set by the wiring).
        self.project_scope: Callable[[str | None], str] | None = None

    # -- the user's facts ------------------------------------------------------------------------
    def list(self) -> builtins.list[MemoryFact]:
        return self._facts.list()

    def get(self, fact_id: str) -> MemoryFact:
        found = self._facts.get(fact_id)
        if found is None:
            raise NotFoundError.said("memory.not_found", fact_id=fact_id)
        return found

    def add(self, text: str, workspace_id: str | None = None, *, source: str = "user") -> MemoryFact:
        text = self._checked(text)
        if workspace_id is not None and self._workspaces.get(workspace_id) is None:
            raise NotFoundError.said("workspace.not_found", workspace_id=workspace_id)
        fact = self._facts.add(text, workspace_id, source=source)
        self._changes.publish(Topic.MEMORY, fact.id)
        return fact

    def edit(self, fact_id: str, text: str) -> MemoryFact:
        self.get(fact_id)
        self._facts.update(fact_id, text=self._checked(text))
        self._changes.publish(Topic.MEMORY, fact_id)
        return self.get(fact_id)

    def set_enabled(self, fact_id: str, enabled: bool) -> MemoryFact:
        self.get(fact_id)
        self._facts.update(fact_id, enabled=enabled)
        self._changes.publish(Topic.MEMORY, fact_id)
        return self.get(fact_id)

    def remove(self, fact_id: str) -> MemoryFact:
        fact = self.get(fact_id)
        self._facts.delete(fact_id)
        self._changes.publish(Topic.MEMORY, fact_id)
        return fact

    # -- the request's memory slot ---------------------------------------------------------------
    def for_request(self, thread: Thread, window: int, count_tokens: Callable[[str], int]) -> MemorySelection:
        """What the thread's next request carries in its memory slot (nothing if memory is off)."""
        if not thread.memory_enabled:
            return MemorySelection("", (), 0)
        scope = self.project_scope(thread.workspace_id) if self.project_scope else "shared"
        facts = self._facts.list(thread.workspace_id, for_thread=True)
        if scope == "project":  # the project's facts only (Mira BASE's for a thread bound to none)
            base = self._workspaces.get_default()
            project = thread.workspace_id or (base.id if base else None)
            facts = [f for f in self._facts.list(project, for_thread=True) if f.workspace_id is not None]
        chinese = mostly_cjk(" ".join(f.text for f in facts)) if facts else False
        budget = min(BUDGET_MAX, max(0, window // BUDGET_SHARE))
        return select_facts(facts, budget=budget, count_tokens=count_tokens, chinese=chinese)

    def mark_used(self, fact_ids: tuple[str, ...]) -> None:
        self._facts.mark_used(list(fact_ids))

    # -- proposals -------------------------------------------------------------------------------
    def propose(self, answer_id: str, user_text: str) -> str | None:
        """After an answer: offer to remember what the user said about themselves (not stored)."""
        fact = propose_fact(user_text)
        if fact is None or any(f.text.casefold() == fact.casefold() for f in self._facts.list()):
            return None
        answer = self._messages.get(answer_id)
        if answer is None:
            return None
        self._messages.set_metadata(answer_id, {**answer.metadata, "memory_proposal": fact})
        return fact

    def accept_proposal(self, answer_id: str, text: str | None = None) -> MemoryFact:
        """The user accepts (perhaps after editing) what the answer proposed: now it is a fact."""
        proposal = self._proposal(answer_id)
        fact = self.add(text or proposal, source="proposal")
        self._clear_proposal(answer_id, "accepted")
        return fact

    def dismiss_proposal(self, answer_id: str) -> None:
        self._proposal(answer_id)
        self._clear_proposal(answer_id, "dismissed")

    def _proposal(self, answer_id: str) -> str:
        answer = self._messages.get(answer_id)
        if answer is None:
            raise NotFoundError.said("memory.no_message", message_id=answer_id)
        proposal = answer.metadata.get("memory_proposal")
        if not isinstance(proposal, str):
            raise ConflictError.said("memory.nothing_proposed")
        return proposal

    def _clear_proposal(self, answer_id: str, outcome: str) -> None:
        answer = self._messages.get(answer_id)
        assert answer is not None
        metadata = {k: v for k, v in answer.metadata.items() if k != "memory_proposal"}
        self._messages.set_metadata(answer_id, {**metadata, "memory_proposal_" + outcome: True})
        self._changes.publish(Topic.MESSAGES, answer.thread_id)

    @staticmethod
    def _checked(text: str) -> str:
        text = " ".join(text.split())
        if not text:
            raise InvalidInputError.said("memory.empty")
        if len(text) > MAX_FACT_CHARS:
            raise InvalidInputError.said("memory.too_long", most=MAX_FACT_CHARS, count=len(text))
        return text
