"""UChat: the one state machine of the chat window, as data.

``transition(state, event) -> (state, effects)`` is pure. Events come from the UI (send, stop,
edit, …) and from run events (started, delta, completed, …); effects are what the shell must do
(start a run, cancel it, load a thread, save a draft). The welcome page is a draft: no thread exists
until the first send. One send at a time.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from types import MappingProxyType
from typing import Any, assert_never

from mira_desktop.core.conversation.chat_view import (
    ActiveRun,
    AttachmentRef,
    SourceRef,
    ThreadSummary,
    ViewMessage,
)
from mira_desktop.core.phrases import Phrase, said

__all__ = ["ActiveRun", "AttachmentRef", "SourceRef", "ThreadSummary", "ViewMessage"]  # also here, for the window

WELCOME = ""  # the draft key of the welcome page (no thread yet)
PENDING_USER = "pending-user"
PENDING_ASSISTANT = "pending-assistant"


class RunMode(StrEnum):
    SEND = "send"
    EDIT = "edit"
    REGENERATE = "regenerate"
    RETRY = "retry"
    CONTINUE = "continue"  # a cut-off answer carries on, as a new branch that starts with its text


@dataclass(frozen=True)
class ChatState:
    threads: tuple[ThreadSummary, ...] = ()
    current: str = WELCOME
    history: tuple[ViewMessage, ...] = ()
    drafts: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    active_run: ActiveRun | None = None
    notice: str | Phrase = ""  # said in the window's language (a Phrase), or as the service said it
    author: str = ""  # who answers in the shown thread or draft: its role's name ("" for Mira)
    avatar: str = ""  # that role's avatar image (a path), shown on an answer while it is written

    @property
    def draft(self) -> str:
        return self.drafts.get(self.current, "")

    @property
    def busy(self) -> bool:
        return self.active_run is not None


# -- events -----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class ThreadsLoaded:
    threads: tuple[ThreadSummary, ...]


@dataclass(frozen=True)
class ThreadOpened:
    """Open a thread (or the welcome page with ``WELCOME``); the shell loads its history."""

    thread_id: str


@dataclass(frozen=True)
class FirstLookCarried:
    """What the window showed before the services existed, taken over: the open page (a thread or
    ``WELCOME``) with the messages on screen, kept until its history is loaded again, and the
    composer's text of each page shown then, as that page's draft. The texts of the pages in
    ``typed`` were typed (not the saved draft as read) and are saved."""

    current: str
    shown: tuple[ViewMessage, ...]
    drafts: tuple[tuple[str, str], ...]  # (thread id or WELCOME, text)
    typed: frozenset[str] = frozenset()


@dataclass(frozen=True)
class HistoryLoaded:
    thread_id: str
    history: tuple[ViewMessage, ...]
    draft: str | None = None  # the saved draft, when the shell read it from the store


@dataclass(frozen=True)
class PersonaShown:
    """Who answers in the shown thread (or the welcome draft): a new answer is labelled so at once."""

    author: str
    avatar: str = ""


@dataclass(frozen=True)
class DraftEdited:
    text: str


@dataclass(frozen=True)
class SendRequested:
    text: str
    parts: tuple[AttachmentRef, ...] = ()  # the draft's file, shown on the message until it is written
    attachment: str | None = None  # the draft key whose file goes with the message


@dataclass(frozen=True)
class EditRequested:
    message_id: str
    text: str


@dataclass(frozen=True)
class RegenerateRequested:
    message_id: str


@dataclass(frozen=True)
class RetryRequested:
    message_id: str


@dataclass(frozen=True)
class ContinueRequested:
    message_id: str


@dataclass(frozen=True)
class RunResuming:
    """A paused agent run goes on into its answer ``message_id`` (approved, denied, continued)."""

    message_id: str


@dataclass(frozen=True)
class StopRequested:
    pass


@dataclass(frozen=True)
class BranchSwitchRequested:
    message_id: str


@dataclass(frozen=True)
class RunStarted:
    run_id: str
    thread_id: str
    user_message_id: str
    assistant_message_id: str


@dataclass(frozen=True)
class RunRefused:
    """The shell could not start the run (bad input, busy, …): nothing was written."""

    message: str | Phrase


@dataclass(frozen=True)
class DeltaReceived:
    run_id: str
    text: str
    reasoning: bool = False  # a thinking model's reasoning, shown apart from the answer


@dataclass(frozen=True)
class RunEnded:
    run_id: str
    status: str  # completed | cancelled | failed
    error: str = ""
    flags: tuple[str, ...] = ()  # what the end says about the answer (cut_off_thinking)


Event = (
    ThreadsLoaded
    | ThreadOpened
    | FirstLookCarried
    | HistoryLoaded
    | PersonaShown
    | DraftEdited
    | SendRequested
    | EditRequested
    | RegenerateRequested
    | RetryRequested
    | ContinueRequested
    | RunResuming
    | StopRequested
    | BranchSwitchRequested
    | RunStarted
    | RunRefused
    | DeltaReceived
    | RunEnded
)


# -- effects ----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class StartRun:
    mode: RunMode
    thread_id: str  # WELCOME: create the thread with this first send
    text: str = ""
    message_id: str | None = None
    attachment: str | None = None  # a send: the draft key whose file goes with it


@dataclass(frozen=True)
class CancelRun:
    run_id: str | None


@dataclass(frozen=True)
class LoadThread:
    thread_id: str


@dataclass(frozen=True)
class SaveDraft:
    thread_id: str
    text: str


@dataclass(frozen=True)
class SwitchBranch:
    thread_id: str
    message_id: str


@dataclass(frozen=True)
class RefreshThreads:
    pass


Effect = StartRun | CancelRun | LoadThread | SaveDraft | SwitchBranch | RefreshThreads


def transition(state: ChatState, event: Event) -> tuple[ChatState, tuple[Effect, ...]]:  # noqa: PLR0911, PLR0912
    match event:
        case ThreadsLoaded(threads):
            return replace(state, threads=threads), ()
        case ThreadOpened(thread_id):
            opened = replace(state, current=thread_id, history=(), notice="")
            return opened, ((LoadThread(thread_id),) if thread_id != WELCOME else ())
        case FirstLookCarried(current, shown, carried, typed):
            drafts = state.drafts
            for page, text in carried:
                drafts = _with(drafts, page, text)
            saves = tuple(SaveDraft(page, text) for page, text in carried if page in typed)
            carried_over = replace(state, current=current, history=shown, drafts=drafts, notice="")
            return carried_over, saves + ((LoadThread(current),) if current != WELCOME else ())
        case HistoryLoaded(thread_id, history, draft):
            if thread_id != state.current:
                return state, ()  # an answer for a thread the user already left
            drafts = state.drafts
            if draft is not None and thread_id not in drafts:
                drafts = _with(drafts, thread_id, draft)
            return replace(state, history=_keep_streaming(state, history), drafts=drafts), ()
        case PersonaShown(author, avatar):
            return replace(state, author=author, avatar=avatar), ()
        case DraftEdited(text):
            if text == state.draft:
                return state, ()
            return replace(state, drafts=_with(state.drafts, state.current, text)), (
                SaveDraft(state.current, text),
            )
        case SendRequested(text, parts, attachment):
            return _send(state, text, parts, attachment)
        case EditRequested(message_id, text):
            return _start(state, RunMode.EDIT, text=text, message_id=message_id)
        case RegenerateRequested(message_id):
            return _start(state, RunMode.REGENERATE, message_id=message_id)
        case RunResuming(message_id):
            if state.busy or message_id not in {m.id for m in state.history}:
                return replace(state, notice=said("chat.busy")), ()
            history = tuple(
                replace(m, status="streaming") if m.id == message_id else m for m in state.history
            )
            return replace(
                state, history=history, active_run=ActiveRun(state.current, message_id), notice=""
            ), ()
        case ContinueRequested(message_id):
            return _start(state, RunMode.CONTINUE, message_id=message_id)
        case RetryRequested(message_id):
            return _start(state, RunMode.RETRY, message_id=message_id)
        case StopRequested():
            run = state.active_run
            if run is None or run.stopping:
                return state, ()
            return replace(state, active_run=replace(run, stopping=True)), (CancelRun(run.run_id),)
        case BranchSwitchRequested(message_id):
            if state.busy or state.current == WELCOME:
                return replace(state, notice=said("chat.wait_branch")), ()
            return state, (SwitchBranch(state.current, message_id), LoadThread(state.current))
        case RunStarted(run_id, thread_id, user_id, assistant_id):
            return _run_started(state, run_id, thread_id, user_id, assistant_id)
        case RunRefused(message):
            history = tuple(m for m in state.history if not m.optimistic)
            return replace(state, history=history, active_run=None, notice=message), ()
        case DeltaReceived(run_id, text, reasoning):
            run = state.active_run
            if run is None or run.run_id != run_id or state.current != run.thread_id:
                return state, ()
            history = tuple(_grown(m, text, reasoning) if m.id == run.assistant_id else m for m in state.history)
            return replace(state, history=history), ()
        case RunEnded(run_id, status, error, flags):
            return _run_ended(state, run_id, status, error, flags)
        case _:
            assert_never(event)


def _send(
    state: ChatState, text: str, parts: tuple[AttachmentRef, ...] = (), attachment: str | None = None
) -> tuple[ChatState, tuple[Effect, ...]]:
    if not text.strip():
        return replace(state, notice=said("chat.type_first")), ()
    if state.busy:
        return replace(state, notice=said("chat.busy")), ()
    parent = state.history[-1].id if state.history else None
    optimistic = (
        ViewMessage(PENDING_USER, parent, "user", text, "complete", optimistic=True, parts=parts),
        _pending_answer(state, PENDING_USER),
    )
    sent = replace(
        state,
        history=state.history + optimistic,
        drafts=_with(state.drafts, state.current, ""),
        active_run=ActiveRun(state.current, PENDING_ASSISTANT),
        notice="",
    )
    start = StartRun(RunMode.SEND, state.current, text=text, attachment=attachment)
    return sent, (SaveDraft(state.current, ""), start)


def _start(
    state: ChatState, mode: RunMode, *, text: str = "", message_id: str
) -> tuple[ChatState, tuple[Effect, ...]]:
    if state.busy:
        return replace(state, notice=said("chat.busy")), ()
    if mode is RunMode.EDIT and not text.strip():
        return replace(state, notice=said("chat.edit_empty")), ()
    ids = [m.id for m in state.history]
    if message_id not in ids:
        return replace(state, notice=said("chat.not_visible")), ()
    target = state.history[ids.index(message_id)]
    # The new branch replaces what follows the point it grows from.
    if mode is RunMode.EDIT:
        keep = state.history[: ids.index(message_id)]
        added: tuple[ViewMessage, ...] = (
            ViewMessage(PENDING_USER, target.parent_id, "user", text, "complete", optimistic=True),
            _pending_answer(state, PENDING_USER),
        )
    else:
        question = target if target.role == "user" else None
        cut = ids.index(message_id) + (1 if question else 0)
        keep = state.history[:cut]
        parent = message_id if question else target.parent_id
        start = target.content if mode is RunMode.CONTINUE and question is None else ""
        added = (_pending_answer(state, parent, start),)
    started = replace(
        state, history=keep + added, active_run=ActiveRun(state.current, PENDING_ASSISTANT), notice=""
    )
    return started, (StartRun(mode, state.current, text=text, message_id=message_id),)


def _pending_answer(state: ChatState, parent: str | None, text: str = "") -> ViewMessage:
    """The answer about to be written, labelled with who writes it (the thread's role, or Mira)."""
    return ViewMessage(
        PENDING_ASSISTANT,
        parent,
        "assistant",
        text,
        "streaming",
        optimistic=True,
        author=state.author,
        avatar=state.avatar,
    )


def _run_started(
    state: ChatState, run_id: str, thread_id: str, user_id: str, assistant_id: str
) -> tuple[ChatState, tuple[Effect, ...]]:
    run = state.active_run
    if run is None:
        return state, ()
    ids = {PENDING_USER: user_id, PENDING_ASSISTANT: assistant_id}
    history = tuple(
        replace(
            m, id=ids.get(m.id, m.id), parent_id=ids.get(m.parent_id or "", m.parent_id), optimistic=False
        )
        for m in state.history
    )
    drafts = state.drafts
    current = state.current
    effects: tuple[Effect, ...] = ()
    if run.thread_id == WELCOME:  # the first send created the thread: the welcome draft moves to it
        current = thread_id if state.current == WELCOME else state.current
        drafts = _with(_without(drafts, WELCOME), thread_id, "")
        effects = (RefreshThreads(),)
    new_run = ActiveRun(thread_id, assistant_id, run_id, run.stopping)
    started = replace(state, history=history, current=current, drafts=drafts, active_run=new_run)
    if run.stopping:  # Stop was pressed before the run had an id
        return started, (*effects, CancelRun(run_id))
    return started, effects


def _run_ended(
    state: ChatState, run_id: str, status: str, error: str, flags: tuple[str, ...] = ()
) -> tuple[ChatState, tuple[Effect, ...]]:
    run = state.active_run
    if run is None or run.run_id != run_id:
        return state, ()
    final = {"completed": "complete", "cancelled": "cancelled", "failed": "error"}.get(status, status)
    history = tuple(
        replace(m, status=final, error=error, flags=(*m.flags, *flags)) if m.id == run.assistant_id else m
        for m in state.history
    )
    ended = replace(state, history=history, active_run=None)
    effects: tuple[Effect, ...] = (RefreshThreads(),)
    if state.current == run.thread_id:
        effects = (LoadThread(run.thread_id), RefreshThreads())  # refresh sibling counters from the store
    return ended, effects


def _grown(message: ViewMessage, text: str, reasoning: bool) -> ViewMessage:
    """The streaming answer with a delta added to its text, or to its reasoning."""
    if reasoning:
        return replace(message, reasoning=message.reasoning + text)
    return replace(message, content=message.content + text)


def _keep_streaming(state: ChatState, history: tuple[ViewMessage, ...]) -> tuple[ViewMessage, ...]:
    """While a run streams into this thread, the live text wins over what the store has so far, and
    the run's question and answer stay even when the store did not have them yet when it was read
    (a load that began before the send, or that raced its first write)."""
    run = state.active_run
    if run is None or run.thread_id != state.current:
        return history
    live = {m.id: m for m in state.history}
    streaming = live.get(run.assistant_id)
    if streaming is None:
        return history
    shown = tuple(
        replace(m, content=streaming.content, reasoning=streaming.reasoning, status="streaming")
        if m.id == run.assistant_id
        else m
        for m in history
    )
    loaded = {m.id for m in history}
    question = live.get(streaming.parent_id or "")
    missing = tuple(m for m in (question, streaming) if m is not None and m.id not in loaded)
    return shown + missing


def _with(drafts: Mapping[str, str], key: str, text: str) -> Mapping[str, str]:
    updated: dict[str, Any] = dict(drafts)
    updated[key] = text
    return MappingProxyType(updated)


def _without(drafts: Mapping[str, str], key: str) -> Mapping[str, str]:
    return MappingProxyType({k: v for k, v in drafts.items() if k != key})
