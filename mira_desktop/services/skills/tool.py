"""``load_skill``: an agent run reads the instructions of a skill it was told about by name.

A read: allowed by default, journaled like every tool another part of Mira serves. The result is the
instructions and where the skill's files are in the run's sandbox; its scripts run only through
``run_command``, which asks the person first.
"""

from __future__ import annotations

from typing import Any

from mira_desktop.agent.tools.catalog import Origin, Risk, ToolDef
from mira_desktop.agent.tools.results import ToolResult
from mira_desktop.core.cancel import CancelToken
from mira_desktop.core.phrases import said
from mira_desktop.services.skills.context import files_note, mount_path
from mira_desktop.services.skills.folder import NAME_CHARS, Skill

LOAD_SKILL = "load_skill"


class LoadSkill:
    """The tool for one run: the skills that were on when it started."""

    def __init__(self, skills: list[Skill], *, sandbox: bool) -> None:
        assert skills, "offered only when a skill is on"
        self._skills = {s.name: s for s in skills}
        self._sandbox = sandbox

    @property
    def definition(self) -> ToolDef:
        return ToolDef(
            LOAD_SKILL,
            "Load a skill by its name (from the request's list of skills): returns its instructions, "
            "which you then follow.",
            {
                "type": "object",
                "properties": {
                    "name": {
                        "type": "string",
                        "enum": sorted(self._skills),
                        "maxLength": NAME_CHARS,
                        "description": "The skill's name",
                    }
                },
                "required": ["name"],
                "additionalProperties": False,
            },
            Risk.READ,
            Origin.SKILL,
        )

    def call(self, arguments: dict[str, Any], cancel: CancelToken) -> ToolResult:
        name = str(arguments["name"])
        skill = self._skills.get(name)
        if skill is None:
            return ToolResult.failure(f"There is no skill named {name!r} in this run.", "invalid_arguments")
        note = files_note(skill)
        if skill.scripts and not self._sandbox:
            note += " (No sandbox works on this computer, so its scripts cannot run here.)"
        text = f'Skill "{skill.name}": {skill.description}\n\n{skill.instructions}' + (
            f"\n\n{note}" if note else ""
        )
        return ToolResult(
            True,
            text,
            data={"skill": skill.name, "files": list(skill.files), "folder": mount_path(skill)},
            phrase=said("skills.loaded", name=skill.name).to_dict(),
        )
