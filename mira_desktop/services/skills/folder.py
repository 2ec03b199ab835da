"""One skill folder read and checked: a ``SKILL.md`` with YAML front matter (``name``,
``description``) and instructions, and any files beside it (references, scripts).

The format is the Agent Skills one (agentskills.io; Anthropic's ``anthropics/skills``): a name of
lower-case letters, digits and hyphens (at most 64 characters), a description of at most 1,024, other
front-matter fields kept as they are. A folder is refused, with a sentence saying how to fix it, when
its ``SKILL.md`` has no front matter or lacks a field, when a link inside it points outside it (a
script that is really somewhere else), or when it is too big to be instructions and a few files.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mira_desktop.core.errors import InvalidInputError

SKILL_FILE = "SKILL.md"
NAME = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
NAME_CHARS = 64
DESCRIPTION_CHARS = 1024
SKILL_FILE_BYTES = 256 * 1024  # the instructions a model is shown
FILE_BYTES = 8 * 1024 * 1024  # any other file: a reference, a script, a template
FOLDER_BYTES = 32 * 1024 * 1024
FOLDER_FILES = 500
SKIPPED = (".git", "__pycache__")  # copied and listed never
SCRIPT_SUFFIXES = (".py", ".sh", ".js", ".mjs", ".ts", ".rb", ".pl", ".bash")


class SkillError(InvalidInputError):
    """A skill folder that cannot be used, and how to fix it."""


@dataclass(frozen=True)
class Skill:
    name: str
    description: str
    instructions: str  # SKILL.md after its front matter
    folder: Path
    files: tuple[str, ...]  # every file but SKILL.md, relative to the folder, sorted
    shipped: bool = False  # comes with Mira (can be turned off, not removed)
    fields: dict[str, Any] = field(default_factory=dict)  # the other front-matter fields (license…)

    @property
    def scripts(self) -> tuple[str, ...]:
        """The files a run may execute (through ``run_command`` only): under ``scripts/`` or with a
        script's suffix."""
        return tuple(f for f in self.files if f.startswith("scripts/") or f.endswith(SCRIPT_SUFFIXES))

    def summary(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "description": self.description,
            "shipped": self.shipped,
            "folder": str(self.folder),
            "files": list(self.files),
            "scripts": list(self.scripts),
            "license": self.fields.get("license"),
        }


def read_skill(folder: Path, *, shipped: bool = False) -> Skill:
    """The skill in ``folder``, checked; raises :class:`SkillError` saying what is wrong and the fix."""
    if not folder.is_dir():
        raise SkillError.said("skills.not_folder", path=folder)
    root = folder.resolve()
    skill_file = folder / SKILL_FILE
    if not skill_file.is_file():
        raise SkillError.said("skills.no_skill_file", path=folder)
    files = _files(folder, root)
    if skill_file.stat().st_size > SKILL_FILE_BYTES:
        raise SkillError.said(
            "skills.skill_file_too_big", path=skill_file, most=f"{SKILL_FILE_BYTES // 1024:,} KB"
        )
    try:
        text = skill_file.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError as exc:
        raise SkillError.said("skills.not_utf8", path=skill_file) from exc
    front, body = _front_matter(text, skill_file)
    name, description = front.get("name"), front.get("description")
    if not isinstance(name, str) or not name.strip():
        raise SkillError.said("skills.no_name", path=skill_file)
    if not isinstance(description, str) or not description.strip():
        raise SkillError.said("skills.no_description", path=skill_file)
    name, description = name.strip(), " ".join(description.split())
    if len(name) > NAME_CHARS or not NAME.match(name):
        raise SkillError.said("skills.bad_name", name=name, path=skill_file, most=NAME_CHARS)
    if len(description) > DESCRIPTION_CHARS:
        raise SkillError.said("skills.long_description", path=skill_file, most=f"{DESCRIPTION_CHARS:,}")
    others = {k: v for k, v in front.items() if k not in ("name", "description")}
    return Skill(name, description, body.strip(), folder, tuple(sorted(files)), shipped, others)


def _front_matter(text: str, path: Path) -> tuple[dict[str, Any], str]:
    import yaml

    lines = text.split("\n")
    if not lines or lines[0].strip() != "---":
        raise SkillError.said("skills.no_front_matter", path=path)
    end = next((i for i in range(1, len(lines)) if lines[i].strip() == "---"), None)
    if end is None:
        raise SkillError.said("skills.no_front_matter", path=path)
    try:
        front = yaml.safe_load("\n".join(lines[1:end]))
    except yaml.YAMLError as exc:
        problem = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise SkillError.said("skills.bad_yaml", path=path, problem=problem) from exc
    if not isinstance(front, dict):
        raise SkillError.said("skills.no_front_matter", path=path)
    return front, "\n".join(lines[end + 1 :])


def _files(folder: Path, root: Path) -> list[str]:
    """Every file under ``folder`` but SKILL.md; refuses a link out of it, a huge file or folder."""
    found: list[str] = []
    total = 0
    for here, dirs, names in os.walk(folder, followlinks=False):
        dirs[:] = [d for d in dirs if d not in SKIPPED]
        for name in [*dirs, *names]:
            path = Path(here) / name
            relative = path.relative_to(folder).as_posix()
            if path.is_symlink():
                target = path.resolve()
                if not target.is_relative_to(root):
                    raise SkillError.said("skills.link_outside", path=relative, target=target)
            if name in dirs and not path.is_symlink():
                continue
            if path.is_dir():  # a link to a folder inside: its files are listed where they are
                continue
            if not path.is_file():
                raise SkillError.said("skills.not_a_file", path=relative)
            size = path.stat().st_size
            if size > FILE_BYTES and relative != SKILL_FILE:
                raise SkillError.said("skills.file_too_big", path=relative, most=f"{FILE_BYTES // 2**20} MB")
            total += size
            if relative != SKILL_FILE:
                found.append(relative)
            if len(found) > FOLDER_FILES:
                raise SkillError.said("skills.too_many_files", path=folder, most=FOLDER_FILES)
    if total > FOLDER_BYTES:
        raise SkillError.said("skills.folder_too_big", path=folder, most=f"{FOLDER_BYTES // 2**20} MB")
    return found
