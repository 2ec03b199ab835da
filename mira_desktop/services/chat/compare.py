"""Two models side by side: one message answered by each, as sibling branches, with their speed.

Both models run at once only when memory holds them together (:func:`memory_plan`: the fit estimate
of each local model not loaded yet — weights, KV cache at its window, compute buffer — against
the memory free now); otherwise one after the other, each local model giving its memory back before
the next loads. Nothing is lost: each answer is a branch under the one question, and choosing one is
switching to its branch (undone by switching back).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from mira_desktop.core.conversation.runs import TERMINAL_EVENTS, EventType, RunStatus
from mira_desktop.core.errors import InvalidInputError
from mira_desktop.core.model_refs import ModelKind, parse_model_ref
from mira_desktop.core.phrases import Phrase, said
from mira_desktop.models.adapters.local.fit import FITS_SHARE, available_memory
from mira_desktop.models.errors import ModelError
from mira_desktop.services.chat.run_bus import LiveEvent, RunBus
from mira_desktop.services.chat.run_records import SendOptions
from mira_desktop.services.chat.service import ChatService
from mira_desktop.services.chat.worker import RunHandle
from mira_desktop.services.model_catalog.catalog import ModelService
from mira_desktop.services.threads.branches import BranchEditor
from mira_desktop.services.threads.service import ThreadService

MB = 1 << 20


@dataclass(frozen=True)
class MemoryPlan:
    """Whether the models answer at once: the memory each still needs to load, against what is free."""

    needs: dict[str, int]  # bytes each model takes when it loads (0: loaded already, or none here)
    available: int

    @property
    def needed(self) -> int:
        return sum(self.needs.values())

    @property
    def together(self) -> bool:
        return self.needed <= FITS_SHARE * self.available

    def note(self) -> Phrase:
        """What the window and the command say about it."""
        amounts = {"needed": f"{self.needed / MB:,.0f} MB", "available": f"{self.available / MB:,.0f} MB"}
        return said("chat.compare.together" if self.together else "chat.compare.in_turn", **amounts)


def load_need(models: ModelService, ref_text: str) -> int:
    """The memory ``ref_text`` takes when it loads: its fit estimate at the window it would load with;
    0 for a model loaded already or one that holds no memory here (a server's, a script)."""
    ref = parse_model_ref(ref_text)
    if ref.kind is not ModelKind.LOCAL or models.registry.loaded(str(ref)):
        return 0
    from mira_desktop.models.adapters.local import local_model_path
    from mira_desktop.models.adapters.local.window import plan_window

    path = local_model_path(ref).expanduser().resolve()
    settings = models.local_settings().for_model(str(ref))
    try:
        choice = plan_window(path, settings.projector_for(path), settings, name=path.name, ref=str(ref))
    except ModelError:  # a window set past all the memory there is: it cannot share (its load says why)
        return available_memory() + 1
    return choice.fit.total


def memory_plan(models: ModelService, refs: Sequence[str], available: int | None = None) -> MemoryPlan:
    """``available``: the memory free now (psutil) unless given."""
    return MemoryPlan(
        {ref: load_need(models, ref) for ref in refs}, available_memory() if available is None else available
    )


@dataclass
class AnswerSpeed:
    """How fast one answer came: seconds to its first token, and tokens a second after it."""

    started: float | None = None  # monotonic: its run began on the worker
    first: float | None = None  # its first token (text or reasoning)
    last: float | None = None
    tokens: int = 0  # the pieces streamed (one token each from llama.cpp)
    ended: bool = False

    @property
    def first_token_s(self) -> float | None:
        return None if self.first is None or self.started is None else self.first - self.started

    @property
    def tokens_per_s(self) -> float | None:
        if self.first is None or self.last is None or self.tokens < 2 or self.last <= self.first:
            return None
        return (self.tokens - 1) / (self.last - self.first)

    def to_dict(self) -> dict[str, Any]:
        first, rate = self.first_token_s, self.tokens_per_s
        return {
            "first_token_ms": None if first is None else round(first * 1000),
            "tokens": self.tokens,
            "tokens_per_s": None if rate is None else round(rate, 1),
        }


class Comparison:
    """A started comparison: its runs (in the order of its models), their speed, stop and wait.

    It listens to the run feed from before its runs start (a fast answer's first token is not
    missed) until every run has ended."""

    def __init__(self, models: tuple[str, ...], memory: MemoryPlan, bus: RunBus) -> None:
        self.models = models
        self.memory = memory
        self.handles: list[RunHandle] = []
        self._speeds: dict[str, AnswerSpeed] = {}  # by run id, once the runs are known
        self._early: list[tuple[float, LiveEvent]] = []  # heard while the runs were being started
        self._lock = threading.Lock()
        self._unsubscribe = bus.subscribe(self._hear)

    @property
    def thread_id(self) -> str:
        return self.handles[0].thread_id

    @property
    def together(self) -> bool:
        return self.memory.together

    def speed(self, index: int) -> AnswerSpeed:
        with self._lock:
            return replace(self._speeds[self.handles[index].run_id])

    def stop(self) -> None:
        """Stop every answer (one still waiting its turn ends cancelled without generating)."""
        for handle in self.handles:
            handle.stop()

    def wait(self, timeout: float | None = None) -> list[RunStatus]:
        deadline = None if timeout is None else time.monotonic() + timeout
        for handle in self.handles:
            handle.wait(None if deadline is None else max(0.0, deadline - time.monotonic()))
        return [handle.status for handle in self.handles]

    def started(self, handles: list[RunHandle]) -> None:
        with self._lock:
            self.handles = handles
            self._speeds = {handle.run_id: AnswerSpeed() for handle in handles}
            early, self._early = self._early, []
            for heard_at, event in early:
                self._count(heard_at, event)
        self._end_if_done()

    def close(self) -> None:
        """Stop listening (a comparison whose runs could not start)."""
        self._unsubscribe()

    def _hear(self, event: LiveEvent) -> None:
        now = time.monotonic()
        with self._lock:
            if not self._speeds:
                self._early.append((now, event))
                return
            self._count(now, event)
        self._end_if_done()

    def _count(self, now: float, event: LiveEvent) -> None:
        speed = self._speeds.get(event.run_id)
        if speed is None or speed.ended:
            return
        if event.type == EventType.RUN_STARTED:
            speed.started = now  # published as the worker takes the run up (its turn, in turn)
        elif event.type in (EventType.MESSAGE_DELTA, EventType.REASONING_DELTA) and event.seq is None:
            speed.first = speed.first if speed.first is not None else now
            speed.last, speed.tokens = now, speed.tokens + 1
        elif event.type in TERMINAL_EVENTS:
            speed.ended = True

    def _end_if_done(self) -> None:
        with self._lock:
            done = bool(self._speeds) and all(s.ended for s in self._speeds.values())
        if done:
            self._unsubscribe()


class CompareService:
    def __init__(
        self,
        chat: ChatService,
        models: ModelService,
        threads: ThreadService,
        branches: BranchEditor,
        bus: RunBus,
    ) -> None:
        self._chat = chat
        self._models = models
        self._threads = threads
        self._branches = branches
        self._bus = bus

    def plan(self, model_refs: Sequence[str]) -> MemoryPlan:
        """Whether ``model_refs`` would answer at once now (reads model files: off the UI thread)."""
        return memory_plan(self._models, self._checked(model_refs))

    def send(
        self,
        thread_id: str | None,
        text: str,
        model_refs: Sequence[str],
        options: SendOptions | None = None,
        *,
        available: int | None = None,
    ) -> Comparison:
        """Send ``text`` (as :meth:`ChatService.send`; None: a new thread) and have each model answer
        it. ``available``: the free memory to plan with (default: measured now)."""
        options = options or SendOptions()
        if thread_id is None:  # a new thread takes its project's defaults, as a send does
            options = self._chat.with_project_defaults(options)
        refs = self._checked(model_refs)
        self._refuse_agent(
            options.agent or (thread_id is not None and self._threads.get(thread_id).agent_enabled)
        )
        turn = self._chat.new_turn(thread_id, text, options)
        return self._start(refs, available, lambda together: self._chat.start_side_by_side(
            turn, refs, options, create_thread=thread_id is None, together=together))  # fmt: skip

    def answer_again(
        self, message_id: str, model_refs: Sequence[str], *, available: int | None = None
    ) -> Comparison:
        """Each model answers the question of ``message_id`` (the question, or an answer to it) anew."""
        refs = self._checked(model_refs)
        turn = self._chat.again_turn(message_id)
        self._refuse_agent(turn.thread.agent_enabled)
        return self._start(refs, available, lambda together: self._chat.start_side_by_side(
            turn, refs, SendOptions(), create_thread=False, together=together))  # fmt: skip

    def choose(self, thread_id: str, message_id: str) -> str | None:
        """Keep ``message_id`` as the thread's answer (its branch shown, the others stay its
        siblings); returns the leaf shown before, which :meth:`BranchEditor.switch_branch` shows again."""
        before = self._threads.get(thread_id).active_leaf_id
        self._branches.switch_branch(thread_id, message_id)
        return before

    def _start(
        self, refs: list[str], available: int | None, start: Callable[[bool], list[RunHandle]]
    ) -> Comparison:
        plan = memory_plan(self._models, refs, available)
        comparison = Comparison(tuple(refs), plan, self._bus)
        try:
            handles = start(plan.together)
        except BaseException:
            comparison.close()
            raise
        comparison.started(handles)
        return comparison

    def _checked(self, model_refs: Sequence[str]) -> list[str]:
        refs = [self._models.validate_ref(ref) for ref in model_refs]
        if len(refs) != 2 or refs[0] == refs[1]:
            raise InvalidInputError.said("chat.compare.two_models")
        return refs

    @staticmethod
    def _refuse_agent(agent: bool) -> None:
        if agent:
            raise InvalidInputError.said("chat.compare.agent")
