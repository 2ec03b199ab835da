"""The machine a check ran on, as its result shows it: the CPU, its cores and the memory."""

from __future__ import annotations

import os
import platform
from pathlib import Path
from typing import Any


def cpu_name() -> str:
    """The CPU's model name (``/proc/cpuinfo`` on Linux), else what ``platform`` knows."""
    try:
        for line in Path("/proc/cpuinfo").read_text("utf-8", errors="replace").splitlines():
            if line.lower().startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass  # not Linux: platform's answer below
    return platform.processor() or platform.machine() or "?"


def describe_machine() -> dict[str, Any]:
    import psutil

    return {
        "cpu": cpu_name(),
        "cores": psutil.cpu_count(logical=False) or os.cpu_count() or 0,
        "threads": os.cpu_count() or 0,
        "memory_bytes": psutil.virtual_memory().total,
        "system": f"{platform.system()} {platform.release()}",
    }
