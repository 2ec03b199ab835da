"""What the Knowledge window asks of a base's index: a search shown in the Search tab, and a retrieval
evaluation from a queries and a qrels file. A mixin of :class:`~mira_desktop.ui.knowledge.page.
KnowledgePage`, which holds what it needs (as :mod:`.document_actions` is)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from mira_desktop.ui.language.i18n import explain, tr

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from mira_desktop.services.app.bundle import AppServices
    from mira_desktop.services.knowledge.search import Hit
    from mira_desktop.ui.knowledge.search_tab import SearchTab
    from mira_desktop.ui.runtime.operations import OperationRunner


class SearchActions:
    services: AppServices
    runner: OperationRunner
    search_tab: SearchTab
    search_finished: Any  # Signal(int): the hits shown, -1 for an error
    evaluation_finished: Any  # Signal()
    current_kb_id: Callable[[], str | None]
    reload: Callable[[], None]
    _say: Callable[[str], None]
    _failed: Callable[[BaseException], None]

    def search(self, query: str, mode: str) -> None:
        kb_id = self.current_kb_id()
        if kb_id is None:
            self.search_tab.show_error(tr("kb.no_kb"))
            self.search_finished.emit(-1)
            return
        search = self.services.knowledge.search.search

        def found(hits: list[Hit]) -> None:
            self.search_tab.show_hits(hits)
            self.search_finished.emit(len(hits))

        def failed(exc: BaseException) -> None:
            self.search_tab.show_error(explain(exc))
            self.search_finished.emit(-1)

        self.runner.op(cast("QWidget", self), lambda: search(kb_id, query, 8, mode)).success(found).failure(
            failed
        ).run()

    def run_evaluation(self, queries: str, qrels: str, mode: str = "hybrid", k: int = 10) -> None:
        kb_id = self.current_kb_id()
        if kb_id is None:
            return
        self._say(tr("kb.evaluating"))
        evaluate = self.services.knowledge.evaluation.evaluate

        def evaluated(report: Any) -> None:
            metrics = ", ".join(f"{name} {value:.4f}" for name, value in report.metrics.items())
            self._say(tr("kb.evaluated", queries=report.queries, metrics=metrics))
            self.reload()
            self.evaluation_finished.emit()

        def failed(exc: BaseException) -> None:
            self._failed(exc)
            self.evaluation_finished.emit()

        self.runner.op(
            cast("QWidget", self), lambda: evaluate(kb_id, Path(queries), Path(qrels), k, mode)
        ).success(evaluated).failure(failed).run()
