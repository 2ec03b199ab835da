"""Window text of the window's second pass (issue 22): opening files outside Mira, long text,
workspaces in Settings, the embedder of a knowledge base, the Knowledge window's errors and
passwords, files that stay in a conversation, and agent runs that used no tool. The translations
are in ``ui/translations``."""

from __future__ import annotations

from mira_desktop.ui.strings.source import Source, translate

STRINGS: dict[str, Source] = {
    # ui/desktop/external_open.py: the system could not open a file, a folder or an address.
    "win.open_failed_title": translate("win", "Could not open it", "win.open_failed_title"),
    "win.open_failed_file": translate(
        "win",
        "No program on this computer opened {name}: the desktop has no program set for it. Open it yourself from {path}, or install a program for this kind of file.",
        "win.open_failed_file",
    ),
    "win.open_failed_folder": translate(
        "win",
        "No program on this computer opened the folder {name}: the desktop has no file manager set. Open it yourself: {path}",
        "win.open_failed_folder",
    ),
    "win.open_failed_url": translate(
        "win",
        "No program on this computer opened {name}: the desktop has no web browser set. Copy the address and open it in a browser.",
        "win.open_failed_url",
    ),
    "win.copy_path": translate("win", "Copy the path", "win.copy_path"),
    "win.copy_address": translate("win", "Copy the address", "win.copy_address"),
    # Settings → Workspaces (ui/settings/workspaces_page.py) and the header's "Add a folder…".
    "win.ws_tab": translate("win", "Workspaces", "win.ws_tab"),
    "win.ws_hint": translate(
        "win",
        "The folders an agent thread may work in. Mira only reads and changes files inside the workspace the thread uses; deleting a workspace never touches its folder.",
        "win.ws_hint",
    ),
    "win.ws_add": translate("win", "Add a folder…", "win.ws_add"),
    "win.ws_add_item": translate("win", "Add a folder…", "win.ws_add_item"),
    "win.ws_add_title": translate("win", "New workspace", "win.ws_add_title"),
    "win.ws_choose_folder": translate("win", "Choose the workspace's folder", "win.ws_choose_folder"),
    "win.ws_name": translate("win", "Name:", "win.ws_name"),
    "win.ws_rename": translate("win", "Rename…", "win.ws_rename"),
    "win.ws_rename_title": translate("win", "Rename the workspace", "win.ws_rename_title"),
    "win.ws_open": translate("win", "Open in the file manager", "win.ws_open"),
    "win.ws_delete": translate("win", "Move to the trash", "win.ws_delete"),
    "win.ws_default": translate("win", "{name} (default)", "win.ws_default"),
    "win.ws_default_kept": translate(
        "win", "The default workspace cannot be deleted.", "win.ws_default_kept"
    ),
    "win.ws_added": translate("win", "Added the workspace {name} ({path}).", "win.ws_added"),
    "win.ws_renamed": translate("win", "Renamed the workspace to {name}.", "win.ws_renamed"),
    "win.ws_deleted": translate(
        "win",
        "Moved {name} to the trash; the folder {path} was not touched.",
        "win.ws_deleted",
    ),
    "win.ws_confirm_delete": translate(
        "win",
        "Move the workspace {name} to the trash? The folder {path} and its files are not touched. Its threads keep every message and work in Mira BASE until you restore it from the trash (within {days} days).",
        "win.ws_confirm_delete",
    ),
    # The embedder of a knowledge base (ui/knowledge/embedder_row.py).
    "win.embedder.minilm": translate("win", "MiniLM — English only", "win.embedder.minilm"),
    "win.embedder.e5-small": translate(
        "win", "multilingual-e5-small — Chinese, English and ~100 languages", "win.embedder.e5-small"
    ),
    "win.embedder_caption": translate("win", "Embedder:", "win.embedder_caption"),
    "win.embedder_tip": translate(
        "win",
        "The model that turns this base's passages into vectors. Another one rebuilds the index beside the current one, which keeps answering until the new one is ready.",
        "win.embedder_tip",
    ),
    "win.embedder_new_tip": translate(
        "win",
        "The embedder of the new knowledge base: pick the multilingual one for Chinese documents.",
        "win.embedder_new_tip",
    ),
    "win.embedder_rebuilding": translate(
        "win",
        "Rebuilding the index with this embedder; searches use the previous index until it is ready.",
        "win.embedder_rebuilding",
    ),
    "win.embedder_switch_title": translate("win", "Switch the embedder", "win.embedder_switch_title"),
    "win.embedder_switch": translate(
        "win",
        "Rebuild {name} with {embedder}? Every document is embedded again beside the current index, which keeps answering until the new one is ready.",
        "win.embedder_switch",
    ),
    # The welcome page when the model is the embedded one (ui/chat/view.py).
    "win.try_model_note": translate(
        "win",
        "The built-in SmolLM2 model is tiny and meant for trying Mira: its answers are often wrong, its Chinese ones garbled. For real use, pick a better model — a Qwen3.5 or Gemma 4 GGUF file (Get models suggests one that fits this computer), or Ollama or LM Studio already running on this computer.",
        "win.try_model_note",
    ),
    "win.try_model_link": translate("win", "Choose a better model…", "win.try_model_link"),
    # Indexing again, and an encrypted PDF's password (ui/knowledge/reindexing.py, documents_tab.py).
    "win.kb_reindex": translate("win", "Index again", "win.kb_reindex"),
    "win.kb_reindex_tip": translate(
        "win",
        "Read the document again from its stored copy and publish the new index beside the current one.",
        "win.kb_reindex_tip",
    ),
    "win.kb_reindex_all": translate("win", "Index all again", "win.kb_reindex_all"),
    "win.kb_reindex_all_tip": translate(
        "win",
        "Read every document again (for example to find words an older Mira stored with PDF ligatures); searches use the current index until each new one is ready.",
        "win.kb_reindex_all_tip",
    ),
    "win.kb_password": translate("win", "Enter the password…", "win.kb_password"),
    "win.kb_password_tip": translate(
        "win",
        "Index this PDF with its password: it is used for this once and never saved.",
        "win.kb_password_tip",
    ),
    "win.kb_password_title": translate("win", "Password of {name}", "win.kb_password_title"),
    "win.kb_password_prompt": translate(
        "win",
        "Mira uses the password only to read {name} for indexing; it is not saved anywhere.",
        "win.kb_password_prompt",
    ),
    "win.kb_reindex_queued": translate("win", "Indexing %Ln document(s) again.", "win.kb_reindex_queued", 1),
    "win.kb_reindex_busy": translate("win", "Already being indexed: {names}.", "win.kb_reindex_busy"),
    "win.kb_reindex_missing": translate(
        "win", "The file of {names} is gone: add it again.", "win.kb_reindex_missing"
    ),
    # A file sent earlier in the thread, which the next message carries (ui/chat/attachment_chip.py).
    "win.carried": translate("win", "from an earlier message — {how}", "win.carried"),
    "win.carried_tip": translate(
        "win",
        "{name} was sent with an earlier message and stays in the conversation: each follow-up carries it — its whole text when it fits, else the passages that match the question. Attach another file to send that one instead.",
        "win.carried_tip",
    ),
    # Agent runs that used no tool (ui/chat/message_widget.py, header.py, agent_panel.py).
    "win.agent_no_tools": translate(
        "win", "No file was read or changed — this model did not use the tools.", "win.agent_no_tools"
    ),
    "win.tools_cannot": translate(
        "win", "{model} cannot call tools, so the agent cannot work with it.", "win.tools_cannot"
    ),
    "win.tools_tiny": translate(
        "win",
        "{model} is too small to use the tools: the agent will most likely answer without reading or changing a file.",
        "win.tools_tiny",
    ),
    "win.tools_unused": translate(
        "win",
        "{model} did not use the tools in this thread's last agent run: nothing was read or changed.",
        "win.tools_unused",
    ),
    "win.tools_link": translate("win", "Choose a model that can…", "win.tools_link"),
    "win.agent_step_waiting": translate(
        "win", "Step {step}: waiting for the model… {seconds} s", "win.agent_step_waiting"
    ),
    "win.agent_working": translate("win", "Working — the steps show below.", "win.agent_working"),
}
