"""Read-only SQL over data files a person attaches to a workspace or thread (``sql_schema``,
``sql_query``): SQLite opened read-only, CSV / XLSX / Parquet loaded into DuckDB."""
