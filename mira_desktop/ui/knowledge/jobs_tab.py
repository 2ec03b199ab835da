"""The Jobs tab: each indexing job with its state, progress and message."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QProgressBar, QVBoxLayout, QWidget

from mira_desktop.ui.knowledge.tables import cell, make_table, state_label
from mira_desktop.ui.language.i18n import say, tr

if TYPE_CHECKING:
    from mira_desktop.services.knowledge.bases import JobView


class JobsTab(QWidget):
    def __init__(self) -> None:
        super().__init__()
        layout = QVBoxLayout(self)
        self.table = make_table(
            [tr("kb.col_document"), tr("kb.col_state"), tr("kb.col_progress"), tr("kb.col_message")]
        )
        self.table.setColumnWidth(0, 260)
        self.empty = QLabel(tr("kb.no_jobs"))
        self.empty.setObjectName("muted")
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.empty, 1)

    def show_jobs(self, jobs: list[JobView]) -> None:
        self.table.setRowCount(len(jobs))
        for row, job in enumerate(jobs):
            name = job.document if job.document_id else tr("said.removed_document")
            self.table.setItem(row, 0, cell(f"{name} (v{job.version})"))
            self.table.setItem(row, 1, cell(state_label(job.state)))
            bar = self.table.cellWidget(row, 2)
            if not isinstance(bar, QProgressBar):
                bar = QProgressBar()
                bar.setRange(0, 100)
                self.table.setCellWidget(row, 2, bar)
            bar.setValue(round(job.progress * 100))
            said = job.error_phrase or (None if job.error else job.message_phrase)
            self.table.setItem(row, 3, cell(say(said) if said is not None else job.error or job.message))
        self.table.setVisible(bool(jobs))
        self.empty.setVisible(not jobs)
