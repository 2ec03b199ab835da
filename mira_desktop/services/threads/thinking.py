"""A thread's thinking switch: on, off, or the model's default (shown only for a model that has one).

Kept as a setting per thread (``thread.thinking.<id>``: ``true`` / ``false``; no row is the model's
default) rather than a column, so it needs no schema change; a purge of the thread removes it.
"""

from __future__ import annotations

from mira_desktop.store.settings import SettingsRepository

_KEY = "thread.thinking.{thread_id}"


def read_thinking(settings: SettingsRepository, thread_id: str) -> bool | None:
    """The thread's switch: True (think), False (answer at once) or None (the model's default)."""
    if not thread_id:
        return None
    value = settings.get(_KEY.format(thread_id=thread_id))
    return value if isinstance(value, bool) else None


def write_thinking(settings: SettingsRepository, thread_id: str, thinking: bool | None) -> None:
    key = _KEY.format(thread_id=thread_id)
    if thinking is None:
        settings.delete(key)
    else:
        settings.set(key, thinking)
