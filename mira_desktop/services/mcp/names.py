"""Names: a server's name as the user gives it, and a tool's model-facing name ``SERVER__TOOL``.

Function names in the native tool-call APIs must match ``^[A-Za-z0-9_-]{1,64}$``; a server name
has no ``__`` so that ``SERVER__TOOL`` reads back unambiguously. A tool name the server spells
otherwise is cleaned (other characters become ``_``) and, when too long, cut with a short hash so
that two tools never share a name.
"""

from __future__ import annotations

import hashlib
import re

from mira_desktop.core.errors import InvalidInputError

SERVER_NAME = re.compile(r"^[A-Za-z0-9](?:[A-Za-z0-9-]|_(?!_)){0,31}$")
MAX_NAME = 64
_UNSAFE = re.compile(r"[^A-Za-z0-9_-]")


def check_server_name(name: str) -> str:
    if not SERVER_NAME.match(name) or name.endswith("_"):
        raise InvalidInputError.said("mcp.bad_name", name=name)
    return name


def server_name_from(raw: str) -> str:
    """A usable server name made from a name in another app's configuration file."""
    cleaned = re.sub(r"_+", "_", _UNSAFE.sub("-", raw.strip())).strip("-_")[:32].strip("-_")
    return cleaned or "server"


def model_name(server: str, tool: str, taken: set[str]) -> str:
    """``SERVER__TOOL``, valid as a function name and not in ``taken`` (which it joins)."""
    base = f"{server}__{_UNSAFE.sub('_', tool) or 'tool'}"
    name = base if len(base) <= MAX_NAME else _shortened(base, tool)
    number = 2
    while name in taken:
        suffix = f"_{number}"
        name = (base if len(base) + len(suffix) <= MAX_NAME else _shortened(base, tool))[: MAX_NAME - len(suffix)] + suffix
        number += 1
    taken.add(name)
    return name


def _shortened(base: str, tool: str) -> str:
    digest = hashlib.sha1(tool.encode("utf-8")).hexdigest()[:8]
    return base[: MAX_NAME - 9] + "_" + digest
