"""``sql_schema`` and ``sql_query``: an agent run reads the data attached to its workspace or thread.

Reads, allowed by default like ``read_file`` (a person may set them to ask or deny in Settings →
Tools). Offered only to a run whose workspace or thread has data attached. A refused or failed query
is a result the model reads, one sentence saying why; the file is never changed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mira_desktop.agent.tools.catalog import Origin, Risk, ToolDef
from mira_desktop.agent.tools.results import ToolResult
from mira_desktop.core.cancel import CancelToken
from mira_desktop.core.errors import MiraError
from mira_desktop.core.phrases import said
from mira_desktop.services.data.engine import Limits, QueryFailedError, QueryResult, open_source
from mira_desktop.services.data.guard import SQL_CHARS, SqlRefusedError
from mira_desktop.services.data.loading import LoadTimedOutError
from mira_desktop.services.data.sources import DataSource

SQL_SCHEMA = "sql_schema"
SQL_QUERY = "sql_query"
SCHEMA_DESCRIPTION = "List the attached data files, their tables and columns (masked columns are marked), to write queries for sql_query."
QUERY_DESCRIPTION = "Run one read-only SQL SELECT on an attached data file; returns the rows as a table (limited in time, rows and size)."
SQL_TOOLS = ((SQL_SCHEMA, SCHEMA_DESCRIPTION), (SQL_QUERY, QUERY_DESCRIPTION))


def names(sources: list[DataSource]) -> dict[str, DataSource]:
    """Each source under the name a run uses for it: its file name (with its id where two share one)."""
    counts: dict[str, int] = {}
    for s in sources:
        counts[s.name] = counts.get(s.name, 0) + 1
    return {(s.name if counts[s.name] == 1 else f"{s.name}#{s.id}"): s for s in sources}


def markdown_table(columns: list[str], rows: list[list[Any]]) -> str:
    def cell(value: Any) -> str:
        return "NULL" if value is None else str(value).replace("|", "\\|").replace("\n", " ")

    lines = ["| " + " | ".join(cell(c) for c in columns) + " |", "|" + "---|" * len(columns)]
    lines += ["| " + " | ".join(cell(v) for v in row) + " |" for row in rows]
    return "\n".join(lines)


class SqlSchema:
    def __init__(self, sources: list[DataSource], limits: Callable[[], Limits] = Limits) -> None:
        assert sources, "offered only with data attached"
        self._sources = names(sources)
        self._limits = limits

    @property
    def definition(self) -> ToolDef:
        return ToolDef(
            SQL_SCHEMA,
            SCHEMA_DESCRIPTION,
            {"type": "object", "properties": {}, "required": [], "additionalProperties": False},
            Risk.READ,
            Origin.DATA,
        )

    def call(self, arguments: dict[str, Any], cancel: CancelToken) -> ToolResult:
        lines: list[str] = []
        listing: list[dict[str, Any]] = []
        limits = self._limits()
        for name, source in self._sources.items():
            cancel.raise_if_cancelled()
            try:
                with open_source(source, limits=limits, cancel=cancel) as opened:
                    tables = opened.schema()
            except (MiraError, LoadTimedOutError) as exc:
                lines.append(f"{name}: {exc}")
                continue
            lines.append(f"{name} ({source.kind}):")
            for table, columns in tables.items():
                shown = ", ".join(f"{c.name} {'(masked)' if c.masked else c.type}".strip() for c in columns)
                lines.append(f"  {table}: {shown}")
            listing.append(
                {"source": name, "tables": {t: [c.__dict__ for c in cs] for t, cs in tables.items()}}
            )
        return ToolResult(
            True,
            "\n".join(lines),
            data={"sources": listing},
            phrase=said("data.schema_listed", count=len(self._sources)).to_dict(),
        )


class SqlQuery:
    def __init__(self, sources: list[DataSource], limits: Callable[[], Limits] = Limits) -> None:
        assert sources, "offered only with data attached"
        self._sources = names(sources)
        self._limits = limits

    @property
    def definition(self) -> ToolDef:
        properties: dict[str, Any] = {
            "sql": {
                "type": "string",
                "minLength": 1,
                "maxLength": SQL_CHARS,
                "description": "One read-only SELECT query over the tables sql_schema lists",
            },
            "source": {
                "type": "string",
                "enum": sorted(self._sources),
                "maxLength": 300,
                "description": "Which attached file to query (default: the only one)",
            },
        }
        return ToolDef(
            SQL_QUERY,
            QUERY_DESCRIPTION,
            {
                "type": "object",
                "properties": properties,
                "required": ["sql"] if len(self._sources) == 1 else ["sql", "source"],
                "additionalProperties": False,
            },
            Risk.READ,
            Origin.DATA,
        )

    def call(self, arguments: dict[str, Any], cancel: CancelToken) -> ToolResult:
        name = str(arguments.get("source") or next(iter(self._sources)))
        source = self._sources.get(name)
        if source is None:
            return ToolResult.refused(
                said("data.no_source", name=name, names=", ".join(self._sources)), "not_found"
            )
        sql = str(arguments["sql"])
        limits = self._limits()
        try:
            with open_source(source, limits=limits, cancel=cancel) as opened:
                result = opened.run(sql, limits, cancel)
        except (SqlRefusedError, QueryFailedError, LoadTimedOutError) as exc:
            return ToolResult.refused(exc.phrase, "refused" if isinstance(exc, SqlRefusedError) else "failed")
        except MiraError as exc:
            phrase = exc.phrase
            if phrase is None:
                return ToolResult.failure(str(exc), "failed")
            return ToolResult.refused(phrase, "failed")
        return _shown(name, sql, result)


def _shown(name: str, sql: str, result: QueryResult) -> ToolResult:
    text = markdown_table(result.columns, result.rows)
    if result.cut is not None:
        text += "\n" + result.cut.english
    return ToolResult(
        True,
        f"{len(result.rows)} rows from {name}:\n{text}",
        data={
            "source": name,
            "sql": sql,
            "columns": result.columns,
            "rows": result.rows,
            "cut": result.cut.to_dict() if result.cut is not None else None,
            "seconds": result.seconds,
        },
        phrase=said("data.queried", source=name, rows=len(result.rows)).to_dict(),
    )


def data_tools(
    sources: list[DataSource], limits: Callable[[], Limits] = Limits
) -> list[SqlSchema | SqlQuery]:
    """The tools of a run with ``sources`` attached (none without)."""
    return [SqlSchema(sources, limits), SqlQuery(sources, limits)] if sources else []
