"""Every tool the agent can call, declared once: name, one-line description, argument schema, risk.

The schemas are JSON Schema, checked by :mod:`.validation` (``jsonschema``) before a call is asked
or made; the native tool-call APIs and the local-model grammar (:mod:`mira_desktop.agent.grammar`)
read the same schemas.
Every string has a ``maxLength`` and every number a ``maximum``, so no argument is unbounded.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from mira_desktop.models.protocol import ToolSpec

PATH_CHARS = 1024
CONTENT_CHARS = 200_000
EDIT_CHARS = 50_000
QUERY_CHARS = 500


class Risk(StrEnum):
    READ = "read"  # looks only: allowed by default
    WRITE = "write"  # creates or changes content: needs approval by default
    DESTRUCTIVE = "destructive"  # removes or moves content away: needs approval by default
    EXTERNAL = "external"  # another program's tool (an MCP server): what it does cannot be undone
    COMMAND = "command"  # a command in the sandbox: what it changes in the workspace cannot be undone


class Origin(StrEnum):
    MIRA = "mira"  # Mira's own workspace and knowledge-base tools: undoable, planned before they run
    MCP = "mcp"  # a tool of an MCP server the user added
    SANDBOX = "sandbox"  # run_command, in the OS sandbox
    SKILL = "skill"  # load_skill: a skill's instructions (services/skills), a read
    DATA = "data"  # sql_schema, sql_query: read-only SQL over attached files (services/data)
    HTTP = "http"  # a tool the person declared as data: one HTTPS JSON endpoint (services/http_tools)
    WEB = "web"  # web_search, web_fetch: the search provider the person set and its results' pages (services/web)


@dataclass(frozen=True)
class ToolDef:
    """One tool as the model sees it (``name``, ``description``, ``parameters``) and as the guardrail
    judges it (``risk``, ``origin``). A tool of an MCP server also names its ``server``, its own
    name there (``remote_name``; ``name`` is ``SERVER__TOOL``) and the server's ``readOnlyHint``."""

    name: str
    description: str
    parameters: dict[str, Any]
    risk: Risk
    origin: Origin = Origin.MIRA
    server: str | None = None
    remote_name: str | None = None
    read_only_hint: bool | None = None

    @property
    def changes_files(self) -> bool:
        """A change Mira plans, shows as a diff, snapshots and can undo."""
        return self.risk in (Risk.WRITE, Risk.DESTRUCTIVE)

    @property
    def external(self) -> bool:
        """Run by another program: journaled before it is sent, never resent on its own after a kill."""
        return self.origin is not Origin.MIRA

    def spec(self) -> ToolSpec:
        return ToolSpec(self.name, self.description, self.parameters)

    def card(self) -> dict[str, Any]:
        """What an approval card says about the tool beside its arguments."""
        return {
            "origin": self.origin.value,
            "risk": self.risk.value,
            "server": self.server,
            "remote_name": self.remote_name,
            "read_only_hint": self.read_only_hint,
        }

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "description": self.description,
            "parameters": self.parameters,
            **self.card(),
        }


def _object(required: tuple[str, ...], **properties: dict[str, Any]) -> dict[str, Any]:
    return {
        "type": "object",
        "properties": properties,
        "required": list(required),
        "additionalProperties": False,
    }


def _path(what: str) -> dict[str, Any]:
    return {
        "type": "string",
        "maxLength": PATH_CHARS,
        "description": f"{what}, relative to the workspace root",
    }


def _integer(description: str, minimum: int, maximum: int) -> dict[str, Any]:
    return {"type": "integer", "minimum": minimum, "maximum": maximum, "description": description}


KB_SEARCH = "kb_search"

LIST_FILES = ToolDef(
    "list_files",
    "List the files and folders under a folder of the workspace, as a tree.",
    _object(
        (),
        path=_path("Folder to list (default: the workspace root)"),
        depth=_integer("How many folder levels to show (default 2)", 1, 6),
    ),
    Risk.READ,
)
READ_FILE = ToolDef(
    "read_file",
    "Read a UTF-8 text file, or a range of its lines.",
    _object(
        ("path",),
        path=_path("File to read"),
        start_line=_integer("First line to read, from 1 (default 1)", 1, 10_000_000),
        end_line=_integer("Last line to read, inclusive (default: as many as fit)", 1, 10_000_000),
    ),
    Risk.READ,
)
SEARCH_FILES = ToolDef(
    "search_files",
    "Search the text files of the workspace for a text or a regular expression; returns matching lines.",
    _object(
        ("query",),
        query={"type": "string", "minLength": 1, "maxLength": QUERY_CHARS, "description": "Text or regex"},
        path=_path("Folder to search in (default: the whole workspace)"),
        regex={"type": "boolean", "description": "Treat the query as a Python regular expression"},
        case_sensitive={"type": "boolean", "description": "Match case exactly (default false)"},
    ),
    Risk.READ,
)
WRITE_FILE = ToolDef(
    "write_file",
    "Create a text file, or replace a file's whole content (its folder must exist).",
    _object(
        ("path", "content"),
        path=_path("File to write"),
        content={"type": "string", "maxLength": CONTENT_CHARS, "description": "The complete new content"},
    ),
    Risk.WRITE,
)
EDIT_FILE = ToolDef(
    "edit_file",
    "Replace one exact piece of text in a file; old_text must occur exactly once.",
    _object(
        ("path", "old_text", "new_text"),
        path=_path("File to edit"),
        old_text={
            "type": "string",
            "minLength": 1,
            "maxLength": EDIT_CHARS,
            "description": "Exact text to replace",
        },
        new_text={"type": "string", "maxLength": EDIT_CHARS, "description": "Text to put in its place"},
    ),
    Risk.WRITE,
)
MAKE_DIR = ToolDef(
    "make_dir",
    "Create a folder (its parent folder must exist).",
    _object(("path",), path=_path("Folder to create")),
    Risk.WRITE,
)
MOVE_FILE = ToolDef(
    "move_file",
    "Move or rename a file; the destination must not exist yet.",
    _object(("source", "destination"), source=_path("File to move"), destination=_path("New path")),
    Risk.DESTRUCTIVE,
)
DELETE_FILE = ToolDef(
    "delete_file",
    "Delete a file (folders are never deleted).",
    _object(("path",), path=_path("File to delete")),
    Risk.DESTRUCTIVE,
)
KB_SEARCH_TOOL = ToolDef(
    KB_SEARCH,
    "Search the thread's knowledge base; each hit names its document and page or location.",
    _object(
        ("query",),
        query={"type": "string", "minLength": 1, "maxLength": QUERY_CHARS, "description": "What to look for"},
        k=_integer("How many hits (default 5)", 1, 10),
    ),
    Risk.READ,
)

RUN_COMMAND_NAME = "run_command"
COMMAND_CHARS = 4000
RUN_COMMAND = ToolDef(
    RUN_COMMAND_NAME,
    "Run a shell command (sh -c) in the workspace folder, in a sandbox with no network; returns its exit "
    "code and output. Use it to run tests or scripts.",
    _object(
        ("command",),
        command={
            "type": "string",
            "minLength": 1,
            "maxLength": COMMAND_CHARS,
            "description": "The command line, run by /bin/sh -c with the workspace as the working folder",
        },
        timeout_seconds=_integer("Stop it after this many seconds (default and most: the setting)", 1, 3600),
    ),
    Risk.COMMAND,
    Origin.SANDBOX,
)

FILE_TOOLS = (LIST_FILES, READ_FILE, SEARCH_FILES, WRITE_FILE, EDIT_FILE, MAKE_DIR, MOVE_FILE, DELETE_FILE)
ALL_TOOLS = (
    *FILE_TOOLS,
    KB_SEARCH_TOOL,
    RUN_COMMAND,
)  # Mira's own declarations (MCP tools come from servers)
BY_NAME = {tool.name: tool for tool in ALL_TOOLS}
