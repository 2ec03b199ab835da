"""Window text: Settings → Tools (MCP servers, permissions per tool, the sandbox), the approval card of
an MCP or command call, and their lines in the trace. The translations are in ``ui/translations``."""

from __future__ import annotations

from mira_desktop.ui.strings.source import Source, translate

STRINGS: dict[str, Source] = {
    # Settings → Tools
    "tools.tab": translate("tools", "Tools", "tools.tab"),
    "tools.hint": translate(
        "tools",
        "Agent runs can call the tools of MCP servers and run commands in a sandbox. A tool that does more "
        "than read asks before each call unless you allow it.",
        "tools.hint",
    ),
    "tools.servers": translate("tools", "MCP servers", "tools.servers"),
    "tools.col.server": translate("tools", "Server", "tools.col.server"),
    "tools.col.on": translate("tools", "On", "tools.col.on"),
    "tools.col.state": translate("tools", "State", "tools.col.state"),
    "tools.col.tools": translate("tools", "Tools", "tools.col.tools"),
    "tools.col.where": translate("tools", "Command or URL", "tools.col.where"),
    "tools.state.running": translate("tools", "running", "tools.state.running"),
    "tools.state.stopped": translate("tools", "not running", "tools.state.stopped"),
    "tools.state.starting": translate("tools", "starting…", "tools.state.starting"),
    "tools.state.failed": translate("tools", "failed: {reason}", "tools.state.failed"),
    "tools.state.failed_short": translate("tools", "failed", "tools.state.failed_short"),
    "tools.detail": translate("tools", "{name}: {state}. Its tools: {tools}", "tools.detail"),
    "tools.mira": translate("tools", "Mira", "tools.mira"),
    "tools.said": translate("tools", "; it said: {words}", "tools.said"),
    "tools.sandbox": translate("tools", "sandbox", "tools.sandbox"),
    "tools.not_listed": translate("tools", "not listed yet", "tools.not_listed"),
    "tools.add": translate("tools", "Add…", "tools.add"),
    "tools.import": translate("tools", "Import…", "tools.import"),
    "tools.test": translate("tools", "Test", "tools.test"),
    "tools.remove": translate("tools", "Remove", "tools.remove"),
    "tools.trust": translate("tools", "Allow its read-only tools without asking", "tools.trust"),
    "tools.trust_tip": translate(
        "tools",
        "Run the tools this server marks read-only (readOnlyHint) without asking. The mark is the server's "
        "own claim.",
        "tools.trust_tip",
    ),
    "tools.no_servers": translate(
        "tools",
        "No MCP servers yet: add one, or import the mcpServers file of Claude Desktop, Cursor or LM Studio.",
        "tools.no_servers",
    ),
    "tools.testing": translate("tools", "Starting {name}…", "tools.testing"),
    "tools.tested": translate("tools", "{name} works: %Ln tool(s) in {seconds} s.", "tools.tested", 1),
    "tools.remove_confirm": translate(
        "tools",
        "Remove the MCP server {name}? Its stored secrets are deleted from the keyring.",
        "tools.remove_confirm",
    ),
    "tools.import_title": translate("tools", "Import MCP servers", "tools.import_title"),
    "tools.import_filter": translate("tools", "MCP configuration (*.json);;All files (*)", "tools.import_filter"),
    "tools.imported": translate("tools", "Added %Ln server(s): {names}.", "tools.imported", 1),
    "tools.import_refused": translate("tools", "Not added: {name} — {reason}", "tools.import_refused"),
    "tools.import_settings": translate(
        "tools",
        "{name}: {variables} kept as its settings (not secrets, by their names).",
        "tools.import_settings",
    ),
    "tools.import_renamed": translate("tools", "{original} is named {name} in Mira.", "tools.import_renamed"),
    "tools.permissions": translate("tools", "Permissions", "tools.permissions"),
    "tools.workspace": translate("tools", "In", "tools.workspace"),
    "tools.every_workspace": translate("tools", "Every workspace", "tools.every_workspace"),
    "tools.workspace_servers": translate("tools", "MCP servers this workspace uses:", "tools.workspace_servers"),
    "tools.col.tool": translate("tools", "Tool", "tools.col.tool"),
    "tools.col.risk": translate("tools", "What it does", "tools.col.risk"),
    "tools.col.permission": translate("tools", "Permission", "tools.col.permission"),
    "tools.permission.default": translate("tools", "Default ({value})", "tools.permission.default"),
    "tools.permission.ask": translate("tools", "Ask", "tools.permission.ask"),
    "tools.permission.allow": translate("tools", "Allow", "tools.permission.allow"),
    "tools.permission.deny": translate("tools", "Deny", "tools.permission.deny"),
    "tools.permission.everywhere": translate("tools", "{value} (every workspace)", "tools.permission.everywhere"),
    "tools.risk.read": translate("tools", "reads", "tools.risk.read"),
    "tools.risk.write": translate("tools", "writes files", "tools.risk.write"),
    "tools.risk.destructive": translate("tools", "moves or deletes files", "tools.risk.destructive"),
    "tools.risk.external": translate("tools", "acts outside the workspace", "tools.risk.external"),
    "tools.risk.command": translate("tools", "runs commands", "tools.risk.command"),
    "tools.read_only_hint": translate("tools", "{risk} (marked read-only)", "tools.read_only_hint"),
    "tools.sandbox_ok": translate(
        "tools",
        "run_command runs in a bubblewrap sandbox ({version}): the workspace only, no network.",
        "tools.sandbox_ok",
    ),
    "tools.sandbox_missing": translate("tools", "run_command is not available: {reason}", "tools.sandbox_missing"),
    "tools.time_limit": translate("tools", "A command may take", "tools.time_limit"),
    "tools.timeout": translate("tools", "An MCP call may take", "tools.timeout"),
    "tools.seconds": translate("tools", " s", "tools.seconds"),
    "tools.absent": translate("tools", "Not offered: {text}", "tools.absent"),
    # adding a server
    "tools.add_title": translate("tools", "Add an MCP server", "tools.add_title"),
    "tools.name": translate("tools", "Name", "tools.name"),
    "tools.kind_command": translate("tools", "A command Mira starts", "tools.kind_command"),
    "tools.kind_url": translate("tools", "A server at a URL (streamable HTTP)", "tools.kind_url"),
    "tools.command": translate("tools", "Command", "tools.command"),
    "tools.env": translate(
        "tools",
        "Environment (NAME=value, one a line; a value whose name says secret — KEY, TOKEN, PASSWORD… — is"
        " kept in the keyring, the others as the server's settings)",
        "tools.env"
    ),
    "tools.url": translate("tools", "URL", "tools.url"),
    "tools.headers": translate("tools", "Headers (Name: value, one a line; kept in the keyring)", "tools.headers"),
    "tools.add_button": translate("tools", "Add", "tools.add_button"),
    "tools.bad_env": translate("tools", "{line} is not NAME=value.", "tools.bad_env"),
    "tools.bad_header": translate("tools", "{line} is not Name: value.", "tools.bad_header"),
    "tools.bad_command": translate("tools", "The command cannot be read: {reason}.", "tools.bad_command"),
    "tools.bad_command.quote": translate("tools", "a quotation mark is not closed", "tools.bad_command.quote"),
    "tools.bad_command.escape": translate("tools", "it ends with a lone backslash", "tools.bad_command.escape"),
    # the approval card
    "tools.card.mcp": translate("tools", "The agent wants to call {tool} on the MCP server {server}", "tools.card.mcp"),
    "tools.card.command": translate("tools", "The agent wants to run a command in the sandbox", "tools.card.command"),
    "tools.card.read_only": translate(
        "tools", "The server marks this tool read-only (its own claim).", "tools.card.read_only"
    ),
    "tools.card.outside": translate("tools", "A call outside the workspace cannot be undone.", "tools.card.outside"),
    "tools.card.command_note": translate(
        "tools",
        "It runs in the workspace with no network. Files it changes are listed after it ran; undo cannot put "
        "them back.",
        "tools.card.command_note",
    ),
    "tools.card.always_workspace": translate(
        "tools", "Always allow {tool} in this workspace", "tools.card.always_workspace"
    ),
    "tools.card.may_have_run": translate(
        "tools", "This call may have run — run it again, or go on without it", "tools.card.may_have_run"
    ),
    "tools.card.may_have_run_why": translate(
        "tools",
        "Mira stopped after sending {tool} and before its result was saved, so nobody knows whether it ran.",
        "tools.card.may_have_run_why",
    ),
    "tools.card.run_again": translate("tools", "Run it again", "tools.card.run_again"),
    "tools.card.go_on": translate("tools", "Go on without it", "tools.card.go_on"),
    "tools.why.external": translate(
        "tools",
        "{tool} is a tool of the MCP server {server}: it needs your approval.",
        "tools.why.external",
    ),
    "tools.why.command": translate("tools", "Commands need your approval.", "tools.why.command"),
    "tools.card.http": translate("tools", "The agent wants to call {tool}: {request}", "tools.card.http"),
    "tools.why.http": translate(
        "tools", "{tool} sends these arguments to {host}: it needs your approval.", "tools.why.http"
    ),
    "tools.http.declare": translate("tools", "Declare an HTTP tool…", "tools.http.declare"),
    "tools.http.title": translate("tools", "Declare an HTTP tool", "tools.http.title"),
    "tools.http.description": translate("tools", "Description", "tools.http.description"),
    "tools.http.method": translate("tools", "Method", "tools.http.method"),
    "tools.http.parameters": translate("tools", "Arguments (JSON schema)", "tools.http.parameters"),
    "tools.http.secret_headers": translate(
        "tools", "Secret headers (keyring references)", "tools.http.secret_headers"
    ),
    "tools.http.secret_value": translate("tools", "Secret value", "tools.http.secret_value"),
    "tools.http.secret_value_tip": translate(
        "tools",
        "Stored in the keyring under the secret header's reference, never in the declaration.",
        "tools.http.secret_value_tip",
    ),
    "tools.http.not_json": translate("tools", "{field} is not valid JSON: {problem}", "tools.http.not_json"),
    "tools.http.added": translate("tools", "Added the tool {name}; runs ask before each call.", "tools.http.added"),
    # the trace
    "tools.trace.sending": translate("tools", "sent to the MCP server {server}", "tools.trace.sending"),
    "tools.trace.sandbox": translate("tools", "started in the sandbox", "tools.trace.sandbox"),
    "tools.trace.exit": translate("tools", "exit code {code}, %Ln line(s) of output", "tools.trace.exit", 1),
    "tools.trace.stopped_time": translate("tools", "stopped at its time limit", "tools.trace.stopped_time"),
    "tools.trace.stopped_output": translate("tools", "stopped at its output limit", "tools.trace.stopped_output"),
    "tools.trace.whole": translate("tools", "Double-click for the whole output", "tools.trace.whole"),
    "tools.output_title": translate("tools", "Output of {tool}", "tools.output_title"),
    "tools.changed_by_commands": translate(
        "tools", "Changed by commands (undo cannot put these back): {files}", "tools.changed_by_commands"
    ),
}
