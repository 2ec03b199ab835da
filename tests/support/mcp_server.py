"""A real MCP server for the tests and benchmarks, written with the SDK's ``MCPServer``.

    python tests/support/mcp_server.py [--state DIR] [--http PORT] [--silent]

Tools: ``search`` (read-only: finds notes), ``create_note`` (writes a note and appends one line to
``DIR/calls.log``, fsynced, before it answers — what the kill trials count), ``slow`` (sleeps; for
timeouts and Stop), ``crash`` (writes a last word to stderr and exits), ``env`` (one environment
variable's value) and ``header`` (one request header, over HTTP). At start it writes its pid to
``DIR/pids`` (one line per start). ``--silent`` reads its input and never answers — not even
``initialize``. ``--http PORT`` serves streamable HTTP on 127.0.0.1 instead of stdio.
"""


import argparse
import os
import sys
import time
from pathlib import Path
from typing import Any


def _append(path: Path, line: str) -> None:
    with path.open("a", encoding="utf-8") as handle:
        handle.write(line + "\n")
        handle.flush()
        os.fsync(handle.fileno())


def build(state: Path) -> Any:  # the SDK's MCPServer, imported late
    from mcp.server.mcpserver import Context, MCPServer
    from mcp_types import ToolAnnotations

    server = MCPServer("notes", log_level="WARNING")
    notes = state / "notes"

    @server.tool(annotations=ToolAnnotations(read_only_hint=True))
    def search(query: str, limit: int = 5) -> str:
        """Find the notes whose title contains the query."""
        found = sorted(p.stem for p in notes.glob("*.txt") if query.lower() in p.stem.lower())[:limit]
        return f"{len(found)} note(s): {', '.join(found)}" if found else f"No note matches {query!r}."

    @server.tool()
    def create_note(title: str, body: str) -> str:
        """Create a note with a title and a body."""
        _append(state / "calls.log", f"create_note {title}")
        notes.mkdir(parents=True, exist_ok=True)
        delay = float(os.environ.get("NOTES_DELAY", "0"))
        if delay:
            time.sleep(delay)
        (notes / f"{title}.txt").write_text(body, encoding="utf-8")
        return f"Created the note {title!r}."

    @server.tool()
    def slow(seconds: float) -> str:
        """Wait for the given number of seconds, then answer."""
        _append(state / "calls.log", f"slow {seconds}")
        time.sleep(seconds)
        _append(state / "calls.log", f"slow done {seconds}")
        return f"Waited {seconds} seconds."

    @server.tool()
    def crash() -> str:
        """Stop the server at once."""
        sys.stderr.write("notes server: out of cheese, stopping\n")
        sys.stderr.flush()
        os._exit(3)

    @server.tool()
    def env(name: str) -> str:
        """The value of one of the server's environment variables."""
        return os.environ.get(name, "(unset)")

    @server.tool()
    def header(name: str, ctx: Context) -> str:
        """The value of one header of the HTTP request that carried this call."""
        return (ctx.headers or {}).get(name.lower(), "(none)")

    return server


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--state", type=Path, default=Path(os.environ.get("NOTES_STATE", ".")))
    parser.add_argument("--http", type=int)
    parser.add_argument("--silent", action="store_true")
    args = parser.parse_args()
    args.state.mkdir(parents=True, exist_ok=True)
    _append(args.state / "pids", str(os.getpid()))
    if args.silent:
        for _line in sys.stdin:  # reads every request, answers none
            pass
        return
    server = build(args.state)
    if args.http is not None:
        server.run("streamable-http", host="127.0.0.1", port=args.http)
    else:
        server.run("stdio")


if __name__ == "__main__":
    main()
