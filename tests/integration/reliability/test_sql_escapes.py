"""The hostile SQL of `make soak`'s escape suite (reliability/escape_sql.py), run here once: every
statement against a real SQLite file and a real CSV file is refused in one line, interrupted at the
time limit, or read only with masked values as ***; nothing escapes, hangs or raises."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from reliability.escape_sql import cases, run_all


def test_every_hostile_statement_is_held_on_sqlite_and_csv(tmp_path: Path) -> None:
    rows = run_all(tmp_path, timeout=15)
    assert len(rows) == 2 * len(cases(tmp_path))
    escaped = [r for r in rows if r["verdict"] in ("escape", "hang", "unexpected error")]
    assert escaped == []
    verdicts = Counter((r["case"], r["verdict"]) for r in rows)
    assert verdicts[("runs forever", "interrupted")] == 2
    assert verdicts[("masked column select", "allowed (read only)")] == 2
    assert sum(n for (_, verdict), n in verdicts.items() if verdict == "refused") == 2 * (
        len(cases(tmp_path)) - 3
    )
