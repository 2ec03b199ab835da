"""A real skill library on a real database, its removed skills going to a real trash (as the
composition root wires it)."""

from __future__ import annotations

from pathlib import Path

from mira_desktop.core.changes import ChangeFeed
from mira_desktop.services.skills.library import SkillLibrary
from mira_desktop.services.skills.trash import SkillTrash
from mira_desktop.services.trash.service import TrashService
from mira_desktop.store.database import Database
from mira_desktop.store.settings import SettingsRepository
from mira_desktop.store.trash import TrashRepository


def skill_library(
    database: Database, *, shipped_dir: Path | None, user_dir: Path, changes: ChangeFeed | None = None
) -> SkillLibrary:
    feed = changes or ChangeFeed()
    settings = SettingsRepository(database)
    trash = TrashService(database, TrashRepository(database), settings, feed)
    library = SkillLibrary(
        shipped_dir=shipped_dir, user_dir=user_dir, settings=settings, changes=feed, trash=trash
    )
    trash.register(SkillTrash(library))
    return library
