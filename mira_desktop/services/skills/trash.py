"""How a removed skill goes to the trash and comes back: its folder moves into ``skills/.trash/ID``
(a skill has no database row: the trash entry, under that id, remembers its name and whether it was
off), back into ``skills/NAME`` on restore, and is deleted with a purge."""

from __future__ import annotations

from typing import TYPE_CHECKING

from mira_desktop.core.changes import Topic
from mira_desktop.core.ids import new_id
from mira_desktop.core.phrases import Phrase
from mira_desktop.services.trash.service import Moved
from mira_desktop.store.trash import TrashRow

if TYPE_CHECKING:
    from mira_desktop.services.skills.library import SkillLibrary


class SkillTrash:
    kind = "skill"
    topic = Topic.TOOLS

    def __init__(self, library: SkillLibrary) -> None:
        self._library = library

    def move(self, object_id: str) -> Moved:
        """``object_id`` is the skill's name; the entry keeps a new id, the name of its folder in the
        trash (a skill removed, added again and removed again has two entries)."""
        skill = self._library.removable(object_id)
        detail = {"name": skill.name, "off": not self._library.is_on(skill.name)}
        return Moved(skill.name, detail, object_id=new_id("skill"))

    def restore(self, entry: TrashRow) -> list[Phrase]:
        name = str(entry.detail.get("name") or entry.label)
        self._library.take_back(entry.object_id, name, off=bool(entry.detail.get("off")))
        return []

    def after_restore(self, entry: TrashRow) -> None:
        return None

    def purge(self, entry: TrashRow) -> None:
        self._library.purge_trashed(entry.object_id)
