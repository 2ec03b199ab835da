"""The skills Mira knows: those it ships (package data, read-only) and those the person added (copied
into the data folder's ``skills/``), each on or off; adding checks a folder before anything is copied,
removing moves the folder into the trash (``skills/.trash/``, restorable, see :mod:`.trash`).

A skill's name is its identity: ``/name`` in a message picks it, ``load_skill`` loads it, and no two
skills share one. Only the names and descriptions of the skills that are on go into an agent's
request (:mod:`.context`); the instructions follow once a skill is picked or loaded.
"""

from __future__ import annotations

import builtins
import shutil
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING

from mira_desktop.core.changes import ChangeFeed, Topic
from mira_desktop.core.errors import ConflictError, NotFoundError
from mira_desktop.core.phrases import Phrase, of
from mira_desktop.services.skills.folder import Skill, SkillError, read_skill
from mira_desktop.store.settings import SettingsRepository

if TYPE_CHECKING:
    from mira_desktop.services.trash.service import TrashEntry, TrashService

OFF_KEY = "skills.off"  # the names of the skills turned off
LEFTOVERS = (".adding-", ".removing-")  # an add or remove killed midway leaves these folders
LEFTOVER_AGE_S = 3600.0  # older than any add or remove still running in another process
TRASH = ".trash"  # removed skills' folders, one per trash entry, named by its id


class SkillLibrary:
    def __init__(
        self,
        *,
        shipped_dir: Path | None,
        user_dir: Path,
        settings: SettingsRepository,
        changes: ChangeFeed,
        trash: TrashService,
    ) -> None:
        self._shipped = shipped_dir
        self.user_dir = user_dir
        self._settings = settings
        self._changes = changes
        self.trash = trash  # where a removed skill goes

    # -- what there is ---------------------------------------------------------------------------
    def list(self) -> builtins.list[Skill]:
        """Every usable skill, by name (a shipped one wins over a folder that took its name by hand)."""
        found: dict[str, Skill] = {}
        for skill in self._read(self._shipped, shipped=True)[0] + self._read(self.user_dir, shipped=False)[0]:
            found.setdefault(skill.name, skill)
        return sorted(found.values(), key=lambda s: s.name)

    def problems(self) -> builtins.list[tuple[str, Phrase | str]]:
        """The folders in ``skills/`` that are not usable skills, each with what is wrong."""
        return self._read(self.user_dir, shipped=False)[1]

    def get(self, name: str) -> Skill:
        for skill in self.list():
            if skill.name == name.strip().lstrip("/"):
                return skill
        raise NotFoundError.said("skills.not_found", name=name)

    def is_on(self, name: str) -> bool:
        return name not in self._off()

    def enabled(self) -> builtins.list[Skill]:
        off = self._off()
        return [s for s in self.list() if s.name not in off]

    def set_on(self, name: str, on: bool) -> Skill:
        skill = self.get(name)
        off = self._off() - {skill.name} if on else self._off() | {skill.name}
        self._settings.set(OFF_KEY, sorted(off))
        self._changes.publish(Topic.TOOLS)
        return skill

    # -- adding and removing ---------------------------------------------------------------------
    def add(self, source: Path) -> Skill:
        """Copy the skill in ``source`` into ``skills/NAME`` once it is checked; nothing is written
        when it is refused (a half-copied folder is removed)."""
        source = source.expanduser()
        skill = read_skill(source)
        if any(s.name == skill.name for s in self.list()) or (self.user_dir / skill.name).exists():
            raise ConflictError.said("skills.name_taken", name=skill.name)
        self.user_dir.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=".adding-", dir=self.user_dir))
        try:
            copy = staging / skill.name
            shutil.copytree(source, copy, ignore=shutil.ignore_patterns(".git", "__pycache__"))
            read_skill(copy)  # what was copied (links followed) is what was checked
            try:
                copy.rename(self.user_dir / skill.name)
            except OSError as exc:  # another Mira added one of that name meanwhile
                raise ConflictError.said("skills.name_taken", name=skill.name) from exc
        finally:
            shutil.rmtree(staging, ignore_errors=True)
        self._changes.publish(Topic.TOOLS)
        return self.get(skill.name)

    def removable(self, name: str) -> Skill:
        """The added skill ``name``; a shipped one is refused (it can be turned off instead)."""
        skill = self.get(name)
        if skill.shipped:
            raise ConflictError.said("skills.shipped", name=skill.name)
        return skill

    def remove(self, name: str) -> TrashEntry:
        """Move the added skill's folder into the trash (restorable until it is purged): the entry is
        written first, then the folder renamed into ``.trash/ID``; a rename that fails takes the entry
        back out, so a failure leaves the skill where it was."""
        skill = self.removable(name)
        entry = self.trash.put("skill", skill.name)
        try:
            (self.user_dir / TRASH).mkdir(exist_ok=True)
            skill.folder.rename(self._trashed(entry.object_id))
        except OSError:
            self.trash.purge(entry.id)
            raise
        self._settings.set(OFF_KEY, sorted(self._off() - {skill.name}))
        self._changes.publish(Topic.TOOLS)
        return entry

    def take_back(self, trash_id: str, name: str, *, off: bool) -> None:
        """Put a removed skill's folder back as ``skills/NAME`` (the trash's restore); refused while a
        skill of that name is there again."""
        if any(s.name == name for s in self.list()) or (self.user_dir / name).exists():
            raise ConflictError.said("trash.skill_taken", name=name)
        folder = self._trashed(trash_id)
        if not folder.is_dir():
            raise NotFoundError.said("trash.skill_folder_gone", name=name, path=str(folder))
        folder.rename(self.user_dir / name)
        if off:
            self._settings.set(OFF_KEY, sorted(self._off() | {name}))

    def purge_trashed(self, trash_id: str) -> None:
        """Delete a removed skill's folder for good (the trash's purge)."""
        shutil.rmtree(self._trashed(trash_id), ignore_errors=True)

    def _trashed(self, trash_id: str) -> Path:
        return self.user_dir / TRASH / trash_id

    def sweep_leftovers(self, now: float | None = None) -> builtins.list[Path]:
        """Remove what an add or a remove killed midway left in ``skills/`` (an hour old or more)."""
        if not self.user_dir.is_dir():
            return []
        moment = time.time() if now is None else now
        removed = []
        for path in self.user_dir.iterdir():
            if path.name.startswith(LEFTOVERS) and moment - path.stat().st_mtime >= LEFTOVER_AGE_S:
                shutil.rmtree(path, ignore_errors=True)
                removed.append(path)
        return removed

    # -- helpers ---------------------------------------------------------------------------------
    def _off(self) -> set[str]:
        stored = self._settings.get(OFF_KEY, [])
        return {str(name) for name in stored} if isinstance(stored, builtins.list) else set()

    @staticmethod
    def _read(
        folder: Path | None, *, shipped: bool
    ) -> tuple[builtins.list[Skill], builtins.list[tuple[str, Phrase | str]]]:
        if folder is None or not folder.is_dir():
            return [], []
        skills, problems = [], []
        for path in sorted(folder.iterdir()):
            if path.name.startswith(".") or not path.is_dir():
                continue
            try:
                skills.append(read_skill(path, shipped=shipped))
            except SkillError as exc:
                problems.append((path.name, of(exc)))
        return skills, problems
