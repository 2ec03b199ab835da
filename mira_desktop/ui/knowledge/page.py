"""The Knowledge window: knowledge bases on the left; on the right the chosen base's header, its
indexing progress and four tabs (documents, jobs, search, evaluation), one module each.

Everything it shows is read in the background and re-read when the services announce a change of
knowledge bases or indexing (the background indexer publishes every step of a job), so progress,
counts and hints are always current and no timer polls the database.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QCloseEvent, QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QProgressBar,
    QPushButton,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from mira_desktop.core.changes import Topic
from mira_desktop.ui.knowledge import embedder_row, reindexing
from mira_desktop.ui.knowledge.document_actions import DocumentActions
from mira_desktop.ui.knowledge.documents_tab import DocumentsTab
from mira_desktop.ui.knowledge.evaluation_tab import EvaluationTab
from mira_desktop.ui.knowledge.jobs_tab import JobsTab
from mira_desktop.ui.knowledge.search_actions import SearchActions
from mira_desktop.ui.knowledge.search_tab import SearchTab
from mira_desktop.ui.language.i18n import explain, tr
from mira_desktop.ui.runtime.changes import Follow

if TYPE_CHECKING:
    from mira_desktop.services.app.bundle import AppServices
    from mira_desktop.services.knowledge.bases import DocumentView, JobView, KnowledgeBaseSummary
    from mira_desktop.services.knowledge.embedders import EmbedderChoice
    from mira_desktop.services.knowledge.evaluation import EvaluationRun
    from mira_desktop.services.knowledge.search import Hit
    from mira_desktop.ui.runtime.changes import ChangeSignal
    from mira_desktop.ui.runtime.operations import OperationRunner

FINISHED = ("published", "failed", "cancelled")


@dataclass(frozen=True)
class _Snapshot:
    """What the window shows, read in one go off the UI thread."""

    bases: list[KnowledgeBaseSummary]
    kb_id: str | None
    documents: list[DocumentView] = field(default_factory=list)
    jobs: list[JobView] = field(default_factory=list)
    evaluations: list[EvaluationRun] = field(default_factory=list)
    answer_reports: list[dict[str, Any]] = field(default_factory=list)  # `mira eval rag`, newest first
    embedders: list[EmbedderChoice] = field(default_factory=list)  # what a base can be built with
    embedder: str = ""  # the chosen base's
    rebuilding: bool = False  # its index is being built again with another embedder


class KnowledgePage(DocumentActions, SearchActions, QWidget):
    knowledge_bases_changed = Signal()
    refreshed = Signal()
    search_finished = Signal(int)
    evaluation_finished = Signal()

    def __init__(
        self,
        services: AppServices,
        runner: OperationRunner,
        changes: ChangeSignal,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.services = services
        self.runner = runner
        self._selected: str | None = None
        self._message = ""  # the last thing an action of the user said (queued, failed …)
        self._loading = False
        self._reload_again = False
        self._embedder_choices: list[EmbedderChoice] = []
        self.ask_password = reindexing.ask_password  # the password dialog (replaced in tests)
        self._base_names: dict[str, str] = {}
        self.setAcceptDrops(True)
        splitter = QSplitter(Qt.Orientation.Horizontal, self)
        splitter.addWidget(self._build_sidebar())
        splitter.addWidget(self._build_main())
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([260, 840])
        layout = QVBoxLayout(self)
        layout.addWidget(splitter)
        self._live: dict[str, Any] = {}  # kb id → the last IndexProgress the indexer published
        self._follow = Follow(self, changes, {Topic.KNOWLEDGE_BASES, Topic.INDEX}, self._index_changed)
        services.knowledge.indexer.start()
        self.reload()

    # -- layout -----------------------------------------------------------------------------------
    def _build_sidebar(self) -> QWidget:
        box = QWidget()
        layout = QVBoxLayout(box)
        layout.addWidget(QLabel(tr("kb.title")))
        self.kb_list = QListWidget()
        self.kb_list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.kb_list.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.kb_list.currentItemChanged.connect(self._picked)
        layout.addWidget(self.kb_list, 1)
        self.new_name = QLineEdit()
        self.new_name.setPlaceholderText(tr("kb.new_name"))
        self.new_name.returnPressed.connect(self.create_knowledge_base)
        self.new_embedder = QComboBox()  # the new base's embedder (the default follows the language)
        self.new_embedder.setObjectName("newEmbedder")
        self.new_embedder.setToolTip(tr("win.embedder_new_tip"))
        self._embedder_chosen = False  # the person picked one: reloads keep their choice
        self.new_embedder.activated.connect(lambda _i: setattr(self, "_embedder_chosen", True))
        self.create_button = QPushButton(tr("kb.create"))
        self.create_button.clicked.connect(self.create_knowledge_base)
        self.delete_button = QPushButton(tr("kb.delete"))
        self.delete_button.clicked.connect(self.delete_current)
        layout.addWidget(self.new_name)
        layout.addWidget(self.new_embedder)
        row = QHBoxLayout()
        row.addWidget(self.create_button)
        row.addWidget(self.delete_button)
        layout.addLayout(row)
        return box

    def _build_main(self) -> QWidget:
        box = QWidget()
        layout = QVBoxLayout(box)
        self.summary = QLabel("")
        self.summary.setWordWrap(True)
        layout.addWidget(self.summary)
        layout.addWidget(self._build_embedder_row())
        layout.addLayout(self._build_buttons())
        hint = QLabel(tr("kb.drop_hint"))
        hint.setWordWrap(True)
        hint.setObjectName("hint")
        layout.addWidget(hint)
        self.overall = QProgressBar()
        self.overall.setRange(0, 100)
        self.status = QLabel("")
        self.status.setWordWrap(True)
        layout.addWidget(self.overall)
        layout.addWidget(self.status)
        self.documents_tab = DocumentsTab()
        self.documents_tab.remove_button.clicked.connect(self.remove_selected_document)
        self.documents_tab.reindex_requested.connect(lambda doc_id: self.reindex([doc_id]))
        self.documents_tab.password_requested.connect(self.index_with_password)
        self.jobs_tab = JobsTab()
        self.search_tab = SearchTab()
        self.search_tab.search_requested.connect(self.search)
        self.evaluation_tab = EvaluationTab()
        self.evaluation_tab.evaluation_requested.connect(
            lambda queries, qrels: self.run_evaluation(
                queries, qrels, str(self.search_tab.mode.currentData())
            )
        )
        self.tabs = QTabWidget()
        self.tabs.addTab(self.documents_tab, tr("kb.tab_docs"))
        self.tabs.addTab(self.jobs_tab, tr("kb.tab_jobs"))
        self.tabs.addTab(self.search_tab, tr("kb.tab_search"))
        self.tabs.addTab(self.evaluation_tab, tr("kb.tab_eval"))
        layout.addWidget(self.tabs, 1)
        # The tabs' widgets under the names the window's tests and scripts use.
        self.documents = self.documents_tab.table
        self.jobs = self.jobs_tab.table
        self.query = self.search_tab.query
        self.mode = self.search_tab.mode
        self.search_button = self.search_tab.button
        self.results = self.search_tab.results
        self.evaluations = self.evaluation_tab.table
        self.chart = self.evaluation_tab.chart
        return box

    def _build_buttons(self) -> QHBoxLayout:
        buttons = QHBoxLayout()
        self.add_files_button = QPushButton(tr("kb.add_files"))
        self.add_files_button.clicked.connect(self._pick_files)
        self.add_folder_button = QPushButton(tr("kb.add_folder"))
        self.add_folder_button.clicked.connect(self._pick_folder)
        self.follow_button = QPushButton(tr("kb.follow"))
        self.follow_button.clicked.connect(self._toggle_follow)
        self.cancel_button = QPushButton(tr("kb.cancel"))
        self.cancel_button.clicked.connect(self.cancel_indexing)
        self.reindex_all_button = QPushButton(tr("win.kb_reindex_all"))
        self.reindex_all_button.setToolTip(tr("win.kb_reindex_all_tip"))
        self.reindex_all_button.clicked.connect(lambda: self.reindex(None))
        for button in (
            self.add_files_button,
            self.add_folder_button,
            self.follow_button,
            self.cancel_button,
            self.reindex_all_button,
        ):
            buttons.addWidget(button)
        buttons.addStretch(1)
        return buttons

    def _build_embedder_row(self) -> QWidget:
        self.embedder_row = embedder_row.EmbedderRow()
        self.embedder_row.switch_requested.connect(self.switch_embedder)
        return self.embedder_row

    @property
    def hits(self) -> list[Hit]:
        return self.search_tab.hits

    # -- reading ----------------------------------------------------------------------------------
    def current_kb_id(self) -> str | None:
        return self._selected

    def refresh_knowledge_bases(self, select: str | None = None) -> None:
        """Re-read everything (and choose ``select``)."""
        if select is not None:
            self._selected = select
        self.reload()

    def reload(self) -> None:
        if self._loading:
            self._reload_again = True
            return
        self._loading = True
        wanted = self._selected
        bases_service = self.services.knowledge_bases
        history = self.services.knowledge.evaluation.history
        answer_history = self.services.knowledge.rag_evaluations.history
        embedders, indexes = self.services.knowledge.embedders, self.services.knowledge.indexes

        def load() -> _Snapshot:
            bases = bases_service.summaries()
            kb_id = wanted if any(b.id == wanted for b in bases) else (bases[0].id if bases else None)
            choices = embedders.choices()
            if kb_id is None:
                return _Snapshot(bases, None, embedders=choices)
            return _Snapshot(
                bases,
                kb_id,
                bases_service.documents(kb_id),
                bases_service.jobs(kb_id, limit=200),
                history(kb_id),
                answer_history(kb_id),
                choices,
                embedders.name_for(kb_id),
                indexes.needs_rebuild(kb_id),
            )

        self.runner.op(self, load).success(self._show).failure(self._load_failed).run()

    def _index_changed(self, changes: list[Any]) -> None:
        """Reload; and keep each run's latest step, which says how far embedding is between the
        checkpoints that write a job's progress (a job under one checkpoint stayed at 5 %)."""
        for change in changes:
            progress = change.data.get("progress") if isinstance(change.data, dict) else None
            if progress is not None and getattr(progress, "kb_id", None):
                self._live[progress.kb_id] = progress
        self.reload()

    def _with_live_progress(self, jobs: list[JobView], kb_id: str | None) -> list[JobView]:
        """``jobs`` with an embedding job's progress as far as the running embedding has got."""
        live = self._live.get(kb_id or "")
        if live is None or not live.leaves_total or live.state != "embedding":
            return jobs
        embedded = 0.05 + 0.9 * min(live.leaves_done / live.leaves_total, 1.0)
        return [
            replace(j, progress=max(j.progress, embedded)) if j.state == "embedding" else j for j in jobs
        ]

    def _load_failed(self, exc: BaseException) -> None:
        self._loading = False
        self._say(explain(exc))

    def _show(self, snapshot: _Snapshot) -> None:
        self._loading = False
        if self._reload_again:
            self._reload_again = False
            self.reload()
        self._selected = snapshot.kb_id
        self._base_names = {b.id: b.name for b in snapshot.bases}
        self.kb_list.blockSignals(True)
        self.kb_list.clear()
        for base in snapshot.bases:
            item = QListWidgetItem(tr("kb.list_item", name=base.name, documents=base.documents))
            item.setToolTip(tr("kb.list_tip", name=base.name, documents=base.documents, chunks=base.chunks))
            item.setData(Qt.ItemDataRole.UserRole, base.id)
            self.kb_list.addItem(item)
            if base.id == snapshot.kb_id:
                self.kb_list.setCurrentItem(item)
        self.kb_list.blockSignals(False)
        current = next((b for b in snapshot.bases if b.id == snapshot.kb_id), None)
        self._show_header(current, bool(snapshot.bases))
        self._show_embedders(snapshot, current is not None)
        self.documents_tab.show_documents(snapshot.documents)
        jobs = self._with_live_progress(snapshot.jobs, snapshot.kb_id)
        self.jobs_tab.show_jobs(jobs)
        self.evaluation_tab.show_runs(snapshot.evaluations)
        self.evaluation_tab.answers.show_reports(snapshot.answer_reports)
        failed = sum(1 for d in snapshot.documents if d.status == "failed")
        self._show_progress(jobs, current is not None, failed)
        self.refreshed.emit()

    def _show_header(self, current: KnowledgeBaseSummary | None, any_base: bool) -> None:
        for widget in (
            self.add_files_button,
            self.add_folder_button,
            self.follow_button,
            self.delete_button,
            self.reindex_all_button,
        ):
            widget.setEnabled(current is not None)
        self.search_tab.setEnabled(current is not None)
        self.evaluation_tab.setEnabled(current is not None)
        if current is None:
            self.summary.setText(tr("kb.no_kb") if any_base else tr("kb.no_bases"))
            self.follow_button.setText(tr("kb.follow"))
            return
        watching = tr("kb.watching", path=current.watch_path) if current.watch_path else ""
        self.summary.setText(
            tr(
                "kb.summary",
                name=current.name,
                documents=current.documents,
                chunks=current.chunks,
                watching=watching,
            )
        )
        self.follow_button.setText(tr("kb.unfollow") if current.watch_path else tr("kb.follow"))

    def _show_embedders(self, snapshot: _Snapshot, has_base: bool) -> None:
        self._embedder_choices = snapshot.embedders
        chosen = self.new_embedder.currentData() if self._embedder_chosen else None
        default = embedder_row.default_embedder(snapshot.embedders)
        embedder_row.fill(self.new_embedder, snapshot.embedders, chosen or default)
        self.embedder_row.setVisible(has_base)
        if has_base:
            self.embedder_row.show_embedder(snapshot.embedders, snapshot.embedder, snapshot.rebuilding)

    def _show_progress(self, jobs: list[JobView], has_base: bool, failed: int = 0) -> None:
        active = [j for j in jobs if j.state not in FINISHED]
        self.cancel_button.setEnabled(bool(active))
        self.overall.setVisible(has_base and bool(jobs))  # no base, or nothing indexed yet: no bar at 0 %
        if not has_base:
            self.overall.setValue(0)
            self.status.setText(self._message)
            return
        if not active:
            self.overall.setValue(100 if jobs else 0)
            idle = (
                tr("kb.idle_failed", count=failed)
                if failed
                else tr("kb.idle")
                if jobs
                else tr("kb.nothing_yet")
            )
            self.status.setText(self._message or idle)
            return
        batch = [j for j in jobs if j.created_at >= min(a.created_at for a in active)]
        done = sum(1 for j in batch if j.state in FINISHED)
        fraction = (done + sum(j.progress for j in active)) / max(len(batch), 1)
        self.overall.setValue(round(fraction * 100))
        self._message = ""
        status = tr("kb.indexing", done=done, total=len(batch))
        # The document being read and how far it is: the line moves with the bar, never frozen on
        # "1 of 8 finished" while one large file goes from 17 % to 86 %.
        running = max(active, key=lambda j: j.progress)
        now = tr("kb.indexing_doc", document=running.document, percent=round(running.progress * 100))
        self.status.setText(f"{status} · {now}")

    def _say(self, text: str) -> None:
        self._message = text
        self.status.setText(text)

    def _picked(self, item: QListWidgetItem | None, _previous: object = None) -> None:
        if item is not None:
            self._selected = str(item.data(Qt.ItemDataRole.UserRole))
            self._message = ""
            self.reload()

    # -- knowledge bases --------------------------------------------------------------------------
    def create_knowledge_base(self) -> None:
        name = self.new_name.text().strip()
        embedder = str(self.new_embedder.currentData() or "")
        bases, embedders = self.services.knowledge_bases, self.services.knowledge.embedders

        def create() -> Any:
            return embedder_row.create_base(bases, embedders, name, embedder)

        def created(kb: Any) -> None:
            self.new_name.clear()
            self._embedder_chosen = False
            self._selected = kb.id
            self.knowledge_bases_changed.emit()

        self.runner.op(self, create).success(created).failure(self._failed).run()

    def switch_embedder(self, embedder: str) -> None:
        """Build the chosen base's index again with ``embedder`` (the old one answers meanwhile)."""
        kb_id = self.current_kb_id()
        choice = next((c for c in self._embedder_choices if c.option.name == embedder), None)
        if kb_id is None or choice is None:
            return
        label = embedder_row.embedder_label(choice)
        if not embedder_row.ask_switch(self.confirm, self._base_names.get(kb_id, ""), label):
            self.reload()  # the picker shows the base's embedder again
            return
        set_for = self.services.knowledge.embedders.set_for  # wakes the indexer, which rebuilds
        self.runner.op(self, lambda: set_for(kb_id, embedder)).failure(self._failed).run()

    def confirm(self, title: str, text: str) -> bool:
        answer = QMessageBox.question(self, title, text)
        return answer == QMessageBox.StandardButton.Yes

    def delete_current(self) -> None:
        """Ask with what deleting the base removes and keeps (read in the background), then delete."""
        kb_id = self.current_kb_id()
        if kb_id is None:
            return
        services = self.services

        def read() -> tuple[Any, int]:
            return services.knowledge_bases.deletion_preview(kb_id), services.trash.retention_days()

        self.runner.op(self, read).success(lambda found: self._confirm_delete(kb_id, *found)).failure(
            self._failed
        ).run()

    def _confirm_delete(self, kb_id: str, preview: Any, days: int) -> None:
        text = tr(
            "kb.confirm_delete",
            name=preview.knowledge_base,
            documents=preview.documents_removed,
            threads=preview.threads_unbound,
            messages=preview.messages_kept,
            days=days,
        )
        if not self.confirm(tr("kb.confirm_delete_title"), text):
            return
        services = self.services

        def delete() -> object:
            services.knowledge.indexer.cancel(kb_id)
            return services.knowledge_bases.delete(kb_id)

        self.runner.op(self, delete).success(lambda _kb: self.knowledge_bases_changed.emit()).failure(
            self._failed
        ).run()

    def _failed(self, exc: BaseException) -> None:
        self._say(explain(exc))

    # -- drag and drop ----------------------------------------------------------------------------
    def dragEnterEvent(self, event: QDragEnterEvent) -> None:  # noqa: N802 (Qt's name)
        if event.mimeData().hasUrls() and any(url.isLocalFile() for url in event.mimeData().urls()):
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:  # noqa: N802 (Qt's name)
        paths = [url.toLocalFile() for url in event.mimeData().urls() if url.isLocalFile()]
        if paths:
            event.acceptProposedAction()
            self.add_paths(paths)

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 (Qt's name)
        self._follow.stop()
        super().closeEvent(event)
