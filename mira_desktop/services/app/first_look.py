"""What the window shows in its first frame, read before the services are built.

The window paints before the data folder is opened (that takes most of a second), and its first
frame should already be the person's window: their threads, their draft, their theme and language.
So these few things are read here, read-only, through the same repositories the services use: the
window's language and theme, the welcome page's draft, and the newest page of active threads with
those whose agent run waits for approval. Nothing is created, migrated or written; a folder that
does not exist yet, a database about to be migrated (its tables may differ) or one that cannot be
read gives the empty look, and the services fill the window in when they are ready.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass, field, replace
from pathlib import Path

from mira_desktop.core.conversation.threads import Thread, ThreadStatus
from mira_desktop.core.data_folder import DataFolder
from mira_desktop.core.errors import MiraError
from mira_desktop.services.app.preferences import LANGUAGE_SETTING, LANGUAGES, THEME_SETTING, THEMES
from mira_desktop.services.threads.drafts import WELCOME_DRAFT_SETTING
from mira_desktop.store.database import Database, open_read_only
from mira_desktop.store.migrations import latest_version
from mira_desktop.store.settings import SettingsRepository


@dataclass(frozen=True)
class FirstLook:
    language: str = "system"
    theme: str = "system"
    welcome_draft: str = ""
    threads: tuple[Thread, ...] = ()  # the newest active threads, newest first
    more: bool = False  # older active threads exist beyond ``threads``
    waiting: frozenset[str] = field(default_factory=frozenset)  # threads whose agent waits for approval
    read: bool = False  # False: the empty look (no database to read yet)


def open_first_look_database(data_dir: Path) -> Database | None:
    """The data folder's database opened read-only, or None when there is none yet, it cannot be
    opened or it is about to be migrated (its tables may differ). The caller closes it."""
    path = DataFolder(data_dir).database_path
    if not path.is_file():
        return None
    try:
        database = open_read_only(path)
    except MiraError:
        return None
    try:
        if database.schema_version == latest_version():
            return database
    except sqlite3.Error:
        pass
    database.close()
    return None


def read_first_look(data_dir: Path, threads: int) -> FirstLook:
    """The first look of the data folder at ``data_dir``, with up to ``threads`` threads (0: none)."""
    database = open_first_look_database(data_dir)
    if database is None:
        return FirstLook()
    try:
        settings = SettingsRepository(database)
        language = settings.get(LANGUAGE_SETTING, "system")
        theme = settings.get(THEME_SETTING, "system")
        look = FirstLook(
            language=language if language in LANGUAGES else "system",
            theme=theme if theme in THEMES else "system",
            welcome_draft=str(settings.get(WELCOME_DRAFT_SETTING, "") or ""),
            read=True,
        )
        return _with_threads(database, look, threads) if threads else look
    except (sqlite3.Error, ValueError):
        return FirstLook()
    finally:
        database.close()


def _with_threads(database: Database, look: FirstLook, page: int) -> FirstLook:
    from mira_desktop.store.runs import RunRepository
    from mira_desktop.store.threads import ThreadRepository

    listed = ThreadRepository(database).list(ThreadStatus.ACTIVE, limit=page + 1)
    waiting = frozenset(run.thread_id for run in RunRepository(database).waiting())
    return replace(look, threads=tuple(listed[:page]), more=len(listed) > page, waiting=waiting)
