"""Phrases of tools: the English of the sentences (see ``core/phrases.py``)."""

from __future__ import annotations

ENGLISH: dict[str, str] = {
    "mcp.failed": "The MCP server {name} could not be started or reached: {reason}.",
    "mcp.turned_off": "The MCP server {name} is turned off: turn it on first (`mira mcp enable {name}`).",
    "mcp.bad_name": (
        "{name} cannot name an MCP server: use 1 to 32 letters, digits, '-' or single '_' "
        "(starting with a letter or digit), e.g. files or brave-search."
    ),
    "mcp.name_taken": "There is already an MCP server named {name}: pick another name or remove it first.",
    "mcp.bad_url": "{url} is not an http:// or https:// URL: give the server's MCP endpoint.",
    "mcp.no_command": "Give the command that starts the server (e.g. npx -y @modelcontextprotocol/server-filesystem DIR).",
    "mcp.bad_timeout": "The timeout must be between 1 and {most} seconds.",
    "mcp.reason.not_found": "the command {command} was not found (install it, or give its full path)",
    "mcp.reason.no_answer": "it did not answer initialize within {seconds} seconds",
    "mcp.reason.closed": "it closed the connection before it answered (did it exit?)",
    "mcp.reason.stopped": "it stopped",
    "mcp.reason.stopped_while_starting": "it was stopped while it started",
    "mcp.reason.not_running": "it is not running",
    "mcp.reason.error": "{error}",
    "mcp.reason.secret_env": (
        "the value of its environment variable {name} is not in the keyring any more: remove the server "
        "and add it again"
    ),
    "mcp.reason.secret_header": (
        "the value of its header {name} is not in the keyring any more: remove the server and add it again"
    ),
    "tools.bad_time_limit": "A command's time limit must be between 1 and {most} seconds.",
    "tools.command_allow_global": (
        "run_command can be allowed in one workspace at a time, not in every workspace: choose the "
        "workspace (--workspace ID), or let it ask."
    ),
    "mcp.call.timed_out": "{name} did not answer {tool} within {seconds} seconds, so the call was cancelled",
    "mcp.call.server_failed": "the MCP server {name} failed: {reason}",
    "mcp.call.refused": "{name} refused the call: {message}",
    "mcp.call.not_done": "Not done: {reason}.",
    "mcp.reason.with_said": "{reason}; it said: {said}",
    "mcp.bad_env": "{variable!r} is not an environment variable name: use --env NAME=VALUE.",
    "mcp.closing": "Mira is closing: no MCP server is started any more.",
    "mcp.file.bad_args": 'its "args" is not a list of strings',
    "mcp.file.bad_json": "{path} is not valid JSON ({error}): fix it or export it again.",
    "mcp.file.bad_map": 'its "{what}" is not an object of names and values',
    "mcp.file.bad_url": "its url is not an http:// or https:// address",
    "mcp.file.missing": "There is no file {path}: give the path of the mcpServers JSON file.",
    "mcp.file.no_command": 'it has neither a "command" nor a "url"',
    "mcp.no_keyring_env": (
        "No usable system keyring was found to keep the secret value of {name}, so this server was not "
        "added: unlock or install one (GNOME Keyring, KWallet, macOS Keychain, Windows Credential "
        "Manager), or let Mira pass {name} on from its own environment instead of storing it."
    ),
    "mcp.no_keyring_header": (
        "No usable system keyring was found to keep the value of the {name} header, so this server was "
        "not added: unlock or install one (GNOME Keyring, KWallet, macOS Keychain, Windows Credential "
        "Manager)."
    ),
    "mcp.reason.setting_env": (
        "the value of its environment variable {name} is not in its settings any more: remove the server "
        "and add it again"
    ),
    "mcp.file.no_servers": '{path} has no "mcpServers" object: it should look like {{"mcpServers": {{"name": {{"command": "npx", "args": [...]}}}}}}}} (Claude Desktop, Cursor, LM Studio).',
    "mcp.file.not_object": "its entry is not a JSON object",
    "mcp.file.sse": "it uses the SSE transport, which Mira does not speak: use its streamable HTTP URL",
    "mcp.file.too_big": "{path} is larger than 1 MB: it is not an MCP configuration file.",
    "mcp.file.unreadable": "{path} cannot be read ({reason}).",
    "mcp.not_found": "No MCP server named {name!r}: see `mira mcp list`.",
    "tools.server_left_out": "{error} Its tools are not offered in this run.",
    "tools.server_tool_left_out": "The MCP server {server}'s tool {problem}.",
    "tools.not_offered": "{tool} is not offered: {reason}.",
    "tools.sandbox.no_bwrap": "bubblewrap (bwrap) is not installed: install the package bubblewrap (`apt install bubblewrap`)",
    "tools.sandbox.no_prlimit": "prlimit is not installed: install the package util-linux",
    "tools.sandbox.root": (
        "Mira runs as root, where the kernel does not limit the sandbox's processes, and no pids cgroup "
        "could be made for it: run Mira as a normal user"
    ),
    "tools.sandbox.no_userns": (
        "bubblewrap cannot make a sandbox here ({said}): this system does not let programs create user "
        "namespaces (on Ubuntu, an AppArmor profile for bwrap allows it)"
    ),
    "tools.bad_tool_name": "{tool!r} is not a tool name: see `mira agent tools` for the names (letters, digits, _ and -).",
}
