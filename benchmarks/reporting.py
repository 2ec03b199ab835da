"""What every benchmark here shares: a median with its spread, the machine's load, tables, goals
with their verdicts, results.

The machine is shared and timing is noisy, so each figure is the median of several runs printed with
the lowest and highest run, and each results file records the load average before and after. A
benchmark states its goals through :class:`Goals`: each is printed with what was measured and a
verdict, kept in the results file (where ``tools/bench_figures.py`` copies them into the READMEs),
and a missed goal — or one that could not be measured — makes the script exit with status 1.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import platform
import statistics
import subprocess
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

RESULTS = Path(__file__).resolve().parent / "results"


@dataclass(frozen=True)
class Spread:
    """The median of ``runs`` measurements, with the lowest and the highest."""

    median: float
    low: float
    high: float
    runs: int

    @classmethod
    def of(cls, values: Sequence[float]) -> Spread:
        if not values:
            raise ValueError("no measurements")
        return cls(statistics.median(values), min(values), max(values), len(values))

    def to_json(self, values: Sequence[float] | None = None) -> dict[str, Any]:
        data: dict[str, Any] = asdict(self)
        if values is not None:
            data["values"] = list(values)
        return data

    def cells(self, scale: float = 1.0, digits: int = 0) -> list[str]:
        return [f"{v * scale:.{digits}f}" for v in (self.median, self.low, self.high)]


def percentile(values: Sequence[float], share: float) -> float:
    """The nearest-rank percentile (``share`` in 0..1) of ``values``."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(share * len(ordered)) - 1))]


def machine_load() -> dict[str, Any]:
    """The load averages and ``uptime`` line now: other engineers' tests share these cores."""
    line = ""
    with contextlib.suppress(OSError, subprocess.SubprocessError):
        line = subprocess.run(
            ["uptime"], capture_output=True, text=True, check=False, timeout=5
        ).stdout.strip()
    one, five, fifteen = os.getloadavg()
    return {"at": time.strftime("%Y-%m-%d %H:%M:%S"), "loadavg": [one, five, fifteen], "uptime": line}


def machine() -> dict[str, Any]:
    return {"cpus": os.cpu_count(), "python": platform.python_version(), "platform": platform.platform()}


def display_platform(requested: str = "auto") -> tuple[str, str]:
    """The Qt platform to measure a window on, and how to label the figures.

    ``auto``: ``xcb`` when ``DISPLAY`` names an X server that is running here (a real one or Xvfb,
    said which), ``offscreen`` otherwise. ``xcb`` or ``offscreen`` force it (``xcb`` fails without
    a server).
    """
    display = os.environ.get("DISPLAY", "")
    server = _x_server(display)
    if requested == "offscreen" or (requested == "auto" and server is None):
        why = "no X server" if server is None else f"asked for, though {server} {display} runs"
        return "offscreen", f"offscreen ({why}: no window system, nothing reaches a screen)"
    if server is None:
        raise SystemExit(f"--platform xcb needs a running X server, and DISPLAY={display!r} names none")
    return "xcb", f"xcb on {server} {display}"


def _x_server(display: str) -> str | None:
    """``Xvfb`` or ``an X server`` when ``display`` (``:N``) is served on this machine, else None."""
    number = display.rpartition(":")[2].split(".")[0]
    if not display.startswith(":") or not number.isdigit():
        return None
    if not Path(f"/tmp/.X11-unix/X{number}").exists():
        return None
    for cmdline in Path("/proc").glob("[0-9]*/cmdline"):
        with contextlib.suppress(OSError):
            args = cmdline.read_bytes().split(b"\0")
            if f":{number}".encode() in args and Path(args[0].decode(errors="replace")).name == "Xvfb":
                return "Xvfb"
    return "an X server"


def table(header: Sequence[str], rows: Sequence[Sequence[str]], first_width: int = 0) -> str:
    """A plain-text table: the first column left-aligned, the others right-aligned."""
    widths = [max(len(str(r[i])) for r in [header, *rows]) for i in range(len(header))]
    widths[0] = max(widths[0], first_width)
    lines = []
    for row in [header, *rows]:
        cells = [str(row[0]).ljust(widths[0])] + [
            str(c).rjust(w) for c, w in zip(row[1:], widths[1:], strict=True)
        ]
        lines.append("  ".join(cells).rstrip())
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def printed_table(title: str, header: Sequence[str], rows: Sequence[Sequence[str]]) -> dict[str, Any]:
    """A table as a results file keeps it (``"table"``), for ``tools/bench_figures.py`` to copy."""
    return {"title": title, "header": list(header), "rows": [list(map(str, row)) for row in rows]}


@dataclass(frozen=True)
class Goal:
    """One goal: what is judged, the target, what was measured, and whether the target was met."""

    what: str
    target: str
    measured: str
    met: bool


class Goals:
    """The goals of one benchmark run, judged as they are added.

    A value that is not a number (a cancel that never fired, a run that produced nothing) misses
    its goal: it is never silently left out.
    """

    def __init__(self, benchmark: str) -> None:
        self.benchmark = benchmark
        self.goals: list[Goal] = []

    def at_most(self, what: str, value: float, limit: float, unit: str = "", digits: int = 1) -> bool:
        return self._compare(what, value, (limit, "<="), unit, digits)

    def at_least(self, what: str, value: float, limit: float, unit: str = "", digits: int = 1) -> bool:
        return self._compare(what, value, (limit, ">="), unit, digits)

    def check(self, what: str, target: str, measured: str, met: bool) -> bool:
        """A goal that is not a comparison of two numbers (e.g. "every task solved")."""
        self.goals.append(Goal(what, target, measured, met))
        return met

    def _compare(self, what: str, value: float, bound: tuple[float, str], unit: str, digits: int) -> bool:
        limit, sign = bound
        target = f"{sign} {limit:,.{digits}f}{unit}"
        if not math.isfinite(value):
            return self.check(what, target, "not measured", False)
        met = value <= limit if sign == "<=" else value >= limit
        return self.check(what, target, f"{value:,.{digits}f}{unit}", met)

    @property
    def all_met(self) -> bool:
        return all(goal.met for goal in self.goals)

    def lines(self) -> list[str]:
        """The goals as a table with a verdict per goal, then the benchmark's verdict."""
        if not self.goals:
            return [f"{self.benchmark}: no goal is set for these figures (measured only)"]
        rows = [[g.what, g.target, g.measured, "met" if g.met else "MISSED"] for g in self.goals]
        missed = sum(not goal.met for goal in self.goals)
        verdict = (
            f"{self.benchmark}: every goal met ({len(self.goals)})"
            if not missed
            else f"{self.benchmark}: {missed} of {len(self.goals)} goals MISSED"
        )
        return ["", table(["goal", "target", "measured", "verdict"], rows), verdict]

    def print(self) -> None:
        print("\n".join(self.lines()))

    def to_json(self) -> dict[str, Any]:
        return {"all_met": self.all_met, "goals": [asdict(goal) for goal in self.goals]}

    def exit_status(self) -> int:
        """0 when every goal was met (or none is set), 1 otherwise."""
        return 0 if self.all_met else 1


def write_results(name: str, data: dict[str, Any], goals: Goals | None = None) -> Path:
    """Write ``benchmarks/results/<name>.json`` (git-ignored) and return its path.

    With ``goals``, the file also holds them and their verdicts (``"verdict"``), which
    ``tools/bench_figures.py`` copies into the READMEs.
    """
    RESULTS.mkdir(parents=True, exist_ok=True)
    path = RESULTS / f"{name}.json"
    if goals is not None:
        data = {**data, "verdict": goals.to_json()}
    path.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return path
