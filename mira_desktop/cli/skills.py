"""`mira skills list|show|add|remove|enable|disable|capabilities`: SKILL.md folders for threads and
agent runs (a message picks one with ``/NAME``; an agent run may load one with ``load_skill``)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from mira_desktop.cli.actions import action, command_group, named_actions
from mira_desktop.cli.output import Output

if TYPE_CHECKING:
    from mira_desktop.services.app.bundle import AppServices
    from mira_desktop.services.tools.capabilities import Capability

HELP = """\
A skill is a folder with a SKILL.md: YAML front matter (name, description), then its instructions,
and any files or scripts beside it (the Agent Skills format). A message picks a skill by starting a
word with /NAME (`mira chat send "/kb-report What changed?"`): its instructions go with the request.
An agent run is told each enabled skill's name and description and loads one with load_skill; a
skill's scripts run only through run_command, in the sandbox, after you approve the command."""


def register(
    groups: argparse._SubParsersAction[argparse.ArgumentParser], common: argparse.ArgumentParser
) -> None:
    commands = command_group(
        groups,
        common,
        "skills",
        help_text="SKILL.md folders of instructions for chats and agent runs",
        description=HELP,
    )
    action(commands, common, "list", "every skill: on or off, ready or why not, shipped or added", _list)
    action(
        commands, common, "add", "check a skill folder and copy it into the data folder's skills/", _add
    ).add_argument("folder", help="the folder that holds SKILL.md")
    named_actions(
        commands,
        common,
        (
            ("show", "a skill's description, files and instructions", _show),
            ("enable", "turn a skill on: runs are told about it, /NAME picks it", _turn),
            ("disable", "turn a skill off: no request mentions it", _turn),
        ),
    )
    remove = action(
        commands,
        common,
        "remove",
        "move an added skill's folder to the trash (`mira trash restore ID` brings it back; shipped ones can only be disabled)",
        _remove,
    )
    remove.add_argument("name")
    remove.add_argument("--yes", action="store_true", help="accepted for older scripts: nothing is asked")
    action(
        commands,
        common,
        "capabilities",
        "every skill and tool: what it needs (network, workspace, approvals, a key) and whether it is ready",
        _capabilities,
    ).add_argument("--workspace", metavar="ID", help="as a run there gets them (default: Mira BASE)")


def _list(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    from mira_desktop.services.tools.capabilities import Kind

    found = [c for c in _all(services, None) if c.kind is Kind.SKILL]
    if out.as_json:
        out.data([c.to_dict() for c in found])
        return 0
    rows = [
        [
            c.name,
            "-" if c.on is None else ("on" if c.on else "off"),
            "shipped" if c.shipped else "added",
            "ready" if c.ready else f"not ready: {c.why_not}",
            c.description[:70],
        ]
        for c in found
    ]
    out.table(
        rows,
        ["SKILL", "ON", "FROM", "READY", "DESCRIPTION"],
        "No skills: add one with `mira skills add FOLDER`.",
    )
    return 0


def _show(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    skill = services.skills.get(args.name)
    if out.as_json:
        out.data(
            skill.summary() | {"on": services.skills.is_on(skill.name), "instructions": skill.instructions}
        )
        return 0
    out.line(
        f"{skill.name} ({'shipped with Mira' if skill.shipped else 'added'}, {'on' if services.skills.is_on(skill.name) else 'off'})"
    )
    out.line(skill.description)
    out.line(f"Folder: {skill.folder}")
    if skill.files:
        out.line("Files: " + ", ".join(skill.files))
    if skill.scripts:
        out.line("Scripts (run only through run_command, with your approval): " + ", ".join(skill.scripts))
    out.line("")
    out.line(skill.instructions)
    return 0


def _add(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    skill = services.skills.add(Path(args.folder))
    out.result(skill.summary(), f"Added the skill {skill.name}: {skill.description}")
    return 0


def _remove(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    entry = services.skills.remove(args.name)
    out.result(
        {"name": entry.label, "removed": True, "trash_id": entry.id},
        f"Moved the skill {entry.label} to the trash: `mira trash restore {entry.id}` brings it back.",
    )
    return 0


def _turn(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    """`enable` and `disable`."""
    on = args.action == "enable"
    skill = services.skills.set_on(args.name, on)
    out.result({"name": skill.name, "on": on}, f"The skill {skill.name} is {'on' if on else 'off'}.")
    return 0


def _capabilities(args: argparse.Namespace, services: AppServices, out: Output) -> int:
    found = _all(services, args.workspace)
    if out.as_json:
        out.data([c.to_dict() for c in found])
        return 0
    rows = [
        [
            c.kind.value,
            c.name,
            ", ".join(n.value.replace("_", " ") for n in c.needs) or "-",
            "ready" if c.ready else f"not ready: {c.why_not}",
        ]
        for c in found
    ]
    out.table(rows, ["KIND", "NAME", "NEEDS", "READY"], "Nothing to list.")
    return 0


def _all(services: AppServices, workspace_id: str | None) -> list[Capability]:
    from mira_desktop.services.tools.capabilities import capabilities

    workspace = services.workspaces.get(workspace_id) if workspace_id else services.workspaces.default()
    return capabilities(
        services.skills, services.tools, services.mcp, workspace, services.http_tools, web=services.web
    )
