"""Copy the benchmarks' figures from their results files into the READMEs, never by hand.

A README holds a marked block per set of results::

    <!-- bench-figures: startup search -->
    (rewritten by this script)
    <!-- /bench-figures -->

For each named ``benchmarks/results/<name>.json`` the block gets the figures table the benchmark
printed (its ``"table"``: header and rows), its goals with their verdicts (``"verdict"``, written by
``benchmarks/reporting.Goals``), and when and under which load it was measured. A results file
that is missing leaves its block as it was, and the script says so and exits 1.

    .venv/bin/python tools/bench_figures.py [--check] [FILE ...]   (default: README.md, benchmarks/README.md)

``--check`` changes nothing and exits 1 when a block differs from what the results say.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "benchmarks" / "results"
DEFAULT_FILES = (ROOT / "README.md", ROOT / "benchmarks" / "README.md")
# A block's body never holds another block's opening: a block left unclosed is then left alone (and
# reported by ``unclosed``) instead of swallowing the text up to the next block's end.
BLOCK = re.compile(
    r"(<!-- bench-figures:(?P<names>[^>]*)-->\n)(?P<body>(?:(?!<!-- bench-figures:).)*?)(<!-- /bench-figures -->)",
    re.S,
)
OPENING = re.compile(r"<!-- bench-figures:(?P<names>[^>]*)-->")


def markdown_table(header: list[str], rows: list[list[Any]]) -> list[str]:
    def cell(value: Any) -> str:
        return str(value).replace("|", "\\|")

    lines = ["| " + " | ".join(cell(h) for h in header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(cell(v) for v in row) + " |" for row in rows]
    return lines


def load_line(results: dict[str, Any]) -> str:
    before, after = results.get("load_before") or {}, results.get("load_after") or {}
    when = before.get("at", "an unknown time")
    one = [f"{v:.1f}" for v in (before.get("loadavg") or [])[:1] + (after.get("loadavg") or [])[:1]]
    load = f", load average {' → '.join(one)} (1 min, before → after)" if one else ""
    cpus = (results.get("machine") or {}).get("cpus")
    return f"Measured {when}{load}" + (f" on {cpus} CPUs" if cpus else "") + "."


def render(name: str, results: dict[str, Any]) -> list[str]:
    """The figures, goals and circumstances of one results file, as Markdown lines."""
    lines = [f"**{name}** (`benchmarks/results/{name}.json`)", ""]
    figures = results.get("table")
    if figures:
        if figures.get("title"):
            lines += [figures["title"], ""]
        lines += [*markdown_table(figures["header"], figures["rows"]), ""]
    verdict = results.get("verdict")
    if verdict and verdict["goals"]:
        rows = [[g["what"], g["target"], g["measured"], "met" if g["met"] else "**missed**"] for g in verdict["goals"]]
        lines += [*markdown_table(["goal", "target", "measured", "verdict"], rows), ""]
    elif verdict is not None:
        lines += ["No goal is set for these figures (measured only).", ""]
    else:
        lines += ["This results file predates goals and verdicts: rerun the benchmark.", ""]
    lines += [load_line(results), ""]
    return lines


def unclosed(text: str) -> list[str]:
    """The names of the blocks that open in ``text`` but do not close before the next one opens."""
    closed = {m.start() for m in BLOCK.finditer(text)}
    return [m["names"].strip() for m in OPENING.finditer(text) if m.start() not in closed]


def rewrite(text: str, results_dir: Path = RESULTS) -> tuple[str, list[str]]:
    """``text`` with every block rewritten, and the results files its blocks named but that are missing."""
    missing: list[str] = []

    def block(match: re.Match[str]) -> str:
        names = match["names"].split()
        lines: list[str] = []
        for name in names:
            path = results_dir / f"{name}.json"
            if not path.is_file():
                missing.append(name)
                return match.group(0)
            lines += render(name, json.loads(path.read_text("utf-8")))
        return match.group(1) + "\n".join(lines).rstrip("\n") + "\n" + match.group(4)

    return BLOCK.sub(block, text), missing


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if a block is stale")
    parser.add_argument("files", nargs="*", type=Path, default=list(DEFAULT_FILES))
    args = parser.parse_args(argv)
    status = 0
    for path in args.files:
        name = path.resolve().relative_to(ROOT) if path.resolve().is_relative_to(ROOT) else path
        before = path.read_text("utf-8")
        after, missing = rewrite(before)
        for names in unclosed(before):
            print(f"{name}: the block <!-- bench-figures: {names} --> has no <!-- /bench-figures --> before the next", file=sys.stderr)
            status = 1
        for missing_name in missing:
            print(f"{name}: no benchmarks/results/{missing_name}.json: run benchmarks/{missing_name}.py first", file=sys.stderr)
            status = 1
        if after == before:
            continue
        if args.check:
            print(f"{name}: its figures differ from benchmarks/results: run tools/bench_figures.py")
            status = 1
        else:
            path.write_text(after, "utf-8")
            print(f"{name}: figures rewritten from benchmarks/results")
    return status


if __name__ == "__main__":
    sys.exit(main())
