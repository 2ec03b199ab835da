"""Chat runs: send, edit, regenerate, retry, stop — durable, one at a time, on a background task.

``send`` validates and compiles the request before anything is written (an empty message or one
larger than the model's window changes nothing; the turn each action answers is made by
:class:`~mira_desktop.services.chat.turns.TurnMaker`), then persists the user message, the run and a
streaming assistant message in one transaction and hands the run to the
:class:`~mira_desktop.services.chat.worker.RunWorker` on a task of the task runner.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from mira_desktop.agent.outcomes import NewMessage
from mira_desktop.core.cancel import CancelToken
from mira_desktop.core.changes import ChangeFeed, Topic
from mira_desktop.core.conversation.request_compiler import CompiledRequest, PromptMessage, prompt_history
from mira_desktop.core.conversation.routing import RouteDecision
from mira_desktop.core.conversation.runs import Run, RunEvent, RunKind, RunStatus
from mira_desktop.core.conversation.threads import Message, MessageRole
from mira_desktop.core.errors import ConflictError, InvalidInputError, NotFoundError
from mira_desktop.core.tasks import Task, TaskRunner
from mira_desktop.models.protocol import ChatModel
from mira_desktop.services.chat.ready import ReadyRun, prepare_run, prepare_runs
from mira_desktop.services.chat.requests import RequestBuilder
from mira_desktop.services.chat.routes.chat import ChatRoute
from mira_desktop.services.chat.run_bus import RunBus
from mira_desktop.services.chat.run_records import RunRecords, SendOptions, Turn
from mira_desktop.services.chat.turn_inputs import TurnInputs
from mira_desktop.services.chat.turns import TurnMaker
from mira_desktop.services.chat.worker import RouteRunner, RunHandle, RunWorker
from mira_desktop.services.memory.service import MemoryService
from mira_desktop.services.model_catalog.catalog import ModelService
from mira_desktop.services.threads.branches import BranchEditor, RecentPath
from mira_desktop.store.attachments import AttachmentRepository
from mira_desktop.store.database import Database
from mira_desktop.store.knowledge_bases import KnowledgeBaseRepository
from mira_desktop.store.messages import MessageRepository
from mira_desktop.store.roles import RoleRepository
from mira_desktop.store.runs import RunRepository
from mira_desktop.store.threads import ThreadRepository
from mira_desktop.store.workspaces import WorkspaceRepository

if TYPE_CHECKING:
    from mira_desktop.services.attachments.service import AttachmentService

__all__ = ["ChatService", "RunHandle", "SendOptions"]

_log = logging.getLogger(__name__)


class ChatService:
    def __init__(
        self,
        *,
        database: Database,
        threads: ThreadRepository,
        messages: MessageRepository,
        runs: RunRepository,
        attachment_rows: AttachmentRepository,
        roles: RoleRepository,
        knowledge_bases: KnowledgeBaseRepository,
        workspaces: WorkspaceRepository,
        models: ModelService,
        requests: RequestBuilder,
        branches: BranchEditor,
        bus: RunBus,
        tasks: TaskRunner,
        changes: ChangeFeed,
        memory: MemoryService,
        attachments: AttachmentService,
        routes: Mapping[RunKind, RouteRunner],
        answer_listeners: Sequence[Callable[[str, str], None]] = (),
    ) -> None:
        self._db = database
        self._threads = threads
        self._messages = messages
        self._runs = runs
        self._roles = roles
        self._models = models
        self._requests = requests
        self._branches = branches
        self.bus = bus
        self._tasks = tasks
        self._changes = changes
        self._records = RunRecords(database, threads, messages, runs, attachment_rows)
        self._inputs = TurnInputs(
            threads=threads,
            messages=messages,
            roles=roles,
            knowledge_bases=knowledge_bases,
            workspaces=workspaces,
            models=models,
            branches=branches,
            attachments=attachments,
        )
        self._turns = TurnMaker(self._inputs, threads, branches, attachments)
        self._worker = RunWorker(
            database=database,
            threads=threads,
            messages=messages,
            runs=runs,
            bus=bus,
            routes={RunKind.CHAT: ChatRoute(), **routes},
            report_bug=tasks.save_crash_report,
            turns=models.turns,
        )
        self.memory = memory  # proposals after an answer; facts marked used
        self.attachments = attachments  # files sent with messages
        # Called with (thread id, answer id) after each completed answer: speech, images, citations.
        self.answer_listeners = list(answer_listeners)
        self._active: dict[str, RunHandle] = {}
        self._run_tasks: list[Task[None]] = []  # to the end of what follows an answer (close waits)
        self._lock = threading.Lock()
        self._on_run_finished: Callable[[str], None] | None = None  # after_each_run
        self.require_routes()

    def after_each_run(self, callback: Callable[[str], None]) -> None:
        """Call ``callback(thread_id)`` after each completed run (one listener: the summaries, which
        are built from this service and so cannot be given to its constructor)."""
        self._on_run_finished = callback

    def register_route(self, kind: RunKind, runner: RouteRunner) -> None:
        self._worker.routes[kind] = runner

    def require_routes(self) -> None:
        """Every kind of run has a route (checked when the service is built: a missing one is a wiring
        bug, found at start, never a run that fails for the user)."""
        missing = [kind.value for kind in RunKind if kind not in self._worker.routes]
        if missing:
            raise RuntimeError(f"no route registered for {', '.join(missing)} runs")

    # -- starting runs ---------------------------------------------------------------------------
    def send(self, thread_id: str | None, text: str, options: SendOptions | None = None) -> RunHandle:
        """Send ``text`` to ``thread_id`` (None: a new thread, created by this first send)."""
        options = options or SendOptions()
        if thread_id is None:  # a new thread takes its project's defaults
            options = self.with_project_defaults(options)
        if thread_id is not None:
            waiting = next((r for r in self._runs.waiting() if r.thread_id == thread_id), None)
            if (
                waiting is not None
            ):  # the new message answers the agent run that waits: it denies the pending call
                self.new_turn(None, text, options)  # refused as a send is (nothing is written)
                return self.resume_run(
                    waiting.id, NewMessage(text), {"type": "new_message"}, new_message=text
                )
        return self._start(self.new_turn(thread_id, text, options), options, create_thread=thread_id is None)

    def with_project_defaults(self, options: SendOptions) -> SendOptions:
        """``options`` for a new thread, with its project's defaults for what they leave unset."""
        return self._inputs.with_project_defaults(options)

    def new_turn(self, thread_id: str | None, text: str, options: SendOptions) -> Turn:
        """What sending ``text`` to ``thread_id`` answers (``TurnMaker.new_turn``)."""
        return self._turns.new_turn(thread_id, text, options)

    def edit(self, message_id: str, text: str) -> RunHandle:
        """A new sibling of the user message ``message_id`` with ``text``, and a new answer to it."""
        return self._start(self._turns.edit_turn(message_id, text), SendOptions(), create_thread=False)

    def title_after_edit(self, message_id: str, text: str) -> str | None:
        """The title to offer when the thread's first user message is edited (``TurnMaker``)."""
        return self._turns.title_after_edit(message_id, text)

    def regenerate(self, message_id: str) -> RunHandle:
        """A new sibling answer to the user message that ``message_id`` answered."""
        message = self._inputs.message(message_id)
        if message.role is MessageRole.USER:
            return self._answer_again(message)
        if message.parent_id is None:
            raise InvalidInputError.said("chat.no_question")
        return self._answer_again(self._inputs.message(message.parent_id))

    def retry(self, message_id: str) -> RunHandle:
        """Re-run the same user message as a new branch (for a failed, stopped or any answer)."""
        return self.regenerate(message_id)

    def continue_answer(self, message_id: str) -> RunHandle:
        """A cut-off answer carries on: a new branch beside it that starts with its text (nothing is lost);
        one cut off while thinking is answered again with more room (``TurnMaker.continue_turn``)."""
        return self._start(self._turns.continue_turn(message_id), SendOptions(), create_thread=False)

    def greetings(self, role_id: str) -> list[str]:
        """The greetings a chat with ``role_id`` can open with: its first message, then the alternates."""
        role = self._roles.get(role_id)
        if role is None:
            raise NotFoundError.said("roles.not_found", role_id=role_id)
        compiled = self._requests.role_greetings(role)
        return [g for g in compiled if g.strip()]

    def _answer_again(self, user_message: Message) -> RunHandle:
        return self._start(self.again_turn(user_message.id), SendOptions(), create_thread=False)

    def again_turn(self, message_id: str, *, max_tokens: int | None = None) -> Turn:
        """What answering the user message ``message_id`` again answers (``TurnMaker.again_turn``)."""
        return self._turns.again_turn(message_id, max_tokens=max_tokens)

    def _start(self, turn: Turn, options: SendOptions, *, create_thread: bool) -> RunHandle:
        with self._lock:
            if self._active:
                raise ConflictError.said("chat.busy")
            ready = prepare_run(self._models, self._requests, turn)
            if ready.route.kind is RunKind.AGENT:
                self._inputs.check_agent_folder(turn.thread)
            handle = self._record(ready, options, create_thread=create_thread)
        self._begin(ready, handle)
        return handle

    def start_side_by_side(
        self,
        turn: Turn,
        model_refs: Sequence[str],
        options: SendOptions,
        *,
        create_thread: bool,
        together: bool,
    ) -> list[RunHandle]:
        """One answer to ``turn``'s message by each model of ``model_refs``, as sibling branches (a
        comparison): every request is compiled before anything is written, so a refusal writes nothing.
        ``together``: the runs go at once, otherwise one after the other on one task (each local model
        gives its memory back before the next loads). Stop stops them all."""
        with self._lock:
            if self._active:
                raise ConflictError.said("chat.busy")
            readies = prepare_runs(self._models, self._requests, turn, model_refs, together=together)
            handles = [self._record(readies[0], options, create_thread=create_thread)]
            thread = self._inputs.writable_thread(handles[0].thread_id)
            for ready in readies[1:]:  # the others answer the message the first one wrote
                answer = replace(
                    ready.turn,
                    thread=thread,
                    existing_user_message_id=handles[0].user_message_id,
                    greeting=None,
                )
                handles.append(self._record(replace(ready, turn=answer), options, create_thread=False))
            self._threads.set_active_leaf(thread.id, handles[0].assistant_message_id)
        if together:
            for ready, handle in zip(readies, handles, strict=True):
                self._begin(ready, handle)
        else:
            self._begin_in_turn(list(zip(readies, handles, strict=True)))
        return handles

    def _record(self, ready: ReadyRun, options: SendOptions, *, create_thread: bool) -> RunHandle:
        """Write the run's rows and count it active (the lock is held)."""
        role = ready.request.role
        handle = self._records.new_run(
            ready.turn,
            options,
            create_thread=create_thread,
            model_ref=ready.model_ref,
            model_snapshot=self._models.snapshot(ready.model_ref, ready.request.sampling),
            request=ready.request,
            route=ready.route,
            author=self._author(role.role_id if role.used else None),
            file_block=ready.file_block,
        )
        self._active[handle.run_id] = handle
        return handle

    def _begin(self, ready: ReadyRun, handle: RunHandle) -> None:
        if ready.request.memory_ids:
            self.memory.mark_used(ready.request.memory_ids)
        roles = self._models.resolve_roles(ready.model_ref)
        self._launch(handle, ready.route, ready.model, ready.request, ready.turn.user_text, roles=roles)

    def _begin_in_turn(self, pairs: list[tuple[ReadyRun, RunHandle]]) -> None:
        """Run each prepared run after the one before it, on one task; a local model is unloaded once
        its answer is written, so the next one has the memory (Stop stops the ones still to come too).
        The after-run check (the summary's, which counts tokens with the thread's own model) runs once,
        after the last, with only the thread's model left loaded."""
        if pairs[0][0].request.memory_ids:
            self.memory.mark_used(pairs[0][0].request.memory_ids)
        thread_model = self._models.resolve(pairs[0][0].turn.thread.model_ref)  # the one left loaded, if last

        def run_all(_cancel: CancelToken) -> None:
            for ready, handle in pairs:
                roles = {
                    role: self._models.registry.get(ref)
                    for role, ref in self._models.resolve_roles(ready.model_ref).items()
                }
                self._changes.publish(Topic.THREADS, handle.thread_id)
                self._run(
                    handle,
                    ready.route,
                    ready.model,
                    ready.request,
                    ready.turn.user_text,
                    resume=None,
                    role_models=roles,
                    follow_up=False,  # once, after the last: its check counts with the thread's model
                )
                if handle is not pairs[-1][1] or ready.model_ref != thread_model:
                    ready.model.unload_if_idle(0)  # its memory back before the next model loads
            if self._on_run_finished is not None and any(h.status is RunStatus.COMPLETED for _r, h in pairs):
                self._on_run_finished(pairs[0][1].thread_id)

        first = pairs[0][1]
        task = self._tasks.start(f"run-{first.run_id[-6:]}", run_all)
        with self._lock:
            self._run_tasks = [*(t for t in self._run_tasks if not t.done), task]

    def resume_run(
        self, run_id: str, resume: object, describe: dict[str, Any], new_message: str | None = None
    ) -> RunHandle:
        """Go on with a paused or stopped agent run, in this process: ``resume`` is the decision the
        agent route receives (approve, deny, a new message, continue, recover)."""
        with self._lock:
            if self._active:
                raise ConflictError.said("chat.busy")
            run = self._runs.get(run_id)
            if run is None:
                raise NotFoundError.said("chat.no_run", run_id=run_id)
            thread = self._inputs.writable_thread(run.thread_id)
            model_ref = run.model_ref or self._models.resolve(thread.model_ref)  # the run's model, frozen
            model = self._models.registry.get(self._models.validate_ref(model_ref))
            question = self._inputs.message(run.user_message_id or "")
            history = prompt_history(self._branches.path_to(thread, question.id))
            request = self._requests.compile(thread, history, model)
            handle = self._records.resumed_run(run, describe, new_message)
            self._active[handle.run_id] = handle
        route = RouteDecision(RunKind.AGENT, run.route_reason)
        roles = run.model_snapshot.get("roles") or self._models.resolve_roles(
            model_ref
        )  # frozen at the start
        self._launch(
            handle, route, model, request, new_message or question.content, resume=resume, roles=roles
        )
        return handle

    def _launch(
        self,
        handle: RunHandle,
        route: RouteDecision,
        model: ChatModel,
        request: CompiledRequest,
        text: str,
        *,
        resume: object = None,
        roles: dict[str, str] | None = None,
    ) -> None:
        role_models = {role: self._models.registry.get(ref) for role, ref in (roles or {}).items()}
        self._changes.publish(Topic.THREADS, handle.thread_id)
        task = self._tasks.start(
            f"run-{handle.run_id[-6:]}",
            lambda _cancel: self._run(
                handle, route, model, request, text, resume=resume, role_models=role_models
            ),
            cancel=handle.cancel,
        )
        with self._lock:
            self._run_tasks = [*(t for t in self._run_tasks if not t.done), task]

    def _run(
        self,
        handle: RunHandle,
        route: RouteDecision,
        model: ChatModel,
        request: CompiledRequest,
        text: str,
        *,
        resume: object,
        role_models: dict[str, ChatModel],
        follow_up: bool = True,
    ) -> None:
        """Run and end ``handle``'s turn; then, when it completed, the after-run check (``follow_up``:
        the caller runs it itself otherwise) and the answer listeners."""
        try:
            handle.status = self._worker.run(
                handle, route, model, request, text, resume=resume, role_models=role_models
            )
            self._requests.remember_thinking(model)  # a server's model seen thinking gets room for it from now on
            completed = handle.status is RunStatus.COMPLETED
            if completed and route.kind is not RunKind.AGENT and resume is None:
                self.memory.propose(handle.assistant_message_id, text)  # offered on the answer, never stored
        finally:
            with self._lock:
                self._active.pop(handle.run_id, None)
            handle.done.set()
            self._changes.publish(Topic.THREADS, handle.thread_id)
        if completed and follow_up and self._on_run_finished is not None:
            self._on_run_finished(handle.thread_id)
        for listener in self.answer_listeners if completed else []:  # each starts its own background work
            listener(handle.thread_id, handle.assistant_message_id)

    # -- stop, active runs -----------------------------------------------------------------------
    def stop(self, run_id: str | None = None) -> bool:
        """Cancel ``run_id`` (or the active run); True if something was running."""
        with self._lock:
            handles = [self._active[run_id]] if run_id in self._active else list(self._active.values())
        for handle in handles:
            handle.stop()
        return bool(handles)

    def active_runs(self) -> list[RunHandle]:
        with self._lock:
            return list(self._active.values())

    def is_busy(self, thread_id: str) -> bool:
        """A reply is being written in ``thread_id``."""
        return any(h.thread_id == thread_id for h in self.active_runs())

    def close(self, timeout: float = 10.0) -> None:
        """Stop every run and wait for it to end (used when the window closes): ``timeout`` seconds in
        all; a run still going then is logged and left to the task runner's close."""
        handles = self.active_runs()
        self.stop()
        deadline = time.monotonic() + timeout
        for handle in handles:
            handle.done.wait(max(0.0, deadline - time.monotonic()))
        with self._lock:
            tasks = list(self._run_tasks)
        for task in tasks:  # what follows an answer (the summary check, listeners) uses the models too
            task.wait(max(0.0, deadline - time.monotonic()))
        left = [h.run_id for h in handles if not h.done.is_set()]
        if left:
            _log.warning("closing: run(s) %s did not end within %g s after being stopped", left, timeout)

    def run(self, run_id: str) -> Run | None:
        return self._runs.get(run_id)

    def run_events(self, run_id: str) -> list[RunEvent]:
        return self._runs.events(run_id)

    # -- context ---------------------------------------------------------------------------------
    def preview(
        self,
        thread_id: str | None,
        draft: str = "",
        model_ref: str | None = None,
        options: SendOptions | None = None,
    ) -> CompiledRequest:
        """The request the next send would make (for the context meter and the request preview);
        ``options``: the welcome page's bindings, so its first send's role (prompt, greeting,
        sampling) and agent mode count as they will in the request."""
        thread = self._threads.get(thread_id) if thread_id else None
        ref = self._models.resolve(model_ref or (thread.model_ref if thread else None))
        model = self._models.registry.get(ref)
        path = self._inputs.recent(thread, None, model) if thread else RecentPath([], [], 0)
        history = path.history
        if draft.strip():
            history.append(PromptMessage("user", draft))
        if thread is None and options is not None and (options.role_id or options.agent or options.workspace_id):
            options = self._inputs.with_project_defaults(options)
            self._inputs.check_bindings(options)
            greeting = (options.greeting or "").strip()
            opening = [PromptMessage("assistant", greeting)] if greeting else []
            return self._requests.compile(self._inputs.draft_thread(options), [*opening, *history], model)
        if thread is None:
            return self._requests.compile_unbound(history, model)
        carried = None
        if draft.strip() and self.attachments.draft(thread.id) is None:
            carried = self._inputs.carried(path.ids)  # what the send would carry
        if carried is not None:
            return self._requests.compile_with_file(thread, history, model, carried, earlier=path.earlier)[0]
        return self._requests.compile(thread, history, model, earlier=path.earlier)

    # -- helpers ---------------------------------------------------------------------------------
    def _author(self, role_id: str | None) -> dict[str, str]:
        """Who answers, kept on the message: the role's name and avatar (the role may change later)."""
        role = self._roles.get(role_id) if role_id else None
        if role is None:
            return {}
        return {"author": role.name, **({"avatar": role.avatar} if role.avatar else {})}
