"""Runs the UChat state machine for the window: dispatches events, performs effects, renders.

Run events arrive from worker threads through a queued signal. Streaming text marks the view dirty
and a frame timer repaints at most once per frame, so the window stays responsive while a model
streams.
"""

from __future__ import annotations

import threading
from collections import deque
from dataclasses import replace
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer, Signal

from mira_desktop.core import phrases
from mira_desktop.core.conversation.chat_state import (
    WELCOME,
    CancelRun,
    ChatState,
    DeltaReceived,
    Effect,
    Event,
    HistoryLoaded,
    LoadThread,
    RefreshThreads,
    RunEnded,
    RunMode,
    RunRefused,
    RunResuming,
    RunStarted,
    SaveDraft,
    StartRun,
    SwitchBranch,
    ViewMessage,
    transition,
)
from mira_desktop.core.conversation.runs import PAUSE_EVENTS, EventType
from mira_desktop.core.phrases import Phrase
from mira_desktop.services.chat.service import RunHandle, SendOptions
from mira_desktop.ui.chat.view_message import VISIBLE_MESSAGES, view_message
from mira_desktop.ui.language.i18n import explain, explain_saved, say

if TYPE_CHECKING:
    from collections.abc import Callable

    from mira_desktop.services.app.bundle import AppServices
    from mira_desktop.services.chat.run_bus import LiveEvent
    from mira_desktop.ui.runtime.operations import OperationRunner

FRAME_MS = 16


class _RunRelay(QObject):
    arrived = Signal()


class ChatController(QObject):
    state_changed = Signal(object)
    threads_changed = Signal()
    notice = Signal(str)
    waiting = Signal(str)  # the run waits for its model (someone else is answered); "": no more
    run_event = Signal(object)  # a journaled event of the run being written (not text deltas)

    def __init__(
        self,
        services: AppServices,
        background: OperationRunner,
        render: Callable[[ChatState, int], None],
        send_options: Callable[[], SendOptions],
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)  # the window: its frame timer dies with it, never paints a closed one
        self.services = services
        self.background = background
        self._render = render
        self._send_options = send_options
        self.state = ChatState()
        self.visible_limit = VISIBLE_MESSAGES
        self.hidden_earlier = 0
        # Each thread as its shown branch was read: (updated_at, active leaf), read before the messages,
        # so the window can tell "something changed elsewhere" from a change of the thread it shows.
        self.stamps: dict[str, tuple[str, str | None] | None] = {}
        self._dirty = False
        self._frame = QTimer(self)
        self._frame.setInterval(FRAME_MS)
        self._frame.timeout.connect(self._tick)
        # Run events land in a queue from the worker threads; one queued signal wakes the frame timer,
        # which drains the queue once per frame (not one Qt event per streamed token).
        self._incoming: deque[LiveEvent] = deque()
        self._incoming_lock = threading.Lock()
        self._relay = _RunRelay()
        self._relay.arrived.connect(self._wake)
        self._unsubscribe = services.run_bus.subscribe(self._enqueue)
        self._draft_timer = QTimer(self)
        self._draft_timer.setSingleShot(True)
        self._draft_timer.setInterval(400)
        self._draft_timer.timeout.connect(self._flush_drafts)
        self._pending_drafts: dict[str, str] = {}
        self._early: list[LiveEvent] = []

    # -- the loop --------------------------------------------------------------------------------
    def dispatch(self, event: Event) -> None:
        self.state, effects = transition(self.state, event)
        self._dirty = True
        switching = any(isinstance(e, SwitchBranch) for e in effects)
        for effect in effects:
            if switching and isinstance(effect, LoadThread):
                continue  # the switch reloads the thread once it is written
            self._perform(effect)
        if not isinstance(event, DeltaReceived):
            self._paint()  # user actions show at once; streaming waits for the frame timer

    def _enqueue(self, event: LiveEvent) -> None:
        """Called on a worker thread."""
        with self._incoming_lock:
            wake = not self._incoming
            self._incoming.append(event)
        if wake:
            self._relay.arrived.emit()

    def _wake(self) -> None:
        if not self._frame.isActive():
            self._frame.start()

    def _tick(self) -> None:
        with self._incoming_lock:
            events = list(self._incoming)
            self._incoming.clear()
        for event in events:
            self._on_run_event(event)
        self._paint()
        if not events and not self.state.busy and not self._dirty:
            self._frame.stop()  # idle: no timer wake-ups until the next run event

    def _paint(self) -> None:
        if self._dirty:
            self._dirty = False
            self._render(self.state, self.hidden_earlier)
            self.state_changed.emit(self.state)

    def _on_run_event(self, event: LiveEvent) -> None:
        run = self.state.active_run
        if run is not None and run.run_id is None:
            self._early.append(event)  # our run started but we do not know its id yet
            return
        if event.type in (EventType.MESSAGE_DELTA, EventType.REASONING_DELTA) and event.seq is None:
            thought = event.type == EventType.REASONING_DELTA
            self.dispatch(DeltaReceived(event.run_id, str(event.data.get("text", "")), reasoning=thought))
            return
        if event.type == EventType.NOTICE and "waiting" in event.data:
            waiting = phrases.from_dict(event.data.get("phrase")) if event.data["waiting"] else None
            self.waiting.emit(say(waiting) if waiting is not None else "")
            return
        if event.type not in (EventType.MESSAGE_DELTA, EventType.REASONING_DELTA):
            self.run_event.emit(event)  # the agent panel shows each step as it happens
        if event.type in PAUSE_EVENTS:
            self.waiting.emit("")  # stopped while it waited: the window no longer says it waits
            error = event.data.get("error")
            message = explain_saved(error) if isinstance(error, dict) else ""
            thought = isinstance(error, dict) and error.get("kind") == "cut_off_thinking"
            flags = ("cut_off_thinking",) if thought else ()
            self.dispatch(RunEnded(event.run_id, str(event.data.get("status", "")), message, flags))

    # -- effects ---------------------------------------------------------------------------------
    def _perform(self, effect: Effect) -> None:
        match effect:
            case StartRun():
                self._start_run(effect)
            case CancelRun(run_id):
                self.services.chat.stop(run_id)
            case LoadThread(thread_id):
                self._load(thread_id)
            case SaveDraft(thread_id, text):
                self._pending_drafts[thread_id] = text
                self._draft_timer.start()
            case SwitchBranch(thread_id, message_id):
                branches = self.services.branches
                self.background.op(self, lambda: branches.switch_branch(thread_id, message_id)).success(
                    lambda _leaf: self._load(thread_id)
                ).run()
            case RefreshThreads():
                self.threads_changed.emit()

    def _start_run(self, effect: StartRun) -> None:
        chat = self.services.chat
        options = self._send_options() if effect.thread_id == WELCOME else SendOptions()
        options = replace(options, attachment=effect.attachment)  # the draft's file goes with it
        thread_id = None if effect.thread_id == WELCOME else effect.thread_id
        message_id = effect.message_id or ""
        starters: dict[RunMode, Callable[[], RunHandle]] = {
            RunMode.SEND: lambda: chat.send(thread_id, effect.text, options),
            RunMode.EDIT: lambda: chat.edit(message_id, effect.text),
            RunMode.REGENERATE: lambda: chat.regenerate(message_id),
            RunMode.RETRY: lambda: chat.retry(message_id),
            RunMode.CONTINUE: lambda: chat.continue_answer(message_id),
        }
        self.background.op(self, starters[effect.mode]).success(self._run_started).failure(
            self._run_refused
        ).run()

    def resume(self, message_id: str, start: Callable[[], RunHandle]) -> None:
        """A paused agent run goes on into ``message_id`` (``start`` approves, denies or continues it)."""
        self.dispatch(RunResuming(message_id))
        if self.state.active_run is None or self.state.active_run.assistant_id != message_id:
            self.notice.emit(self.state.notice)
            return

        def refused(error: BaseException) -> None:
            self._run_refused(error)
            self._load(self.state.current)  # the answer shows what it held again

        self.background.op(self, start).success(self._run_started).failure(refused).run()

    def _run_started(self, handle: RunHandle) -> None:
        self.dispatch(
            RunStarted(handle.run_id, handle.thread_id, handle.user_message_id, handle.assistant_message_id)
        )
        self._frame.start()
        early, self._early = self._early, []
        for event in early:  # what streamed before we knew the run's id, in order
            if event.run_id == handle.run_id:
                self._on_run_event(event)

    def _run_refused(self, error: BaseException) -> None:
        self._early = []
        phrase = getattr(error, "phrase", None)
        self.dispatch(RunRefused(phrase if isinstance(phrase, Phrase) else explain(error)))
        self.notice.emit(explain(error))

    def _load(self, thread_id: str) -> None:
        limit = self.visible_limit

        def load() -> tuple[str, tuple[ViewMessage, ...], str, int, tuple[str, str | None]]:
            branch = self.services.threads.visible_branch(thread_id, limit)
            avatars = self.services.roles.avatars
            models_dir = self.services.folder.models_dir
            views = tuple(
                view_message(m, branch.siblings[m.id], avatars.path, models_dir) for m in branch.messages
            )
            stamp = (branch.thread.updated_at, branch.thread.active_leaf_id)
            return thread_id, views, branch.thread.draft, branch.hidden_earlier, stamp

        self.background.op(self, load).success(self._loaded).run()

    def _loaded(self, result: tuple[str, tuple[ViewMessage, ...], str, int, tuple[str, str | None]]) -> None:
        thread_id, history, draft, hidden, stamp = result
        self.stamps[thread_id] = stamp
        if thread_id == self.state.current:
            self.hidden_earlier = hidden
        self.dispatch(HistoryLoaded(thread_id, history, draft))

    def reload(self) -> None:
        """Read the open thread's branch again and show it in place."""
        if self.state.current != WELCOME:
            self._load(self.state.current)

    def reset_visible_limit(self) -> None:
        self.visible_limit = VISIBLE_MESSAGES

    def show_earlier(self) -> None:
        self.visible_limit += VISIBLE_MESSAGES
        if self.state.current != WELCOME:
            self._load(self.state.current)

    def _flush_drafts(self, *, closing: bool = False) -> None:
        drafts, self._pending_drafts = self._pending_drafts, {}
        if not drafts:
            return
        threads = self.services.threads

        def save() -> None:
            for thread_id, text in drafts.items():
                if thread_id == WELCOME:
                    threads.save_welcome_draft(text)
                elif threads.exists(thread_id):
                    threads.save_draft(thread_id, text)

        if closing:  # written off the UI thread, and before the database closes
            self.background.before_shutdown(save)
        else:
            self.background.op(self, save).run()

    def close(self) -> None:
        self._frame.stop()
        self._flush_drafts(closing=True)
        self._unsubscribe()
