"""Attached data queried as an agent run queries it: real SQLite, CSV, XLSX and Parquet files, read
only, the allowed tables and columns only, masked columns never seen, and every limit holding."""

from __future__ import annotations

import hashlib
import time
from pathlib import Path

import pytest

from mira_desktop.core.cancel import CancelToken
from mira_desktop.core.errors import InvalidInputError
from mira_desktop.services.app.bundle import AppServices
from mira_desktop.services.data.engine import Limits
from mira_desktop.services.data.tool import SqlQuery, SqlSchema

RUNAWAY = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c"


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _base(services: AppServices) -> str:
    return services.workspaces.default().id


def test_a_sqlite_query_returns_a_table_with_masked_columns_shown_as_stars(
    services: AppServices, people_db: Path
) -> None:
    source = services.data.add(people_db, workspace_id=_base(services), mask=("people.ssn",))
    result = SqlQuery([source]).call({"sql": "SELECT name, ssn, age FROM people ORDER BY age"}, CancelToken())
    assert result.ok, result.text
    assert result.data["columns"] == ["name", "ssn", "age"]
    assert result.data["rows"] == [["Chen Jing", "***", 29], ["Ann", "***", 34], ["Bob", "***", 41]]
    assert "| Chen Jing | *** | 29 |" in result.text
    assert "111-22-3333" not in result.text
    probe = SqlQuery([source]).call(
        {"sql": "SELECT count(*) FROM people WHERE ssn LIKE '111%'"}, CancelToken()
    )
    assert probe.data["rows"] == [[0]]  # a masked column cannot be probed by a WHERE either


@pytest.mark.parametrize(
    ("sql", "key"),
    [
        ("DELETE FROM people", "data.sql_not_query"),
        ("UPDATE people SET age = 0", "data.sql_not_query"),
        ("INSERT INTO people VALUES ('Eve', '0', 1)", "data.sql_not_query"),
        ("DROP TABLE people", "data.sql_not_query"),
        ("ATTACH 'elsewhere.db' AS other", "data.sql_not_query"),
        ("PRAGMA query_only = OFF", "data.sql_not_query"),
        ("SELECT load_extension('/tmp/evil.so')", "data.sql_function"),
        ("SELECT 1; DELETE FROM people", "data.sql_two_statements"),
        ("SELECT * FROM salaries", "data.sql_table_not_allowed"),
        ("SELECT * FROM main.people", "data.sql_qualified"),
    ],
)
def test_a_statement_that_writes_or_reaches_past_the_allowed_tables_is_refused_and_the_file_is_unchanged(
    services: AppServices, people_db: Path, sql: str, key: str
) -> None:
    before = _digest(people_db)
    source = services.data.add(people_db, workspace_id=_base(services), allow=("people",))
    result = SqlQuery([source]).call({"sql": sql}, CancelToken())
    assert not result.ok
    assert result.kind == "refused"
    assert result.phrase is not None
    assert result.phrase["key"] == key
    assert "\n" not in result.text
    assert _digest(people_db) == before


@pytest.mark.parametrize("kind", ["sqlite", "csv"])
def test_a_query_that_runs_forever_is_interrupted_at_the_time_limit(
    services: AppServices, people_db: Path, cities_csv: Path, kind: str
) -> None:
    source = services.data.add(people_db if kind == "sqlite" else cities_csv, workspace_id=_base(services))
    started = time.monotonic()
    result = SqlQuery([source], lambda: Limits(seconds=0.5)).call({"sql": RUNAWAY}, CancelToken())
    took = time.monotonic() - started
    assert not result.ok
    assert result.phrase is not None
    assert result.phrase["key"] == "data.sql_timed_out"
    assert "longer than 0.5 s" in result.text
    assert took < 5, f"the query ran {took:.1f} s past a 0.5 s limit"


def test_rows_bytes_and_cells_are_cut_at_their_limits(services: AppServices, people_db: Path) -> None:
    source = services.data.add(people_db, workspace_id=_base(services))
    many = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 5000) SELECT x FROM c"
    rows = SqlQuery([source], lambda: Limits(rows=10)).call({"sql": many}, CancelToken())
    assert len(rows.data["rows"]) == 10
    assert rows.data["cut"]["key"] == "data.cut_rows"
    wide = SqlQuery([source], lambda: Limits(rows=5000, bytes=2000)).call({"sql": many}, CancelToken())
    assert 0 < len(wide.data["rows"]) < 5000
    assert wide.data["cut"]["key"] == "data.cut_bytes"
    cell = SqlQuery([source], lambda: Limits(cell_chars=50)).call(
        {"sql": "SELECT printf('%.900c', 'x')"}, CancelToken()
    )
    assert cell.data["rows"] == [["x" * 50 + "…"]]


def test_csv_xlsx_and_parquet_files_are_queried_as_tables(
    services: AppServices, cities_csv: Path, sales_xlsx: Path, events_parquet: Path
) -> None:
    base = _base(services)
    csv = services.data.add(cities_csv, workspace_id=base)
    xlsx = services.data.add(sales_xlsx, workspace_id=base, mask=("q1_sales.owner",))
    parquet = services.data.add(events_parquet, workspace_id=base)
    query = SqlQuery([csv, xlsx, parquet])
    big = query.call(
        {"source": "cities.csv", "sql": "SELECT city FROM cities WHERE population > 2500000 ORDER BY city"},
        CancelToken(),
    )
    assert big.data["rows"] == [["Rome"], ["北京"]]
    sums = query.call(
        {
            "source": "sales.xlsx",
            "sql": "SELECT s.region, sum(amount), max(owner), max(t.target) FROM q1_sales s JOIN targets t USING (region) GROUP BY 1",
        },
        CancelToken(),
    )
    assert sums.ok, sums.text
    assert sums.data["rows"] == [["North", 150, "***", 100]]
    clicks = query.call(
        {"source": "events.parquet", "sql": "SELECT count(*), sum(ms) FROM events WHERE kind = 'click'"},
        CancelToken(),
    )
    assert clicks.data["rows"] == [[2, 19]]
    schema = SqlSchema([csv, xlsx, parquet]).call({}, CancelToken())
    assert "q1_sales: region" in schema.text
    assert "owner (masked)" in schema.text


def test_a_csv_query_cannot_read_other_files_through_duckdb(
    services: AppServices, cities_csv: Path, people_db: Path
) -> None:
    source = services.data.add(cities_csv, workspace_id=_base(services))
    query = SqlQuery([source])
    for sql in (
        f"SELECT * FROM read_csv('{people_db}')",
        f"SELECT * FROM '{people_db}'",
        "INSTALL httpfs",
        "LOAD httpfs",
        "SET enable_external_access = true",
    ):
        result = query.call({"sql": sql}, CancelToken())
        assert not result.ok, sql
        assert result.kind == "refused", sql


def test_allowed_columns_are_the_only_ones_a_query_sees(services: AppServices, people_db: Path) -> None:
    source = services.data.add(people_db, workspace_id=_base(services), allow=("people.name", "people.age"))
    query = SqlQuery([source])
    assert query.call({"sql": "SELECT * FROM people WHERE age > 40"}, CancelToken()).data["columns"] == [
        "name",
        "age",
    ]
    hidden = query.call({"sql": "SELECT ssn FROM people"}, CancelToken())
    assert not hidden.ok
    assert "ssn" in hidden.text


def test_a_file_that_is_not_a_database_is_refused_when_attached_and_nothing_is_stored(
    services: AppServices, tmp_path: Path
) -> None:
    fake = tmp_path / "notes.db"
    fake.write_text("just some notes, not a database\n" * 20)
    with pytest.raises(InvalidInputError) as refused:
        services.data.add(fake, workspace_id=_base(services))
    assert str(refused.value).startswith("notes.db is not a SQLite database")
    odd = tmp_path / "notes.txt"
    odd.write_text("text")
    with pytest.raises(InvalidInputError, match="is not a kind of data Mira queries"):
        services.data.add(odd, workspace_id=_base(services))
    assert services.data.list() == []


def test_an_allow_list_naming_a_missing_table_is_refused(services: AppServices, people_db: Path) -> None:
    with pytest.raises(
        InvalidInputError, match=r"people\.db has no table payroll: its tables are people, salaries"
    ):
        services.data.add(people_db, workspace_id=_base(services), allow=("payroll",))
    assert services.data.list() == []
