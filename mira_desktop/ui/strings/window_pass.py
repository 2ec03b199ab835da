"""Window text of the window's second pass (issue 22): opening files outside Mira, long text,
workspaces in Settings, the embedder of a knowledge base, the Knowledge window's errors and
passwords, files that stay in a conversation, and agent runs that used no tool. The translations
are in ``ui/translations``."""

from __future__ import annotations

from mira_desktop.ui.strings.source import Source, translate

STRINGS: dict[str, Source] = {
    # ui/external_open.py: the system could not open a file, a folder or an address.
    "win.open_failed_title": translate("win", "Could not open it", "win.open_failed_title"),
    "win.open_failed_file": translate(
        "win",
        "No program on this computer opened {name}: the desktop has no program set for it. Open it yourself from {path}, or install a program for this kind of file.",
        "win.open_failed_file",
    ),
    "win.open_failed_url": translate(
        "win",
        "No program on this computer opened {name}: the desktop has no web browser set. Copy the address and open it in a browser.",
        "win.open_failed_url",
    ),
    "win.copy_path": translate("win", "Copy the path", "win.copy_path"),
    "win.copy_address": translate("win", "Copy the address", "win.copy_address"),
}
