"""The seven kinds of work the crash trials kill (``crash_trial.py`` says what a scenario is): chat
streaming, an agent run and an attachment add here; indexing, backups and a schema migration in
``crash_storage.py``; a two-part model download in ``crash_download.py``."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from reliability import crash_checks as checks
from reliability.common import MIRA, PYTHON, write_script
from reliability.crash_agent import AGENT_REPLIES, exactly_once, make_project
from reliability.crash_download import DownloadScenario
from reliability.crash_storage import BackupScenario, IndexScenario, MigrationScenario
from reliability.crash_trial import ATTACHED, Check, Scenario, Trial, answer, copy_template

if TYPE_CHECKING:
    from mira_desktop.services.app.bundle import AppServices

__all__ = ["SCENARIOS", "SHARES", "Scenario", "Trial"]


class ChatScenario(Scenario):
    name = "chat streaming"

    def prepare(self) -> None:
        self.ref = write_script(self.work / "chat.json", [answer(i, 40) for i in range(60)], pick="by_turn")

    def trial(self, folder: Path, number: int, hold: str | None) -> Trial:
        data, ledger = folder / "data", folder / "ledger.jsonl"
        command = [PYTHON, "-m", "reliability.crash_driver", "chat", str(data), str(ledger), self.ref, "5"]
        return Trial(self.name, number, folder, data, command, ledger)

    def checks(self, services: AppServices, trial: Trial) -> dict[str, Check]:
        facts = checks.read_ledger(trial.ledger)
        return {
            "committed messages present": lambda: checks.committed_messages(services, facts),
            "runs marked interrupted": lambda: checks.nothing_left_running(services),
        }


class AgentScenario(Scenario):
    name = "agent run"

    def prepare(self) -> None:
        self.ref = write_script(self.work / "agent.json", AGENT_REPLIES, pick="by_turn")

    def trial(self, folder: Path, number: int, hold: str | None) -> Trial:
        data, ledger = folder / "data", folder / "ledger.jsonl"
        project = make_project(folder / "project")
        services = self.build(data)
        try:
            workspace_id = services.workspaces.add("project", str(project)).id
        finally:
            services.close()
        command = [
            PYTHON,
            "-m",
            "reliability.crash_driver",
            "agent",
            str(data),
            str(ledger),
            self.ref,
            workspace_id,
        ]
        if hold is not None:
            command += ["--hold", hold]
        return Trial(self.name, number, folder, data, command, ledger, hold, {"project": project})

    def checks(self, services: AppServices, trial: Trial) -> dict[str, Check]:
        facts = checks.read_ledger(trial.ledger)
        return {
            "runs marked interrupted": lambda: checks.nothing_left_running(services),
            "tool calls executed at most once": lambda: exactly_once(services, facts, trial.info["project"]),
        }


class AttachmentScenario(Scenario):
    name = "attachment add"

    def prepare(self) -> None:
        self.ref = write_script(self.work / "chat.json", [answer(i, 20) for i in range(5)], pick="by_turn")
        self.template = self.work / "template"
        self.build(self.template).close()

    def trial(self, folder: Path, number: int, hold: str | None) -> Trial:
        data, ledger = folder / "data", folder / "out.jsonl"
        copy_template(self.template, data)
        attached = ATTACHED[0]  # the same file each time: the kills are drawn from its duration
        command = [
            MIRA,
            "--data-dir",
            str(data),
            "--json",
            "chat",
            "send",
            "--model",
            self.ref,
            "--attach",
            str(attached),
            "Summarise this file.",
        ]
        return Trial(self.name, number, folder, data, command, ledger)

    def checks(self, services: AppServices, trial: Trial) -> dict[str, Check]:
        facts = checks.read_ledger(trial.ledger)
        return {
            "committed messages present": lambda: checks.committed_messages(services, facts),
            "runs marked interrupted": lambda: checks.nothing_left_running(services),
            "attachment files match rows": lambda: checks.attachment_files(services),
        }


SCENARIOS: list[type[Scenario]] = [
    ChatScenario,
    IndexScenario,
    AgentScenario,
    BackupScenario,
    AttachmentScenario,
    MigrationScenario,
    DownloadScenario,
]
SHARES = {  # of the trials, per scenario (agent runs get the most: four kinds of kill point)
    "chat streaming": 18,
    "indexing (kb add)": 14,
    "agent run": 24,
    "backup create": 14,
    "attachment add": 16,
    "schema migration": 14,
    "two-part download": 10,
}
