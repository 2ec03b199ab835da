"""The sidebar grouping 10,000 threads in 200 projects: from asking it to re-read to the list painted.

A data folder gets 200 projects (Mira BASE among them) and 10,000 threads spread over them, each
written straight into SQLite in one transaction (their messages do not matter to the sidebar). The
real ``ThreadSidebar`` is attached to the real services with the window's background runner; each
run forgets what the list shows (so the rows are built again, as after a change), calls
``refresh()`` and waits for its ``listed`` signal, then repaints the list's viewport synchronously.
Measured per run: the whole (read in the background + rows built + painted), and the parts: the
read alone (the same two service calls, on this thread), the rows built (``show_listed``) and the
paint. Two layouts: every project open (each shows its newest ``GROUP_PAGE`` threads and "Show N
more"), and every project closed (headers only).

Goal (issue 32): the whole, every project open, median ≤ 200 ms.

    .venv/bin/python benchmarks/sidebar_projects.py [--runs 9] [--threads 10000] [--projects 200]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QEventLoop, QTimer
from PySide6.QtWidgets import QApplication
from reporting import Goals, Spread, display_platform, machine, machine_load, printed_table, write_results

from mira_desktop.app import build_services
from mira_desktop.core.clock import now_iso
from mira_desktop.core.conversation.threads import ThreadStatus
from mira_desktop.core.ids import new_id
from mira_desktop.services.app.bundle import AppServices
from mira_desktop.ui.runtime.changes import ChangeSignal
from mira_desktop.ui.runtime.operations import OperationRunner
from mira_desktop.ui.shell.project_groups import GROUP_PAGE
from mira_desktop.ui.shell.sidebar import ThreadSidebar

now = time.perf_counter


def fill(services: AppServices, threads: int, projects: int) -> None:
    """``projects`` projects (Mira BASE and the rest) holding ``threads`` threads between them."""
    ids = [services.projects.default().id]
    ids += [services.projects.create(f"Project {n:03d}").id for n in range(1, projects)]
    stamp = now_iso()
    rows = [
        (
            new_id("thread"),
            f"Conversation {n:05d} about item {n % 97}",
            ids[n % len(ids)],
            stamp[:-5] + f"{n % 1000:03d}Z",
        )
        for n in range(threads)
    ]
    with services.database.transaction():
        services.database.conn.executemany(
            "INSERT INTO threads (id, title, workspace_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?)",
            [(tid, title, wid, at, at) for tid, title, wid, at in rows],
        )


def wait_until(condition: Callable[[], bool], timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    loop = QEventLoop()
    check = QTimer()
    check.setInterval(1)
    check.timeout.connect(lambda: loop.quit() if condition() or time.monotonic() > deadline else None)
    check.start()
    if not condition():
        loop.exec()
    check.stop()
    if not condition():
        raise TimeoutError("the sidebar did not list the threads")


def measure(sidebar: ThreadSidebar, services: AppServices, runs: int) -> dict[str, list[float]]:
    samples: dict[str, list[float]] = {"whole": [], "read": [], "rows": [], "paint": [], "rows_shown": []}
    for _ in range(runs + 1):  # the first run warms the caches and is not counted
        sidebar.forget_listed()
        listed: list[bool] = []
        sidebar.listed.connect(lambda listed=listed: listed.append(True))
        started = now()
        sidebar.refresh()
        wait_until(lambda listed=listed: bool(listed))
        sidebar.thread_list.viewport().repaint()
        whole = now() - started
        sidebar.listed.disconnect()

        started = now()  # the parts, one by one on this thread
        groups = services.projects.list()
        limits = {g.workspace.id: GROUP_PAGE for g in groups if g.workspace.id not in sidebar.collapsed}
        threads = services.threads.by_project(ThreadStatus.ACTIVE, limits)
        read = now() - started
        sidebar.forget_listed()
        started = now()
        sidebar.show_listed(threads, projects=groups)
        rows = now() - started
        started = now()
        sidebar.thread_list.viewport().repaint()
        paint = now() - started
        if listed and len(samples["whole"]) < runs + 1:
            for key, value in (("whole", whole), ("read", read), ("rows", rows), ("paint", paint)):
                samples[key].append(value * 1000)
            samples["rows_shown"].append(float(sidebar.thread_list.count()))
    return {key: values[1:] for key, values in samples.items()}


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--threads", type=int, default=10_000)
    parser.add_argument("--projects", type=int, default=200)
    parser.add_argument("--platform", default="auto", choices=["auto", "xcb", "offscreen"])
    args = parser.parse_args()
    os.environ["QT_QPA_PLATFORM"], platform = display_platform(args.platform)
    app = QApplication.instance() or QApplication([])
    load_before = machine_load()
    with tempfile.TemporaryDirectory(prefix="mira-sidebar-") as folder:
        services = build_services(Path(folder) / "data")
        runner = OperationRunner(lambda exc: print(f"failed: {exc}", file=sys.stderr))
        changes = ChangeSignal(services.changes)
        try:
            fill(services, args.threads, args.projects)
            sidebar = ThreadSidebar()
            sidebar.resize(280, 900)
            sidebar.show()
            sidebar.attach(services, runner, changes)
            wait_until(lambda: len(sidebar.projects) == args.projects)
            results: dict[str, Any] = {}
            layouts = (
                ("every project open", set()),
                ("every project closed", {p.workspace.id for p in sidebar.projects}),
            )
            for name, collapsed in layouts:
                sidebar.collapsed = set(collapsed)
                results[name] = {
                    key: Spread.of(values).to_json(values)
                    for key, values in measure(sidebar, services, args.runs).items()
                }
        finally:
            runner.shutdown()
            changes.close()
            services.close()
    label = f"{args.threads:,} threads in {args.projects} projects (ms; {args.runs} runs; {platform})"
    rows = []
    for name, parts in results.items():
        for key, what in (
            ("whole", "refresh to painted"),
            ("read", "read (2 service calls)"),
            ("rows", "rows built"),
            ("paint", "paint"),
        ):
            spread = parts[key]
            rows.append([f"{name}: {what}", *(f"{spread[v]:.1f}" for v in ("median", "low", "high"))])
        rows.append([f"{name}: rows in the list", f"{parts['rows_shown']['median']:.0f}", "", ""])
    table = printed_table(label, ["", "median", "min", "max"], rows)
    goals = Goals("sidebar_projects")
    goals.at_most(
        "every project open: refresh to painted (median)",
        results["every project open"]["whole"]["median"],
        200,
        " ms",
    )
    print("\n".join(goals.lines()))
    path = write_results(
        "sidebar_projects",
        {"machine": machine(), "load_before": load_before, "load_after": machine_load(), "platform": platform,
         "threads": args.threads, "projects": args.projects, "results": results, "table": table},
        goals,
    )  # fmt: skip
    print(f"wrote {path}")
    del app
    return 0 if goals.all_met else 1


if __name__ == "__main__":
    sys.exit(main())
