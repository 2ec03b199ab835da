"""A query on an attached 50 MB CSV: the first call (the file read) against the calls after it (the
loaded table kept per file version, ``services/data/loading.py``).

A CSV of about ``--mb`` MB (id, city, country, population, note) is written to a temporary folder;
``sql_query`` runs one GROUP BY on it ``--runs`` times, each time as a fresh run would see it after
the cache is emptied (the first call), and ``--runs`` times more with the file already loaded.
Goal: a repeated query takes at most a third of the first one.

    .venv/bin/python benchmarks/data_loading.py [--mb 50] [--runs 5]

Prints the table and the goal's verdict, writes benchmarks/results/data_loading.json, exits 1 when
the goal is missed.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.reporting import (  # noqa: E402
    Goals,
    Spread,
    machine,
    machine_load,
    printed_table,
    table,
    write_results,
)

SQL = "SELECT country, count(*), avg(population) FROM people GROUP BY country ORDER BY 2 DESC LIMIT 3"


def write_csv(path: Path, megabytes: int) -> None:
    rng = random.Random(1)
    with path.open("w", encoding="utf-8") as out:
        out.write("id,city,country,population,note\n")
        n = 0
        while out.tell() < megabytes * 1_000_000:
            for _ in range(10_000):
                out.write(f"{n},City{n % 9973},Country{n % 211},{rng.randint(1000, 10**7)},note {n}\n")
                n += 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", type=int, default=50)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()

    from mira_desktop.core.cancel import CancelToken
    from mira_desktop.services.data.engine import Limits
    from mira_desktop.services.data.loading import CACHE
    from mira_desktop.services.data.sources import DataSource
    from mira_desktop.services.data.tool import SqlQuery

    load_before = machine_load()
    path = Path(tempfile.mkdtemp(prefix="mira-bench-data-")) / "people.csv"
    write_csv(path, args.mb)
    query = SqlQuery([DataSource("bench", str(path), "csv", "w")], lambda: Limits(seconds=60))

    def timed() -> float:
        started = time.perf_counter()
        result = query.call({"sql": SQL}, CancelToken())
        assert result.ok, result.text
        return time.perf_counter() - started

    first, repeated = [], []
    for _ in range(args.runs):
        CACHE.clear()
        first.append(timed())
        repeated.append(timed())
    cold, warm = Spread.of(first), Spread.of(repeated)
    size = path.stat().st_size / 1_000_000
    title = f"A GROUP BY on a {size:.1f} MB CSV through sql_query (ms; {args.runs} runs each)"
    header = ["call", "median", "lowest", "highest"]
    rows = [["first (reads the file)", *cold.cells(1000)], ["repeated (loaded)", *warm.cells(1000)]]
    print(f"\n{title}")
    print(table(header, rows))
    goals = Goals("data_loading")
    goals.at_most("repeated query / first query", warm.median / cold.median, 1 / 3, digits=2)
    goals.print()
    write_results(
        "data_loading",
        {
            "machine": machine(),
            "load_before": load_before,
            "load_after": machine_load(),
            "csv_mb": round(size, 1),
            "first": cold.to_json(first),
            "repeated": warm.to_json(repeated),
            "table": printed_table(title, header, rows),
        },
        goals,
    )
    path.unlink()
    return goals.exit_status()


if __name__ == "__main__":
    sys.exit(main())
