"""The sentences services say to a person, by key, so the window can say them in its language.

An error (or a note) made with :meth:`mira_desktop.core.errors.MiraError.said` carries a
:class:`Phrase`: its key and the values of its ``{placeholders}``. ``str(error)`` is the English
sentence, as the ``mira`` command prints it; the window looks the key up as ``phrase.<key>`` in its
catalog (``ui/strings/phrases.py``, the same English, translated in ``ui/translations``) and falls
back to the English for a sentence without a key. A test keeps the two catalogs' English identical.

The entries below are the first ones; most live in ``core/phrasebook/`` (one module per area of the
app), merged into :data:`ENGLISH` here. A value may itself be a :class:`Phrase` (a reason inside a
sentence): the window says it in its language too. ``{name!r}`` quotes a value as the English always
did; a number is formatted where the phrase is made (``size=f"{n:,}"``), never by a format spec.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from mira_desktop.core.phrasebook import BOOK

ENGLISH: dict[str, str] = {
    # the conversation
    "chat.empty": "The message is empty: type something to send.",
    "chat.busy": "A reply is already being written: stop it or wait for it to finish.",
    "chat.edit_own": "Only your own messages can be edited; regenerate an answer instead.",
    "chat.no_question": "This answer has no question to answer again.",
    "chat.continue_text": "Only an answer with text can be continued.",
    "chat.wait_branch": "Wait for the answer to finish before switching branches.",
    "chat.type_first": "Type a message first.",
    "chat.edit_empty": "The edited message is empty.",
    "chat.not_visible": "That message is not on the visible branch.",
    "chat.too_long": (
        "The message is too long for the model's context window ({window} tokens, about {needed} "
        "needed): shorten it or pick a model with a larger window."
    ),
    # attachments
    "attach.too_large": "{name} is {size}, above the {limit} limit for an attachment.",
    "attach.empty": "{name} is empty (0 bytes): there is nothing to attach.",
    "attach.no_text": "{name} contains no text to read.",
    "attach.folder": "{name} is a folder: attach one file.",
    "attach.one_file": "One file per message: {count} were given. Attach them one message at a time.",
    "attach.unreadable": "{name} cannot be read: permission denied.",
    "attach.missing": "{path} does not exist (was it moved or deleted?).",
    "attach.gone": "The attached file is no longer in this message: attach it again.",
    "attach.damaged_copy": "The stored copy of {name} is missing or damaged: remove it and attach it again.",
    "attach.unsupported": (
        "{name} is not a supported type: attach an image (PNG, JPEG, WebP, GIF), a text or code "
        "file, a PDF, or a DOCX, PPTX or XLSX document."
    ),
    "attach.too_many_pixels": (
        "{name} is {width}×{height} pixels, above the {limit} megapixel limit: scale it down and "
        "attach it again."
    ),
    # what an agent's change will do (the approval card's line; the model reads the English)
    "agent.create_file": "Create {path} ({lines} lines)",
    "agent.write_same": "Write {path} (content unchanged)",
    "agent.replace_file": "Replace the content of {path}: +{added} −{removed} lines",
    "agent.edit_file": "Edit {path} at line {line}: +{added} −{removed} lines",
    "agent.make_dir": "Create the folder {path}",
    "agent.move_file": "Move {source} to {destination}",
    "agent.delete_file": "Delete {path} ({size} bytes)",
    # models from the Hub, and their downloads
    "hub.bad_endpoint": "{url} is not an http(s) URL of a Hub or a mirror, e.g. https://hf-mirror.com.",
    "hub.no_keyring": (
        "No usable system keyring was found, so the Hub token was not stored: unlock or install one, "
        "or set HF_TOKEN in the environment."
    ),
    "hub.no_repo": "The repository {repo} does not exist on the Hub (or is private): check its name.",
    "hub.no_file": "{repo} has no file {file}: see `mira models files {repo}`.",
    "hub.no_gguf": "{repo} has no GGUF file: Mira runs GGUF models; search for a GGUF version of it.",
    "hub.no_quant": "{repo} has no {quant} file; it has: {known}.",
    "hub.gated": (
        "{repo} is gated: accept its licence at {url}, then store a token with "
        "`mira models hub --token-stdin` (or in Settings → Get models)."
    ),
    "hub.bad_header": "{file} does not start with a GGUF header Mira can read.",
    "download.name_one": "Name a file or a quantization of {repo}: `mira models files {repo}` lists them.",
    "download.missing_parts": "{file} is one of {parts} parts, but the listing lacks some of them.",
    "download.ambiguous": "Several files match {quant}: {names}. Name one of them.",
    "download.unknown": "No download {id}: see `mira models downloads`.",
    "download.finished": "The download {id} is {state}: there is nothing to pause, resume or cancel.",
    "download.paused_by_you": "Paused. Resume it to go on from where it stopped.",
    "download.elsewhere": "{file} of {repo} is being downloaded by another Mira window or command.",
    "download.not_gguf": "{file} arrived whole but is not a GGUF model llama.cpp can load; it was deleted.",
    "download.error": "The download stopped: {error}",
    "download.no_space": (
        "Not enough free space in {folder}: the download needs {needed} and {free} is free. Free some "
        "space, then resume it."
    ),
    "download.disk_full": "The disk of {folder} is full: the part downloaded is kept; free some space and resume.",
    "download.bad_checksum": (
        "{file} arrived with bytes that do not match the sha256 of the Hub's listing: the partial file "
        "was deleted. Download it again."
    ),
    "download.too_long": "{file} arrived longer than the Hub's listing says: the partial file was deleted.",
    # tools: MCP servers and the sandbox
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
    # knowledge bases and workspaces
    "kb.needs_name": "A knowledge base needs a name.",
    "workspace.needs_name": "A workspace needs a name.",
    # our own bugs (core.errors.InternalError): what happened, and where its crash report is
    "internal.saved": (
        "Something went wrong inside Mira ({error}). A crash report was saved to {path}: please attach "
        "it when you report the problem."
    ),
    "internal.unsaved": "Something went wrong inside Mira ({error}), and its crash report could not be saved.",
}
ENGLISH.update({key: text for key, text in BOOK.items() if key not in ENGLISH})  # a key is defined once (a test)


@dataclass(frozen=True)
class Phrase:
    key: str
    values: Mapping[str, Any] = field(default_factory=dict)

    @property
    def english(self) -> str:
        return ENGLISH[self.key].format(**self.values)

    def __str__(self) -> str:
        return self.english

    def to_dict(self) -> dict[str, Any]:
        """For keeping with a saved error (a failed answer's message); a phrase inside stays one."""
        return {"key": self.key, "values": {k: _plain(v) for k, v in self.values.items()}}


def from_dict(data: object) -> Phrase | None:
    """The phrase kept by :meth:`Phrase.to_dict`, or None (an older record, or no phrase)."""
    if not isinstance(data, dict) or data.get("key") not in ENGLISH:
        return None
    values = data.get("values")
    kept = dict(values) if isinstance(values, dict) else {}
    return Phrase(str(data["key"]), {k: _inner(v) for k, v in kept.items()})


def said(key: str, /, **values: Any) -> Phrase:
    """The phrase ``key`` with ``values``, checked now (a typo in a key or a name fails where it is made)."""
    phrase = Phrase(key, values)
    phrase.english  # noqa: B018 (formats it: a missing key or placeholder raises here, not in the window)
    return phrase


def joined(parts: list[Phrase | str], key: str = "join.semicolon") -> Phrase | str:
    """``parts`` as one phrase, each after the one before with the separator of ``key`` ("a; b; c")."""
    if not parts:
        return ""
    whole = parts[0]
    for part in parts[1:]:
        whole = Phrase(key, {"first": whole, "rest": part})
    return whole


def of(error: BaseException) -> Phrase | str:
    """What ``error`` says, to put inside another sentence: its phrase, else its text as written."""
    phrase = getattr(error, "phrase", None)
    return phrase if isinstance(phrase, Phrase) else str(error)


def _plain(value: object) -> object:
    if isinstance(value, Phrase):
        return {"phrase": value.to_dict()}
    return value if isinstance(value, int | float | str) and not isinstance(value, bool) else str(value)


def _inner(value: object) -> object:
    if isinstance(value, dict) and "phrase" in value:
        inner = from_dict(value["phrase"])
        return inner if inner is not None else str(value)
    return value
