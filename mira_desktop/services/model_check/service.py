"""``ModelCheckService``: runs the check on a model and keeps its result per model.

The check loads the model (its load time), measures one short answer (first token, tokens a second,
at the window it runs with), runs each agent task with the real agent loop and file tools in a
scratch folder, asks each knowledge question with its sources, and notes whether the model thought
and how its profile calls tools. A model that cannot load is kept as a failed check saying why; a
cancelled check keeps nothing. Progress is ``(step, steps, phrase)``.
"""

from __future__ import annotations

import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

from mira_desktop.core import phrases
from mira_desktop.core.cancel import Cancelled, CancelToken
from mira_desktop.core.changes import ChangeFeed, Topic
from mira_desktop.core.errors import MiraError
from mira_desktop.core.phrases import Phrase, said
from mira_desktop.services.model_catalog.catalog import ModelService
from mira_desktop.services.model_check.agent_tasks import run_agent_task
from mira_desktop.services.model_check.knowledge_tasks import run_knowledge_task
from mira_desktop.services.model_check.machine import describe_machine
from mira_desktop.services.model_check.outcome import TaskOutcome
from mira_desktop.services.model_check.result import ModelCheck
from mira_desktop.services.model_check.suite import Suite, load_suite
from mira_desktop.services.model_check.watched import Speed, Watched
from mira_desktop.store.model_checks import ModelCheckRepository, ModelCheckRow

__all__ = ["ModelCheck", "ModelCheckService", "Progress"]  # what the window and the command take

Progress = Callable[[int, int, Phrase], None]


class ModelCheckService:
    def __init__(
        self,
        *,
        models: ModelService,
        checks: ModelCheckRepository,
        changes: ChangeFeed,
        suite: Callable[[], Suite] = load_suite,
    ) -> None:
        self._models = models
        self._checks = checks
        self._changes = changes
        self._suite = suite

    # -- reading ---------------------------------------------------------------------------------
    def latest(self, ref_text: str) -> ModelCheck | None:
        row = self._checks.latest(ref_text)
        return _check(row) if row is not None else None

    def latest_each(self) -> dict[str, ModelCheck]:
        """The newest check of every model checked, by reference."""
        return {ref: _check(row) for ref, row in self._checks.latest_each().items()}

    def history(self, ref_text: str) -> list[ModelCheck]:
        return [_check(row) for row in self._checks.list(ref_text)]

    # -- checking --------------------------------------------------------------------------------
    def check(self, ref_text: str, cancel: CancelToken, progress: Progress | None = None) -> ModelCheck:
        """Run the check on ``ref_text`` (slow: minutes for a local model; call off the UI thread).

        Raises:
            Cancelled: ``cancel`` stopped it (nothing is kept).
            MiraError: ``ref_text`` names no model Mira knows.
        """
        ref = self._models.validate_ref(ref_text)
        suite = self._suite()
        steps = suite.steps
        say: Progress = progress or (lambda _step, _steps, _phrase: None)
        model = Watched(self._models.registry.get(ref))
        say(1, steps, said("check.step.load", model=ref))
        started = time.perf_counter()
        try:
            model.prepare()
        except MiraError as exc:  # the environment's: kept as a check that could not run, saying why
            return self._keep(ref, "failed", reason=said("check.cannot_load", error=phrases.of(exc)))
        load_s = time.perf_counter() - started
        cancel.raise_if_cancelled()
        profile = model.profile()
        say(2, steps, said("check.step.speed"))
        try:
            speed: Speed | None = model.measure(suite.speed_prompt, load_s, cancel)
        except MiraError as exc:
            return self._keep(ref, "failed", reason=said("check.cannot_answer", error=phrases.of(exc)))
        cancel.raise_if_cancelled()
        outcomes: list[TaskOutcome] = []
        step = 2
        with tempfile.TemporaryDirectory(prefix="mira-check-") as scratch:
            for n, task in enumerate(suite.agent, start=1):
                step += 1
                say(step, steps, said("check.step.agent", n=n, count=len(suite.agent), task=task.id))
                outcomes.append(
                    _guarded(
                        task.id,
                        "agent",
                        task.language,
                        partial(run_agent_task, model, task, Path(scratch), cancel),
                    )
                )
        for n, question in enumerate(suite.knowledge, start=1):
            step += 1
            say(step, steps, said("check.step.knowledge", n=n, count=len(suite.knowledge), task=question.id))
            outcomes.append(
                _guarded(
                    question.id,
                    "knowledge",
                    question.language,
                    partial(run_knowledge_task, model, question, cancel),
                )
            )
        return self._keep(
            ref,
            "completed",
            speed=speed,
            tasks=outcomes,
            thought=model.thought,
            tool_format=profile.tool_call_format,
        )

    def _keep(
        self,
        ref: str,
        status: str,
        *,
        reason: Phrase | None = None,
        speed: Speed | None = None,
        tasks: list[TaskOutcome] | None = None,
        thought: bool = False,
        tool_format: str = "",
    ) -> ModelCheck:
        made = ModelCheck(
            "",
            ref,
            status,
            "",
            describe_machine(),
            _speed(speed) if speed is not None else None,
            [t.to_dict() for t in tasks or []],
            thought,
            tool_format,
            reason,
        )
        row = self._checks.add(ref, status, made.result(), made.machine)
        self._changes.publish(Topic.MODELS, ref, check=row.id)
        return _check(row)


def _guarded(task_id: str, kind: str, language: str, run: Callable[[], TaskOutcome]) -> TaskOutcome:
    """A task whose model failed (a server gone, a load error) fails with the model's sentence; the
    check goes on with the next task."""
    try:
        return run()
    except Cancelled:
        raise
    except MiraError as exc:
        return TaskOutcome(
            task_id, kind, language, False, [said("check.model_failed", error=phrases.of(exc))]
        )


def _speed(speed: Speed) -> dict[str, float | int | None]:
    return {
        "first_token_s": round(speed.first_token_s, 3) if speed.first_token_s is not None else None,
        "tokens": speed.tokens,
        "tokens_per_s": round(speed.tokens_per_s, 1) if speed.tokens_per_s is not None else None,
        "window": speed.window,
        "load_s": round(speed.load_s, 2),
    }


def _check(row: ModelCheckRow) -> ModelCheck:
    return ModelCheck.from_stored(
        id=row.id,
        ref=row.model_ref,
        status=row.status,
        created_at=row.created_at,
        result=row.result,
        machine=row.machine,
    )
