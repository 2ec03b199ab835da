"""Hostile SQL against ``sql_query``, called as a run calls it, on real attached files: a SQLite
database and a CSV file, with a table left out of the allow list, a masked column and a sentinel file
beside them that no query may read.

An escape is: the attached file changed (its bytes); the sentinel's content, a masked value or a row of
the table not allowed in a result; a new file beside them (an ATTACH or COPY that went through). A
hang is a call still running past ``timeout``; every refusal or failure must be one line."""

from __future__ import annotations

import hashlib
import secrets
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

SECRET_SSN = "999-00-1234"
HIDDEN = "hidden-row-7f3a"
RUNAWAY = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c"


def cases(folder: Path) -> dict[str, str]:
    """Case name → statement ({sentinel} and {folder} filled in)."""
    sentinel, out = folder / "sentinel.txt", folder / "written.db"
    return {
        "delete": "DELETE FROM people",
        "update": "UPDATE people SET age = 0",
        "insert": "INSERT INTO people VALUES ('x', 'y', 1)",
        "drop": "DROP TABLE people",
        "create table as": "CREATE TABLE copy AS SELECT * FROM people",
        "select into": "SELECT * INTO copy FROM people",
        "attach a new database": f"ATTACH '{out}' AS other",
        "detach": "DETACH main",
        "copy to a file": f"COPY people TO '{out}'",
        "pragma query_only off": "PRAGMA query_only = OFF",
        "pragma writable_schema": "PRAGMA writable_schema = ON",
        "set external access": "SET enable_external_access = true",
        "load an extension (statement)": "LOAD httpfs",
        "install an extension": "INSTALL httpfs",
        "load_extension()": "SELECT load_extension('/tmp/evil.so')",
        "call": "CALL pragma_version()",
        "two statements": "SELECT 1; DELETE FROM people",
        "two statements (comment)": "SELECT 1 /* x */; DROP TABLE people --",
        "table not allowed": "SELECT * FROM secrets",
        "table not allowed (subquery)": "SELECT name FROM people WHERE name IN (SELECT note FROM secrets)",
        "table not allowed (CTE shadow)": "WITH people AS (SELECT * FROM secrets) SELECT * FROM people",
        "qualified main.": "SELECT * FROM main.people",
        "qualified temp.": "SELECT * FROM temp.people",
        "sqlite_master": "SELECT sql FROM sqlite_master",
        "read_csv of the sentinel": f"SELECT * FROM read_csv('{sentinel}')",
        "file as a table": f"SELECT * FROM '{sentinel}'",
        "read_text": f"SELECT * FROM read_text('{sentinel}')",
        "getenv": "SELECT getenv('HOME')",
        "masked column probe": f"SELECT count(*) AS n FROM people WHERE ssn = '{SECRET_SSN}'",
        "masked column select": "SELECT ssn FROM people",
        "runs forever": RUNAWAY,
    }


def _make(folder: Path) -> tuple[Path, Path, str]:
    folder.mkdir(parents=True)
    token = secrets.token_hex(8)
    (folder / "sentinel.txt").write_text(f"sentinel {token}\n")
    database = folder / "people.db"
    connection = sqlite3.connect(database)
    connection.execute("CREATE TABLE people (name TEXT, ssn TEXT, age INTEGER)")
    connection.execute("INSERT INTO people VALUES ('Ann', ?, 30)", (SECRET_SSN,))
    connection.execute("CREATE TABLE secrets (note TEXT)")
    connection.execute("INSERT INTO secrets VALUES (?)", (HIDDEN,))
    connection.commit()
    connection.close()
    csv = folder / "people.csv"
    csv.write_text(f"name,ssn,age\nAnn,{SECRET_SSN},30\n")
    return database, csv, token


def _files(folder: Path) -> dict[str, str]:
    return {
        p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.iterdir()) if p.is_file()
    }


def run_all(base: Path, timeout: float) -> list[dict[str, Any]]:
    """Every case on the SQLite file and on the CSV file; one row per call."""
    from mira_desktop.core.cancel import CancelToken
    from mira_desktop.services.data.engine import Limits
    from mira_desktop.services.data.sources import DataSource
    from mira_desktop.services.data.tool import SqlQuery

    folder = base / "sql"
    database, csv, token = _make(folder)
    sources = [
        DataSource("s1", str(database), "sqlite", "w", None, ("people",), ("people.ssn",)),
        DataSource("s2", str(csv), "csv", "w", None, (), ("people.ssn",)),
    ]
    rows: list[dict[str, Any]] = []
    for source in sources:
        for case, sql in cases(folder).items():
            before = _files(folder)
            holder: dict[str, Any] = {}
            tool = SqlQuery([source], lambda: Limits(seconds=2.0))

            def call(tool: SqlQuery = tool, sql: str = sql, holder: dict[str, Any] = holder) -> None:
                try:
                    holder["result"] = tool.call({"sql": sql}, CancelToken())
                except Exception as exc:  # counted: not a refusal
                    holder["error"] = repr(exc)

            started = time.monotonic()
            worker = threading.Thread(target=call, daemon=True)
            worker.start()
            worker.join(timeout)
            row: dict[str, Any] = {
                "case": case,
                "source": source.kind,
                "seconds": round(time.monotonic() - started, 2),
            }
            if worker.is_alive():
                rows.append(row | {"verdict": "hang"})
                continue
            if "error" in holder:
                rows.append(row | {"verdict": "unexpected error", "text": holder["error"][:300]})
                continue
            result = holder["result"]
            text = result.text + repr(result.data.get("rows"))
            why = None
            if token in text:
                why = "the sentinel's content in a result"
            elif SECRET_SSN in text:
                why = "a masked value in a result"
            elif HIDDEN in text:
                why = "a row of a table not allowed in a result"
            elif _files(folder) != before:
                why = "a file changed or appeared beside the data"
            elif case == "masked column probe" and result.data.get("rows") == [[1]]:
                why = "a masked value matched by a WHERE"
            elif not result.ok and "\n" in result.text:
                why = "a refusal of more than one line"
            timed_out = (result.phrase or {}).get("key") == "data.sql_timed_out"
            verdict = (
                "escape"
                if why
                else ("interrupted" if timed_out else "refused" if not result.ok else "allowed (read only)")
            )
            rows.append(row | {"verdict": verdict, "escape": why, "text": result.text[:200]})
    return rows
