"""`mira models check REF [--last]`: the model check — speed, agent tasks, knowledge answers, thinking
and tool calls on this machine — with its progress on stderr, and the result kept per model."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from mira_desktop.cli.output import Output
from mira_desktop.core.cancel import CancelToken
from mira_desktop.core.errors import NotFoundError
from mira_desktop.core.phrases import Phrase

MODEL_FAILED = 5  # the exit status of a model that failed (README): here, one that could not be checked

if TYPE_CHECKING:
    from mira_desktop.services.app.bundle import AppServices
    from mira_desktop.services.model_check.service import ModelCheck


def register(
    commands: argparse._SubParsersAction[argparse.ArgumentParser], common: argparse.ArgumentParser
) -> None:
    check = commands.add_parser(
        "check",
        help="check a model on this machine: speed, agent tasks, knowledge answers, thinking, tool calls "
        "(kept per model; progress on stderr)",
        parents=[common],
    )
    check.add_argument("ref", nargs="?", help="the model (default: the app's default model)")
    check.add_argument(
        "--last", action="store_true", help="show the model's last check instead of running one"
    )
    check.set_defaults(handler=_check)


def _check(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    ref = services.models.validate_ref(args.ref or services.models.default_ref())
    if args.last:
        found = services.model_checks.latest(ref)
        if found is None:
            raise NotFoundError.said("check.none_yet", model=ref)
        return _show(found, out)

    def progress(step: int, steps: int, said: Phrase) -> None:
        print(f"[{step}/{steps}] {said.english}", file=sys.stderr, flush=True)

    cancel = CancelToken()
    task = services.tasks.start(
        "model-check",
        lambda token: services.model_checks.check(ref, token, progress),
        cancel=cancel,
        report=False,
    )
    try:
        while not task.wait(0.2):
            pass
    except KeyboardInterrupt:
        cancel.cancel()
        task.wait()
        print("mira: check cancelled; nothing was kept.", file=sys.stderr)
        return 130
    return _show(task.result(), out)


def _show(check: ModelCheck, out: Output) -> int:
    out.result(check.to_dict(), "\n".join(lines(check)))
    if check.status != "completed":
        print(f"mira: {check.summary()}", file=sys.stderr)
        return MODEL_FAILED
    return 0


def lines(check: ModelCheck) -> list[str]:
    machine = check.machine
    memory = machine.get("memory_bytes", 0) / 1024**3
    head = [
        f"{check.ref} — checked {check.created_at[:16].replace('T', ' ')} UTC on {machine.get('cpu', '?')}, "
        f"{machine.get('cores', '?')} cores, {memory:.1f} GB memory"
    ]
    if check.status != "completed":
        return [*head, check.summary()]
    speed = check.speed or {}
    first, rate = speed.get("first_token_s"), speed.get("tokens_per_s")
    head.append(
        "speed: first token "
        + (f"{first * 1000:,.0f} ms" if isinstance(first, int | float) else "—")
        + ", "
        + (f"{rate:,.1f} tokens/s" if isinstance(rate, int | float) else "— tokens/s")
        + f" with a window of {speed.get('window', 0):,} tokens (loaded in {speed.get('load_s', 0):.1f} s)"
    )
    head.append(f"thought: {'yes' if check.thought else 'no'}; calls tools as: {check.tool_format or '—'}")
    for kind, title in (("agent", "agent tasks"), ("knowledge", "knowledge answers")):
        passed, total = check.score(kind)
        head.append(f"{title}: {passed}/{total}")
        for task in (t for t in check.tasks if t["kind"] == kind):
            mark = "✓" if task["passed"] else "✗"
            why = " ".join(task.get("reasons_text", []))
            head.append(
                f"  {mark} {task['id']} ({task['language']}, {task['seconds']:.1f} s){'  ' + why if why else ''}"
            )
    return head
