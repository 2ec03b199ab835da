"""Budgets of an agent run: limits, the counters kept in its checkpoint, and the loop rule.

Limits cap model calls, tool calls, working time (time spent waiting for an approval does not
count), identical repeated calls and malformed calls. An identical call (same tool, same canonical
JSON arguments) seen since the last change to the workspace is not run again but answered with a
corrective result; past the repeat limit, or as soon as the model alternates A-B-A-B, the run ends.
Every stop has a plain-words explanation; "continue" raises the limits and keeps the counters.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, fields, replace
from enum import StrEnum
from typing import Any

from mira_desktop.core.phrases import Phrase, said

HISTORY = 4  # calls remembered for the A-B-A-B rule


class StopReason(StrEnum):
    MODEL_CALLS = "model_calls"
    TOOL_CALLS = "tool_calls"
    WALL_TIME = "wall_time"
    REPEATS = "repeats"
    ALTERNATION = "alternation"
    MALFORMED = "malformed_calls"


@dataclass(frozen=True)
class BudgetLimits:
    model_calls: int = 25
    tool_calls: int = 60
    wall_seconds: float = 900.0
    repeats: int = 2  # identical calls answered with a corrective result; one more ends the run
    malformed_calls: int = 1  # malformed calls answered with the parse error; one more ends the run

    def continued(self, used: BudgetCounters, base: BudgetLimits | None = None) -> BudgetLimits:
        """Limits for "continue": the whole allowance of ``base`` (default: these limits) again on top of what was used."""
        base = base or self
        return BudgetLimits(
            model_calls=used.model_calls + base.model_calls,
            tool_calls=used.tool_calls + base.tool_calls,
            wall_seconds=used.elapsed_seconds + base.wall_seconds,
            repeats=used.repeats + base.repeats,
            malformed_calls=used.malformed_calls + base.malformed_calls,
        )

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> BudgetLimits:
        known = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in data.items() if k in known})


@dataclass
class BudgetCounters:
    model_calls: int = 0
    tool_calls: int = 0
    elapsed_seconds: float = 0.0
    repeats: int = 0
    malformed_calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    since_change: list[str] = field(default_factory=list)  # call signatures since the last change
    history: list[str] = field(default_factory=list)  # the last few call signatures, for A-B-A-B

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> BudgetCounters:
        known = {f.name for f in fields(cls)}
        counters = cls(**{k: v for k, v in data.items() if k in known})
        counters.since_change = list(counters.since_change)
        counters.history = list(counters.history)
        return counters


def call_signature(tool: str, arguments: dict[str, Any]) -> str:
    """The identity of a call for the repeat rule: tool name and canonical JSON arguments."""
    return tool + " " + json.dumps(arguments, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


@dataclass(frozen=True)
class CallCheck:
    repeat: bool = False  # answer with a corrective result instead of running it
    stop: StopReason | None = None  # end the run instead


class Budget:
    """Limits and counters of one run, with a clock for the part of the run now working.

    Args:
        limits: the caps.
        counters: what the run used so far (from its checkpoint), changed in place.
        clock: a monotonic clock in seconds (tests pass a fake one).
    """

    def __init__(
        self, limits: BudgetLimits, counters: BudgetCounters, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.limits = limits
        self.counters = counters
        self._clock = clock
        self._since = clock()

    def sync(self) -> BudgetCounters:
        """Fold the working time so far into the counters (before they are checkpointed)."""
        now = self._clock()
        self.counters.elapsed_seconds += now - self._since
        self._since = now
        return self.counters

    def before_model_call(self) -> StopReason | None:
        self.sync()
        if self.counters.elapsed_seconds >= self.limits.wall_seconds:
            return StopReason.WALL_TIME
        if self.counters.model_calls >= self.limits.model_calls:
            return StopReason.MODEL_CALLS
        return None

    def count_model_call(self, prompt_tokens: int = 0, completion_tokens: int = 0) -> None:
        self.counters.model_calls += 1
        self.counters.prompt_tokens += prompt_tokens
        self.counters.completion_tokens += completion_tokens

    def check_call(self, tool: str, arguments: dict[str, Any]) -> CallCheck:
        """Count one well-formed call and apply the time, tool-call and loop rules to it."""
        self.sync()
        if self.counters.elapsed_seconds >= self.limits.wall_seconds:
            return CallCheck(stop=StopReason.WALL_TIME)
        if self.counters.tool_calls >= self.limits.tool_calls:
            return CallCheck(stop=StopReason.TOOL_CALLS)
        signature = call_signature(tool, arguments)
        history = self.counters.history
        alternating = (
            len(history) >= 3
            and history[-1] == history[-3]
            and history[-2] == signature
            and history[-1] != signature
        )
        self.counters.history = [*history, signature][-HISTORY:]
        if alternating:
            return CallCheck(stop=StopReason.ALTERNATION)
        if signature in self.counters.since_change:
            self.counters.repeats += 1
            if self.counters.repeats > self.limits.repeats:
                return CallCheck(stop=StopReason.REPEATS)
            return CallCheck(repeat=True)
        self.counters.tool_calls += 1
        self.counters.since_change.append(signature)
        return CallCheck()

    def count_change(self) -> None:
        """The workspace changed: earlier reads may now answer differently, so they are no repeats."""
        self.counters.since_change.clear()

    def count_malformed(self) -> StopReason | None:
        self.counters.malformed_calls += 1
        if self.counters.malformed_calls > self.limits.malformed_calls:
            return StopReason.MALFORMED
        return None

    def continue_with(self, limits: BudgetLimits) -> None:
        """New limits for a continued run; counters stay, the loop rule starts afresh."""
        self.limits = limits
        self.counters.since_change.clear()
        self.counters.history.clear()
        self._since = self._clock()

    def left(self) -> dict[str, float]:
        """What is left of each limit (for the agent context and the trace)."""
        self.sync()
        return {
            "model_calls": max(0, self.limits.model_calls - self.counters.model_calls),
            "tool_calls": max(0, self.limits.tool_calls - self.counters.tool_calls),
            "wall_seconds": max(0.0, round(self.limits.wall_seconds - self.counters.elapsed_seconds, 1)),
        }


def explain_stop(reason: StopReason, limits: BudgetLimits, counters: BudgetCounters, done: Phrase) -> Phrase:
    """The final message of a run a limit stopped: which limit, what was done, how to go on."""
    why = {
        StopReason.MODEL_CALLS: said("agent.stop.model_calls", limit=limits.model_calls),
        StopReason.TOOL_CALLS: said("agent.stop.tool_calls", limit=limits.tool_calls),
        StopReason.WALL_TIME: said(
            "agent.stop.wall_time",
            limit=_duration(limits.wall_seconds),
            worked=_duration(counters.elapsed_seconds),
        ),
        StopReason.REPEATS: said("agent.stop.repeats", repeats=counters.repeats, limit=limits.repeats),
        StopReason.ALTERNATION: said("agent.stop.alternation"),
        StopReason.MALFORMED: said("agent.stop.malformed", count=counters.malformed_calls),
    }[reason]
    return said("agent.stop.message", why=why, done=done)


def _duration(seconds: float) -> Phrase:
    seconds = round(seconds)
    if seconds < 120:
        return said("agent.stop.seconds", seconds=seconds)
    if seconds % 60:
        return said("agent.stop.minutes_seconds", minutes=seconds // 60, seconds=seconds % 60)
    return said("agent.stop.minutes", minutes=seconds // 60)


def with_more_model_calls(limits: BudgetLimits, extra: int) -> BudgetLimits:
    """``mira runs continue --more-steps N``: N more model calls, the other limits unchanged."""
    return replace(limits, model_calls=limits.model_calls + extra)
