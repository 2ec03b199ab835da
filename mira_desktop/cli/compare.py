"""`mira chat compare`: one message answered by two models, both printed with their speed.

Text: the first answer streams as it comes, the second is printed from where it got to once the
first has ended, then streams too; each ends with its speed, and the last line says how to keep
the second (the first is the one shown). ``--json``: the two runs' events as JSON lines (each names
its ``run_id``, as `mira chat send --json` does), framed by a ``compare.started`` line (the models,
the runs, and whether they ran at once) and one ``compare.speed`` line per answer.
"""

from __future__ import annotations

import argparse
import json
import queue
import signal
import sys
from types import FrameType
from typing import TYPE_CHECKING, Any, TextIO

from mira_desktop.cli.output import Output
from mira_desktop.cli.streaming import EXIT_FOR_STATUS
from mira_desktop.core.conversation.runs import TERMINAL_EVENTS, EventType
from mira_desktop.core.errors import InvalidInputError

if TYPE_CHECKING:
    from mira_desktop.services.app.bundle import AppServices
    from mira_desktop.services.chat.compare import Comparison
    from mira_desktop.services.chat.run_bus import LiveEvent


def register(
    commands: argparse._SubParsersAction[argparse.ArgumentParser], common: argparse.ArgumentParser
) -> None:
    compare = commands.add_parser(
        "compare",
        help="answer one message with two models side by side, with their speed (both kept as branches)",
        parents=[common],
    )
    compare.add_argument(
        "--model", metavar="REF", action="append", required=True, help="a model to answer (give it twice)"
    )
    compare.add_argument(
        "--thread", metavar="ID", help="send the message in this thread (default: a new one)"
    )
    compare.add_argument(
        "--message",
        metavar="ID",
        help="answer this message again (or the question of this answer) instead of TEXT",
    )
    compare.add_argument("text", nargs="?", help="the message")
    compare.set_defaults(handler=_compare)


def _compare(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    if (args.text is None) == (args.message is None):
        raise InvalidInputError(
            "Give the message as TEXT or answer one again with --message ID (one of them)."
        )
    events: queue.Queue[LiveEvent] = queue.Queue()
    unsubscribe = services.run_bus.subscribe(events.put)
    started: list[Comparison] = []

    def on_sigint(_signum: int, _frame: FrameType | None) -> None:
        for comparison in started:
            comparison.stop()  # Stop stops both

    previous = signal.signal(signal.SIGINT, on_sigint)
    try:
        if args.message is not None:
            started.append(services.compare.answer_again(args.message, args.model))
        else:
            started.append(services.compare.send(args.thread, args.text, args.model))
        comparison = started[0]
        if out.as_json:
            _json_line(sys.stdout, _opening(comparison))
        else:
            print(f"mira: {comparison.memory.note().english}", file=sys.stderr, flush=True)
        _print_runs(comparison, events, sys.stdout, as_json=out.as_json)
        statuses = comparison.wait()
    finally:
        signal.signal(signal.SIGINT, previous)
        unsubscribe()
    _print_speeds(comparison, sys.stdout, as_json=out.as_json)
    worst = max((EXIT_FOR_STATUS.get(s.value, 1) for s in statuses), default=0)
    return worst


def _opening(comparison: Comparison) -> dict[str, Any]:
    return {
        "type": "compare.started",
        "thread_id": comparison.thread_id,
        "models": list(comparison.models),
        "runs": [h.run_id for h in comparison.handles],
        "message_ids": [h.assistant_message_id for h in comparison.handles],
        "together": comparison.together,
        "note": comparison.memory.note().english,
    }


def _print_runs(
    comparison: Comparison, events: queue.Queue[LiveEvent], out: TextIO, *, as_json: bool
) -> None:
    """Every event of the two runs until both have ended: JSON lines, or the text answer by answer."""
    runs = [h.run_id for h in comparison.handles]
    held: dict[str, list[str]] = {run: [] for run in runs}  # text of an answer not printed yet
    ended: set[str] = set()
    current = 0  # the answer being printed as it streams
    if not as_json:
        _heading(comparison, 0, out)
    while len(ended) < len(runs):
        event = events.get()
        if event.run_id not in held:
            continue
        if as_json:
            _json_line(out, event.to_dict())
        elif event.type == EventType.MESSAGE_DELTA and event.seq is None:
            if event.run_id == runs[current]:
                out.write(event.data["text"])
                out.flush()
            else:
                held[event.run_id].append(event.data["text"])
        if event.type in TERMINAL_EVENTS:
            ended.add(event.run_id)
        while not as_json and runs[current] in ended and current + 1 < len(runs):
            out.write("\n")
            current += 1
            _heading(comparison, current, out)
            out.write("".join(held[runs[current]]))
            out.flush()
    if not as_json:
        out.write("\n")


def _heading(comparison: Comparison, index: int, out: TextIO) -> None:
    out.write(f"── {index + 1}. {comparison.models[index]} ──\n")


def _print_speeds(comparison: Comparison, out: TextIO, *, as_json: bool) -> None:
    for index, handle in enumerate(comparison.handles):
        speed = comparison.speed(index).to_dict()
        if as_json:
            _json_line(out, {"type": "compare.speed", "run_id": handle.run_id,
                             "message_id": handle.assistant_message_id, "model": comparison.models[index],
                             "status": handle.status.value, **speed})  # fmt: skip
            continue
        first = "–" if speed["first_token_ms"] is None else f"{speed['first_token_ms']:,} ms"
        rate = "–" if speed["tokens_per_s"] is None else f"{speed['tokens_per_s']:.1f} tokens/s"
        out.write(
            f"{index + 1}. {comparison.models[index]}: {handle.status.value}, first token {first}, "
            f"{rate} ({speed['tokens']} tokens), message {handle.assistant_message_id}\n"
        )
    if not as_json:
        other = comparison.handles[1]
        out.write(
            f"The thread shows answer 1; keep answer 2 instead: "
            f"mira threads switch {comparison.thread_id} {other.assistant_message_id}\n"
        )
    out.flush()


def _json_line(out: TextIO, data: dict[str, Any]) -> None:
    out.write(json.dumps(data, ensure_ascii=False) + "\n")
    out.flush()
