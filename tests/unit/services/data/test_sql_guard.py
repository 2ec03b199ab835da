"""The read-only check of a model's SQL, by its syntax tree: one query over the allowed tables, or a
refusal whose sentence names what was wrong."""

from __future__ import annotations

import pytest

from mira_desktop.services.data.guard import SqlRefusedError, check

ALLOWED = {"people", "orders"}


@pytest.mark.parametrize("dialect", ["sqlite", "duckdb"])
@pytest.mark.parametrize(
    "sql",
    [
        "SELECT name FROM people WHERE age > 3",
        "WITH o AS (SELECT * FROM orders) SELECT p.name, count(*) FROM people p JOIN o ON o.who = p.name GROUP BY 1",
        "SELECT name FROM people UNION SELECT item FROM orders",
        "(SELECT 1)",
        "select * from PEOPLE;",
    ],
)
def test_one_query_over_allowed_tables_passes(sql: str, dialect: str) -> None:
    check(sql, dialect, ALLOWED)


@pytest.mark.parametrize("dialect", ["sqlite", "duckdb"])
@pytest.mark.parametrize(
    ("sql", "key", "named"),
    [
        ("INSERT INTO people VALUES ('x', 1)", "data.sql_not_query", "INSERT"),
        ("UPDATE people SET age = 1", "data.sql_not_query", "UPDATE"),
        ("DELETE FROM people", "data.sql_not_query", "DELETE"),
        ("CREATE TABLE t AS SELECT 1", "data.sql_not_query", "CREATE"),
        ("DROP TABLE people", "data.sql_not_query", "DROP"),
        ("ATTACH 'other.db' AS other", "data.sql_not_query", "ATTACH"),
        ("DETACH other", "data.sql_not_query", ""),
        ("COPY people TO 'out.csv'", "data.sql_not_query", "COPY"),
        ("PRAGMA writable_schema = ON", "data.sql_not_query", "PRAGMA"),
        ("SET threads = 1", "data.sql_not_query", "SET"),
        ("LOAD httpfs", "data.sql_not_query", "LOAD"),
        ("INSTALL httpfs", "data.sql_not_query", "INSTALL"),
        ("CALL pragma_version()", "data.sql_not_query", "CALL"),
        ("SELECT * INTO copy FROM people", "data.sql_not_query", "INTO"),
        ("SELECT 1; DROP TABLE people", "data.sql_two_statements", "2"),
        ("SELECT 1; SELECT 2", "data.sql_two_statements", "2"),
        ("SELECT * FROM secrets", "data.sql_table_not_allowed", "secrets"),
        ("SELECT * FROM sqlite_master", "data.sql_table_not_allowed", "sqlite_master"),
        ("SELECT * FROM main.people", "data.sql_qualified", "main.people"),
        ("SELECT * FROM 'other.csv'", "data.sql_table_not_allowed", "other.csv"),
        ("SELECT * FROM read_csv('/etc/passwd')", "data.sql_function", "read_csv"),
        ("SELECT * FROM read_parquet('x.parquet')", "data.sql_function", "read_parquet"),
        ("SELECT load_extension('evil.so')", "data.sql_function", "load_extension"),
        ("SELECT getenv('HOME')", "data.sql_function", "getenv"),
        (
            "SELECT name FROM people WHERE name IN (SELECT * FROM secrets)",
            "data.sql_table_not_allowed",
            "secrets",
        ),
        ("SELEC name FROM people", "", ""),
        ("", "data.sql_empty", ""),
    ],
)
def test_a_statement_that_is_not_one_allowed_read_is_refused_with_its_reason(
    sql: str, key: str, named: str, dialect: str
) -> None:
    with pytest.raises(SqlRefusedError) as refused:
        check(sql, dialect, ALLOWED)
    if key:
        assert refused.value.phrase.key == key
    assert named in refused.value.phrase.english
    assert "\n" not in refused.value.phrase.english  # one sentence, one line


def test_a_statement_longer_than_the_limit_is_refused_before_parsing() -> None:
    with pytest.raises(SqlRefusedError) as refused:
        check("SELECT 1" + " " * 5000, "sqlite", ALLOWED)
    assert refused.value.phrase.key == "data.sql_too_long"
