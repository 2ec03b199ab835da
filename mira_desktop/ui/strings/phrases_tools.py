"""Window text: the sentences services say (``core/phrasebook/tools.py``), by the same keys with ``phrase.`` before
them and the same English. Written by ``tools/i18n_sync.py``; the translations are in ``ui/translations``."""

from __future__ import annotations

from mira_desktop.ui.strings.source import Source, translate

STRINGS: dict[str, Source] = {
    "phrase.mcp.call.timed_out": translate(
        "phrase",
        "{name} did not answer {tool} within {seconds} seconds, so the call was cancelled",
        "phrase.mcp.call.timed_out",
    ),
    "phrase.mcp.call.server_failed": translate(
        "phrase", "the MCP server {name} failed: {reason}", "phrase.mcp.call.server_failed"
    ),
    "phrase.mcp.call.refused": translate(
        "phrase", "{name} refused the call: {message}", "phrase.mcp.call.refused"
    ),
    "phrase.mcp.call.not_done": translate("phrase", "Not done: {reason}.", "phrase.mcp.call.not_done"),
    "phrase.mcp.reason.with_said": translate(
        "phrase", "{reason}; it said: {said}", "phrase.mcp.reason.with_said"
    ),
    "phrase.mcp.bad_env": translate(
        "phrase",
        "{variable!r} is not an environment variable name: use --env NAME=VALUE.",
        "phrase.mcp.bad_env",
    ),
    "phrase.mcp.closing": translate(
        "phrase", "Mira is closing: no MCP server is started any more.", "phrase.mcp.closing"
    ),
    "phrase.mcp.file.bad_args": translate(
        "phrase", 'its "args" is not a list of strings', "phrase.mcp.file.bad_args"
    ),
    "phrase.mcp.file.bad_json": translate(
        "phrase", "{path} is not valid JSON ({error}): fix it or export it again.", "phrase.mcp.file.bad_json"
    ),
    "phrase.mcp.file.bad_map": translate(
        "phrase", 'its "{what}" is not an object of names and values', "phrase.mcp.file.bad_map"
    ),
    "phrase.mcp.file.bad_url": translate(
        "phrase", "its url is not an http:// or https:// address", "phrase.mcp.file.bad_url"
    ),
    "phrase.mcp.file.missing": translate(
        "phrase",
        "There is no file {path}: give the path of the mcpServers JSON file.",
        "phrase.mcp.file.missing",
    ),
    "phrase.mcp.file.no_command": translate(
        "phrase", 'it has neither a "command" nor a "url"', "phrase.mcp.file.no_command"
    ),
    "phrase.mcp.no_keyring_env": translate(
        "phrase",
        "No usable system keyring was found to keep the secret value of {name}, so this server was not added: unlock or install one (GNOME Keyring, KWallet, macOS Keychain, Windows Credential Manager), or let Mira pass {name} on from its own environment instead of storing it.",
        "phrase.mcp.no_keyring_env",
    ),
    "phrase.mcp.no_keyring_header": translate(
        "phrase",
        "No usable system keyring was found to keep the value of the {name} header, so this server was not added: unlock or install one (GNOME Keyring, KWallet, macOS Keychain, Windows Credential Manager).",
        "phrase.mcp.no_keyring_header",
    ),
    "phrase.mcp.reason.setting_env": translate(
        "phrase",
        "the value of its environment variable {name} is not in its settings any more: remove the server and add it again",
        "phrase.mcp.reason.setting_env",
    ),
    "phrase.mcp.file.no_servers": translate(
        "phrase",
        '{path} has no "mcpServers" object: it should look like {{"mcpServers": {{"name": {{"command": "npx", "args": [...]}}}}}}}} (Claude Desktop, Cursor, LM Studio).',
        "phrase.mcp.file.no_servers",
    ),
    "phrase.mcp.file.not_object": translate(
        "phrase", "its entry is not a JSON object", "phrase.mcp.file.not_object"
    ),
    "phrase.mcp.file.sse": translate(
        "phrase",
        "it uses the SSE transport, which Mira does not speak: use its streamable HTTP URL",
        "phrase.mcp.file.sse",
    ),
    "phrase.mcp.file.too_big": translate(
        "phrase",
        "{path} is larger than 1 MB: it is not an MCP configuration file.",
        "phrase.mcp.file.too_big",
    ),
    "phrase.mcp.file.unreadable": translate(
        "phrase", "{path} cannot be read ({reason}).", "phrase.mcp.file.unreadable"
    ),
    "phrase.mcp.not_found": translate(
        "phrase", "No MCP server named {name!r}: see `mira mcp list`.", "phrase.mcp.not_found"
    ),
    "phrase.tools.server_left_out": translate(
        "phrase", "{error} Its tools are not offered in this run.", "phrase.tools.server_left_out"
    ),
    "phrase.tools.server_tool_left_out": translate(
        "phrase", "The MCP server {server}'s tool {problem}.", "phrase.tools.server_tool_left_out"
    ),
    "phrase.tools.not_offered": translate(
        "phrase", "{tool} is not offered: {reason}.", "phrase.tools.not_offered"
    ),
    "phrase.tools.sandbox.no_bwrap": translate(
        "phrase",
        "bubblewrap (bwrap) is not installed: install the package bubblewrap (`apt install bubblewrap`)",
        "phrase.tools.sandbox.no_bwrap",
    ),
    "phrase.tools.sandbox.no_prlimit": translate(
        "phrase",
        "prlimit is not installed: install the package util-linux",
        "phrase.tools.sandbox.no_prlimit",
    ),
    "phrase.tools.sandbox.root": translate(
        "phrase",
        "Mira runs as root, where the kernel does not limit the sandbox's processes, and no pids cgroup could be made for it: run Mira as a normal user",
        "phrase.tools.sandbox.root",
    ),
    "phrase.tools.sandbox.no_userns": translate(
        "phrase",
        "bubblewrap cannot make a sandbox here ({said}): this system does not let programs create user namespaces (on Ubuntu, an AppArmor profile for bwrap allows it)",
        "phrase.tools.sandbox.no_userns",
    ),
    "phrase.tools.bad_tool_name": translate(
        "phrase",
        "{tool!r} is not a tool name: see `mira agent tools` for the names (letters, digits, _ and -).",
        "phrase.tools.bad_tool_name",
    ),
}
