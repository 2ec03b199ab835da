"""Window text: the sentences services say (``core/phrasebook/skills.py``), by the same keys with ``phrase.`` before
them and the same English. Written by ``tools/i18n_sync.py``; the translations are in ``ui/translations``."""

from __future__ import annotations

from mira_desktop.ui.strings.source import Source, translate

STRINGS: dict[str, Source] = {
    "phrase.skills.not_folder": translate(
        "phrase",
        "{path} is not a folder: give the folder that holds the skill's SKILL.md.",
        "phrase.skills.not_folder",
    ),
    "phrase.skills.no_skill_file": translate(
        "phrase",
        "{path} has no SKILL.md: a skill is a folder with a SKILL.md (front matter name and description, then its instructions).",
        "phrase.skills.no_skill_file",
    ),
    "phrase.skills.no_front_matter": translate(
        "phrase",
        "{path} has no front matter: start it with a line ---, then name: and description: lines, then --- and the instructions.",
        "phrase.skills.no_front_matter",
    ),
    "phrase.skills.bad_yaml": translate(
        "phrase",
        "The front matter of {path} is not valid YAML ({problem}): fix it, e.g. quote a description that contains a colon.",
        "phrase.skills.bad_yaml",
    ),
    "phrase.skills.no_name": translate(
        "phrase",
        "The front matter of {path} has no name: add a line name: my-skill (lower-case letters, digits and hyphens).",
        "phrase.skills.no_name",
    ),
    "phrase.skills.no_description": translate(
        "phrase",
        "The front matter of {path} has no description: add a line description: saying what the skill does and when to use it.",
        "phrase.skills.no_description",
    ),
    "phrase.skills.bad_name": translate(
        "phrase",
        "{name!r} in {path} is not a skill name: use at most {most} lower-case letters, digits and hyphens, e.g. pdf-report.",
        "phrase.skills.bad_name",
    ),
    "phrase.skills.long_description": translate(
        "phrase",
        "The description in {path} is longer than {most} characters: shorten it (the instructions go below the front matter).",
        "phrase.skills.long_description",
    ),
    "phrase.skills.skill_file_too_big": translate(
        "phrase",
        "{path} is larger than {most}: keep the instructions short and move the rest into files beside it.",
        "phrase.skills.skill_file_too_big",
    ),
    "phrase.skills.not_utf8": translate(
        "phrase", "{path} is not UTF-8 text: save it as UTF-8.", "phrase.skills.not_utf8"
    ),
    "phrase.skills.link_outside": translate(
        "phrase",
        "{path} links to {target}, outside the skill's folder: copy the file into the folder instead of linking to it.",
        "phrase.skills.link_outside",
    ),
    "phrase.skills.not_a_file": translate(
        "phrase",
        "{path} is neither a file nor a folder: remove it from the skill's folder.",
        "phrase.skills.not_a_file",
    ),
    "phrase.skills.file_too_big": translate(
        "phrase",
        "{path} is larger than {most}: a skill holds instructions, scripts and small files; leave big data out.",
        "phrase.skills.file_too_big",
    ),
    "phrase.skills.too_many_files": translate(
        "phrase",
        "{path} holds more than {most} files: leave out what the skill does not need (build outputs, data).",
        "phrase.skills.too_many_files",
    ),
    "phrase.skills.folder_too_big": translate(
        "phrase",
        "{path} holds more than {most}: leave out what the skill does not need (build outputs, data).",
        "phrase.skills.folder_too_big",
    ),
    "phrase.skills.not_found": translate(
        "phrase", "No skill named {name!r}: see `mira skills list`.", "phrase.skills.not_found"
    ),
    "phrase.skills.name_taken": translate(
        "phrase",
        "A skill named {name!r} is already there: remove it first (`mira skills remove {name}`) or rename the new one in its SKILL.md. Nothing was added.",
        "phrase.skills.name_taken",
    ),
    "phrase.skills.shipped": translate(
        "phrase",
        "{name!r} comes with Mira and cannot be removed: turn it off instead (`mira skills disable {name}`).",
        "phrase.skills.shipped",
    ),
    "phrase.skills.remove_confirm": translate(
        "phrase",
        "Removing the skill {name} deletes its folder for good: add --yes to confirm.",
        "phrase.skills.remove_confirm",
    ),
    "phrase.skills.loaded": translate("phrase", "Loaded the skill {name}", "phrase.skills.loaded"),
    "phrase.capabilities.why.skill_off": translate(
        "phrase",
        "Turned off: turn it on on the Capabilities page or with `mira skills enable {name}`.",
        "phrase.capabilities.why.skill_off",
    ),
    "phrase.capabilities.why.no_sandbox": translate(
        "phrase",
        "Its scripts run only in the sandbox, which does not work here: {reason}",
        "phrase.capabilities.why.no_sandbox",
    ),
    "phrase.capabilities.why.denied": translate(
        "phrase",
        "{tool} is denied in {workspace}: set it to ask or allow in Settings → Tools.",
        "phrase.capabilities.why.denied",
    ),
    "phrase.capabilities.why.server_off": translate(
        "phrase",
        "The MCP server {name} is turned off: turn it on in Settings → Tools or with `mira mcp enable {name}`.",
        "phrase.capabilities.why.server_off",
    ),
    "phrase.capabilities.why.server_off_here": translate(
        "phrase",
        "The MCP server {name} is turned off in {workspace}.",
        "phrase.capabilities.why.server_off_here",
    ),
}
