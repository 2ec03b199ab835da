"""The chat window under load: frames while a reply streams, opening a 10,000-message thread, and
sending in it.

One process, the real main window and services, with the scripted model as the default model
(``scripted:`` script, ``token_delay_ms`` 5: 200 tokens/s), so the figures are about the UI. The
window is first brought to its normal state: services attached and the model check answered
(composer enabled, busy indicator hidden). Every frame is timed on the UI thread: a render is the
controller's render call (``MainWindow._render``), a repaint is the window's handling of one
``UpdateRequest`` (Qt paints every dirty widget in it), and the repaint that paints a render is the
first one after it in which the chat view's message list receives a Paint event.

1. Streaming frame time, within one frame: for each update rendered while a reply of 1,000 words
   streams (the controller renders at most once per 16 ms), the time from the start of the render
   to the end of the repaint that paints it: render + layout + paint of the same update. Split into
   render, "between" (Qt's layout requests and any other queued event handled before the paint) and
   paint. Goal p95 <= 16.7 ms, max <= 50 ms. Beside it, the intervals of a 16 ms precise timer on
   the UI thread (how late the next frame can start). One run = one reply in a fresh thread.
2. Opening a thread of 10,000 messages (imported through the services; the controller reads the
   newest 30, the view makes widgets for the newest 12): from ``open_thread`` (what a click in the sidebar calls) to the end of the first repaint of
   the chat view that shows that thread's messages: background load, render, layout and paint.
   Goal <= 200 ms.
3. Sending in that thread: from dispatching ``SendRequested`` (what the composer's Send does) to
   (a) the user message painted, (b) the run started (``chat.send`` done on its worker: the path of
   the thread read, the request compiled, the user message, run and answer rows written; then
   ``RunStarted`` dispatched), (c) the first streamed token painted.

Each figure is the median of ``--runs`` runs with min and max; for 1, each run's p50, p95 and max
first, then their median, min and max across runs. One warm-up open and send come first and are
not counted (they are printed: the first in a process loads the message widgets). The goals (issue
4) are judged on those medians: frame p95 <= 16.7 ms, frame max <= 50 ms, open <= 200 ms.

The window is drawn on an X server when ``DISPLAY`` names one that runs here (a real one or Xvfb,
and the output says which), offscreen otherwise (labelled so: offscreen paints into memory, no
window system); ``--platform`` forces one. Prints a table and the goals with their verdicts, writes
benchmarks/results/ui_streaming.json with the machine load before and after, and exits 1 when a
goal is missed. On an X server the results go to ui_streaming_xcb.json (both are in the README).

    .venv/bin/python benchmarks/ui_streaming.py [--runs 5] [--messages 10000] [--platform auto|xcb|offscreen]
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PySide6.QtCore import QElapsedTimer, QEvent, QEventLoop, QObject, Qt, QTimer
from PySide6.QtWidgets import QApplication
from reporting import (
    Goals,
    Spread,
    display_platform,
    machine,
    machine_load,
    percentile,
    printed_table,
    table,
    write_results,
)

from mira_desktop.app import build_services
from mira_desktop.core.conversation.chat_state import ChatState, SendRequested
from mira_desktop.services.app.bundle import AppServices
from mira_desktop.ui.shell.main_window import MainWindow

WORDS = 1000
DELAY_MS = 5  # 200 tokens/s
now = time.perf_counter


@dataclass(frozen=True)
class Render:
    start: float
    end: float
    state: ChatState


@dataclass
class Frame:
    """One update on screen: the render(s) of the update and the repaint that showed it."""

    renders: list[Render]
    paint_start: float = 0.0
    paint_end: float = 0.0

    @property
    def render_start(self) -> float:
        return self.renders[0].start

    @property
    def render_s(self) -> float:
        return sum(r.end - r.start for r in self.renders)

    @property
    def state(self) -> ChatState:
        return self.renders[-1].state

    @property
    def total_s(self) -> float:
        return self.paint_end - self.render_start

    @property
    def paint_s(self) -> float:
        return self.paint_end - self.paint_start


@dataclass
class FrameClock:
    frames: list[Frame] = field(default_factory=list)
    pending: Frame | None = None
    chat_painted: bool = False

    def rendered(self, state: ChatState, started: float, ended: float) -> None:
        if self.pending is None:
            self.pending = Frame([Render(started, ended, state)])
        else:  # a second render before Qt painted the first: one frame, from the first render
            self.pending.renders.append(Render(started, ended, state))

    def repainted(self, started: float, ended: float) -> None:
        if self.pending is not None and self.chat_painted:
            self.pending.paint_start, self.pending.paint_end = started, ended
            self.frames.append(self.pending)
            self.pending = None

    def first_after(self, since: float, shows: Callable[[ChatState], bool]) -> tuple[Frame, Render] | None:
        """The first render from ``since`` whose state ``shows`` something, and the frame that painted it."""
        for frame in self.frames:
            for render in frame.renders:
                if render.start >= since and shows(render.state):
                    return frame, render
        return None


class TimedWindow(MainWindow):
    """The main window, timing each render and each repaint (the benchmark's only change to it)."""

    def __init__(self, data_dir: str) -> None:
        self.clock = FrameClock()
        super().__init__(data_dir)
        self._paints = _PaintWatch(self.clock)
        self.chat_view.list_widget.installEventFilter(self._paints)

    def _render(self, state: ChatState, hidden_earlier: int) -> None:
        started = now()
        super()._render(state, hidden_earlier)
        self.clock.rendered(state, started, now())

    def event(self, event: QEvent) -> bool:
        if event.type() != QEvent.Type.UpdateRequest:
            return super().event(event)
        self.clock.chat_painted = False
        started = now()
        handled = super().event(event)
        self.clock.repainted(started, now())
        return handled


class _PaintWatch(QObject):
    def __init__(self, clock: FrameClock) -> None:
        super().__init__()
        self._clock = clock

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt naming)
        if event.type() == QEvent.Type.Paint:
            self._clock.chat_painted = True
        return False


def wait_until(condition: Callable[[], bool], timeout: float = 120.0) -> None:
    """Run the event loop, sleeping between events as the app does, until ``condition`` holds."""
    deadline = time.monotonic() + timeout
    loop = QEventLoop()
    check = QTimer()
    check.setInterval(5)
    check.timeout.connect(lambda: loop.quit() if condition() or time.monotonic() > deadline else None)
    check.start()
    if not condition():
        loop.exec()
    check.stop()
    if not condition():
        raise TimeoutError("the window did not reach the expected state")


def settle(window: TimedWindow, services: AppServices) -> None:
    """Wait for the run and any summary refresh it started to end, then 0.3 s of idle event loop."""
    wait_until(lambda: not window.controller.state.busy)
    wait_until(lambda: not any(task.name == "summary" for task in services.tasks.active()))
    idle = time.monotonic() + 0.3
    wait_until(lambda: time.monotonic() > idle)
    window.clock.pending = None  # a render that changed nothing in the message list paints nothing there


def open_window(folder: Path, services: AppServices) -> TimedWindow:
    """The main window as a user finds it: attached, model checked, composer enabled."""
    window = TimedWindow(str(folder))
    window.show()
    window.attach(services)
    ready: list[bool] = []
    window.model_readiness_changed.connect(lambda readiness: ready.append(readiness.ready))
    window.start_model_check()
    wait_until(lambda: bool(ready))
    if not ready[0]:
        raise RuntimeError("the scripted model did not become ready")
    return window


def script(folder: Path, name: str, text: str, replies: int) -> str:
    path = folder / f"{name}.json"
    path.write_text(json.dumps({"replies": [{"text": text, "token_delay_ms": DELAY_MS}] * replies}))
    return f"scripted:{path}"


def streaming(folder: Path, runs: int) -> dict[str, Any]:
    services = build_services(folder / "data-stream")
    services.models.set_default(
        script(folder, "stream", " ".join(f"word{i}" for i in range(WORDS)), runs + 5)
    )
    window = open_window(folder, services)
    per_run: list[dict[str, float]] = []
    frames_seen: list[dict[str, float]] = []
    try:
        for _ in range(runs):
            window.new_chat()
            settle(window, services)
            ticks: list[float] = []
            clock = QElapsedTimer()
            heartbeat = QTimer()
            heartbeat.setInterval(16)
            heartbeat.setTimerType(Qt.TimerType.PreciseTimer)
            last = [0.0]

            def tick(
                ticks: list[float] = ticks, clock: QElapsedTimer = clock, last: list[float] = last
            ) -> None:
                elapsed = clock.nsecsElapsed() / 1e6
                if last[0]:
                    ticks.append(elapsed - last[0])
                last[0] = elapsed

            heartbeat.timeout.connect(tick)
            sent = now()
            clock.start()
            heartbeat.start()
            window.controller.dispatch(SendRequested("Stream please"))
            settle(window, services)
            heartbeat.stop()
            frames = [
                f
                for f in window.clock.frames
                if f.render_start >= sent and f.state.active_run is not None and f.state.active_run.run_id
            ]
            total = [f.total_s * 1000 for f in frames]
            per_run.append(
                {
                    "frames": len(frames),
                    "coalesced_renders": sum(len(f.renders) - 1 for f in frames),
                    "frame_p50_ms": percentile(total, 0.5),
                    "frame_p95_ms": percentile(total, 0.95),
                    "frame_max_ms": max(total),
                    "render_p95_ms": percentile([f.render_s * 1000 for f in frames], 0.95),
                    "between_p95_ms": percentile(
                        [(f.total_s - f.render_s - f.paint_s) * 1000 for f in frames], 0.95
                    ),
                    "paint_p95_ms": percentile([f.paint_s * 1000 for f in frames], 0.95),
                    "heartbeat_p50_ms": percentile(ticks, 0.5),
                    "heartbeat_p95_ms": percentile(ticks, 0.95),
                    "heartbeat_max_ms": max(ticks),
                }
            )
            frames_seen.extend(
                {"render_ms": f.render_s * 1000, "paint_ms": f.paint_s * 1000, "total_ms": f.total_s * 1000}
                for f in frames
            )
    finally:
        window.close()
        services.close()
    keys = per_run[0].keys()
    return {
        "per_run": per_run,
        "figures": {key: Spread.of([r[key] for r in per_run]).to_json() for key in keys},
        "frames": frames_seen,
    }


def long_thread(services: AppServices, count: int) -> str:
    """A thread of ``count`` messages, one branch, imported through the services."""
    from mira_desktop.core.ids import new_id
    from mira_desktop.services.threads.transfer import FORMAT, FORMAT_VERSION

    stamp = "2024-01-01T00:00:00+00:00"
    ids = [new_id("message") for _ in range(count)]
    messages = [
        {
            "id": ids[i],
            "parent_id": ids[i - 1] if i else None,
            "role": "user" if i % 2 == 0 else "assistant",
            "content": f"Message {i}: " + "some text " * 12,
            "status": "complete",
            "created_at": stamp,
            "updated_at": stamp,
        }
        for i in range(count)
    ]
    thread = {
        "id": new_id("thread"),
        "title": "Long thread",
        "status": "active",
        "active_leaf_id": messages[-1]["id"],
        "created_at": stamp,
        "updated_at": stamp,
    }
    imported = services.transfer.import_data(
        {"format": FORMAT, "version": FORMAT_VERSION, "thread": thread, "messages": messages}
    )
    return imported.id


def streamed_text(state: ChatState) -> bool:
    """The answer of the running run shows some text."""
    run = state.active_run
    return bool(run and run.run_id and any(m.id == run.assistant_id and m.content for m in state.history))


def open_once(window: TimedWindow, services: AppServices, thread_id: str) -> dict[str, float]:
    """From ``open_thread`` (a click in the sidebar) to the repaint that shows the thread's messages."""

    def shows_thread(state: ChatState) -> bool:
        return state.current == thread_id and bool(state.history)

    window.new_chat()
    settle(window, services)
    started = now()
    window.open_thread(thread_id)
    wait_until(lambda: window.clock.first_after(started, shows_thread) is not None)
    found = window.clock.first_after(started, shows_thread)
    assert found is not None
    frame, render = found
    settle(window, services)
    return {
        "painted_ms": (frame.paint_end - started) * 1000,
        "to_render_ms": (render.start - started) * 1000,
        "render_layout_paint_ms": (frame.paint_end - render.start) * 1000,
    }


def send_once(window: TimedWindow, services: AppServices) -> dict[str, float]:
    """From dispatching ``SendRequested`` in the open thread to its three milestones."""
    before = len(window.controller.state.history)
    run_started: list[float] = []

    def note_run(state: ChatState) -> None:
        if not run_started and state.active_run is not None and state.active_run.run_id:
            run_started.append(now())

    window.controller.state_changed.connect(note_run)
    started = now()
    window.controller.dispatch(SendRequested("One more question"))
    wait_until(lambda: not window.controller.state.busy and bool(run_started))
    settle(window, services)
    window.controller.state_changed.disconnect(note_run)
    user = window.clock.first_after(started, lambda state: len(state.history) > before)
    token = window.clock.first_after(started, streamed_text)
    assert user is not None, "the user message was never painted"
    assert token is not None, "no streamed text was painted"
    return {
        "user_message_painted_ms": (user[0].paint_end - started) * 1000,
        "run_started_ms": (run_started[0] - started) * 1000,
        "first_token_painted_ms": (token[0].paint_end - started) * 1000,
    }


def open_and_send(folder: Path, runs: int, count: int) -> dict[str, Any]:
    services = build_services(folder / "data-long")
    # Long enough to stream over several frames: a reply that ends before the next frame (as a short
    # one can on a busy machine) paints no streamed text to time the first token by.
    answer = " ".join(["Noted, with a few words of answer."] * 10)
    services.models.set_default(script(folder, "long", answer, 4 * (runs + 2)))
    thread_id = long_thread(services, count)
    window = open_window(folder, services)
    opens: list[dict[str, float]] = []
    sends: list[dict[str, float]] = []
    try:
        for _ in range(runs + 1):  # the first of each is the warm-up
            opens.append(open_once(window, services, thread_id))
            sends.append(send_once(window, services))
    finally:
        window.close()
        services.close()

    def figures(samples: list[dict[str, float]]) -> dict[str, Any]:
        return {
            key: Spread.of([s[key] for s in samples]).to_json([s[key] for s in samples]) for key in samples[0]
        }

    return {
        "messages": count,
        "warmup_open": opens[0],
        "warmup_send": sends[0],
        "open": figures(opens[1:]),
        "send": figures(sends[1:]),
    }


def cells(spread: dict[str, Any], digits: int = 1) -> list[str]:
    return [f"{spread[k]:.{digits}f}" for k in ("median", "low", "high")]


def judge(stream: dict[str, Any], long: dict[str, Any]) -> Goals:
    s, o = stream["figures"], long["open"]
    goals = Goals("ui_streaming")
    goals.at_most("streaming frame render -> painted, p95 (median of runs)", s["frame_p95_ms"]["median"], 16.7, " ms")
    goals.at_most("streaming frame render -> painted, max (median of runs)", s["frame_max_ms"]["median"], 50, " ms")
    goals.at_most(f"open a {long['messages']:,}-message thread -> painted (median)", o["painted_ms"]["median"], 200, " ms")
    return goals


def report(
    runs: int, stream: dict[str, Any], long: dict[str, Any], platform: str
) -> tuple[list[str], dict[str, Any]]:
    s = stream["figures"]
    rows = [
        ["streaming frame, render -> painted: p50", *cells(s["frame_p50_ms"])],
        ["streaming frame, render -> painted: p95 (goal <= 16.7)", *cells(s["frame_p95_ms"])],
        ["streaming frame, render -> painted: max (goal <= 50)", *cells(s["frame_max_ms"])],
        ["  of which render: p95", *cells(s["render_p95_ms"])],
        ["  of which between (layout, queued events): p95", *cells(s["between_p95_ms"])],
        ["  of which paint: p95", *cells(s["paint_p95_ms"])],
        ["16 ms UI timer interval: p95", *cells(s["heartbeat_p95_ms"])],
        ["16 ms UI timer interval: max", *cells(s["heartbeat_max_ms"])],
    ]
    o, snd, n = long["open"], long["send"], f"{long['messages']:,}"
    rows += [
        [f"open {n}-message thread -> painted (goal <= 200)", *cells(o["painted_ms"])],
        ["  of which click -> render (background load)", *cells(o["to_render_ms"])],
        ["  of which render + layout + paint", *cells(o["render_layout_paint_ms"])],
        [f"send in the {n}-message thread -> user message painted", *cells(snd["user_message_painted_ms"])],
        ["send -> run started (RunStarted)", *cells(snd["run_started_ms"])],
        ["send -> first token painted", *cells(snd["first_token_painted_ms"])],
    ]
    frames = s["frames"]["median"]
    title = f"UI under load, ms, median of {runs} runs with min and max; platform {platform}"
    lines = [
        title,
        f"(streaming: {WORDS} words at {1000 // DELAY_MS} tokens/s, per run p50/p95/max over its ~{frames:.0f} frames)",
        table(["", "median", "min", "max"], rows),
        f"not counted: first open {long['warmup_open']['painted_ms']:.1f} ms, first send: user message painted "
        f"{long['warmup_send']['user_message_painted_ms']:.1f} ms, run started {long['warmup_send']['run_started_ms']:.1f} ms",
    ]
    return lines, printed_table(title, ["", "median", "min", "max"], rows)


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--runs", type=int, default=5, help="counted runs of each measurement (>= 5)")
    parser.add_argument("--messages", type=int, default=10_000, help="messages in the long thread")
    parser.add_argument("--platform", choices=["auto", "xcb", "offscreen"], default="auto")
    args = parser.parse_args()
    if args.runs < 5:
        parser.error("--runs must be at least 5")
    os.environ["QT_QPA_PLATFORM"], platform = display_platform(args.platform)
    app = QApplication.instance() or QApplication([])
    assert isinstance(app, QApplication)
    load_before = machine_load()
    with tempfile.TemporaryDirectory(prefix="mira-bench-ui-") as temp:
        folder = Path(temp)
        stream = streaming(folder, args.runs)
        long = open_and_send(folder, args.runs, args.messages)
    load_after = machine_load()
    lines, printed = report(args.runs, stream, long, platform)
    for line in lines:
        print(line)
    goals = judge(stream, long)
    goals.print()
    print(f"load average before {load_before['loadavg']}, after {load_after['loadavg']}")
    path = write_results(
        "ui_streaming_xcb" if os.environ["QT_QPA_PLATFORM"] == "xcb" else "ui_streaming",  # one per platform
        {
            "measures": "see the docstring of benchmarks/ui_streaming.py",
            "platform": platform,
            "table": printed,
            "runs": args.runs,
            "streaming": stream,
            "long_thread": long,
            "machine": machine(),
            "load_before": load_before,
            "load_after": load_after,
        },
        goals,
    )
    print(f"written to {path}")
    return goals.exit_status()


if __name__ == "__main__":
    raise SystemExit(main())
