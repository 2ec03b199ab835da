"""Escape attempts: hostile paths and links against the agent's file tools, called as a run calls them,
and hostile commands against run_command's sandbox.

Every case of ``escape_cases.py`` is tried with every tool (reads through ``run_read``; changes
through ``propose`` then ``execute``, as an approved call is made), in a fresh workspace beside an
outside folder with a sentinel, once with the kernel's ``openat2`` lookup and once with the
component-by-component walk. Then a race: a thread keeps swapping a folder of the workspace with a
symlink to the outside folder while the tools work beneath it. Last, the commands of
``escape_commands.py`` (writing outside, reading the home or data folder, the network, a fork bomb,
a command that never ends, a flood of output…) through the real ``run_command``. Then the hostile SQL
of ``escape_sql.py`` (writes, ATTACH, COPY, PRAGMA, SET, LOAD, INSTALL, file-reading functions, two
statements, tables not allowed, masked columns, a query that never ends) through ``sql_query`` on a
real SQLite file and a real CSV file. Last, the hostile addresses and pages of ``escape_web.py``
(loopback in every spelling, private, shared, link-local and metadata addresses, names resolving to
them, DNS rebinding, other schemes, redirects to them, 50 MB pages, a gzip bomb, binary, a page that
never ends, a provider that is down) through ``web_search`` and ``web_fetch``.

An escape is: the sentinel's content (or a file only the outside folder lists, or the system's own
files) in a result; anything outside the workspace created, changed or deleted; a device, FIFO or
socket read or written. A hang is a call still running after ``--timeout`` seconds. Any exception
other than the tools' own refusals is counted too.

    python -m reliability.escapes [--timeout 10] [--race-seconds 3]
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

from reliability.common import Goal, log, print_goals, table, write_results
from reliability.escape_cases import CASES, READ_ONLY
from reliability.escape_commands import CASES as COMMAND_CASES
from reliability.escape_commands import run_all as run_commands
from reliability.escape_race import race
from reliability.escape_sql import cases as sql_cases
from reliability.escape_sql import run_all as run_sql
from reliability.escape_tools import (
    ENV_TOKEN,
    READERS,
    SPECIAL,
    TOOLS,
    call,
    leaked,
    new_place,
    snapshot,
    timed,
    tools_for,
)
from reliability.escape_web import cases as web_cases
from reliability.escape_web import run_all as run_web

NAME = "escapes"


def attempt(base: Path, case: str, tool: str, use_openat2: bool, timeout: float) -> dict[str, Any]:
    place = new_place(base)
    path = CASES[case](place)
    before = snapshot(base, place.root)
    tools = tools_for(place, use_openat2)
    outcome = timed(lambda: call(tools, tool, TOOLS[tool](path, place)), timeout)
    row: dict[str, Any] = {"case": case, "tool": tool, "openat2": use_openat2, "escape": None}
    if outcome is None:
        return row | {"verdict": "hang"}
    why = leaked(outcome["text"], place)
    if why is None and snapshot(base, place.root) != before:
        why = "something outside the workspace changed"
    if (
        why is None
        and outcome["ok"]
        and any(s in case for s in SPECIAL)
        and tool in ("read_file", "write_file", "edit_file")
    ):
        why = "a special file was used as a regular one"
    verdict = (
        "escape"
        if why
        else (
            "unexpected error" if outcome.get("unexpected") else ("allowed" if outcome["ok"] else "refused")
        )
    )
    shutil.rmtree(base, ignore_errors=True)
    return row | {"verdict": verdict, "escape": why, "text": outcome["text"][:300]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--timeout", type=float, default=10.0, help="seconds per call")
    parser.add_argument("--race-seconds", type=float, default=3.0, help="per tool and lookup mode")
    args = parser.parse_args(argv)
    from mira_desktop.agent.files.openat2 import openat2_available

    os.environ["MIRA_ESCAPE_ENV"] = ENV_TOKEN  # /proc/self/environ would show it
    work = Path(tempfile.mkdtemp(prefix="mira-escapes-"))
    modes = [True, False] if openat2_available() else [False]
    rows: list[dict[str, Any]] = []
    started = time.monotonic()
    for use_openat2 in modes:
        for case in CASES:
            for tool in TOOLS:
                if case in READ_ONLY and tool not in READERS:
                    continue
                rows.append(attempt(work / f"a{len(rows):05d}", case, tool, use_openat2, args.timeout))
    log(f"{len(rows)} attempts in {time.monotonic() - started:.0f} s; now the race")
    races = [race(work / f"race-{m}", m, args.race_seconds, args.timeout) for m in modes]
    log("now the commands against run_command's sandbox")
    commands = run_commands(work / "commands", args.timeout + 10)
    log("now hostile SQL against sql_query")
    sql = run_sql(work / "sql", args.timeout)
    log("now hostile addresses and pages against web_search and web_fetch")
    web = run_web(args.timeout)
    shutil.rmtree(work, ignore_errors=True)
    return report(rows, races, commands, sql, web)


def report(
    rows: list[dict[str, Any]],
    races: list[dict[str, Any]],
    commands: list[dict[str, Any]],
    sql: list[dict[str, Any]],
    web: list[dict[str, Any]],
) -> int:
    per_case = []
    for case in CASES:
        mine = [r for r in rows if r["case"] == case]
        counts = Counter(r["verdict"] for r in mine)
        per_case.append(
            [
                case,
                str(len(mine)),
                str(counts["refused"]),
                str(counts["allowed"]),
                str(counts["escape"]),
                str(counts["hang"]),
                str(counts["unexpected error"]),
            ]
        )
    print("\nEscape attempts: each case with every tool, both lookup modes")
    print(table(["case", "calls", "refused", "allowed inside", "escapes", "hangs", "unexpected"], per_case))
    print("\nRace: a folder swapped with a symlink to the outside while the tools work beneath it")
    print(
        table(
            ["lookup", "calls", "swaps", "refused", "allowed", "escapes", "hangs", "unexpected"],
            [
                [
                    r["lookup"],
                    str(r["calls"]),
                    str(r["swaps"]),
                    str(r["refused"]),
                    str(r["allowed"]),
                    str(r["escapes"]),
                    str(r["hangs"]),
                    str(r["unexpected"]),
                ]
                for r in races
            ],
        )
    )
    print("\nCommands in run_command's sandbox (bubblewrap)")
    print(
        table(
            ["case", "verdict", "reported as", "seconds", "why"],
            [
                [
                    c["case"],
                    c["verdict"],
                    c.get("kind") or "-",
                    str(c.get("seconds", "-")),
                    c.get("escape") or "",
                ]
                for c in commands
            ],
        )
    )
    print("\nHostile SQL through sql_query (a SQLite file and a CSV file)")
    print(
        table(
            ["case", "source", "verdict", "seconds", "why / text"],
            [
                [
                    r["case"],
                    r["source"],
                    r["verdict"],
                    str(r["seconds"]),
                    (r.get("escape") or r.get("text", ""))[:90].replace("\n", " "),
                ]
                for r in sql
            ],
        )
    )
    print("\nHostile addresses and pages through web_search and web_fetch (nothing beyond 127.0.0.1 reached)")
    print(
        table(
            ["case", "verdict", "said", "seconds", "why / text"],
            [
                [
                    r["case"],
                    r["verdict"],
                    r.get("key") or "-",
                    str(r["seconds"]),
                    (r.get("escape") or r.get("text", ""))[:80],
                ]
                for r in web
            ],
        )
    )
    bad = [r for r in rows if r["verdict"] in ("escape", "hang", "unexpected error")]
    if bad:
        print(
            table(
                ["case", "tool", "openat2", "verdict", "why / text"],
                [
                    [
                        r["case"],
                        r["tool"],
                        str(r["openat2"]),
                        r["verdict"],
                        (r.get("escape") or r.get("text", ""))[:100],
                    ]
                    for r in bad
                ],
            )
        )
    totals = Counter(r["verdict"] for r in rows)
    escapes = totals["escape"] + sum(r["escapes"] for r in races)
    hangs = totals["hang"] + sum(r["hangs"] for r in races)
    unexpected = totals["unexpected error"] + sum(r["unexpected"] for r in races)
    calls = len(rows) + sum(r["calls"] for r in races)
    modes = len({r["openat2"] for r in rows})
    planned = modes * sum(len(READERS) if case in READ_ONLY else len(TOOLS) for case in CASES)
    contained = sum(c["verdict"] == "contained" for c in commands)
    goals = [
        Goal(
            NAME,
            "hostile calls made (each case with each tool, + race)",
            f"{len(rows)} + {calls - len(rows)}",
            f"{planned} ({len(CASES)} cases, {modes} lookups) + > 0",
            len(rows) == planned and all(r["calls"] > 0 for r in races) and len(races) == modes,
        ),
        Goal(NAME, "escapes (read, written or listed outside)", str(escapes), "0", escapes == 0),
        Goal(NAME, "hangs (call past the timeout)", str(hangs), "0", hangs == 0),
        Goal(NAME, "unexpected errors (not a refusal)", str(unexpected), "0", unexpected == 0),
        Goal(
            NAME,
            "hostile commands contained and reported (run_command)",
            f"{contained} of {len(commands)}",
            f"{len(COMMAND_CASES)} of {len(COMMAND_CASES)} (a machine without a sandbox fails this)",
            contained == len(COMMAND_CASES),
        ),
    ]
    sql_totals = Counter(r["verdict"] for r in sql)
    planned_sql = 2 * len(sql_cases(Path(".")))  # each case on the SQLite file and on the CSV file
    held = sql_totals["refused"] + sql_totals["interrupted"] + sql_totals["allowed (read only)"]
    goals += [
        Goal(
            NAME,
            "hostile SQL held (refused, interrupted or read-only) (sql_query)",
            f"{held} of {len(sql)}",
            f"{planned_sql} of {planned_sql}",
            held == len(sql) == planned_sql,
        ),
        Goal(
            NAME,
            "SQL escapes, hangs, unexpected errors",
            f"{sql_totals['escape']}, {sql_totals['hang']}, {sql_totals['unexpected error']}",
            "0, 0, 0",
            sql_totals["escape"] + sql_totals["hang"] + sql_totals["unexpected error"] == 0,
        ),
    ]
    web_totals = Counter(r["verdict"] for r in web)
    planned_web = len(web_cases(0, 0)) + 1  # each case, and the provider that is down
    goals += [
        Goal(
            NAME,
            "hostile web addresses and pages refused in one line (web_search, web_fetch)",
            f"{web_totals['refused']} of {len(web)}",
            f"{planned_web} of {planned_web}",
            web_totals["refused"] == len(web) == planned_web,
        ),
        Goal(
            NAME,
            "web escapes, hangs, unexpected errors",
            f"{web_totals['escape']}, {web_totals['hang']}, {web_totals['unexpected error']}",
            "0, 0, 0",
            web_totals["escape"] + web_totals["hang"] + web_totals["unexpected error"] == 0,
        ),
    ]
    path = write_results(
        NAME,
        {
            "attempts": rows,
            "races": races,
            "per_case": per_case,
            "commands": commands,
            "sql": sql,
            "web": web,
        },
        goals,
    )
    print_goals("Escape attempts: goals", goals)
    log(f"results in {path}")
    return 0 if all(g.met for g in goals) else 1


if __name__ == "__main__":
    sys.exit(main())
