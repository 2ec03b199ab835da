"""Real data files for the SQL tests: a SQLite database, a CSV, an XLSX workbook and a Parquet file,
made in the test's folder."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

PEOPLE = [("Ann", "111-22-3333", 34), ("Bob", "444-55-6666", 41), ("Chen Jing", "777-88-9999", 29)]


@pytest.fixture
def people_db(tmp_path: Path) -> Path:
    """people(name, ssn, age) and salaries(name, amount)."""
    path = tmp_path / "people.db"
    connection = sqlite3.connect(path)
    connection.execute("CREATE TABLE people (name TEXT, ssn TEXT, age INTEGER)")
    connection.executemany("INSERT INTO people VALUES (?, ?, ?)", PEOPLE)
    connection.execute("CREATE TABLE salaries (name TEXT, amount INTEGER)")
    connection.executemany("INSERT INTO salaries VALUES (?, ?)", [("Ann", 5000), ("Bob", 6000)])
    connection.commit()
    connection.close()
    return path


@pytest.fixture
def cities_csv(tmp_path: Path) -> Path:
    path = tmp_path / "cities.csv"
    path.write_text(
        "city,country,population\nParis,France,2100000\nRome,Italy,2800000\n北京,China,21500000\n",
        encoding="utf-8",
    )
    return path


@pytest.fixture
def sales_xlsx(tmp_path: Path) -> Path:
    import openpyxl

    path = tmp_path / "sales.xlsx"
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "Q1 Sales"
    sheet.append(["region", "amount", "owner"])
    for row in (
        ["North", 120, "ann@example.com"],
        ["South", 80, "bob@example.com"],
        ["North", 30, "cj@example.com"],
    ):
        sheet.append(row)
    other = book.create_sheet("Targets")
    other.append(["region", "target"])
    other.append(["North", 100])
    book.save(path)
    return path


@pytest.fixture
def events_parquet(tmp_path: Path) -> Path:
    import pyarrow as pa  # type: ignore[import-untyped]
    import pyarrow.parquet as pq  # type: ignore[import-untyped]

    path = tmp_path / "events.parquet"
    pq.write_table(pa.table({"kind": ["click", "view", "click"], "ms": [12, 40, 7]}), path)
    return path
