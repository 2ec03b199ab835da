"""The Knowledge page: knowledge bases, their documents and index jobs, a retrieval test, evaluations.

Slow work (adding files, searching, deleting, evaluating) goes through :class:`Background`; the
background indexer (``services.knowledge.indexer``, started here) runs the jobs, and a timer reads
their progress from the database, so jobs queued by a `mira` command beside the app show up too.
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QProgressBar,
    QPushButton,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from mira_desktop.ui.i18n import tr
from mira_desktop.ui.knowledge.metrics_chart import MetricsChart

if TYPE_CHECKING:
    from mira_desktop.services.app.bundle import AppServices
    from mira_desktop.services.knowledge.search import Hit
    from mira_desktop.ui.operations import Background

ACTIVE_POLL_MS = 700
IDLE_POLL_MS = 3000


class KnowledgePage(QWidget):
    knowledge_bases_changed = Signal()
    search_finished = Signal(int)
    evaluation_finished = Signal()

    def __init__(self, services: AppServices, background: Background, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.services = services
        self.background = background
        self.hits: list[Hit] = []
        self._signature: tuple[Any, ...] = ()
        self.setAcceptDrops(True)
        splitter = QSplitter(Qt.Orientation.Horizontal, self)
        splitter.addWidget(self._build_sidebar())
        splitter.addWidget(self._build_main())
        splitter.setStretchFactor(1, 1)
        layout = QVBoxLayout(self)
        layout.addWidget(splitter)
        self.timer = QTimer(self)
        self.timer.timeout.connect(self.refresh_progress)
        self.timer.start(IDLE_POLL_MS)
        services.knowledge.indexer.start()
        self.refresh_knowledge_bases()

    # -- layout -----------------------------------------------------------------------------------

    def _build_sidebar(self) -> QWidget:
        box = QWidget()
        layout = QVBoxLayout(box)
        layout.addWidget(QLabel(tr("kb.title")))
        self.kb_list = QListWidget()
        self.kb_list.currentItemChanged.connect(lambda *_: self.refresh_current())
        layout.addWidget(self.kb_list, 1)
        self.new_name = QLineEdit()
        self.new_name.setPlaceholderText(tr("kb.new_name"))
        self.new_name.returnPressed.connect(self.create_knowledge_base)
        self.create_button = QPushButton(tr("kb.create"))
        self.create_button.clicked.connect(self.create_knowledge_base)
        self.delete_button = QPushButton(tr("kb.delete"))
        self.delete_button.clicked.connect(self.delete_current)
        layout.addWidget(self.new_name)
        row = QHBoxLayout()
        row.addWidget(self.create_button)
        row.addWidget(self.delete_button)
        layout.addLayout(row)
        return box

    def _build_main(self) -> QWidget:
        box = QWidget()
        layout = QVBoxLayout(box)
        self.summary = QLabel("")
        layout.addWidget(self.summary)
        buttons = QHBoxLayout()
        self.add_files_button = QPushButton(tr("kb.add_files"))
        self.add_files_button.clicked.connect(self._pick_files)
        self.add_folder_button = QPushButton(tr("kb.add_folder"))
        self.add_folder_button.clicked.connect(self._pick_folder)
        self.follow_button = QPushButton(tr("kb.follow"))
        self.follow_button.clicked.connect(self._pick_watch_folder)
        self.cancel_button = QPushButton(tr("kb.cancel"))
        self.cancel_button.clicked.connect(self.cancel_indexing)
        for button in (self.add_files_button, self.add_folder_button, self.follow_button, self.cancel_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        layout.addLayout(buttons)
        hint = QLabel(tr("kb.drop_hint"))
        hint.setWordWrap(True)
        hint.setObjectName("hint")
        layout.addWidget(hint)
        self.overall = QProgressBar()
        self.overall.setRange(0, 100)
        self.status = QLabel(tr("kb.idle"))
        self.status.setWordWrap(True)
        layout.addWidget(self.overall)
        layout.addWidget(self.status)
        self.tabs = QTabWidget()
        self.tabs.addTab(self._build_documents(), tr("kb.tab_docs"))
        self.tabs.addTab(self._build_jobs(), tr("kb.tab_jobs"))
        self.tabs.addTab(self._build_search(), tr("kb.tab_search"))
        self.tabs.addTab(self._build_evaluation(), tr("kb.tab_eval"))
        layout.addWidget(self.tabs, 1)
        return box

    def _table(self, headers: list[str]) -> QTableWidget:
        table = QTableWidget(0, len(headers))
        table.setHorizontalHeaderLabels(headers)
        table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        table.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
        table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        table.verticalHeader().setVisible(False)
        return table

    def _build_documents(self) -> QWidget:
        box = QWidget()
        layout = QVBoxLayout(box)
        self.documents = self._table(
            [
                tr("kb.col_name"),
                tr("kb.col_version"),
                tr("kb.col_status"),
                tr("kb.col_chunks"),
                tr("kb.col_error"),
            ]
        )
        layout.addWidget(self.documents, 1)
        self.remove_button = QPushButton(tr("kb.remove_doc"))
        self.remove_button.clicked.connect(self.remove_selected_document)
        layout.addWidget(self.remove_button, 0, Qt.AlignmentFlag.AlignLeft)
        return box

    def _build_jobs(self) -> QWidget:
        self.jobs = self._table(
            [tr("kb.col_document"), tr("kb.col_state"), tr("kb.col_progress"), tr("kb.col_message")]
        )
        return self.jobs

    def _build_search(self) -> QWidget:
        box = QWidget()
        layout = QVBoxLayout(box)
        row = QHBoxLayout()
        self.query = QLineEdit()
        self.query.setPlaceholderText(tr("kb.search_placeholder"))
        self.query.returnPressed.connect(self.run_search)
        self.mode = QComboBox()
        self.mode.addItems(["hybrid", "vector", "bm25"])
        self.search_button = QPushButton(tr("kb.search"))
        self.search_button.clicked.connect(self.run_search)
        row.addWidget(self.query, 1)
        row.addWidget(self.mode)
        row.addWidget(self.search_button)
        layout.addLayout(row)
        self.results = QTextBrowser()
        layout.addWidget(self.results, 1)
        return box

    def _build_evaluation(self) -> QWidget:
        box = QWidget()
        layout = QVBoxLayout(box)
        self.chart = MetricsChart()
        layout.addWidget(self.chart)
        self.evaluations = self._table(["Run", "Mode", "k", "Queries", "nDCG@10", "Recall@k", "MRR@k"])
        layout.addWidget(self.evaluations, 1)
        self.eval_button = QPushButton(tr("kb.run_eval"))
        self.eval_button.clicked.connect(self._pick_evaluation_files)
        layout.addWidget(self.eval_button, 0, Qt.AlignmentFlag.AlignLeft)
        return box

    # -- knowledge bases --------------------------------------------------------------------------

    def current_kb_id(self) -> str | None:
        item = self.kb_list.currentItem()
        return None if item is None else str(item.data(Qt.ItemDataRole.UserRole))

    def refresh_knowledge_bases(self, select: str | None = None) -> None:
        select = select or self.current_kb_id()
        self.kb_list.blockSignals(True)
        self.kb_list.clear()
        for summary in self.services.knowledge_bases.summaries():
            item = QListWidgetItem(f"{summary.name}  ({summary.documents})")
            item.setData(Qt.ItemDataRole.UserRole, summary.id)
            self.kb_list.addItem(item)
            if summary.id == select:
                self.kb_list.setCurrentItem(item)
        if self.kb_list.currentItem() is None and self.kb_list.count():
            self.kb_list.setCurrentRow(0)
        self.kb_list.blockSignals(False)
        self.refresh_current()

    def create_knowledge_base(self) -> None:
        name = self.new_name.text().strip()
        try:
            kb = self.services.knowledge_bases.create(name)
        except Exception as exc:
            self.status.setText(str(exc))
            return
        self.new_name.clear()
        self.refresh_knowledge_bases(select=kb.id)
        self.knowledge_bases_changed.emit()

    def confirm(self, title: str, text: str) -> bool:
        answer = QMessageBox.question(self, title, text)
        return answer == QMessageBox.StandardButton.Yes

    def delete_current(self) -> None:
        kb_id = self.current_kb_id()
        if kb_id is None:
            return
        preview = self.services.knowledge_bases.deletion_preview(kb_id)
        text = tr(
            "kb.confirm_delete",
            name=preview.knowledge_base,
            documents=preview.documents_removed,
            threads=preview.threads_unbound,
            messages=preview.messages_kept,
        )
        if not self.confirm(tr("kb.confirm_delete_title"), text):
            return
        self.services.knowledge.indexer.cancel(kb_id)
        self.background.run(lambda: self.services.knowledge_bases.delete(kb_id), self._deleted, self._failed)

    def _deleted(self, _: object) -> None:
        self.refresh_knowledge_bases()
        self.knowledge_bases_changed.emit()

    # -- documents and jobs ----------------------------------------------------------------------

    def add_paths(self, paths: list[str]) -> None:
        kb_id = self.current_kb_id()
        if kb_id is None:
            self.status.setText(tr("kb.no_kb"))
            return
        self.background.run(
            lambda: self.services.knowledge.queue.add(kb_id, paths), self._queued, self._failed
        )

    def _queued(self, result: Any) -> None:
        text = tr("kb.queued", count=len(result.jobs))
        if result.unchanged:
            text += tr("kb.unchanged", count=len(result.unchanged))
        self.status.setText(text)
        self.services.knowledge.indexer.wake()
        self.timer.start(ACTIVE_POLL_MS)
        self.refresh_current()

    def cancel_indexing(self) -> None:
        kb_id = self.current_kb_id()
        if kb_id is not None:
            self.services.knowledge.indexer.cancel(kb_id)
            self.refresh_current()

    def remove_selected_document(self) -> None:
        kb_id = self.current_kb_id()
        row = self.documents.currentRow()
        if kb_id is None or row < 0:
            return
        item = self.documents.item(row, 0)
        if item is None:
            return
        doc_id, name = str(item.data(Qt.ItemDataRole.UserRole)), item.text()
        if not self.confirm(tr("kb.confirm_remove_title"), tr("kb.confirm_remove", name=name)):
            return
        self.background.run(
            lambda: self.services.knowledge_bases.remove_document(kb_id, doc_id),
            lambda _: self.refresh_current(),
            self._failed,
        )

    def refresh_current(self) -> None:
        self._signature = ()
        self.refresh_progress()
        self.refresh_evaluations()

    def refresh_progress(self) -> None:
        """Read documents and jobs of the chosen knowledge base; repaint only what changed."""
        kb_id = self.current_kb_id()
        for widget in (self.add_files_button, self.add_folder_button, self.follow_button, self.delete_button):
            widget.setEnabled(kb_id is not None)
        if kb_id is None:
            self.summary.setText(tr("kb.no_kb"))
            self.documents.setRowCount(0)
            self.jobs.setRowCount(0)
            return
        try:
            jobs = self.services.knowledge_bases.jobs(kb_id, limit=200)
        except Exception:  # deleted meanwhile (by the CLI, say)
            self.refresh_knowledge_bases()
            return
        active = [j for j in jobs if j.state not in ("published", "failed", "cancelled")]
        signature = tuple((j.id, j.state, j.done_units) for j in jobs[:50])
        if signature != self._signature:
            self._signature = signature
            self._fill_documents(kb_id)
            self._fill_jobs(jobs)
        self._show_overall(jobs, active)
        self.timer.setInterval(ACTIVE_POLL_MS if active else IDLE_POLL_MS)

    def _fill_documents(self, kb_id: str) -> None:
        documents = self.services.knowledge_bases.documents(kb_id)
        summary = next((s for s in self.services.knowledge_bases.summaries() if s.id == kb_id), None)
        if summary is not None:
            watching = tr("kb.watching", path=summary.watch_path) if summary.watch_path else ""
            self.summary.setText(
                tr("kb.summary", documents=summary.documents, chunks=summary.chunks, watching=watching)
            )
            self.follow_button.setText(tr("kb.unfollow") if summary.watch_path else tr("kb.follow"))
        self.documents.setRowCount(len(documents))
        for row, d in enumerate(documents):
            name = QTableWidgetItem(d.name)
            name.setData(Qt.ItemDataRole.UserRole, d.id)
            name.setToolTip(d.source_path or d.name)
            newer = d.version is not None and d.latest_version != d.version
            status = f"{d.status} (v{d.latest_version})" if newer else d.status
            cells = [name, QTableWidgetItem(f"v{d.version}" if d.version else "–"), QTableWidgetItem(status)]
            cells += [QTableWidgetItem(str(d.chunks)), QTableWidgetItem(d.error or "")]
            if d.error:
                cells[4].setToolTip(d.error)
            for column, cell in enumerate(cells):
                self.documents.setItem(row, column, cell)

    def _fill_jobs(self, jobs: list[Any]) -> None:
        self.jobs.setRowCount(len(jobs))
        for row, job in enumerate(jobs):
            self.jobs.setItem(row, 0, QTableWidgetItem(f"{job.document} (v{job.version})"))
            self.jobs.setItem(row, 1, QTableWidgetItem(job.state))
            bar = QProgressBar()
            bar.setRange(0, 100)
            bar.setValue(round(job.progress * 100))
            self.jobs.setCellWidget(row, 2, bar)
            self.jobs.setItem(row, 3, QTableWidgetItem(job.error or job.message))

    def _show_overall(self, jobs: list[Any], active: list[Any]) -> None:
        if not active:
            self.overall.setValue(100 if jobs else 0)
            if self.status.text().startswith(tr("kb.indexing", done="", total="").split(":")[0]):
                self.status.setText(tr("kb.idle"))
            return
        batch = [j for j in jobs if j.created_at >= min(a.created_at for a in active)]
        done = sum(1 for j in batch if j.state in ("published", "failed", "cancelled"))
        fraction = (done + sum(j.progress for j in active)) / max(len(batch), 1)
        self.overall.setValue(round(fraction * 100))
        self.status.setText(tr("kb.indexing", done=done, total=len(batch)))

    # -- search and evaluation -------------------------------------------------------------------

    def run_search(self) -> None:
        kb_id = self.current_kb_id()
        query = self.query.text().strip()
        if kb_id is None or not query:
            return
        mode = self.mode.currentText()
        self.search_button.setEnabled(False)
        self.background.run(
            lambda: self.services.knowledge.search.search(kb_id, query, 8, mode),
            self._show_hits,
            self._search_failed,
        )

    def _show_hits(self, hits: list[Hit]) -> None:
        self.search_button.setEnabled(True)
        self.hits = hits
        if not hits:
            self.results.setPlainText(tr("kb.no_hits"))
        parts = []
        for number, hit in enumerate(hits, start=1):
            scores = " · ".join(f"{name} {value:.3f}" for name, value in hit.scores.items())
            parts.append(
                f"<p><b>[{number}] {html.escape(hit.document)}</b> — {html.escape(hit.location_label)}"
                f"<br><small>{html.escape(scores)}</small><br>{html.escape(hit.text[:700])}</p>"
            )
        if parts:
            self.results.setHtml("".join(parts))
        self.search_finished.emit(len(hits))

    def _search_failed(self, exc: BaseException) -> None:
        self.search_button.setEnabled(True)
        self.results.setPlainText(str(exc))
        self.search_finished.emit(-1)

    def refresh_evaluations(self) -> None:
        kb_id = self.current_kb_id()
        runs = self.services.knowledge.evaluation.history(kb_id) if kb_id else []
        self.evaluations.setRowCount(len(runs))
        series: dict[str, list[float]] = {"nDCG@10": [], "recall@k": [], "MRR@k": []}
        for row, run in enumerate(runs):
            recall = next((v for k, v in run.metrics.items() if k.startswith("recall@")), 0.0)
            mrr = next((v for k, v in run.metrics.items() if k.startswith("MRR")), 0.0)
            ndcg = run.metrics.get("nDCG@10", 0.0)
            for key, metric in (("nDCG@10", ndcg), ("recall@k", recall), ("MRR@k", mrr)):
                series[key].append(metric)
            cells = [run.created_at[:16].replace("T", " "), run.mode, str(run.k), str(run.query_count)]
            cells += [f"{ndcg:.4f}", f"{recall:.4f}", f"{mrr:.4f}"]
            for column, text in enumerate(cells):
                self.evaluations.setItem(row, column, QTableWidgetItem(text))
        self.chart.set_runs([f"#{n} {r.mode}" for n, r in enumerate(runs, start=1)], series)

    def run_evaluation(self, queries: str, qrels: str, mode: str = "hybrid", k: int = 10) -> None:
        kb_id = self.current_kb_id()
        if kb_id is None:
            return
        self.status.setText(tr("kb.evaluating"))
        self.background.run(
            lambda: self.services.knowledge.evaluation.evaluate(kb_id, Path(queries), Path(qrels), k, mode),
            self._evaluated,
            self._evaluation_failed,
        )

    def _evaluated(self, report: Any) -> None:
        metrics = ", ".join(f"{name} {value:.4f}" for name, value in report.metrics.items())
        self.status.setText(f"{report.queries} queries: {metrics}")
        self.refresh_evaluations()
        self.evaluation_finished.emit()

    def _evaluation_failed(self, exc: BaseException) -> None:
        self._failed(exc)
        self.evaluation_finished.emit()

    # -- files and folders ------------------------------------------------------------------------

    def _pick_files(self) -> None:
        paths, _ = QFileDialog.getOpenFileNames(self, tr("kb.add_files"))
        if paths:
            self.add_paths(paths)

    def _pick_folder(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, tr("kb.add_folder"))
        if folder:
            self.add_paths([folder])

    def _pick_watch_folder(self) -> None:
        kb_id = self.current_kb_id()
        if kb_id is None:
            return
        if self.services.knowledge_bases.watch_path(kb_id):
            self.services.knowledge_bases.watch(kb_id, None)
            self.refresh_current()
            return
        folder = QFileDialog.getExistingDirectory(self, tr("kb.follow"))
        if folder:
            self.follow_folder(folder)

    def follow_folder(self, folder: str) -> None:
        kb_id = self.current_kb_id()
        if kb_id is None:
            return
        from mira_desktop.services.knowledge.indexing.folder_sync import sync_folder

        def follow() -> Any:
            path = self.services.knowledge_bases.watch(kb_id, folder)
            assert path is not None
            return sync_folder(kb_id, path, self.services.knowledge_bases, self.services.knowledge.queue)

        self.background.run(follow, lambda result: self._queued(_Queued(result.queued)), self._failed)

    def _pick_evaluation_files(self) -> None:
        queries, _ = QFileDialog.getOpenFileName(
            self, tr("kb.pick_queries"), "", "JSON lines (*.jsonl);;All files (*)"
        )
        if not queries:
            return
        qrels, _ = QFileDialog.getOpenFileName(self, tr("kb.pick_qrels"), "", "TSV (*.tsv);;All files (*)")
        if qrels:
            self.run_evaluation(queries, qrels, self.mode.currentText())

    def _failed(self, exc: BaseException) -> None:
        self.status.setText(str(exc))
        self.refresh_current()

    # -- drag and drop ----------------------------------------------------------------------------

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:  # noqa: N802 (Qt's name)
        if event.mimeData().hasUrls() and any(url.isLocalFile() for url in event.mimeData().urls()):
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:  # noqa: N802 (Qt's name)
        paths = [url.toLocalFile() for url in event.mimeData().urls() if url.isLocalFile()]
        if paths:
            event.acceptProposedAction()
            self.add_paths(paths)

    def closeEvent(self, event: Any) -> None:  # noqa: N802 (Qt's name)
        self.timer.stop()
        super().closeEvent(event)


class _Queued:
    """The shape ``_queued`` reads, for a folder sync."""

    def __init__(self, jobs: list[str]) -> None:
        self.jobs = jobs
        self.unchanged: list[str] = []
