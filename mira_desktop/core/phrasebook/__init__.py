"""The English of the sentences services say, one module per area of the app, merged into ``BOOK``.

This is each sentence's one home. ``core/phrases.py`` makes phrases from it (``said``);
``tools/i18n_sync.py`` writes each area's phrases into the translations (``ui/translations/*.ts``) as
the context ``phrase.<area>``, where the window looks them up (``ui.strings.entry``). A new area is a
new module here and a line in :data:`AREAS`.
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
    data,
    http_tools,
    knowledge,
    media,
    memory,
    model_check,
    models,
    roles,
    server,
    skills,
    threads,
    tools,
    trash,
    web,
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
    "data": data.ENGLISH,
    "http_tools": http_tools.ENGLISH,
    "knowledge": knowledge.ENGLISH,
    "media": media.ENGLISH,
    "memory": memory.ENGLISH,
    "model_check": model_check.ENGLISH,
    "models": models.ENGLISH,
    "roles": roles.ENGLISH,
    "skills": skills.ENGLISH,
    "server": server.ENGLISH,
    "threads": threads.ENGLISH,
    "tools": tools.ENGLISH,
    "trash": trash.ENGLISH,
    "web": web.ENGLISH,
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
