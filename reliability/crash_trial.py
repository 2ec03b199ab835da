"""The shape of a crash trial: a scenario prepares its data once, then makes each trial's data folder
and command, and names the checks to run once Mira is reopened after the kill.

Work that takes a while to set up (an indexed knowledge base, an old-schema database) is prepared
once as a template folder and copied for each trial, so every trial still has its own data folder.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from reliability import crash_checks as checks
from reliability.common import DOCS, rewrite_workspace_roots

if TYPE_CHECKING:
    from mira_desktop.services.app.bundle import AppServices

Check = Callable[[], checks.Problems]
Build = Callable[[Path], "AppServices"]

INDEXED = [
    DOCS / "docx" / "unstructured__eng_spa_mult.docx",
    DOCS / "pptx" / "pptx__test.pptx",
    DOCS / "pdf" / "normal" / "unstructured__multi-column-2p.pdf",
    DOCS / "pdf" / "cjk" / "pymupdf__chinese-tables.pdf",
]
ATTACHED = [
    DOCS / "pdf" / "normal" / "pdfjs__tracemonkey.pdf",
    DOCS / "docx" / "unstructured__eng_spa_mult.docx",
    DOCS / "other" / "unstructured__UDHR_first_article_all.txt",
]


@dataclass
class Trial:
    scenario: str
    number: int
    folder: Path
    data_dir: Path
    command: list[str]
    ledger: Path  # the driver's facts, or the command's --json output
    hold: str | None = None
    info: dict[str, Any] = field(default_factory=dict)

    @property
    def stdout(self) -> Path:
        """Where the command's output goes: a `mira --json` command's output is its ledger."""
        return self.ledger if self.command[0].endswith("mira") else self.folder / "stdout.txt"


def copy_template(template: Path, data_dir: Path) -> None:
    shutil.copytree(template, data_dir, symlinks=True)
    rewrite_workspace_roots(data_dir / "mira.db", template, data_dir)


def answer(i: int, words: int) -> dict[str, Any]:
    text = " ".join(f"word{i}-{n}" for n in range(words))
    return {"text": f"Answer {i}: {text}.", "token_delay_ms": 20}


class Scenario:
    name: ClassVar[str]
    work: Path
    holds: list[str]

    def __init__(self, work: Path, build: Build) -> None:
        self.work = work / self.slug / "setup"
        self.work.mkdir(parents=True, exist_ok=True)
        self.build = build
        self.holds = []

    @property
    def slug(self) -> str:
        return self.name.split()[0]

    def prepare(self) -> None:
        """Once, before the trials: scripts and template folders."""

    def trial(self, folder: Path, number: int, hold: str | None) -> Trial:
        raise NotImplementedError

    def checks(self, services: AppServices, trial: Trial) -> dict[str, Check]:
        raise NotImplementedError
