"""Phrases of the model check (``services/model_check``): its steps and why a task did not pass."""

from __future__ import annotations

ENGLISH: dict[str, str] = {
    "check.step.load": "Loading {model}…",
    "check.step.speed": "Measuring speed…",
    "check.step.agent": "Agent task {n} of {count} ({task})…",
    "check.step.knowledge": "Knowledge question {n} of {count} ({task})…",
    "check.cannot_load": "The check could not run: the model did not load. {error}",
    "check.cannot_answer": "The check could not run: the model did not answer. {error}",
    "check.model_failed": "The model failed: {error}",
    "check.answer_lacks": "The answer lacks “{text}”.",
    "check.agent.stopped.model_calls": "The run used all its model calls.",
    "check.agent.stopped.tool_calls": "The run used all its tool calls.",
    "check.agent.stopped.wall_time": "The run ran out of time.",
    "check.agent.stopped.repeats": "The run was stopped for repeating the same call.",
    "check.agent.stopped.alternation": "The run was stopped for going back and forth between two calls.",
    "check.agent.stopped.malformed_calls": "The run was stopped for malformed calls.",
    "check.agent.failed": "The run failed: {error}",
    "check.agent.waiting": "The run waited for approval of {tool}.",
    "check.agent.file_missing": "{file} was not there at the end.",
    "check.agent.file_lacks": "{file} lacks “{text}”.",
    "check.agent.file_holds": "{file} still holds “{text}”.",
    "check.agent.file_left": "{file} is still there.",
    "check.agent.not_read": "It answered without reading {file}.",
    "check.knowledge.wrong_source": "The answer cites {cited}, not source [{source}] where the answer is.",
    "check.none_yet": "{model} has not been checked yet: `mira models check {model}` checks it.",
    "check.knowledge.no_source": "The answer cites no source; the answer is in source [{source}].",
}
