"""The agent route: a run that works in the thread's workspace through the agent loop.

A new run starts the loop with the compiled request (role → summary → memory → agent context →
the branch); the compiled messages are journaled first (``agent.base_request``) so a run resumed
later — after an approval, a denial, a new message, a raised limit, or a restart — goes on with
exactly the same context. The loop's outcome becomes the run's outcome: an answer, a pause for
approval (the run stays ``waiting_approval`` with its checkpoint), a failure, or a stop.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from mira_desktop.agent.budgets import BudgetLimits, StopReason, explain_stop
from mira_desktop.agent.checkpoint import Checkpoint, message_from_dict, message_to_dict
from mira_desktop.agent.context import agent_context
from mira_desktop.agent.errors import InvalidWorkspaceRoot
from mira_desktop.agent.files.root import WorkspaceRoot
from mira_desktop.agent.grammar import GrammarFinal, MalformedReply, parse_grammar_reply
from mira_desktop.agent.journal import AgentEvent
from mira_desktop.agent.loop import AgentLoop
from mira_desktop.agent.outcomes import (
    Cancelled,
    Completed,
    ContinueRun,
    Failed,
    Outcome,
    UserDecision,
    WaitingApproval,
)
from mira_desktop.agent.snapshots import SnapshotStore
from mira_desktop.agent.tool_use import NO_TOOLS_NOTE, used_no_tool
from mira_desktop.agent.tools.disclosure import SchemaShare
from mira_desktop.agent.tools.knowledge import KbHit
from mira_desktop.agent.tools.registry import ToolRegistry
from mira_desktop.agent.tools.workspace_tools import WorkspaceTools
from mira_desktop.core.cancel import Cancelled as CancelSignal
from mira_desktop.core.cancel import CancelToken
from mira_desktop.core.conversation.runs import EventType, RunEvent, RunStatus
from mira_desktop.core.conversation.threads import Thread
from mira_desktop.core.errors import NotFoundError
from mira_desktop.core.phrases import Phrase, said
from mira_desktop.core.sampling import SamplingParams
from mira_desktop.core.workspaces import Workspace
from mira_desktop.models.protocol import ChatMessage, ChatModel
from mira_desktop.services.chat.routes.agent_journal import RunJournal
from mira_desktop.services.chat.routes.agent_schemas import fold_run, folded_for
from mira_desktop.services.chat.routes.rag_retriever import KnowledgeRetriever
from mira_desktop.services.chat.routes.reasoning_shown import ReasoningShown
from mira_desktop.services.chat.run_context import RunContext, RunOutcome
from mira_desktop.services.tools.catalog import ToolCatalog
from mira_desktop.services.tools.permissions import ToolPermissions
from mira_desktop.services.web.citations import answer_sources, resume_sessions
from mira_desktop.store.runs import RunRepository
from mira_desktop.store.workspaces import WorkspaceRepository

AGENT_MAX_TOKENS = 2048


@dataclass(frozen=True)
class Recover:
    """Go on after the process that ran this run was killed (nothing is done twice)."""


Resume = UserDecision | ContinueRun | Recover


class AgentRoute:
    def __init__(
        self,
        *,
        workspaces: WorkspaceRepository,
        permissions: ToolPermissions,
        catalog: ToolCatalog,
        runs: RunRepository,
        retriever: KnowledgeRetriever | None,
        snapshots_dir: Path,
        private_paths: list[Path],
        limits: Callable[[], BudgetLimits] = BudgetLimits,
    ) -> None:
        self._workspaces = workspaces
        self._permissions = permissions
        self._catalog = catalog
        self._runs = runs
        self._retriever = retriever
        self._snapshots = SnapshotStore(snapshots_dir)
        self._private = private_paths  # Mira's own data: never a workspace, never inside one
        self.limits = limits

    # -- what the request compiler puts in the agent section ------------------------------------
    def context_text(self, thread: Thread, model: ChatModel) -> str:
        registry, _notices = self.registry(thread, CancelToken(), start=False)  # no server started for it
        registry.fold(folded_for(registry, model))
        return self._context(self.workspace(thread), registry, model)

    def schema_share(self, thread: Thread, model: ChatModel) -> SchemaShare | None:
        """How many of the next run's tools its request would show with their schemas (the request
        preview says it); None when all are (a small set is sent in full)."""
        registry, _notices = self.registry(thread, CancelToken(), start=False)
        registry.fold(folded_for(registry, model))
        return registry.share() if registry.folded else None

    def _context(self, workspace: Workspace, registry: ToolRegistry, model: ChatModel) -> str:
        limits = self.limits()
        budget = {
            "model_calls": limits.model_calls,
            "tool_calls": limits.tool_calls,
            "wall_seconds": limits.wall_seconds,
        }
        return agent_context(
            workspace.name,
            registry.tools,
            budget,
            json_mode=not model.profile().supports_tools,
            folded=registry.folded,
        )

    def workspace(self, thread: Thread) -> Workspace:
        """The thread's workspace; Mira BASE when it has none (or its workspace was removed)."""
        found = self._workspaces.get(thread.workspace_id) if thread.workspace_id else None
        found = found or self._workspaces.get_default()
        if found is None:
            raise NotFoundError.said("workspace.default_missing")
        return found

    def open_root(self, workspace: Workspace) -> WorkspaceRoot:
        """The workspace's folder, checked again (raises ``InvalidWorkspaceRoot`` saying why not)."""
        return WorkspaceRoot(workspace.root_path, also_refused=self._private)

    def registry(self, thread: Thread, cancel: CancelToken, *, start: bool) -> tuple[ToolRegistry, list[Phrase]]:
        """The run's tools — with the MCP servers' (started when ``start``) and ``run_command`` — and
        notices of what was left out."""
        external, notices = self._catalog.offered(
            self.workspace(thread), cancel, start=start, thread_id=thread.id
        )
        kb_id, retriever = thread.knowledge_base_id, self._retriever
        if kb_id is None or retriever is None:
            return ToolRegistry(external=external), notices

        def search(query: str, k: int) -> list[KbHit]:
            hits = retriever.retrieve(kb_id, query, min(k, 10), cancel)
            return [KbHit(h.document, h.location_label, h.text, h.scores.get("fused")) for h in hits]

        return ToolRegistry(kb_search=search, external=external), notices

    # -- running ---------------------------------------------------------------------------------
    def run(self, context: RunContext) -> RunOutcome:
        thread = context.thread
        workspace = self.workspace(thread)
        if thread.workspace_id and thread.workspace_id != workspace.id:
            gone = said("agent.notice.workspace_gone", name=workspace.name)
            context.emit(EventType.NOTICE, {"text": gone.english, "phrase": gone.to_dict()})
        try:
            root = self.open_root(workspace)
        except InvalidWorkspaceRoot as exc:
            return RunOutcome(RunStatus.FAILED, {"kind": "workspace", "message": str(exc), "phrase": exc.phrase.to_dict() if exc.phrase else None})
        listed = self.context_text(thread, context.model)  # what the request's agent section says
        resume: Resume | None = context.resume  # type: ignore[assignment]  # set by the agent-run service
        try:
            registry, notices = self.registry(thread, context.cancel, start=True)
        except CancelSignal:  # stopped while its MCP servers started: nothing was asked or done yet
            return RunOutcome(
                RunStatus.CANCELLED, metadata={"workspace_id": workspace.id, "workspace": workspace.name}
            )
        for notice in notices:
            context.emit(EventType.NOTICE, {"text": notice.english, "phrase": notice.to_dict()})
        fold_run(context, self._runs, registry, fresh=resume is None)  # many tools: some by name only
        tools = WorkspaceTools(root, registry, self._snapshots)
        journal = RunJournal(context, self._runs)
        # A resumed run's web sources keep their ids (S1…) and its budget stays spent.
        resume_sessions([registry.external("web_search")], self._runs.events(context.run_id))
        base = self._base_messages(
            context,
            fresh=resume is None,
            tools_section=(listed, self._context(workspace, registry, context.model)),
        )
        loop = AgentLoop(
            ReasoningShown(context.model, context),  # each step's reasoning shown on the answer
            tools,
            journal,
            base_messages=base,
            limits=self.limits(),
            workspace_rules=self._permissions.rules(workspace.id),
            sampling=_agent_sampling(context),
        )
        if resume is None:
            outcome = loop.start(context.cancel)
        else:
            checkpoint = self._checkpoint(context.run_id)
            ended = self._ended(context, checkpoint, journal) if isinstance(resume, Recover) else None
            if ended is not None:
                outcome = ended
            elif isinstance(resume, ContinueRun):
                outcome = loop.continue_run(checkpoint, resume.limits, context.cancel)
            else:
                outcome = loop.resume(
                    checkpoint, None if isinstance(resume, Recover) else resume, context.cancel
                )
        if outcome.added_rules:
            self._permissions.add_rules(workspace.id, outcome.added_rules)
        idle = (
            isinstance(outcome, Completed)
            and outcome.stop_reason is None
            and used_no_tool(outcome.evidence, outcome.checkpoint.counters.tool_calls, context.user_text)
        )
        if idle:
            context.emit(AgentEvent.NO_TOOLS, {"note": NO_TOOLS_NOTE})
        return self._with_web_sources(_run_outcome(outcome, workspace, no_tool_use=idle), outcome, context)

    def _with_web_sources(self, ended: RunOutcome, outcome: Outcome, context: RunContext) -> RunOutcome:
        """An answer keeps the web pages it cites or read, by their ids (``metadata.web_sources``)."""
        if not isinstance(outcome, Completed):
            return ended
        web = answer_sources(self._runs.events(context.run_id), context.text or outcome.final_text)
        return replace(ended, metadata={**ended.metadata, "web_sources": web}) if web else ended

    def _base_messages(
        self, context: RunContext, *, fresh: bool, tools_section: tuple[str, str]
    ) -> list[ChatMessage]:
        """A fresh run's first request, its agent section naming the tools of the servers as they
        started (the request was compiled from what they listed last: none for a server never
        started, so its tools would be missing from the first model call's instructions)."""
        if fresh:
            listed, started = tools_section
            messages = [
                ChatMessage(
                    m.role, m.content.replace(listed, started, 1) if m.role == "system" and listed else m.content
                )
                for m in context.request.messages
            ]
            context.emit(EventType.BASE_REQUEST, {"messages": [message_to_dict(m) for m in messages]})
            return messages
        for event in self._runs.events(context.run_id):
            if event.type == EventType.BASE_REQUEST:
                return [message_from_dict(m) for m in event.data.get("messages", [])]
        return [ChatMessage(m.role, m.content) for m in context.request.messages]

    def _ended(self, context: RunContext, checkpoint: Checkpoint, journal: RunJournal) -> Completed | None:
        """A run killed after its last checkpoint had already ended — with its answer, or stopped by
        a limit — ends so again instead of asking the model once more (the checkpoint does not say
        that the run ended; its last message and the run's events do)."""
        if checkpoint.pending is not None or checkpoint.queued:
            return None
        stop = _stop_since_last_model_call(self._runs.events(context.run_id))
        stopped = None
        if stop is not None:
            stopped = explain_stop(stop, checkpoint.limits, checkpoint.counters, checkpoint.evidence.describe())
            text = stopped.english
        else:
            last = checkpoint.messages[-1] if checkpoint.messages else {}
            if last.get("role") != "assistant" or last.get("tool_calls"):
                return None
            text = str(last.get("content", ""))
            if not context.model.profile().supports_tools:  # the answer is the grammar's JSON
                try:
                    parsed = parse_grammar_reply(text)
                except MalformedReply:
                    return None
                if not isinstance(parsed, GrammarFinal):
                    return None
                text = parsed.text
        journal.event(AgentEvent.RESUMED, {"decision": None, "pending": None, "ended": True})
        if not context.text.endswith(text):  # the checkpoint flushed it, so normally it is there
            context.delta(("\n\n" if context.text and not context.text.endswith("\n") else "") + text)
        return Completed(text, checkpoint.evidence, stop, checkpoint, said=stopped.to_dict() if stopped else None)

    def _checkpoint(self, run_id: str) -> Checkpoint:
        text = self._runs.checkpoint_json(run_id)
        if not text:
            raise NotFoundError.said("agent.run.no_checkpoint", run_id=run_id)
        return Checkpoint.from_json(text)


def _stop_since_last_model_call(events: list[RunEvent]) -> StopReason | None:
    """The limit that stopped the run, if nothing asked the model again since."""
    stop: StopReason | None = None
    for event in events:
        if event.type == AgentEvent.BUDGET_STOP:
            stop = StopReason(event.data["reason"])
        elif event.type in (AgentEvent.MODEL_CALL, AgentEvent.CONTINUED):
            stop = None
    return stop


def _agent_sampling(context: RunContext) -> SamplingParams:
    """The role's sampling, with room for a whole tool call: a grammar-valid JSON answer can run to
    a thousand tokens, more than the chat default leaves."""
    sampling = context.request.sampling
    room = max(sampling.max_tokens or 0, min(AGENT_MAX_TOKENS, context.request.window // 2))
    return replace(sampling, max_tokens=room)


def _run_outcome(outcome: Outcome, workspace: Workspace, *, no_tool_use: bool = False) -> RunOutcome:
    # A continued run writes into the answer a limit stopped: every ending says afresh whether a
    # limit stopped it, or the earlier stop would outlive the run that went on past it.
    where = {
        "workspace_id": workspace.id,
        "workspace": workspace.name,
        "stop_reason": None,
        "continuable": False,
        "no_tool_use": no_tool_use,  # answered a file task without a tool (the window and `mira` say so)
    }
    match outcome:
        case Completed():
            meta: dict[str, Any] = {**where, "evidence": outcome.evidence.to_dict()}
            if outcome.stop_reason is not None:
                meta |= {"stop_reason": outcome.stop_reason.value, "continuable": True}
            if outcome.said is not None:
                meta["said"] = outcome.said  # the window shows the answer Mira wrote in its own language
            return RunOutcome(RunStatus.COMPLETED, metadata=meta)
        case WaitingApproval():
            pending = {
                "call_id": outcome.call_id,
                "tool": outcome.tool,
                "reason": outcome.reason,
                "proposal": outcome.proposal.to_dict() if outcome.proposal else None,
                "arguments": outcome.arguments,
                "external": outcome.external,
                "may_have_run": outcome.may_have_run,
            }
            return RunOutcome(RunStatus.WAITING_APPROVAL, metadata={**where, "pending": pending})
        case Failed():
            return RunOutcome(
                RunStatus.FAILED, outcome.error, metadata={**where, "evidence": outcome.evidence.to_dict()}
            )
        case Cancelled():
            return RunOutcome(RunStatus.CANCELLED, metadata={**where, "evidence": outcome.evidence.to_dict()})
