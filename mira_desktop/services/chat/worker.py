"""The run worker: runs a route with a prepared context, then writes the end of the run.

The final message and the terminal event are one transaction (DESIGN §3.5): a run is either still
``running`` (and recovered after a kill) or ended with its message, never half of each.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Any, Protocol

from mira_desktop.core.cancel import CancelToken
from mira_desktop.core.conversation.request_compiler import CompiledRequest
from mira_desktop.core.conversation.routing import RouteDecision
from mira_desktop.core.conversation.runs import EventType, RunKind, RunStatus
from mira_desktop.core.conversation.threads import MessageRole, MessageStatus
from mira_desktop.core.errors import MiraError
from mira_desktop.core.tasks import BugReporter
from mira_desktop.models.errors import ModelError
from mira_desktop.models.protocol import ChatModel
from mira_desktop.models.turns import ModelTurns
from mira_desktop.services.chat.model_turn import TurnTakingModel
from mira_desktop.services.chat.run_bus import LiveEvent, RunBus
from mira_desktop.services.chat.run_context import RunContext, RunOutcome
from mira_desktop.services.chat.titles import make_title
from mira_desktop.store.database import Database
from mira_desktop.store.messages import MessageRepository
from mira_desktop.store.runs import RunRepository
from mira_desktop.store.threads import ThreadRepository

_ENDINGS = {
    RunStatus.COMPLETED: (MessageStatus.COMPLETE, EventType.RUN_COMPLETED),
    RunStatus.CANCELLED: (MessageStatus.CANCELLED, EventType.RUN_CANCELLED),
    RunStatus.FAILED: (MessageStatus.ERROR, EventType.RUN_FAILED),
}


@dataclass
class RunHandle:
    """A started run: wait for it, or stop it (the partial answer is kept)."""

    run_id: str
    thread_id: str
    user_message_id: str
    assistant_message_id: str
    cancel: CancelToken
    done: threading.Event = field(default_factory=threading.Event)
    status: RunStatus = RunStatus.RUNNING

    def stop(self) -> None:
        self.cancel.cancel("user")

    def wait(self, timeout: float | None = None) -> RunStatus:
        self.done.wait(timeout)
        return self.status


class RouteRunner(Protocol):
    """A route (chat, RAG, agent): runs one turn with a prepared context."""

    def run(self, context: RunContext) -> RunOutcome: ...


class RunWorker:
    def __init__(
        self,
        *,
        database: Database,
        threads: ThreadRepository,
        messages: MessageRepository,
        runs: RunRepository,
        bus: RunBus,
        routes: dict[RunKind, RouteRunner],
        report_bug: BugReporter,
        turns: ModelTurns | None = None,
    ) -> None:
        self._db = database
        self._turns = turns  # shared with the local server: one answer at a time per model
        self._report_bug = report_bug
        self._threads = threads
        self._messages = messages
        self._runs = runs
        self._bus = bus
        self.routes = routes

    def run(
        self,
        handle: RunHandle,
        route: RouteDecision,
        model: ChatModel,
        request: CompiledRequest,
        user_text: str,
        *,
        resume: object = None,
        role_models: dict[str, ChatModel] | None = None,
    ) -> RunStatus:
        """Run ``handle``'s turn on the route and end it (or pause it, for an agent run waiting for
        approval); returns the run's status. ``resume`` says how a paused agent run goes on."""
        thread = self._threads.get(handle.thread_id)
        assert thread is not None
        if self._turns is not None:
            model = TurnTakingModel(model, self._turns, lambda data: self._bus.publish(
                LiveEvent(handle.run_id, handle.thread_id, EventType.NOTICE, data)
            ))  # fmt: skip
        context = RunContext(
            run_id=handle.run_id,
            thread=thread,
            assistant_message_id=handle.assistant_message_id,
            user_text=user_text,
            model=model,
            request=request,
            cancel=handle.cancel,
            database=self._db,
            runs=self._runs,
            messages=self._messages,
            bus=self._bus,
            resume=resume,
            role_models=role_models,
        )
        opening = self._messages.get(handle.assistant_message_id)
        context.text = (
            opening.content if opening is not None else ""
        )  # a continued answer starts with its text
        context.opening_metadata = dict(opening.metadata) if opening is not None else {}
        context.opening_parts = list(opening.parts) if opening is not None else []
        events = self._runs.events(handle.run_id)
        if resume is not None:  # listeners already saw the run's opening; they see its resumption
            events = [e for e in events if e.type == EventType.RUN_RESUMED][-1:]
        for seq_event in events:
            self._bus.publish(
                LiveEvent(handle.run_id, handle.thread_id, seq_event.type, seq_event.data, seq_event.seq)
            )
        outcome = self._outcome(route, context)
        if outcome.status is RunStatus.COMPLETED and context.cancel.cancelled:
            outcome = RunOutcome(RunStatus.CANCELLED, metadata=outcome.metadata)
        self._finish(context, outcome)
        return outcome.status

    def _outcome(self, route: RouteDecision, context: RunContext) -> RunOutcome:
        runner = self.routes[route.kind]  # every kind has one: ChatService.require_routes at start
        try:
            return runner.run(context)
        except ModelError as error:
            return RunOutcome(RunStatus.FAILED, error.to_dict())
        except MiraError as error:
            kept: dict[str, Any] = {"kind": "bad_request", "message": str(error)}
            if error.phrase is not None:  # the window says it in its own language
                kept["phrase"] = error.phrase.to_dict()
            return RunOutcome(RunStatus.FAILED, kept)
        except Exception as error:  # our bug: a crash report, named on the message (retry stays possible)
            reported = self._report_bug(error)
            kept = {"kind": "internal", "message": str(reported)}
            if reported.phrase is not None:
                kept["phrase"] = reported.phrase.to_dict()
            return RunOutcome(RunStatus.FAILED, kept)

    def _finish(self, context: RunContext, outcome: RunOutcome) -> None:
        if outcome.status is RunStatus.WAITING_APPROVAL:
            self._pause(context, outcome)
            return
        message_status, terminal = _ENDINGS[outcome.status]
        run_id, thread_id, message_id = context.run_id, context.thread.id, context.assistant_message_id
        terminal_data: dict[str, Any] = {
            "thread_id": thread_id,
            "run_id": run_id,
            "message_id": message_id,
            "status": outcome.status.value,
        }
        if outcome.error:
            terminal_data["error"] = outcome.error
        completed: dict[str, Any] = {
            "message_id": message_id,
            "status": message_status.value,
            "length": len(context.text),
        }
        ending = outcome.metadata
        if outcome.status is RunStatus.COMPLETED and (same := self._same_answer(message_id, context.text)):
            ending = {**ending, "same_as": same}  # a new answer that says word for word what one before said
            completed["same_as"] = same
        with self._db.transaction():
            # The journal holds all the text: the last unflushed piece goes in with the final message.
            context.flush_into_journal()
            self._messages.finalize(
                message_id,
                content=context.text,
                status=message_status,
                error=outcome.error,
                metadata=_merged(context.opening_metadata, ending) or None,
            )
            if context.reasoning:
                self._messages.set_parts(message_id, context.parts())
            done_event = self._runs.append_event(run_id, EventType.MESSAGE_COMPLETED, completed)
            end_event = self._runs.append_event(run_id, terminal, terminal_data)
            self._runs.finish(run_id, outcome.status, outcome.error)
            self._threads.touch(thread_id)
            if outcome.status is RunStatus.COMPLETED:
                self._auto_title(thread_id, message_id)
        for event in (done_event, end_event):
            self._bus.publish(LiveEvent(run_id, thread_id, event.type, event.data, event.seq))

    def _same_answer(self, message_id: str, text: str) -> str | None:
        """The id of an earlier answer to the same question with exactly ``text`` (a regenerate that
        gave the same words), or None."""
        answer = self._messages.get(message_id)
        if answer is None or answer.parent_id is None or not text.strip():
            return None
        siblings = self._messages.list_children_skeleton(answer.thread_id, [answer.parent_id])
        others = [m.id for m in siblings if m.id != message_id and m.role is MessageRole.ASSISTANT]
        for other in self._messages.get_many(others):
            if other.status is MessageStatus.COMPLETE and other.content.strip() == text.strip():
                return other.id
        return None

    def _pause(self, context: RunContext, outcome: RunOutcome) -> None:
        """An agent run waits for the user: the text so far, the pending call on the message, the
        run ``waiting_approval`` — in one transaction, with a ``run.waiting`` event (not an end)."""
        run_id, thread_id, message_id = context.run_id, context.thread.id, context.assistant_message_id
        data: dict[str, Any] = {
            "thread_id": thread_id,
            "run_id": run_id,
            "message_id": message_id,
            "status": RunStatus.WAITING_APPROVAL.value,
            **outcome.metadata,
        }
        with self._db.transaction():
            context.flush_into_journal()
            self._messages.set_content(message_id, context.text)
            if context.reasoning:
                self._messages.set_parts(message_id, context.parts())
            self._messages.set_metadata(message_id, _merged(context.opening_metadata, outcome.metadata))
            waiting = self._runs.append_event(run_id, EventType.RUN_WAITING, data)
            self._runs.set_status(run_id, RunStatus.WAITING_APPROVAL)
            self._threads.touch(thread_id)
        self._bus.publish(LiveEvent(run_id, thread_id, waiting.type, waiting.data, waiting.seq))

    def _auto_title(self, thread_id: str, answer_id: str) -> None:
        """A thread without a title is named after the first message of its conversation."""
        thread = self._threads.get(thread_id)
        if thread is None or thread.title:
            return
        first = self._messages.get(self._messages.path_ids(answer_id)[0])
        if first is not None and first.role is MessageRole.USER:
            self._threads.set_title(thread_id, make_title(first.content))


def _merged(opening: dict[str, Any], ending: dict[str, Any]) -> dict[str, Any]:
    """The message's metadata at its end: what it started with (its author), then what the route
    said; a pause's ``pending`` call is gone once the run goes on."""
    merged = {k: v for k, v in opening.items() if k != "pending"}
    return {**merged, **ending}
