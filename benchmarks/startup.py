"""Time to first window paint: Mira's main window against a bare PySide6 window, in one run.

Each sample is a fresh process. The parent notes the wall clock just before starting it; the child
prints the wall clock at its window's first paint. Prints a table and writes
benchmarks/results/startup.json. Goal (issue 2): Mira ≤ 1.5× bare and ≤ 1 s.

    .venv/bin/python benchmarks/startup.py [--runs 7] [--platform offscreen|xcb]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

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
            print(json.dumps({"epoch": time.time()}), flush=True)
            QTimer.singleShot(0, window.close)
        return False
first = First()
window.installEventFilter(first)
window.show()
app.exec()
"""


def sample(command: list[str], env: dict[str, str]) -> float:
    start = time.time()
    result = subprocess.run(command, capture_output=True, text=True, env=env, timeout=120, check=True)
    painted = json.loads(result.stdout.strip().splitlines()[-1])["epoch"]
    return float(painted) - start


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--platform", default=os.environ.get("QT_QPA_PLATFORM", "offscreen"))
    args = parser.parse_args()
    env = {**os.environ, "QT_QPA_PLATFORM": args.platform}
    data_dir = Path(tempfile.mkdtemp(prefix="mira-bench-"))
    mira = [sys.executable, "-m", "mira_desktop.app", "--data-dir", str(data_dir), "--exit-after-paint"]
    bare = [sys.executable, "-c", BARE]

    first_start = sample(mira, env)  # creates the database, Mira BASE and the starter roles
    bare_times, mira_times = [], []
    for _ in range(args.runs):  # interleaved, so background load hits both alike
        bare_times.append(sample(bare, env))
        mira_times.append(sample(mira, env))

    bare_median = statistics.median(bare_times)
    mira_median = statistics.median(mira_times)
    ratio = mira_median / bare_median
    rows = [
        ("bare PySide6 window", bare_median, min(bare_times), max(bare_times)),
        ("Mira main window", mira_median, min(mira_times), max(mira_times)),
    ]
    print(f"time to first paint, {args.runs} runs each, platform {args.platform}")
    print(f"{'':24}{'median':>10}{'min':>10}{'max':>10}")
    for name, med, low, high in rows:
        print(f"{name:24}{med * 1000:>8.0f}ms{low * 1000:>8.0f}ms{high * 1000:>8.0f}ms")
    print(f"Mira first start on a new data folder: {first_start * 1000:.0f} ms")
    verdict = "met" if ratio <= 1.5 and mira_median <= 1.0 else "NOT met"
    print(f"ratio Mira/bare: {ratio:.2f}x (goal <= 1.5x and <= 1 s: {verdict})")

    out = Path(__file__).parent / "results" / "startup.json"
    out.parent.mkdir(exist_ok=True)
    out.write_text(
        json.dumps(
            {
                "platform": args.platform,
                "runs": args.runs,
                "bare_s": bare_times,
                "mira_s": mira_times,
                "bare_median_s": bare_median,
                "mira_median_s": mira_median,
                "ratio": ratio,
                "first_start_s": first_start,
            },
            indent=2,
        )
    )


if __name__ == "__main__":
    main()
