"""The skill library the composition root builds: the skills Mira ships (package data) and the data
folder's own."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from mira_desktop.core.changes import ChangeFeed
from mira_desktop.services.skills.library import SkillLibrary
from mira_desktop.services.skills.trash import SkillTrash
from mira_desktop.services.trash.service import TrashService
from mira_desktop.store.settings import SettingsRepository


def shipped_skills_dir() -> Path:
    """``resources/skills``: one folder per skill Mira ships."""
    return Path(str(resources.files("mira_desktop.resources"))) / "skills"


def build_skills(
    user_dir: Path, settings: SettingsRepository, changes: ChangeFeed, trash: TrashService
) -> SkillLibrary:
    """The library, its removed skills' kind registered with the trash."""
    library = SkillLibrary(
        shipped_dir=shipped_skills_dir(), user_dir=user_dir, settings=settings, changes=changes, trash=trash
    )
    trash.register(SkillTrash(library))
    library.sweep_leftovers()
    return library
