"""Chat runs: send, edit, regenerate, retry, stop — durable, one at a time, on a worker thread.

``send`` validates and compiles the request before anything is written (an empty message or one
larger than the model's window changes nothing), then persists the user message, the run and a
streaming assistant message in one transaction and hands the run to a worker. The worker journals
events; the final message and the terminal event are written in one transaction.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from mira_desktop.core.branches import MessageTree
from mira_desktop.core.cancel import CancelToken
from mira_desktop.core.errors import ConflictError, InvalidInputError, MiraError, NotFoundError
from mira_desktop.core.request_context import CompiledRequest, PromptMessage, compile_request, prompt_history
from mira_desktop.core.role_compiler import CompiledRole, compile_role
from mira_desktop.core.routing import RouteDecision, choose_route
from mira_desktop.core.runs import EventType, Run, RunEvent, RunKind, RunStatus
from mira_desktop.core.threads import Message, MessageRole, MessageStatus, Thread, ThreadStatus
from mira_desktop.models.errors import ModelError
from mira_desktop.models.types import ChatModel
from mira_desktop.services.chat_route import ChatRoute
from mira_desktop.services.models import ModelService
from mira_desktop.services.roles import DEFAULT_USER_NAME, USER_NAME_SETTING
from mira_desktop.services.run_bus import LiveEvent, RunBus
from mira_desktop.services.run_context import RunContext, RunOutcome
from mira_desktop.store.database import Database
from mira_desktop.store.messages import MessageRepository
from mira_desktop.store.roles import RoleRepository
from mira_desktop.store.runs import RunRepository
from mira_desktop.store.settings import SettingsRepository
from mira_desktop.store.threads import ThreadRepository

TITLE_LENGTH = 60
INTERRUPTED_MESSAGE = (
    "Mira stopped while this answer was being written; the text so far is kept. Retry to answer again."
)


class RouteRunner(Protocol):
    """A route (chat, RAG, agent): runs one turn with a prepared context."""

    def run(self, context: RunContext) -> RunOutcome: ...


@dataclass(frozen=True)
class SendOptions:
    """Bindings for a new thread (or changes to an existing one) made with this send."""

    model_ref: str | None = None
    role_id: str | None = None
    knowledge_base_id: str | None = None
    agent: bool = False
    workspace_id: str | None = None


@dataclass
class RunHandle:
    run_id: str
    thread_id: str
    user_message_id: str
    assistant_message_id: str
    cancel: CancelToken
    done: threading.Event
    status: RunStatus = RunStatus.RUNNING

    def stop(self) -> None:
        self.cancel.cancel("user")

    def wait(self, timeout: float | None = None) -> RunStatus:
        self.done.wait(timeout)
        return self.status


@dataclass(frozen=True)
class _Turn:
    """What a run answers: the history to send and where the new messages hang."""

    thread: Thread
    parent_id: str | None  # parent of the new user message (send/edit)
    user_text: str
    history: list[PromptMessage]
    existing_user_message_id: str | None = None  # regenerate/retry answer an existing message


class ChatService:
    def __init__(
        self,
        *,
        database: Database,
        threads: ThreadRepository,
        messages: MessageRepository,
        runs: RunRepository,
        roles: RoleRepository,
        settings: SettingsRepository,
        models: ModelService,
        bus: RunBus,
        on_run_finished: Callable[[str], None] | None = None,
    ) -> None:
        self._db = database
        self._threads = threads
        self._messages = messages
        self._runs = runs
        self._roles = roles
        self._settings = settings
        self._models = models
        self.bus = bus
        self._routes: dict[RunKind, RouteRunner] = {RunKind.CHAT: ChatRoute()}
        self._active: dict[str, RunHandle] = {}
        self._workers: list[threading.Thread] = []
        self._lock = threading.Lock()
        self.on_run_finished = on_run_finished

    def register_route(self, kind: RunKind, runner: RouteRunner) -> None:
        self._routes[kind] = runner

    # -- starting runs ---------------------------------------------------------------------------
    def send(self, thread_id: str | None, text: str, options: SendOptions | None = None) -> RunHandle:
        """Send ``text`` to ``thread_id`` (None: a new thread, created by this first send)."""
        options = options or SendOptions()
        if not text.strip():
            raise InvalidInputError("The message is empty: type something to send.")
        self._check_bindings(options)
        if thread_id is None:
            thread = self._draft_thread(options)
            turn = _Turn(thread, None, text, [PromptMessage("user", text)])
        else:
            thread = self._apply_options(self._writable_thread(thread_id), options)
            path = self._path(thread)
            parent = path[-1].id if path else None
            turn = _Turn(thread, parent, text, [*prompt_history(path), PromptMessage("user", text)])
        return self._start(turn, options, create_thread=thread_id is None)

    def edit(self, message_id: str, text: str) -> RunHandle:
        """A new sibling of the user message ``message_id`` with ``text``, and a new answer to it."""
        message = self._message(message_id)
        if message.role is not MessageRole.USER:
            raise InvalidInputError("Only your own messages can be edited; regenerate an answer instead.")
        if not text.strip():
            raise InvalidInputError("The message is empty: type something to send.")
        thread = self._writable_thread(message.thread_id)
        path = self._path_to(thread, message.parent_id)
        turn = _Turn(thread, message.parent_id, text, [*prompt_history(path), PromptMessage("user", text)])
        return self._start(turn, SendOptions(), create_thread=False)

    def regenerate(self, message_id: str) -> RunHandle:
        """A new sibling answer to the user message that ``message_id`` answered."""
        message = self._message(message_id)
        if message.role is MessageRole.USER:
            return self._answer_again(message)
        if message.parent_id is None:
            raise InvalidInputError("This answer has no question to answer again.")
        return self._answer_again(self._message(message.parent_id))

    def retry(self, message_id: str) -> RunHandle:
        """Re-run the same user message as a new branch (for a failed, stopped or any answer)."""
        return self.regenerate(message_id)

    def _answer_again(self, user_message: Message) -> RunHandle:
        thread = self._writable_thread(user_message.thread_id)
        path = self._path_to(thread, user_message.id)
        turn = _Turn(
            thread, user_message.parent_id, user_message.content, prompt_history(path), user_message.id
        )
        return self._start(turn, SendOptions(), create_thread=False)

    def _start(self, turn: _Turn, options: SendOptions, *, create_thread: bool) -> RunHandle:
        with self._lock:
            if self._active:
                raise ConflictError("A reply is already being written: stop it or wait for it to finish.")
            thread = turn.thread
            model_ref = self._models.validate_ref(self._models.resolve(thread.model_ref))
            model = self._models.registry.get(model_ref)
            role = self._compile_role(thread, turn.history, model)
            request = self._compile(thread, turn.history, model, role)  # raises before anything is written
            route = choose_route(
                agent_enabled=thread.agent_enabled,
                knowledge_base_id=thread.knowledge_base_id,
                user_text=turn.user_text,
            )
            handle = self._persist(
                turn=turn,
                options=options,
                create_thread=create_thread,
                model_ref=model_ref,
                request=request,
                route=route,
            )
            self._active[handle.run_id] = handle
        worker = threading.Thread(
            target=self._execute,
            args=(handle, route, model, request, turn.user_text),
            name=f"mira-run-{handle.run_id[-6:]}",
        )
        self._workers = [w for w in self._workers if w.is_alive()] + [worker]
        worker.start()
        return handle

    def _persist(
        self,
        *,
        turn: _Turn,
        options: SendOptions,
        create_thread: bool,
        model_ref: str,
        request: CompiledRequest,
        route: RouteDecision,
    ) -> RunHandle:
        snapshot = self._models.snapshot(model_ref, request.sampling)
        role = request.role
        with self._db.transaction():
            thread = turn.thread
            if create_thread:
                thread = self._threads.create(
                    title=make_title(turn.user_text),
                    model_ref=options.model_ref,
                    role_id=options.role_id,
                    knowledge_base_id=options.knowledge_base_id,
                    workspace_id=options.workspace_id,
                    agent_enabled=options.agent,
                )
            user_id = turn.existing_user_message_id
            if user_id is None:
                user_id = self._messages.add(
                    thread.id, MessageRole.USER, turn.user_text, parent_id=turn.parent_id
                ).id
            run_id = self._runs.create(
                thread_id=thread.id,
                kind=route.kind,
                route_reason=route.reason,
                user_message_id=user_id,
                model_ref=model_ref,
                model_snapshot=snapshot,
                role_id=role.role_id,
                role_version=role.role_version,
                role_snapshot=role.snapshot(),
            )
            assistant = self._messages.add(
                thread.id,
                MessageRole.ASSISTANT,
                "",
                parent_id=user_id,
                status=MessageStatus.STREAMING,
                run_id=run_id,
            )
            self._runs.set_assistant_message(run_id, assistant.id)
            # The route and its reason are the run's first event (DESIGN §3.3).
            self._runs.append_event(
                run_id, EventType.ROUTE_SELECTED, {"route": route.kind.value, "reason": route.reason}
            )
            self._runs.append_event(
                run_id,
                EventType.RUN_STARTED,
                {"thread_id": thread.id, "user_message_id": user_id, "message_id": assistant.id, "pid": os.getpid(),
                 "process_start": _process_start_time()},
            )  # fmt: skip
            self._runs.append_event(
                run_id,
                EventType.REQUEST_COMPILED,
                {
                    "prompt_tokens": request.prompt_tokens,
                    "window": request.window,
                    "dropped_messages": request.dropped_messages,
                    "sections": {s.name: s.tokens for s in request.sections},
                    "sampling": request.sampling.to_dict(),
                },
            )
        return RunHandle(run_id, thread.id, user_id, assistant.id, CancelToken(), threading.Event())

    # -- the worker ------------------------------------------------------------------------------
    def _execute(
        self,
        handle: RunHandle,
        route: RouteDecision,
        model: ChatModel,
        request: CompiledRequest,
        user_text: str,
    ) -> None:
        thread = self._threads.get(handle.thread_id)
        assert thread is not None
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
            bus=self.bus,
        )
        for seq_event in self._runs.events(handle.run_id):  # let listeners see the opening events
            self.bus.publish(
                LiveEvent(handle.run_id, handle.thread_id, seq_event.type, seq_event.data, seq_event.seq)
            )
        try:
            runner = self._routes.get(route.kind)
            if runner is None:
                outcome = RunOutcome(
                    RunStatus.FAILED,
                    {
                        "kind": "unavailable",
                        "message": f"{route.kind.value.upper()} runs are not available in this version of Mira.",
                    },
                )
            else:
                outcome = runner.run(context)
        except ModelError as error:
            outcome = RunOutcome(RunStatus.FAILED, error.to_dict())
        except MiraError as error:
            outcome = RunOutcome(RunStatus.FAILED, {"kind": "bad_request", "message": str(error)})
        except Exception as error:  # our bug: kept on the message, never lost
            outcome = RunOutcome(
                RunStatus.FAILED,
                {"kind": "internal", "message": f"Mira failed: {type(error).__name__}: {error}"},
            )
        if outcome.status is RunStatus.COMPLETED and context.cancel.cancelled:
            outcome = RunOutcome(RunStatus.CANCELLED, metadata=outcome.metadata)
        self._finish(context, handle, outcome)

    def _finish(self, context: RunContext, handle: RunHandle, outcome: RunOutcome) -> None:
        status_map = {
            RunStatus.COMPLETED: (MessageStatus.COMPLETE, EventType.RUN_COMPLETED),
            RunStatus.CANCELLED: (MessageStatus.CANCELLED, EventType.RUN_CANCELLED),
            RunStatus.FAILED: (MessageStatus.ERROR, EventType.RUN_FAILED),
        }
        message_status, terminal = status_map[outcome.status]
        terminal_data: dict[str, Any] = {
            "thread_id": handle.thread_id,
            "run_id": handle.run_id,
            "message_id": handle.assistant_message_id,
            "status": outcome.status.value,
        }
        if outcome.error:
            terminal_data["error"] = outcome.error
        completed = {
            "message_id": handle.assistant_message_id,
            "status": message_status.value,
            "length": len(context.text),
        }
        with self._db.transaction():
            # The journal holds all the text: the last unflushed piece goes in with the final message.
            context.flush_into_journal()
            self._messages.finalize(
                handle.assistant_message_id,
                content=context.text,
                status=message_status,
                error=outcome.error,
                metadata=outcome.metadata or None,
            )
            done_event = self._runs.append_event(handle.run_id, EventType.MESSAGE_COMPLETED, completed)
            end_event = self._runs.append_event(handle.run_id, terminal, terminal_data)
            self._runs.finish(handle.run_id, outcome.status, outcome.error)
            self._threads.touch(handle.thread_id)
            if outcome.status is RunStatus.COMPLETED:
                self._auto_title(handle.thread_id)
        for event in (done_event, end_event):
            self.bus.publish(LiveEvent(handle.run_id, handle.thread_id, event.type, event.data, event.seq))
        handle.status = outcome.status
        with self._lock:
            self._active.pop(handle.run_id, None)
        handle.done.set()
        if self.on_run_finished is not None and outcome.status is RunStatus.COMPLETED:
            self.on_run_finished(handle.thread_id)

    def _auto_title(self, thread_id: str) -> None:
        thread = self._threads.get(thread_id)
        if thread is None or thread.title:
            return
        first_user = next(
            (m for m in self._messages.list_for_thread(thread_id) if m.role is MessageRole.USER), None
        )
        if first_user is not None:
            self._threads.set_title(thread_id, make_title(first_user.content))

    # -- stop, active runs, recovery -------------------------------------------------------------
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

    def recover_interrupted(self) -> list[str]:
        """Mark runs left ``running`` by a process that no longer exists as interrupted."""
        marked = []
        for run in self._runs.list_by_status(RunStatus.RUNNING):
            started = next((e for e in self._runs.events(run.id) if e.type == EventType.RUN_STARTED), None)
            if started is not None and _process_alive(
                started.data.get("pid"), started.data.get("process_start")
            ):
                continue
            error = {"kind": "interrupted", "message": INTERRUPTED_MESSAGE}
            with self._db.transaction():
                if run.assistant_message_id:
                    message = self._messages.get(run.assistant_message_id)
                    if message is not None:
                        self._messages.finalize(
                            message.id, content=message.content, status=MessageStatus.ERROR, error=error
                        )
                self._runs.append_event(
                    run.id, EventType.RUN_INTERRUPTED, {"run_id": run.id, "status": "interrupted"}
                )
                self._runs.finish(run.id, RunStatus.INTERRUPTED, error)
            marked.append(run.id)
        return marked

    def close(self, timeout: float = 10.0) -> None:
        """Stop every run and wait for the workers (used when the window closes)."""
        self.stop()
        for worker in list(self._workers):
            worker.join(timeout)

    # -- branches --------------------------------------------------------------------------------
    def switch_branch(self, thread_id: str, message_id: str) -> str:
        """Show the branch through ``message_id`` (down to its newest leaf); returns the leaf id."""
        thread = self._thread(thread_id)
        tree = MessageTree(self._messages.list_for_thread(thread.id))
        if message_id not in tree.by_id:
            raise NotFoundError(f"No message {message_id} in thread {thread_id}.")
        leaf = tree.deepest_leaf(message_id)
        self._threads.set_active_leaf(thread.id, leaf)
        return leaf

    def delete_message(self, message_id: str) -> list[str]:
        """Delete one message and the replies below it (only that subtree); returns deleted ids."""
        message = self._message(message_id)
        if any(h.thread_id == message.thread_id for h in self.active_runs()):
            raise ConflictError("Stop the reply being written before deleting messages in this thread.")
        tree = MessageTree(self._messages.list_for_thread(message.thread_id))
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
            self._messages.delete_subtree(message_id)
        return doomed

    def run(self, run_id: str) -> Run | None:
        return self._runs.get(run_id)

    def run_events(self, run_id: str) -> list[RunEvent]:
        return self._runs.events(run_id)

    def active_branch(self, thread_id: str) -> list[Message]:
        return self._path(self._thread(thread_id))

    # -- context ---------------------------------------------------------------------------------
    def preview(
        self, thread_id: str | None, draft: str = "", model_ref: str | None = None
    ) -> CompiledRequest:
        """The request the next send would make (for the context meter and the request preview)."""
        thread = self._threads.get(thread_id) if thread_id else None
        history = prompt_history(self._path(thread)) if thread else []
        if draft.strip():
            history.append(PromptMessage("user", draft))
        ref = self._models.resolve(model_ref or (thread.model_ref if thread else None))
        model = self._models.registry.get(ref)
        if thread is None:
            return compile_request(
                history=history, window=model.profile().context_window, count_tokens=model.count_tokens
            )
        return self._compile(thread, history, model, self._compile_role(thread, history, model))

    def _compile_role(self, thread: Thread, history: list[PromptMessage], model: ChatModel) -> CompiledRole:
        role = self._roles.get(thread.role_id) if thread.role_id else None
        return compile_role(
            role,
            user_name=str(self._settings.get(USER_NAME_SETTING, DEFAULT_USER_NAME)),
            recent_messages=[m.content for m in history[-6:]],
            count_tokens=model.count_tokens,
        )

    def _compile(
        self, thread: Thread, history: list[PromptMessage], model: ChatModel, role: CompiledRole
    ) -> CompiledRequest:
        return compile_request(
            history=history,
            window=model.profile().context_window,
            count_tokens=model.count_tokens,
            role=role,
            summary=thread.context_summary,
        )

    # -- helpers ---------------------------------------------------------------------------------
    def _draft_thread(self, options: SendOptions) -> Thread:
        """An unsaved thread for compiling the first request; the row is written by ``_persist``."""
        return Thread(
            id="",
            title="",
            model_ref=options.model_ref,
            workspace_id=options.workspace_id,
            knowledge_base_id=options.knowledge_base_id,
            role_id=options.role_id,
            agent_enabled=options.agent,
            tts_enabled=False,
            image_enabled=False,
            context_summary=None,
            status=ThreadStatus.ACTIVE,
            active_leaf_id=None,
            draft="",
            created_at="",
            updated_at="",
        )

    def _apply_options(self, thread: Thread, options: SendOptions) -> Thread:
        """Options given with a send to an existing thread change its bindings first."""
        if options == SendOptions():
            return thread
        if options.model_ref is not None:
            self._threads.set_model_ref(thread.id, options.model_ref)
        self._threads.set_bindings(
            thread.id,
            role_id=options.role_id or thread.role_id,
            knowledge_base_id=options.knowledge_base_id or thread.knowledge_base_id,
            workspace_id=options.workspace_id or thread.workspace_id,
            agent_enabled=options.agent or thread.agent_enabled,
        )
        return self._thread(thread.id)

    def _check_bindings(self, options: SendOptions) -> None:
        checks = ((options.role_id, self._roles.get, "role", "mira roles list"),)
        for value, lookup, name, command in checks:
            if value is not None and lookup(value) is None:
                raise NotFoundError(f"No {name} with id {value}: see `{command}`.")

    def _thread(self, thread_id: str) -> Thread:
        thread = self._threads.get(thread_id)
        if thread is None:
            raise NotFoundError(f"No thread with id {thread_id}: see `mira threads list`.")
        return thread

    def _writable_thread(self, thread_id: str) -> Thread:
        thread = self._thread(thread_id)
        if thread.status is ThreadStatus.ARCHIVED:
            raise ConflictError(f"Thread {thread_id} is archived: unarchive it to continue the conversation.")
        return thread

    def _message(self, message_id: str) -> Message:
        message = self._messages.get(message_id)
        if message is None:
            raise NotFoundError(f"No message with id {message_id}.")
        return message

    def _path(self, thread: Thread) -> list[Message]:
        return MessageTree(self._messages.list_for_thread(thread.id)).path_to(thread.active_leaf_id)

    def _path_to(self, thread: Thread, message_id: str | None) -> list[Message]:
        if message_id is None:
            return []
        return MessageTree(self._messages.list_for_thread(thread.id)).path_to(message_id)


def make_title(text: str) -> str:
    line = " ".join(text.strip().split())
    return line if len(line) <= TITLE_LENGTH else line[: TITLE_LENGTH - 1].rstrip() + "…"


def _process_start_time(pid: int | None = None) -> str:
    try:
        with open(f"/proc/{pid or os.getpid()}/stat", encoding="ascii") as handle:
            return handle.read().rsplit(")", 1)[1].split()[19]
    except OSError:
        return ""


def _process_alive(pid: object, start: object) -> bool:
    if not isinstance(pid, int):
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    # The same pid may belong to a new process: compare start times where /proc tells them.
    return not start or _process_start_time(pid) == start
