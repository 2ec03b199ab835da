"""The model check's wall time for the embedded model, and the scripted baseline that proves the suite.

Each run is a fresh process on a fresh data folder: ``mira models check local:smollm2 --json``, timed
from the command's start to its exit (import, data folder, the model's load, the speed probe, four
agent tasks, four knowledge questions, the result kept). The scripted model, given each task's
reference answer (``Suite.reference_replies``), runs the same command once: it must score every
task, or the suite, not the model, is wrong.

Goals: the embedded model's check takes at most 3 minutes (median of the runs); the scripted run
scores every task.

Run: ``.venv/bin/python benchmarks/model_check.py [--runs N]``; results in
``benchmarks/results/model_check.json``; exits 1 when a goal is missed.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.reporting import Goals, Spread, machine, machine_load, printed_table, table, write_results

WALL_GOAL_S = 180.0
_MIRA = "import sys; from mira_desktop.app import main; sys.exit(main(sys.argv[1:]))"


def run_check(ref: str, data_dir: Path) -> tuple[float, dict[str, Any]]:
    """The command's wall time and its JSON result."""
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", _MIRA, "--data-dir", str(data_dir), "models", "check", ref, "--json"],
        check=True,
        capture_output=True,
        text=True,
    )
    return time.perf_counter() - started, dict(json.loads(done.stdout))


def scripted_ref(folder: Path) -> str:
    from mira_desktop.services.model_check.suite import load_suite

    script = folder / "reference.json"
    script.write_text(json.dumps({"replies": load_suite().reference_replies()}), encoding="utf-8")
    return f"scripted:{script}"


def _seconds(result: dict[str, Any], kind: str) -> float:
    return float(sum(t["seconds"] for t in result["tasks"] if t["kind"] == kind))


def _score(result: dict[str, Any], kind: str) -> str:
    score = result["scores"][kind]
    return f"{score['passed']}/{score['total']}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=2)
    args = parser.parse_args()
    load_before = machine_load()
    rows: list[list[str]] = []
    walls: list[float] = []
    runs: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory(prefix="mira-bench-check-") as scratch:
        folder = Path(scratch)
        scripted_wall, scripted = run_check(scripted_ref(folder), folder / "scripted-data")
        for n in range(args.runs):
            wall, result = run_check("local:smollm2", folder / f"data-{n}")
            walls.append(wall)
            runs.append({"wall_s": wall, "result": result})
        for label, wall, result in [("scripted (reference answers)", scripted_wall, scripted)] + [
            (f"SmolLM2-135M, run {n + 1}", r["wall_s"], r["result"]) for n, r in enumerate(runs)
        ]:
            speed = result.get("speed") or {}
            rows.append([
                label, f"{wall:.1f}", f"{speed.get('load_s', 0):.1f}", f"{_seconds(result, 'agent'):.1f}",
                f"{_seconds(result, 'knowledge'):.1f}", _score(result, "agent"), _score(result, "knowledge"),
                f"{speed.get('tokens_per_s') or 0:.0f}", f"{(speed.get('first_token_s') or 0) * 1000:.0f}",
            ])  # fmt: skip
    header = [
        "model",
        "wall s",
        "load s",
        "agent tasks s",
        "knowledge s",
        "agent",
        "knowledge",
        "tokens/s",
        "first token ms",
    ]
    print(table(header, rows))
    goals = Goals("model_check")
    wall = Spread.of(walls)
    goals.at_most("the embedded model's check, wall time (median)", wall.median, WALL_GOAL_S, " s")
    solved = all(
        scripted["scores"][k]["passed"] == scripted["scores"][k]["total"] for k in ("agent", "knowledge")
    )
    goals.check(
        "the scripted reference run scores every task",
        "8/8",
        f"{_score(scripted, 'agent')} + {_score(scripted, 'knowledge')}",
        solved,
    )
    goals.print()
    data = {
        "machine": machine(),
        "load_before": load_before,
        "load_after": machine_load(),
        "table": printed_table(
            f"`mira models check` in a fresh process on a fresh data folder; SmolLM2 {args.runs} runs "
            f"(median wall {wall.median:.1f} s, min {wall.low:.1f}, max {wall.high:.1f})",
            header,
            rows,
        ),
        "wall_s": wall.to_json(walls),
        "runs": runs,
        "scripted": {"wall_s": scripted_wall, "result": scripted},
    }
    print(f"results: {write_results('model_check', data, goals)}")
    return goals.exit_status()


if __name__ == "__main__":
    sys.exit(main())
