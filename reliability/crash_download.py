"""The crash trial of a two-part model download: ``mira models download`` of a model published in
two parts, killed at a random moment, then taken up again on the reopened data folder.

The parts are the embedded SmolLM2 written as two real shards (``tests/support/gguf_files.py``),
served by the stand-in Hub on 127.0.0.1 at a throttled speed, so that a kill can land in either
part, between them, or before the job exists.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import TYPE_CHECKING

from reliability.common import MIRA
from reliability.crash_trial import Check, Scenario, Trial, copy_template

if TYPE_CHECKING:
    from mira_desktop.services.app.bundle import AppServices
    from tests.support.hub_server import StandInHub

REPO = "mira-tests/SmolLM2-split-GGUF"
STEM = "smollm2-135m-instruct-q4_1"
BYTES_PER_SECOND = 40_000_000  # the two parts (~98 MB) in about 2.5 s


class DownloadScenario(Scenario):
    name = "two-part download"

    def prepare(self) -> None:
        from tests.support.gguf_files import smollm2, split_gguf
        from tests.support.hub_server import Repo, RepoFile, StandInHub

        parts = split_gguf(smollm2(), self.work / "shards", STEM, parts=2)
        self.sha256 = {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in parts}
        self.hub: StandInHub = StandInHub(
            [Repo(REPO, [RepoFile(p.name, p.read_bytes()) for p in parts])], daemon=True
        )
        self.hub.start()
        self.hub.faults.bytes_per_second = BYTES_PER_SECOND
        self.template = self.work / "template"
        services = self.build(self.template)
        try:
            services.hub.settings.set_endpoint(self.hub.url)
        finally:
            services.close()

    def trial(self, folder: Path, number: int, hold: str | None) -> Trial:
        data, ledger = folder / "data", folder / "out.jsonl"
        copy_template(self.template, data)
        command = [MIRA, "--data-dir", str(data), "--json", "models", "download", REPO, "--quant", "Q4_1"]
        return Trial(self.name, number, folder, data, command, ledger)

    def checks(self, services: AppServices, trial: Trial) -> dict[str, Check]:
        return {"the download resumes to two checked parts": lambda: self._resumes(services)}

    def _resumes(self, services: AppServices) -> list[str]:
        """Take the job up again (a new one if the kill came before it existed) and check its end."""
        from mira_desktop.core.cancel import CancelToken
        from mira_desktop.store.downloads import DownloadState

        jobs = services.hub.downloads.list()
        if len(jobs) > 1:
            return [f"{len(jobs)} jobs for one model"]
        job = jobs[0] if jobs else services.hub.download(REPO, quant="Q4_1")
        ended = services.hub.downloads.run(job.id, CancelToken())
        problems = []
        if ended.state is not DownloadState.COMPLETED:
            problems.append(f"the job ended {ended.state.value}")
        folder = Path(ended.destination)
        for name, sha in self.sha256.items():
            path = folder / name
            if not path.exists() or hashlib.sha256(path.read_bytes()).hexdigest() != sha:
                problems.append(f"{name} is missing or differs from the listing's sha256")
        if ended.model_ref != f"local:{folder / min(self.sha256)}":
            problems.append(f"the model added is {ended.model_ref}, not the first part")
        if list(folder.glob("*.partial")):
            problems.append("a part's .partial file was left beside the parts")
        return problems
