"""A large file's parse phase moves the job's bar: progress per block, seen while the job runs."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from mira_desktop.services.app.bundle import AppServices
from mira_desktop.services.knowledge.indexing.progress import IndexProgress


def _long_text(path: Path, paragraphs: int) -> Path:
    lines = []
    for n in range(paragraphs):
        if n % 3 == 0:
            lines.append(f"第{n}段：知识库在读取大文件时应当显示进度，而不是停在零。")
        else:
            lines.append(
                f"Paragraph {n} talks about rivers, mountains and the index being built. It ends here."
            )
    path.write_text("\n\n".join(lines), encoding="utf-8")
    return path


def test_the_parse_phase_of_a_large_text_file_reports_progress_before_the_job_finishes(
    services: AppServices, tmp_path: Path
) -> None:
    builder = services.knowledge.queue.builder
    builder.settings = dataclasses.replace(builder.settings, parse_step_s=0.0)  # every block, no clock
    kb = services.knowledge_bases.create("Long text")
    services.knowledge.queue.add(kb.id, [str(_long_text(tmp_path / "long.txt", 300))])
    seen: list[tuple[str, float, str]] = []  # the job's row (what `mira kb jobs` and the window show)

    def watch(progress: IndexProgress) -> None:
        if progress.message.startswith("reading long.txt: "):
            [job] = services.knowledge_bases.jobs(kb.id)
            seen.append((job.state, job.progress, job.message))

    report = services.knowledge.queue.run(kb.id, on_progress=watch)

    assert report.published == 1, report.errors
    assert len(seen) == 300  # one step per paragraph
    assert {state for state, _, _ in seen} == {"parsing"}  # all of them before embedding began
    fractions = [fraction for _, fraction, _ in seen]
    assert fractions == sorted(fractions)
    assert 0 < fractions[0] < fractions[149] < fractions[-1] == 0.05
    assert seen[149][2] == "reading long.txt: 150 of 300 blocks"
    [job] = services.knowledge_bases.jobs(kb.id)
    assert (job.state, job.progress) == ("published", 1.0)
