"""Following a run from the command line: stream text (or JSON lines) until it ends; Ctrl-C stops it."""

from __future__ import annotations

import json
import queue
import signal
import sys
from collections.abc import Callable
from types import FrameType
from typing import TYPE_CHECKING, TextIO

from mira_desktop.cli.model_windows import window_text
from mira_desktop.cli.web import source_lines
from mira_desktop.core.changes import Change, Topic
from mira_desktop.core.conversation.runs import PAUSE_EVENTS, EventType

if TYPE_CHECKING:
    from mira_desktop.services.app.bundle import AppServices
    from mira_desktop.services.chat.run_bus import LiveEvent
    from mira_desktop.services.chat.service import RunHandle

EXIT_FOR_STATUS = {"completed": 0, "waiting_approval": 0, "failed": 5, "cancelled": 130}
# A thinking model spent its whole token budget on reasoning and wrote no answer.
EXIT_CUT_OFF_THINKING = 7
PICK_A_TOOL_MODEL = (
    "Give the thread a model that calls tools: `mira models list` shows which do, "
    "`mira chat send --thread ID --model REF …` switches."
)


def follow(
    services: AppServices,
    start: Callable[[], RunHandle],
    *,
    as_json: bool,
    stdout: TextIO | None = None,
    show_thinking: bool = False,
    stderr: TextIO | None = None,
) -> int:
    """Start a run with ``start`` and print it as it streams. SIGINT stops it like the Stop button.

    A thinking model's reasoning goes to stderr with ``show_thinking`` only (stdout is the answer);
    with ``as_json`` its deltas are events of their own type, ``reasoning.delta``."""
    out = stdout or sys.stdout
    err = stderr or sys.stderr
    events: queue.Queue[LiveEvent] = queue.Queue()
    unsubscribe = services.run_bus.subscribe(events.put)
    unsubscribe_loads = services.changes.subscribe(lambda change: _say_load(services, change, err))
    handle: RunHandle | None = None

    def on_sigint(_signum: int, _frame: FrameType | None) -> None:
        if handle is not None:
            handle.stop()

    previous = signal.signal(signal.SIGINT, on_sigint)
    unused_tools = ""  # the note of a run that answered a file task without a tool
    try:
        handle = start()
        same_as = None
        while True:
            event = events.get()
            if event.run_id != handle.run_id:
                continue
            if event.type == EventType.MESSAGE_COMPLETED:
                same_as = event.data.get("same_as")
            if event.type == "agent.no_tools":
                unused_tools = str(event.data.get("note", ""))
            _print_event(event, out, err if show_thinking else None, as_json=as_json, err=err)
            if event.type in PAUSE_EVENTS:
                break
        handle.wait()
        status = handle.status.value
        if not as_json:
            _report_end(out, event.data, status)
            if status == "completed":
                _print_web_sources(services, handle, out)
            if same_as:
                print(f"mira: the same text as the earlier answer {same_as}.", file=sys.stderr)
            if unused_tools:
                print(f"mira: note: {unused_tools} {PICK_A_TOOL_MODEL}", file=sys.stderr)
            if status == "waiting_approval":
                print_pending(out, event.data)
        if _cut_off_thinking(event.data):
            return EXIT_CUT_OFF_THINKING
        return EXIT_FOR_STATUS.get(status, 1)
    finally:
        signal.signal(signal.SIGINT, previous)
        unsubscribe()
        unsubscribe_loads()


def _say_load(services: AppServices, change: Change, err: TextIO) -> None:
    """A local model loading for this send (the first, or after an idle unload): said on stderr."""
    state = change.data.get("model_state") if change.topic is Topic.MODEL_MEMORY else None
    if state == "loading":
        print(f"mira: loading {change.ids[0]}…", file=err, flush=True)
    elif state == "loaded":
        window = window_text(services.models.entry(change.ids[0]).capabilities)
        print(f"mira: {change.ids[0]} loaded ({window})", file=err, flush=True)


def _print_event(
    event: LiveEvent, out: TextIO, thinking: TextIO | None, *, as_json: bool, err: TextIO
) -> None:
    """One event: a JSON line, or the answer's text on ``out``, its reasoning on ``thinking`` and a
    wait for the model (another answer holds it) on ``err``."""
    if as_json:
        out.write(json.dumps(event.to_dict(), ensure_ascii=False) + "\n")
    elif event.type == EventType.MESSAGE_DELTA and event.seq is None:
        out.write(event.data["text"])
    elif event.type == EventType.NOTICE and event.data.get("waiting"):
        print(f"mira: {event.data.get('text', '')}", file=err, flush=True)
    elif event.type == EventType.REASONING_DELTA and event.seq is None and thinking is not None:
        thinking.write(event.data["text"])
        thinking.flush()
    out.flush()


def print_pending(out: TextIO, data: dict[str, object]) -> None:
    """The call an agent run waits on: tool, path, diff, and the commands that answer it."""
    pending = data.get("pending")
    if not isinstance(pending, dict):
        return
    run_id = data.get("run_id")
    proposal = pending.get("proposal") if isinstance(pending.get("proposal"), dict) else {}
    if pending.get("may_have_run"):
        out.write(
            f"This call may have run — run it again, or go on without it: {pending.get('tool')} "
            f"(call {pending.get('call_id')})\n{json.dumps(pending.get('arguments'), ensure_ascii=False, indent=2)}\n"
            f"Run it again: mira runs approve {run_id}   Go on without it: mira runs deny {run_id}\n"
        )
        out.flush()
        return
    out.write(
        f"Waiting for approval of {pending.get('tool')} (call {pending.get('call_id')}): {pending.get('reason', '')}\n"
    )
    if proposal:
        out.write(f"{proposal.get('summary', '')}\n{proposal.get('diff', '')}\n")
    elif isinstance(pending.get("external"), dict):
        out.write(f"Arguments: {json.dumps(pending.get('arguments'), ensure_ascii=False, indent=2)}\n")
        out.write(_undo_note(pending) + "\n")
    out.write(f"Approve: mira runs approve {run_id}   Deny: mira runs deny {run_id} [--reason TEXT]\n")
    out.flush()


def _report_end(out: TextIO, data: dict[str, object], status: str) -> None:
    out.write("\n")
    out.flush()
    if status == "cancelled":
        print("mira: stopped; the partial answer is kept.", file=sys.stderr)
    elif _cut_off_thinking(data):
        error = data.get("error")
        message = error.get("message") if isinstance(error, dict) else ""
        print(
            f"mira: {message} Continue: mira chat continue {data.get('message_id')}; "
            f"thinking off: mira threads set {data.get('thread_id')} --thinking off",
            file=sys.stderr,
        )
    elif status == "failed":
        error = data.get("error")
        message = error.get("message") if isinstance(error, dict) else "the run failed"
        print(f"mira: error: {message}", file=sys.stderr)


def _print_web_sources(services: AppServices, handle: RunHandle, out: TextIO) -> None:
    """The web pages an answer cites or read, after it (like `mira threads show`)."""
    messages = services.threads.show(handle.thread_id).messages
    found = next((m for m in messages if m.id == handle.assistant_message_id), None)
    lines = source_lines(found.metadata if found is not None else None)
    if lines:
        out.write("Sources:\n" + "\n".join(lines) + "\n")
        out.flush()


def _cut_off_thinking(data: dict[str, object]) -> bool:
    error = data.get("error")
    return isinstance(error, dict) and error.get("kind") == "cut_off_thinking"


def _undo_note(pending: dict[str, object]) -> str:
    external = pending.get("external")
    if isinstance(external, dict) and external.get("origin") == "sandbox":
        return "Files it changes in the workspace are listed after it ran; undo cannot put them back."
    return "A call outside the workspace cannot be undone."
