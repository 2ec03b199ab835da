"""Crash trials: ``kill -9`` at random moments of six kinds of work, then reopen and check.

For each scenario (``crash_scenarios.py``) one run is first left to finish: it is the control (its
checks must pass) and its duration is the window the kills are drawn from, uniformly; a trial whose
work ended before its kill is drawn again (up to five times) within the time it took. Agent runs are
also killed at planted points: the driver notes each durable checkpoint and each file change, and
half of the agent trials stop at one of those points (drawn at random) and are killed there —
between proposal, approval, execution and result. After each kill the data folder is opened with
the composition root, as a start of Mira would, and checked (``crash_checks.py``).

    python -m reliability.crash_trials [--trials 100] [--scenarios NAME,…] [--seed 7] [--work DIR]
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from reliability import crash_checks as checks
from reliability.common import MIRA, ROOT, Goal, child_env, log, print_goals, table, write_results
from reliability.crash_scenarios import SCENARIOS, SHARES, Scenario, Trial

NAME = "crash_trials"
MARKER_WAIT_S = 180
REDRAWS = 5  # new kill times drawn for a trial whose work ended before its kill
RUN_LIMIT_S = 600


@dataclass
class Outcome:
    scenario: str
    number: int
    kill: str  # "none" (control), "at 1.23s", or "at checkpoint:3"
    killed: bool
    returncode: int | None
    seconds: float
    problems: dict[str, list[str]] = field(default_factory=dict)

    @property
    def failed(self) -> bool:
        return any(self.problems.values())


def _held(ledger: Path, marker: str) -> bool:
    return ledger.exists() and f'"marker": "{marker}"' in ledger.read_text(encoding="utf-8", errors="replace")


def run_and_kill(trial: Trial, kill_after: float | None) -> tuple[bool, int | None, float]:
    """Start the trial's command; kill -9 it after ``kill_after`` seconds or at its hold marker."""
    started = time.monotonic()
    with trial.stdout.open("w") as stdout, (trial.folder / "stderr.txt").open("w") as stderr:
        process = subprocess.Popen(
            trial.command, stdout=stdout, stderr=stderr, cwd=ROOT, env=child_env(PYTHONUNBUFFERED="1")
        )
        deadline = started + (kill_after if kill_after is not None else RUN_LIMIT_S)
        if trial.hold is not None:
            deadline = started + MARKER_WAIT_S
        while process.poll() is None and time.monotonic() < deadline:
            if trial.hold is not None and _held(trial.ledger, trial.hold):
                break
            time.sleep(0.01)
        killed = process.poll() is None
        if killed:
            os.kill(process.pid, signal.SIGKILL)
        process.wait()
    return killed, process.returncode, time.monotonic() - started


def check_trial(
    scenario: Scenario, trial: Trial, killed: bool, returncode: int | None
) -> dict[str, list[str]]:
    problems: dict[str, list[str]] = {"database sound": checks.database_sound(trial.data_dir)}
    if not killed and returncode != 0:
        tail = (trial.folder / "stderr.txt").read_text(encoding="utf-8", errors="replace")[-400:]
        problems["command succeeds when not killed"] = [f"exit {returncode}: {tail}"]
    try:
        services = scenario.build(trial.data_dir)
    except Exception as exc:
        problems["reopens"] = [f"{type(exc).__name__}: {exc}"]
        return problems
    problems["reopens"] = []
    try:
        problems |= checks.run_checks(scenario.checks(services, trial))
    finally:
        services.close()
    problems["no stray temporary files"] = checks.stray_temporary_files(trial.data_dir)
    problems["database sound"] += checks.database_sound(trial.data_dir)
    return problems


def one_trial(
    scenario: Scenario, folder: Path, number: int, kill_after: float | None, hold: str | None
) -> Outcome:
    folder.mkdir(parents=True)
    trial = scenario.trial(folder, number, hold)
    killed, code, seconds = run_and_kill(trial, kill_after)
    kill = (
        "none" if kill_after is None and hold is None else (f"at {hold}" if hold else f"at {kill_after:.2f}s")
    )
    outcome = Outcome(
        scenario.name, number, kill, killed, code, seconds, check_trial(scenario, trial, killed, code)
    )
    failures = {k: v for k, v in outcome.problems.items() if v}
    log(
        f"{scenario.name} #{number} kill {kill}: {'killed' if killed else f'exit {code}'} after {seconds:.1f}s; {failures or 'all checks passed'}"
    )
    return outcome


def _startup_seconds(data_dir: Path) -> float:
    """How long a `mira` command takes to start and do nothing much here (`mira info`)."""
    started = time.monotonic()
    subprocess.run(
        [MIRA, "--data-dir", str(data_dir), "info"], capture_output=True, env=child_env(), check=False
    )
    return time.monotonic() - started


def _markers(ledger: Path) -> list[str]:
    return [str(f["marker"]) for f in checks.read_ledger(ledger) if "marker" in f]


def run_scenario(scenario: Scenario, trials: int, work: Path, rng: random.Random) -> list[Outcome]:
    log(f"{scenario.name}: preparing")
    scenario.prepare()
    control = one_trial(scenario, work / "control", 0, None, None)
    control.kill = "none (control)"
    floor = _startup_seconds(work / "control" / "data")
    window = max(control.seconds, floor + 0.5)
    markers = _markers(work / "control" / "ledger.jsonl")
    outcomes = [control]
    # Kinds of marker drawn first, then one of that kind: the few "executed" points (a file changed,
    # its result not yet journaled) are held as often as the many checkpoints.
    kinds = {
        m.split(":", 1)[0]: [n for n in markers if n.startswith(m.split(":", 1)[0] + ":")] for m in markers
    }
    for number in range(1, trials + 1):
        hold = rng.choice(kinds[rng.choice(sorted(kinds))]) if kinds and number % 2 == 0 else None
        # A quarter of the kills land while the process starts, the rest while it works.
        early = rng.random() < 0.25
        kill_after = None if hold else rng.uniform(0.0, floor) if early else rng.uniform(floor, window)
        outcome = one_trial(scenario, work / f"trial-{number:03d}", number, kill_after, hold)
        for _ in range(REDRAWS):
            # The work ended before the kill came, so nothing was killed: draw again within the
            # time it took this once (a failure is kept as it is, with its folder).
            if outcome.killed or outcome.failed or hold is not None:
                break
            shutil.rmtree(work / f"trial-{number:03d}")
            kill_after = rng.uniform(0.0, outcome.seconds * 0.9)
            outcome = one_trial(scenario, work / f"trial-{number:03d}", number, kill_after, hold)
        outcomes.append(outcome)
        if not outcome.failed:
            shutil.rmtree(work / f"trial-{number:03d}", ignore_errors=True)
    return outcomes


def share_out(total: int, names: list[str]) -> dict[str, int]:
    """``total`` trials split by ``SHARES`` among the scenarios named."""
    weights = {n: SHARES[n] for n in names}
    counts = {n: total * w // sum(weights.values()) for n, w in weights.items()}
    for n in sorted(names, key=lambda n: -weights[n])[: total - sum(counts.values())]:
        counts[n] += 1
    return counts


def report(outcomes: list[Outcome]) -> tuple[list[Goal], dict[str, Any]]:
    trials = [o for o in outcomes if o.number > 0]
    per_scenario = []
    for name in dict.fromkeys(o.scenario for o in outcomes):
        mine = [o for o in trials if o.scenario == name]
        control = next(o for o in outcomes if o.scenario == name and o.number == 0)
        per_scenario.append(
            [
                name,
                str(len(mine)),
                str(sum(o.killed for o in mine)),
                str(sum(not o.killed for o in mine)),
                str(
                    sum(o.kill.startswith("at checkpoint") or o.kill.startswith("at executed") for o in mine)
                ),
                str(sum(o.failed for o in mine)),
                "fail" if control.failed else "pass",
            ]
        )
    print("\nCrash trials (kill -9), per scenario")
    print(
        table(["scenario", "trials", "killed", "ended first", "at marker", "failed", "control"], per_scenario)
    )
    per_check: dict[tuple[str, str], list[int]] = {}
    for o in trials:
        for check, problems in o.problems.items():
            counts = per_check.setdefault((o.scenario, check), [0, 0])
            counts[0] += 1
            counts[1] += bool(problems)
    print("\nCrash trials, failures per check")
    print(
        table(
            ["scenario", "check", "trials checked", "failures"],
            [[s, c, str(n), str(f)] for (s, c), (n, f) in per_check.items()],
        )
    )
    by_check: dict[str, int] = {}
    for (_, check), (_, failures) in per_check.items():
        by_check[check] = by_check.get(check, 0) + failures
    killed = sum(o.killed for o in trials)
    goals = [
        Goal(NAME, "trials (kill -9 landed / drawn)", f"{killed} / {len(trials)}", ">= 100", killed >= 100)
    ]
    goals += [Goal(NAME, f"failures: {check}", str(n), "0", n == 0) for check, n in by_check.items()]
    goals.append(
        Goal(
            NAME,
            "controls (not killed) failing",
            str(sum(o.failed for o in outcomes if o.number == 0)),
            "0",
            not any(o.failed for o in outcomes if o.number == 0),
        )
    )
    data = {"per_scenario": per_scenario, "per_check": [[s, c, n, f] for (s, c), (n, f) in per_check.items()]}
    return goals, data


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=100)
    parser.add_argument("--scenarios", default="", help="comma-separated scenario names (default: all)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--work", type=Path, default=None)
    args = parser.parse_args(argv)
    from mira_desktop.app import build_services

    work = args.work or Path(tempfile.mkdtemp(prefix="mira-crash-"))
    chosen = [s for s in SCENARIOS if not args.scenarios or s.name in args.scenarios.split(",")]
    counts = share_out(args.trials, [s.name for s in chosen])
    rng = random.Random(args.seed)
    outcomes: list[Outcome] = []
    for kind in chosen:
        scenario = kind(work, build_services)
        outcomes += run_scenario(scenario, counts[scenario.name], work / scenario.slug, rng)
    goals, data = report(outcomes)
    failing = [o.__dict__ for o in outcomes if o.failed]
    path = write_results(
        NAME,
        {"work": str(work), **data, "failing_trials": failing, "trials": [o.__dict__ for o in outcomes]},
        goals,
    )
    print_goals("Crash trials: goals", goals)
    log(f"results in {path}; failing trial folders kept under {work}")
    return 0 if all(g.met for g in goals) else 1


if __name__ == "__main__":
    sys.exit(main())
