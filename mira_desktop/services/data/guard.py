"""Hold a model's SQL to one read-only query over the allowed tables, by its syntax tree (sqlglot).

The tree must be one query (SELECT, WITH … SELECT, or a UNION / INTERSECT / EXCEPT of them); no
node of it may write, attach, load, set, copy or call; every table it names must be one the person
allowed (or a CTE of the query itself), unqualified; no function reads a file or the environment.
What the engine does beside this (a read-only SQLite handle, DuckDB with external access off) is the
second wall, not the first.
"""

from __future__ import annotations

import logging
import re
from typing import Any

from mira_desktop.core.phrases import Phrase, said

SQL_CHARS = 4000

# Functions that read files, the network, settings or the environment, or load code (either engine).
_REFUSED_FUNCTIONS = frozenset(
    {
        "load_extension", "readfile", "writefile", "edit", "fts3_tokenizer",
        "read_csv", "read_csv_auto", "read_parquet", "parquet_scan", "read_json", "read_json_auto",
        "read_json_objects", "read_ndjson", "read_text", "read_blob", "read_xlsx", "glob",
        "sqlite_scan", "sqlite_attach", "postgres_scan", "mysql_scan", "iceberg_scan", "delta_scan",
        "getenv", "current_setting", "duckdb_settings", "duckdb_extensions", "duckdb_secrets",
        "which_secret", "query", "query_table", "parquet_metadata", "parquet_schema",
    }
)  # fmt: skip


class SqlRefusedError(Exception):
    """The statement is not one Mira runs; ``phrase`` says why in one sentence."""

    def __init__(self, phrase: Phrase) -> None:
        super().__init__(phrase.english)
        self.phrase = phrase


def check(sql: str, dialect: str, allowed: set[str]) -> None:
    """Raise :class:`SqlRefusedError` unless ``sql`` is one read-only query over ``allowed`` tables.

    Args:
        sql: the statement as the model wrote it.
        dialect: ``sqlite`` or ``duckdb`` (sqlglot's names).
        allowed: the table names the query may read, lower-case.
    """
    import sqlglot
    from sqlglot import exp
    from sqlglot.errors import ParseError, TokenError

    logging.getLogger("sqlglot").setLevel(logging.ERROR)  # its "falling back to Command" warnings
    if len(sql) > SQL_CHARS:
        raise SqlRefusedError(said("data.sql_too_long", most=SQL_CHARS))
    try:
        statements = [s for s in sqlglot.parse(sql, read=dialect) if s is not None]
    except (ParseError, TokenError) as exc:
        if _first_word(sql) not in _QUERY_WORDS:
            raise SqlRefusedError(said("data.sql_not_query", kind=_first_word(sql))) from exc
        raise SqlRefusedError(said("data.sql_unreadable", problem=str(exc).splitlines()[0][:200])) from exc
    if not statements:
        raise SqlRefusedError(said("data.sql_empty"))
    if len(statements) > 1:
        raise SqlRefusedError(said("data.sql_two_statements", count=len(statements)))
    tree = statements[0]
    while isinstance(tree, exp.Subquery):
        tree = tree.this
    if not isinstance(tree, exp.Query):
        raise SqlRefusedError(said("data.sql_not_query", kind=_first_word(sql) or _kind(tree)))
    for node in tree.walk():
        _check_node(node, exp)
    ctes = {cte.alias_or_name.lower() for cte in tree.find_all(exp.CTE)}
    for table in tree.find_all(exp.Table):
        if not isinstance(table.this, exp.Identifier):
            raise SqlRefusedError(said("data.sql_table_function", name=_kind(table.this)))
        if table.args.get("db") or table.args.get("catalog"):
            raise SqlRefusedError(said("data.sql_qualified", name=table.sql(dialect=dialect)))
        name = table.name.lower()
        if name not in allowed and name not in ctes:
            raise SqlRefusedError(
                said("data.sql_table_not_allowed", name=table.name, allowed=", ".join(sorted(allowed)) or "-")
            )


_WRITES = (
    "Insert", "Update", "Delete", "Merge", "Create", "Drop", "Alter", "TruncateTable", "Copy", "Attach",
    "Detach", "Pragma", "Set", "Command", "Transaction", "Commit", "Rollback", "Use", "Into", "Install",
    "Export", "LoadData",
)  # fmt: skip  # sqlglot's node classes; those an older sqlglot lacks are skipped


def _check_node(node: Any, exp: Any) -> None:
    writes = tuple(getattr(exp, name) for name in _WRITES if hasattr(exp, name))
    if isinstance(node, writes):
        raise SqlRefusedError(said("data.sql_not_query", kind=_kind(node)))
    if isinstance(node, exp.Func):
        name = (node.name if isinstance(node, exp.Anonymous) else node.sql_name()).lower()
        if name in _REFUSED_FUNCTIONS or name.startswith("read_"):
            raise SqlRefusedError(said("data.sql_function", name=name))


_QUERY_WORDS = frozenset({"SELECT", "WITH", "VALUES", "FROM", "TABLE", ""})


def _first_word(sql: str) -> str:
    """The statement's first keyword as written (what the person will recognise), upper-case."""
    found = re.match(r"[\s(]*(\w+)", sql)
    return found.group(1).upper() if found else ""


def _kind(node: Any) -> str:
    """A short name for what a node is (``ATTACH``, ``DROP``, ``READ_CSV``…)."""
    key = str(getattr(node, "key", type(node).__name__))
    if key == "command":
        return str(node.this).upper()
    return key.upper()
