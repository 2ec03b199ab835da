"""Phrases of skills: the English of the sentences (see ``core/phrases.py``)."""

from __future__ import annotations

ENGLISH: dict[str, str] = {
    "skills.not_folder": "{path} is not a folder: give the folder that holds the skill's SKILL.md.",
    "skills.no_skill_file": "{path} has no SKILL.md: a skill is a folder with a SKILL.md (front matter name and description, then its instructions).",
    "skills.no_front_matter": "{path} has no front matter: start it with a line ---, then name: and description: lines, then --- and the instructions.",
    "skills.bad_yaml": "The front matter of {path} is not valid YAML ({problem}): fix it, e.g. quote a description that contains a colon.",
    "skills.no_name": "The front matter of {path} has no name: add a line name: my-skill (lower-case letters, digits and hyphens).",
    "skills.no_description": "The front matter of {path} has no description: add a line description: saying what the skill does and when to use it.",
    "skills.bad_name": "{name!r} in {path} is not a skill name: use at most {most} lower-case letters, digits and hyphens, e.g. pdf-report.",
    "skills.long_description": "The description in {path} is longer than {most} characters: shorten it (the instructions go below the front matter).",
    "skills.skill_file_too_big": "{path} is larger than {most}: keep the instructions short and move the rest into files beside it.",
    "skills.not_utf8": "{path} is not UTF-8 text: save it as UTF-8.",
    "skills.link_outside": "{path} links to {target}, outside the skill's folder: copy the file into the folder instead of linking to it.",
    "skills.not_a_file": "{path} is neither a file nor a folder: remove it from the skill's folder.",
    "skills.file_too_big": "{path} is larger than {most}: a skill holds instructions, scripts and small files; leave big data out.",
    "skills.too_many_files": "{path} holds more than {most} files: leave out what the skill does not need (build outputs, data).",
    "skills.folder_too_big": "{path} holds more than {most}: leave out what the skill does not need (build outputs, data).",
    "skills.not_found": "No skill named {name!r}: see `mira skills list`.",
    "skills.name_taken": "A skill named {name!r} is already there: remove it first (`mira skills remove {name}`) or rename the new one in its SKILL.md. Nothing was added.",
    "skills.shipped": "{name!r} comes with Mira and cannot be removed: turn it off instead (`mira skills disable {name}`).",
    "skills.loaded": "Loaded the skill {name}",
    "capabilities.why.skill_off": "Turned off: turn it on on the Capabilities page or with `mira skills enable {name}`.",
    "capabilities.why.no_sandbox": "Its scripts run only in the sandbox, which does not work here: {reason}",
    "capabilities.why.denied": "{tool} is denied in {workspace}: set it to ask or allow in Settings → Tools.",
    "capabilities.why.server_off": "The MCP server {name} is turned off: turn it on in Settings → Tools or with `mira mcp enable {name}`.",
    "capabilities.why.server_off_here": "The MCP server {name} is turned off in {workspace}.",
}
