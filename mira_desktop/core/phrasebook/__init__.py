"""The English of the sentences services say, one module per area of the app, merged into ``BOOK``.

``core/phrases.py`` adds them to its own entries (``ENGLISH``); ``tools/i18n_sync.py`` writes each
module's phrases into ``ui/strings/phrases_<area>.py`` for the window's translations.
"""

from __future__ import annotations

from mira_desktop.core.phrasebook import (
    agent,
    agent_calls,
    app,
    attachments,
    backup,
    cards,
    chat,
    knowledge,
    media,
    memory,
    models,
    roles,
    server,
    threads,
    tools,
    trash,
    workspaces,
)

AREAS: dict[str, dict[str, str]] = {
    "agent": agent.ENGLISH,
    "agent_calls": agent_calls.ENGLISH,
    "app": app.ENGLISH,
    "attachments": attachments.ENGLISH,
    "backup": backup.ENGLISH,
    "cards": cards.ENGLISH,
    "chat": chat.ENGLISH,
    "knowledge": knowledge.ENGLISH,
    "media": media.ENGLISH,
    "memory": memory.ENGLISH,
    "models": models.ENGLISH,
    "roles": roles.ENGLISH,
    "server": server.ENGLISH,
    "threads": threads.ENGLISH,
    "tools": tools.ENGLISH,
    "trash": trash.ENGLISH,
    "workspaces": workspaces.ENGLISH,
}


def _merge(areas: dict[str, dict[str, str]]) -> dict[str, str]:
    merged: dict[str, str] = {}
    for table in areas.values():
        for key, text in table.items():
            if key in merged:
                raise ValueError(f"the phrase {key!r} is defined twice")
            merged[key] = text
    return merged


BOOK: dict[str, str] = _merge(AREAS)
