"""The recommended models: a short list shipped as data (``resources/models/recommended.json``).

Shown first under Get models: for answers in Chinese and English, for agent tool calls, one that sees
pictures and a small fast one for the ``fast`` role, each with what it is for, its licence, its
languages, the machine it is for (8 or 16 GB of memory) and how Mira runs it: whether its thinking
is switched per request, which tool-call format its own template writes, whether it sees through the
repository's projector. It holds no sizes and no checksums — those come from the Hub's listing when
a file is fetched — so the list can change without a release of the code that reads it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Any

PURPOSES = ("answers", "agent", "fast", "vision")
THINKING = ("switch", "always", "none")  # switched per request by its template, always on, or none
MACHINES = (8, 16)  # GB of memory the entry is chosen for


@dataclass(frozen=True)
class Recommended:
    repo: str
    quant: str  # the quantization suggested when the machine allows it
    purposes: tuple[str, ...]
    licence: str
    languages: tuple[str, ...]
    note: dict[str, str]  # language code → what it is for
    machine_gb: int = 0  # the memory of the machine it is for (0: not said)
    thinking: str = ""  # one of THINKING ("": not said)
    tool_format: str = ""  # the family whose tool-call syntax its own chat template writes, e.g. "qwen3.5"
    vision: bool = False  # the repository has the projector it sees through (downloaded with it)

    def note_in(self, language: str) -> str:
        return self.note.get(language) or self.note.get("en", "")


def load_catalogue(text: str | None = None) -> list[Recommended]:
    """The shipped list (or the JSON ``text`` given); raises ValueError on a malformed entry."""
    if text is None:
        text = (resources.files("mira_desktop.resources") / "models" / "recommended.json").read_text("utf-8")
    data = json.loads(text)
    return [_entry(item) for item in data["models"]]


def _entry(item: dict[str, Any]) -> Recommended:
    purposes = tuple(str(p) for p in item["purposes"])
    unknown = [p for p in purposes if p not in PURPOSES]
    if unknown or "/" not in str(item["repo"]) or not item.get("licence"):
        raise ValueError(f"a recommended model is malformed: {item!r}")
    if any(key in item for key in ("size", "sha256", "size_bytes")):
        raise ValueError(f"sizes and checksums come from the Hub listing, not the catalogue: {item['repo']}")
    runs = dict(item.get("runs", {}))
    machine = int(item.get("machine_gb", 0))
    if (machine and machine not in MACHINES) or runs.get("thinking", "none") not in THINKING:
        raise ValueError(f"a recommended model says how it runs in words Mira does not know: {item!r}")
    if ("vision" in purposes) != bool(runs.get("vision", False)):
        raise ValueError(f"a model recommended for pictures must see them, and only then: {item['repo']}")
    return Recommended(
        repo=str(item["repo"]),
        quant=str(item.get("quant") or ""),
        purposes=purposes,
        licence=str(item["licence"]),
        languages=tuple(str(lang) for lang in item.get("languages", ())),
        note={str(k): str(v) for k, v in dict(item.get("note", {})).items()},
        machine_gb=machine,
        thinking=str(runs.get("thinking", "")),
        tool_format=str(runs.get("tools", "")),
        vision=bool(runs.get("vision", False)),
    )
