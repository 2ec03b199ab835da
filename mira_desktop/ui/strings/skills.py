"""Window text: Settings → Capabilities (every skill and tool, what it needs, whether it is ready),
the composer's `/` list of skills, Ctrl+K's skills. The translations are in ``ui/translations``."""

from __future__ import annotations

from mira_desktop.ui.strings.source import Source, translate

STRINGS: dict[str, Source] = {
    "capabilities.tab": translate("capabilities", "Capabilities", "capabilities.tab"),
    "capabilities.hint": translate(
        "capabilities",
        "Skills are instructions in a SKILL.md folder: type /name in a message to use one, and an agent "
        "run can load any skill that is on. Tools are what an agent run can call. Each says what it "
        "needs and whether it is ready.",
        "capabilities.hint",
    ),
    "capabilities.col.name": translate("capabilities", "Name", "capabilities.col.name"),
    "capabilities.col.kind": translate("capabilities", "Kind", "capabilities.col.kind"),
    "capabilities.col.on": translate("capabilities", "On", "capabilities.col.on"),
    "capabilities.col.needs": translate("capabilities", "Needs", "capabilities.col.needs"),
    "capabilities.col.ready": translate("capabilities", "Ready", "capabilities.col.ready"),
    "capabilities.kind.skill": translate("capabilities", "Skill", "capabilities.kind.skill"),
    "capabilities.kind.tool": translate("capabilities", "Tool", "capabilities.kind.tool"),
    "capabilities.kind.server": translate("capabilities", "MCP server", "capabilities.kind.server"),
    "capabilities.need.network": translate("capabilities", "network", "capabilities.need.network"),
    "capabilities.need.workspace": translate("capabilities", "a workspace", "capabilities.need.workspace"),
    "capabilities.need.knowledge_base": translate(
        "capabilities", "a knowledge base", "capabilities.need.knowledge_base"
    ),
    "capabilities.need.approval": translate("capabilities", "your approval", "capabilities.need.approval"),
    "capabilities.need.key": translate("capabilities", "a key", "capabilities.need.key"),
    "capabilities.need.sandbox": translate("capabilities", "the sandbox", "capabilities.need.sandbox"),
    "capabilities.need.separator": translate("capabilities", ", ", "capabilities.need.separator"),
    "capabilities.needs_nothing": translate("capabilities", "nothing", "capabilities.needs_nothing"),
    "capabilities.ready": translate("capabilities", "ready", "capabilities.ready"),
    "capabilities.not_ready": translate("capabilities", "not ready: {why}", "capabilities.not_ready"),
    "capabilities.shipped": translate("capabilities", "comes with Mira", "capabilities.shipped"),
    "capabilities.add": translate("capabilities", "Add skill…", "capabilities.add"),
    "capabilities.use": translate("capabilities", "Use in chat", "capabilities.use"),
    "capabilities.remove": translate("capabilities", "Move skill to trash", "capabilities.remove"),
    "capabilities.pick_folder": translate(
        "capabilities", "Choose a skill folder (it holds SKILL.md)", "capabilities.pick_folder"
    ),
    "capabilities.added": translate("capabilities", "Added the skill {name}.", "capabilities.added"),
    "capabilities.removed": translate(
        "capabilities",
        "Moved the skill {name} to the trash: Trash… in the menu brings it back.",
        "capabilities.removed",
    ),
    "skills.completion_tip": translate(
        "skills", "Skills: pick one to send its instructions with this message", "skills.completion_tip"
    ),
    "switcher.skill": translate("switcher", "Skill: /{name} — {description}", "switcher.skill"),
    "meter.skills": translate("meter", "Skills", "meter.skills"),
    "menu.capabilities": translate("menu", "Skills and tools…", "menu.capabilities"),
    "shortcuts.capabilities": translate("shortcuts", "Skills and tools", "shortcuts.capabilities"),
}
