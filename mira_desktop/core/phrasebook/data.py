"""Phrases of read-only SQL over attached data: the English of the sentences (see ``core/phrases.py``)."""

from __future__ import annotations

ENGLISH: dict[str, str] = {
    "data.sql_too_long": "The SQL is longer than {most} characters: ask a shorter query.",
    "data.sql_unreadable": "This is not SQL Mira can read ({problem}): write one SELECT query.",
    "data.sql_empty": "There is no SQL statement: write one SELECT query.",
    "data.sql_two_statements": "Refused: {count} statements were sent; run one SELECT query at a time.",
    "data.sql_not_query": "Refused: {kind} is not a read-only query; only SELECT (with WITH or UNION) runs on attached data.",
    "data.sql_table_function": "Refused: {name} reads files or other sources; query only the attached tables.",
    "data.sql_qualified": "Refused: {name} names a schema or database; use the bare table names from sql_schema.",
    "data.sql_table_not_allowed": "Refused: the table {name} is not allowed; the allowed tables are: {allowed}.",
    "data.sql_function": "Refused: the function {name} reads files, settings or the environment, or loads code.",
    "data.sql_timed_out": "The query ran longer than {seconds} s and was interrupted: narrow it (a WHERE, a LIMIT) or ask fewer rows.",
    "data.sql_failed": "The query failed: {problem}",
    "data.cut_rows": "Only the first {most} rows are shown: add a LIMIT, a WHERE or an aggregate.",
    "data.cut_bytes": "The result was cut at {most} bytes: select fewer columns or rows.",
    "data.unknown_kind": "{path} is not a kind of data Mira queries: attach a file ending in one of {kinds}.",
    "data.not_file": "{path} is not a file: give the path of a SQLite, CSV, XLSX or Parquet file.",
    "data.one_owner": "Attach the file to one workspace or one thread: give --workspace ID or --thread ID.",
    "data.no_such_table": "{path} has no table {table}: its tables are {tables}.",
    "data.mask_needs_column": "{item} names no column: mask columns as TABLE.COLUMN.",
    "data.not_found": "No attached data with the id {id}: see `mira data list`.",
    "data.file_gone": "{path} is gone: attach the file again where it is now, or remove it with `mira data remove`.",
    "data.not_database": "{path} is not a SQLite database ({problem}): attach a SQLite, CSV, XLSX or Parquet file.",
    "data.not_readable": "{path} could not be read as {kind} ({problem}): check that it is a valid {kind} file.",
    "data.too_big": "{path} is {size}, above the {most} limit for a CSV, XLSX or Parquet file: attach a smaller extract, or the data as a SQLite database.",
    "data.load_timed_out": "Reading {path} took longer than {seconds} s and was stopped: attach a smaller extract, or the data as a SQLite database.",
    "data.no_source": "No attached data is named {name}: the sources are {names}.",
    "data.queried": "Queried {source}: {rows} rows",
    "data.why.no_data": "No data is attached to {workspace}: attach a file in Settings → Workspaces → Data or with `mira data add FILE`.",
    "data.schema_listed": "Listed the tables of {count} attached files",
}
