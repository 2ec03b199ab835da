"""Window text: the sentences services say (``core/phrases.py``), by the same keys with ``phrase.`` before
them and the same English. Written by ``tools/i18n_sync.py``; the translations are in ``ui/translations``."""

from __future__ import annotations

from mira_desktop.ui.strings.source import Source, translate

STRINGS: dict[str, Source] = {
    "phrase.chat.empty": translate(
        "phrase", "The message is empty: type something to send.", "phrase.chat.empty"
    ),
    "phrase.chat.busy": translate(
        "phrase", "A reply is already being written: stop it or wait for it to finish.", "phrase.chat.busy"
    ),
    "phrase.chat.edit_own": translate(
        "phrase",
        "Only your own messages can be edited; regenerate an answer instead.",
        "phrase.chat.edit_own",
    ),
    "phrase.chat.no_question": translate(
        "phrase", "This answer has no question to answer again.", "phrase.chat.no_question"
    ),
    "phrase.chat.continue_text": translate(
        "phrase", "Only an answer with text can be continued.", "phrase.chat.continue_text"
    ),
    "phrase.chat.wait_branch": translate(
        "phrase", "Wait for the answer to finish before switching branches.", "phrase.chat.wait_branch"
    ),
    "phrase.chat.type_first": translate("phrase", "Type a message first.", "phrase.chat.type_first"),
    "phrase.chat.edit_empty": translate("phrase", "The edited message is empty.", "phrase.chat.edit_empty"),
    "phrase.chat.not_visible": translate(
        "phrase", "That message is not on the visible branch.", "phrase.chat.not_visible"
    ),
    "phrase.chat.too_long": translate(
        "phrase",
        "The message is too long for the model's context window ({window} tokens, about {needed} needed): shorten it or pick a model with a larger window.",
        "phrase.chat.too_long",
    ),
    "phrase.attach.too_large": translate(
        "phrase", "{name} is {size}, above the {limit} limit for an attachment.", "phrase.attach.too_large"
    ),
    "phrase.attach.empty": translate(
        "phrase", "{name} is empty (0 bytes): there is nothing to attach.", "phrase.attach.empty"
    ),
    "phrase.attach.no_text": translate("phrase", "{name} contains no text to read.", "phrase.attach.no_text"),
    "phrase.attach.folder": translate(
        "phrase", "{name} is a folder: attach one file.", "phrase.attach.folder"
    ),
    "phrase.attach.one_file": translate(
        "phrase",
        "One file per message: {count} were given. Attach them one message at a time.",
        "phrase.attach.one_file",
    ),
    "phrase.attach.unreadable": translate(
        "phrase", "{name} cannot be read: permission denied.", "phrase.attach.unreadable"
    ),
    "phrase.attach.missing": translate(
        "phrase", "{path} does not exist (was it moved or deleted?).", "phrase.attach.missing"
    ),
    "phrase.attach.gone": translate(
        "phrase", "The attached file is no longer in this message: attach it again.", "phrase.attach.gone"
    ),
    "phrase.attach.damaged_copy": translate(
        "phrase",
        "The stored copy of {name} is missing or damaged: remove it and attach it again.",
        "phrase.attach.damaged_copy",
    ),
    "phrase.attach.unsupported": translate(
        "phrase",
        "{name} is not a supported type: attach an image (PNG, JPEG, WebP, GIF), a text or code file, a PDF, or a DOCX, PPTX or XLSX document.",
        "phrase.attach.unsupported",
    ),
    "phrase.attach.too_many_pixels": translate(
        "phrase",
        "{name} is {width}×{height} pixels, above the {limit} megapixel limit: scale it down and attach it again.",
        "phrase.attach.too_many_pixels",
    ),
    "phrase.agent.create_file": translate(
        "phrase", "Create {path} ({lines} lines)", "phrase.agent.create_file"
    ),
    "phrase.agent.write_same": translate(
        "phrase", "Write {path} (content unchanged)", "phrase.agent.write_same"
    ),
    "phrase.agent.replace_file": translate(
        "phrase", "Replace the content of {path}: +{added} −{removed} lines", "phrase.agent.replace_file"
    ),
    "phrase.agent.edit_file": translate(
        "phrase", "Edit {path} at line {line}: +{added} −{removed} lines", "phrase.agent.edit_file"
    ),
    "phrase.agent.make_dir": translate("phrase", "Create the folder {path}", "phrase.agent.make_dir"),
    "phrase.agent.move_file": translate("phrase", "Move {source} to {destination}", "phrase.agent.move_file"),
    "phrase.agent.delete_file": translate(
        "phrase", "Delete {path} ({size} bytes)", "phrase.agent.delete_file"
    ),
    "phrase.hub.bad_endpoint": translate(
        "phrase",
        "{url} is not an http(s) URL of a Hub or a mirror, e.g. https://hf-mirror.com.",
        "phrase.hub.bad_endpoint",
    ),
    "phrase.hub.no_keyring": translate(
        "phrase",
        "No usable system keyring was found, so the Hub token was not stored: unlock or install one, or set HF_TOKEN in the environment.",
        "phrase.hub.no_keyring",
    ),
    "phrase.hub.no_repo": translate(
        "phrase",
        "The repository {repo} does not exist on the Hub (or is private): check its name.",
        "phrase.hub.no_repo",
    ),
    "phrase.hub.no_file": translate(
        "phrase", "{repo} has no file {file}: see `mira models files {repo}`.", "phrase.hub.no_file"
    ),
    "phrase.hub.no_gguf": translate(
        "phrase",
        "{repo} has no GGUF file: Mira runs GGUF models; search for a GGUF version of it.",
        "phrase.hub.no_gguf",
    ),
    "phrase.hub.no_quant": translate(
        "phrase", "{repo} has no {quant} file; it has: {known}.", "phrase.hub.no_quant"
    ),
    "phrase.hub.gated": translate(
        "phrase",
        "{repo} is gated: accept its licence at {url}, then store a token with `mira models hub --token-stdin` (or in Settings → Get models).",
        "phrase.hub.gated",
    ),
    "phrase.hub.bad_header": translate(
        "phrase", "{file} does not start with a GGUF header Mira can read.", "phrase.hub.bad_header"
    ),
    "phrase.download.name_one": translate(
        "phrase",
        "Name a file or a quantization of {repo}: `mira models files {repo}` lists them.",
        "phrase.download.name_one",
    ),
    "phrase.download.missing_parts": translate(
        "phrase",
        "{file} is one of {parts} parts, but the listing lacks some of them.",
        "phrase.download.missing_parts",
    ),
    "phrase.download.ambiguous": translate(
        "phrase", "Several files match {quant}: {names}. Name one of them.", "phrase.download.ambiguous"
    ),
    "phrase.download.unknown": translate(
        "phrase", "No download {id}: see `mira models downloads`.", "phrase.download.unknown"
    ),
    "phrase.download.finished": translate(
        "phrase",
        "The download {id} is {state}: there is nothing to pause, resume or cancel.",
        "phrase.download.finished",
    ),
    "phrase.download.paused_by_you": translate(
        "phrase", "Paused. Resume it to go on from where it stopped.", "phrase.download.paused_by_you"
    ),
    "phrase.download.elsewhere": translate(
        "phrase",
        "{file} of {repo} is being downloaded by another Mira window or command.",
        "phrase.download.elsewhere",
    ),
    "phrase.download.not_gguf": translate(
        "phrase",
        "{file} arrived whole but is not a GGUF model llama.cpp can load; it was deleted.",
        "phrase.download.not_gguf",
    ),
    "phrase.download.error": translate("phrase", "The download stopped: {error}", "phrase.download.error"),
    "phrase.download.no_space": translate(
        "phrase",
        "Not enough free space in {folder}: the download needs {needed} and {free} is free. Free some space, then resume it.",
        "phrase.download.no_space",
    ),
    "phrase.download.disk_full": translate(
        "phrase",
        "The disk of {folder} is full: the part downloaded is kept; free some space and resume.",
        "phrase.download.disk_full",
    ),
    "phrase.download.bad_checksum": translate(
        "phrase",
        "{file} arrived with bytes that do not match the sha256 of the Hub's listing: the partial file was deleted. Download it again.",
        "phrase.download.bad_checksum",
    ),
    "phrase.download.too_long": translate(
        "phrase",
        "{file} arrived longer than the Hub's listing says: the partial file was deleted.",
        "phrase.download.too_long",
    ),
    "phrase.mcp.failed": translate(
        "phrase", "The MCP server {name} could not be started or reached: {reason}.", "phrase.mcp.failed"
    ),
    "phrase.mcp.turned_off": translate(
        "phrase",
        "The MCP server {name} is turned off: turn it on first (`mira mcp enable {name}`).",
        "phrase.mcp.turned_off",
    ),
    "phrase.mcp.bad_name": translate(
        "phrase",
        "{name} cannot name an MCP server: use 1 to 32 letters, digits, '-' or single '_' (starting with a letter or digit), e.g. files or brave-search.",
        "phrase.mcp.bad_name",
    ),
    "phrase.mcp.name_taken": translate(
        "phrase",
        "There is already an MCP server named {name}: pick another name or remove it first.",
        "phrase.mcp.name_taken",
    ),
    "phrase.mcp.bad_url": translate(
        "phrase",
        "{url} is not an http:// or https:// URL: give the server's MCP endpoint.",
        "phrase.mcp.bad_url",
    ),
    "phrase.mcp.no_command": translate(
        "phrase",
        "Give the command that starts the server (e.g. npx -y @modelcontextprotocol/server-filesystem DIR).",
        "phrase.mcp.no_command",
    ),
    "phrase.mcp.bad_timeout": translate(
        "phrase", "The timeout must be between 1 and {most} seconds.", "phrase.mcp.bad_timeout"
    ),
    "phrase.mcp.reason.not_found": translate(
        "phrase",
        "the command {command} was not found (install it, or give its full path)",
        "phrase.mcp.reason.not_found",
    ),
    "phrase.mcp.reason.no_answer": translate(
        "phrase", "it did not answer initialize within {seconds} seconds", "phrase.mcp.reason.no_answer"
    ),
    "phrase.mcp.reason.closed": translate(
        "phrase", "it closed the connection before it answered (did it exit?)", "phrase.mcp.reason.closed"
    ),
    "phrase.mcp.reason.stopped": translate("phrase", "it stopped", "phrase.mcp.reason.stopped"),
    "phrase.mcp.reason.stopped_while_starting": translate(
        "phrase", "it was stopped while it started", "phrase.mcp.reason.stopped_while_starting"
    ),
    "phrase.mcp.reason.not_running": translate(
        "phrase", "it is not running", "phrase.mcp.reason.not_running"
    ),
    "phrase.mcp.reason.error": translate("phrase", "{error}", "phrase.mcp.reason.error"),
    "phrase.mcp.reason.secret_env": translate(
        "phrase",
        "the value of its environment variable {name} is not in the keyring any more: remove the server and add it again",
        "phrase.mcp.reason.secret_env",
    ),
    "phrase.mcp.reason.secret_header": translate(
        "phrase",
        "the value of its header {name} is not in the keyring any more: remove the server and add it again",
        "phrase.mcp.reason.secret_header",
    ),
    "phrase.tools.bad_time_limit": translate(
        "phrase",
        "A command's time limit must be between 1 and {most} seconds.",
        "phrase.tools.bad_time_limit",
    ),
    "phrase.tools.command_allow_global": translate(
        "phrase",
        "run_command can be allowed in one workspace at a time, not in every workspace: choose the workspace (--workspace ID), or let it ask.",
        "phrase.tools.command_allow_global",
    ),
    "phrase.kb.needs_name": translate("phrase", "A knowledge base needs a name.", "phrase.kb.needs_name"),
    "phrase.workspace.needs_name": translate(
        "phrase", "A workspace needs a name.", "phrase.workspace.needs_name"
    ),
    "phrase.internal.saved": translate(
        "phrase",
        "Something went wrong inside Mira ({error}). A crash report was saved to {path}: please attach it when you report the problem.",
        "phrase.internal.saved",
    ),
    "phrase.internal.unsaved": translate(
        "phrase",
        "Something went wrong inside Mira ({error}), and its crash report could not be saved.",
        "phrase.internal.unsaved",
    ),
}
