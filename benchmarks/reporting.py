"""What every benchmark here shares: a median with its spread, the machine's load, tables, results.

The machine is shared and timing is noisy, so each figure is the median of several runs printed with
the lowest and highest run, and each results file records the load average before and after.
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


def write_results(name: str, data: dict[str, Any]) -> Path:
    """Write ``benchmarks/results/<name>.json`` (git-ignored) and return its path."""
    RESULTS.mkdir(parents=True, exist_ok=True)
    path = RESULTS / f"{name}.json"
    path.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return path
