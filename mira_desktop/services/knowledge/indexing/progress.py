"""What an indexing run reports while it works: one IndexProgress per step, for a bar or a line."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from mira_desktop.store.index_jobs import JobState


@dataclass(frozen=True)
class IndexProgress:
    """What a run is doing, for a progress line or bar."""

    kb_id: str
    message: str
    jobs_done: int
    jobs_total: int
    leaves_done: int = 0
    leaves_total: int = 0
    job_id: str | None = None
    state: str | None = None


ProgressCallback = Callable[[IndexProgress], None]


class Emitter:
    """Counts a run's jobs and chunks and sends each step to the callback as an IndexProgress."""

    def __init__(self, kb_id: str, callback: ProgressCallback | None) -> None:
        self.kb_id = kb_id
        self.callback = callback
        self.jobs_done = 0
        self.jobs_total = 0
        self.leaves_done = 0
        self.leaves_total = 0

    def send(self, message: str, job_id: str | None = None, state: str | None = None) -> None:
        if self.callback is not None:
            self.callback(
                IndexProgress(
                    self.kb_id,
                    message,
                    self.jobs_done,
                    self.jobs_total,
                    self.leaves_done,
                    self.leaves_total,
                    job_id,
                    state,
                )
            )

    def embedding_from(self, base: int) -> Callable[[int], None]:
        """A progress callback for one embedding call that starts after ``base`` chunks."""

        def report(done: int) -> None:
            self.embedding(base + done)

        return report

    def embedding(self, done: int) -> None:
        self.leaves_done = done
        self.send(f"embedding {done} of {self.leaves_total} chunks", state=JobState.EMBEDDING.value)

    def job_finished(self, job_id: str, state: JobState, message: str = "") -> None:
        self.jobs_done += 1
        self.send(message or state.value, job_id, state.value)
