"""`make soak`: every reliability script in turn, each in its own process, then one summary table of
every goal and whether it was met (read back from ``reliability/results/*.json``).

    python -m reliability.run_all [--only NAME,…]

Exit status 0 only when every script finished and met every goal.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time

from reliability.common import (
    PYTHON,
    RESULTS,
    ROOT,
    Goal,
    child_env,
    goal_rows,
    log,
    read_goals,
    read_load,
    table,
)

# (module, time limit in minutes): together within the hour `make soak` may take on this machine.
# A full run took 19 minutes here (0.9, 0.2, 1.0, 3.6, 4.5 and 8.8): the limits leave room for a
# busy machine and still add up to the hour.
SCRIPTS = [
    ("escapes", 3),
    ("secrets_scan", 2),
    ("concurrency", 5),
    ("load", 10),
    ("doc_fuzz", 15),
    ("crash_trials", 25),
]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", default="", help="comma-separated script names")
    args = parser.parse_args(argv)
    wanted = set(args.only.split(",")) - {""}
    if unknown := wanted - {n for n, _ in SCRIPTS}:
        parser.error(
            f"no script named {', '.join(sorted(unknown))}: choose among {', '.join(n for n, _ in SCRIPTS)}"
        )
    chosen = [(n, m) for n, m in SCRIPTS if not wanted or n in wanted]
    summary: list[Goal] = []
    timings: list[list[str]] = []
    started_all = time.monotonic()
    for name, minutes in chosen:
        log(f"=== {name} (limit {minutes} min)")
        started = time.time()
        try:
            done = subprocess.run(
                [PYTHON, "-m", f"reliability.{name}"],
                cwd=ROOT,
                env=child_env(),
                timeout=minutes * 60,
                check=False,
            )
            status = f"exit {done.returncode}"
        except subprocess.TimeoutExpired:
            status = f"stopped after {minutes} min"
        results = RESULTS / f"{name}.json"
        fresh = results.is_file() and results.stat().st_mtime >= started
        goals = read_goals(name) if fresh else []
        if not goals:
            goals = [Goal(name, "finished and wrote its results", "no", "yes", False)]
        summary += goals
        load = read_load(name) if fresh else "-"
        timings.append([name, f"{(time.time() - started) / 60:.1f}", status, load])
    print("\n=== make soak: summary")
    print(table(["script", "minutes", "ended", "load average after (1/5/15 min)"], timings))
    print()
    rows = [[g.script, *row] for g, row in zip(summary, goal_rows(summary), strict=True)]
    print(table(["script", "figure", "value", "goal", "met"], rows))
    unmet = [g for g in summary if not g.met]
    print(
        f"\n{len(summary) - len(unmet)} of {len(summary)} goals met in {(time.monotonic() - started_all) / 60:.0f} minutes."
    )
    return 0 if not unmet else 1


if __name__ == "__main__":
    sys.exit(main())
