"""What a request says about skills: the names and descriptions of those that are on (in an agent's
request, where ``load_skill`` can load one), and the instructions of those picked with ``/name`` in a
message of the visible branch — request-only context, shown in the request preview, never a message.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence

from mira_desktop.services.skills.folder import Skill
from mira_desktop.services.skills.library import SkillLibrary

MOUNT_ROOT = "/mira-skills"  # where a run's sandbox shows each skill's folder, read-only
PICK = re.compile(r"(?<!\S)/([a-z0-9]+(?:-[a-z0-9]+)*)(?![\w/-])")  # "/name" or "/name," — not a path
INSTRUCTIONS_SHARE = 4  # a picked skill's instructions take at most a quarter of the window


def picked(texts: Iterable[str], known: Iterable[str]) -> list[str]:
    """The skills named ``/name`` in ``texts`` (the person's messages), in the order first named."""
    names = set(known)
    found: list[str] = []
    for text in texts:
        for match in PICK.finditer(text):
            if match.group(1) in names and match.group(1) not in found:
                found.append(match.group(1))
    return found


def mount_path(skill: Skill) -> str:
    return f"{MOUNT_ROOT}/{skill.name}"


def files_note(skill: Skill) -> str:
    """Where a run finds the skill's files, and how its scripts may run (never directly)."""
    if not skill.files:
        return ""
    shown = ", ".join(skill.files[:40]) + (
        f" and {len(skill.files) - 40} more" if len(skill.files) > 40 else ""
    )
    note = f"Its files are in {mount_path(skill)} (read-only): {shown}."
    if skill.scripts:
        note += (
            f" Run its scripts only with run_command (the person approves each command), "
            f"e.g. `python3 {mount_path(skill)}/{skill.scripts[0]}`."
        )
    return note


class SkillContext:
    def __init__(self, library: SkillLibrary) -> None:
        self._library = library

    def section(
        self,
        user_texts: Sequence[str],
        *,
        agent: bool,
        window: int,
        count_tokens: Callable[[str], int],
    ) -> str:
        """The request's skills section (empty when no skill is on)."""
        skills = self._library.enabled()
        if not skills:
            return ""
        by_name = {s.name: s for s in skills}
        chosen = picked(user_texts, by_name)
        parts: list[str] = []
        listed = [s for s in skills if s.name not in chosen]
        if agent and listed:
            lines = [f"- {s.name}: {s.description}" for s in listed]
            parts.append(
                "Skills you can load (call load_skill with a skill's name to read its instructions "
                "before you follow it):\n" + "\n".join(lines)
            )
        room = max(64, window // INSTRUCTIONS_SHARE)
        for name in chosen:
            skill = by_name[name]
            parts.append(
                f'The person picked the skill "{name}" ({skill.description}). Follow its instructions:\n'
                + _fit(skill.instructions, room, count_tokens)
                + (f"\n{files_note(skill)}" if agent and skill.files else "")
            )
        return "\n\n".join(parts)


def _fit(text: str, room: int, count_tokens: Callable[[str], int]) -> str:
    tokens = count_tokens(text)
    if tokens <= room:
        return text
    cut = text[: max(1, len(text) * room // tokens)]
    return cut + "\n… (the rest of the instructions does not fit the model's window)"
