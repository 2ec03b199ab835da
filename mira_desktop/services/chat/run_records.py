"""Writing the rows of a run before it starts: each in one transaction, before the worker runs.

A new run writes the thread (on its first send), the greeting, the user message, the run, a
streaming answer and the opening events. A resumed agent run writes its status back to running
and a ``run.resumed`` event; a new message sent while it waited also moves its answer below that
message (the old answer keeps what it had said). A killed process therefore never leaves half a
run: it is written whole or not at all, and the worker takes it from there.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from mira_desktop.core.cancel import CancelToken
from mira_desktop.core.conversation.request_compiler import CompiledRequest, PromptMessage
from mira_desktop.core.conversation.routing import RouteDecision
from mira_desktop.core.conversation.runs import EventType, Run, RunStatus
from mira_desktop.core.conversation.threads import MODEL_KEY, MessageRole, MessageStatus, Thread
from mira_desktop.core.errors import NotFoundError
from mira_desktop.core.processes import current_process
from mira_desktop.services.attachments.sending import AttachedFile
from mira_desktop.services.attachments.views import FileBlock
from mira_desktop.services.chat.titles import make_title
from mira_desktop.services.chat.worker import RunHandle
from mira_desktop.store.attachments import AttachmentRepository, DraftGoneError
from mira_desktop.store.database import Database
from mira_desktop.store.messages import MessageRepository
from mira_desktop.store.runs import RunRepository
from mira_desktop.store.threads import ThreadRepository


@dataclass(frozen=True)
class SendOptions:
    """Bindings for a new thread (or changes to an existing one) made with this send."""

    model_ref: str | None = None
    role_id: str | None = None
    knowledge_base_id: str | None = None
    agent: bool = False
    workspace_id: str | None = None
    greeting: str | None = None  # a new thread opens with the role's greeting (shown before the first send)
    attachment: str | None = None  # the draft key whose file goes with the message (AttachmentView.draft_key)
    tts: bool = False  # a new thread speaks its answers (chosen on the welcome draft)
    memory: bool = True  # a new thread uses memory (its project's default)


@dataclass(frozen=True)
class Turn:
    """What a run answers: the history to send and where the new messages hang."""

    thread: Thread
    parent_id: str | None  # parent of the new user message (send/edit)
    user_text: str
    history: list[PromptMessage]
    existing_user_message_id: str | None = None  # regenerate/retry answer an existing message
    greeting: str | None = None  # the role's greeting, written before the first user message
    prefix: str = ""  # continue: the new answer starts with the cut-off one's text
    attachment: AttachedFile | None = None  # the file of the message (read into the request)
    earlier: int = 0  # messages before ``history`` that were not read (too old for the window)
    max_tokens: int | None = None  # more room than the request's own (an answer cut off while thinking)
    model_ref: str | None = None  # this answer's model (a comparison's); None: the thread's


class RunRecords:
    def __init__(
        self,
        database: Database,
        threads: ThreadRepository,
        messages: MessageRepository,
        runs: RunRepository,
        attachments: AttachmentRepository,
    ) -> None:
        self._db = database
        self._threads = threads
        self._messages = messages
        self._runs = runs
        self._attachments = attachments

    def new_run(
        self,
        turn: Turn,
        options: SendOptions,
        *,
        create_thread: bool,
        model_ref: str,
        model_snapshot: dict[str, Any],
        request: CompiledRequest,
        route: RouteDecision,
        author: dict[str, str],
        file_block: FileBlock | None = None,
    ) -> RunHandle:
        role = request.role
        process = current_process()
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
                    tts_enabled=options.tts,
                    memory_enabled=options.memory,
                )
            parent_id = turn.parent_id
            if turn.greeting:
                parent_id = self._messages.add(
                    thread.id, MessageRole.ASSISTANT, turn.greeting, metadata={**author, "greeting": True}
                ).id
            user_id = turn.existing_user_message_id
            file = turn.attachment
            own = file is not None and file.carried_from is None  # a carried file stays with its message
            if user_id is None:
                part = file.part(file_block) if own and file is not None and file_block is not None else None
                parts = [part] if part is not None else None
                user_id = self._messages.add(
                    thread.id, MessageRole.USER, turn.user_text, parent_id=parent_id, parts=parts
                ).id
                if own and file is not None and file.draft_key is not None:
                    try:  # the draft's hold on the file moves to the message in this transaction
                        self._attachments.move_draft_to_message(file.draft_key, file.attachment.id, user_id)
                    except DraftGoneError:
                        raise NotFoundError.said("chat.file_removed", file=file.name) from None
                elif own and file is not None:  # an edited message keeps the file it was sent with
                    self._attachments.refer(file.attachment.id, user_id, file.name)
            run_id = self._runs.create(
                thread_id=thread.id,
                kind=route.kind,
                route_reason=route.reason,
                user_message_id=user_id,
                model_ref=model_ref,
                model_snapshot=model_snapshot,
                role_id=role.role_id,
                role_version=role.role_version,
                role_snapshot=role.snapshot(),
            )
            assistant = self._messages.add(
                thread.id,
                MessageRole.ASSISTANT,
                turn.prefix,
                parent_id=user_id,
                status=MessageStatus.STREAMING,
                run_id=run_id,
                metadata={**author, MODEL_KEY: model_ref, **_file_sources(file_block)},  # who wrote it
            )
            self._runs.set_assistant_message(run_id, assistant.id)
            # The route and its reason are the run's first event (DESIGN §3.3).
            self._runs.append_event(
                run_id, EventType.ROUTE_SELECTED, {"route": route.kind.value, "reason": route.reason}
            )
            self._runs.append_event(
                run_id,
                EventType.RUN_STARTED,
                {"thread_id": thread.id, "user_message_id": user_id, "message_id": assistant.id,
                 "model": model_ref, "pid": process.pid, "process_start": process.start},
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
            if file is not None and file_block is not None:
                self._runs.append_event(run_id, "attachment.read", _file_event(file, file_block))
        return RunHandle(run_id, thread.id, user_id, assistant.id, CancelToken())

    def resumed_run(self, run: Run, decision: dict[str, Any], new_message: str | None = None) -> RunHandle:
        """Mark ``run`` running again for this process; with ``new_message``, the user's message goes
        below the run's answer so far and the run answers it in a new message."""
        assert run.assistant_message_id is not None
        assert run.user_message_id is not None
        process = current_process()
        answer_id = run.assistant_message_id
        with self._db.transaction():
            old = self._messages.get(answer_id)
            if new_message is not None and old is not None:
                metadata = {k: v for k, v in old.metadata.items() if k != "pending"}
                self._messages.finalize(
                    answer_id, content=old.content, status=MessageStatus.COMPLETE, metadata=metadata
                )
                user = self._messages.add(run.thread_id, MessageRole.USER, new_message, parent_id=answer_id)
                author = {k: v for k, v in metadata.items() if k in ("author", "avatar", MODEL_KEY)}
                answer_id = self._messages.add(
                    run.thread_id,
                    MessageRole.ASSISTANT,
                    "",
                    parent_id=user.id,
                    status=MessageStatus.STREAMING,
                    run_id=run.id,
                    metadata=author or None,
                ).id
                self._runs.set_assistant_message(run.id, answer_id)
            else:
                self._messages.set_status(answer_id, MessageStatus.STREAMING)
            self._runs.set_status(run.id, RunStatus.RUNNING)
            self._runs.append_event(
                run.id,
                EventType.RUN_RESUMED,
                {"thread_id": run.thread_id, "run_id": run.id, "message_id": answer_id, "decision": decision,
                 "pid": process.pid, "process_start": process.start},
            )  # fmt: skip
            self._threads.touch(run.thread_id)
        return RunHandle(run.id, run.thread_id, run.user_message_id, answer_id, CancelToken())


def _file_sources(block: FileBlock | None) -> dict[str, Any]:
    """A long file's retrieved passages are the answer's sources, cited like a knowledge base's."""
    return {"sources": block.sources} if block is not None and block.sources else {}


def _file_event(file: AttachedFile, block: FileBlock) -> dict[str, Any]:
    carried = {"carried_from": file.carried_from} if file.carried_from else {}
    return {"attachment_id": file.attachment.id, "name": file.name, "mode": block.mode.value,
            "tokens": block.tokens, "passages": len(block.sources), **carried, **block.notes}  # fmt: skip
