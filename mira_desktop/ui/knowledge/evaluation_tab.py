"""The Evaluation tab: retrieval evaluations of the knowledge base on BEIR files, listed and charted,
and below them the answer evaluations of `mira eval rag`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QPushButton, QVBoxLayout, QWidget

from mira_desktop.ui.desktop import file_dialogs
from mira_desktop.ui.knowledge.answer_evaluations import AnswerEvaluations
from mira_desktop.ui.knowledge.metrics_chart import MetricsChart
from mira_desktop.ui.knowledge.tables import cell, make_table
from mira_desktop.ui.language.i18n import tr
from mira_desktop.ui.language.locale_format import format_number, format_timestamp

if TYPE_CHECKING:
    from mira_desktop.services.knowledge.evaluation import EvaluationRun


class EvaluationTab(QWidget):
    evaluation_requested = Signal(str, str)  # queries file, qrels file

    def __init__(self) -> None:
        super().__init__()
        layout = QVBoxLayout(self)
        self.chart = MetricsChart()
        layout.addWidget(self.chart)
        self.table = make_table(
            [
                tr("kb.eval_run"),
                tr("kb.eval_mode"),
                "k",
                tr("kb.eval_queries"),
                "nDCG@10",
                "Recall@k",
                "MRR@k",
            ]
        )
        layout.addWidget(self.table, 1)
        self.button = QPushButton(tr("kb.run_eval"))
        self.button.clicked.connect(self._pick_files)
        layout.addWidget(self.button, 0, Qt.AlignmentFlag.AlignLeft)
        self.answers = AnswerEvaluations()
        layout.addWidget(self.answers, 1)

    def show_runs(self, runs: list[EvaluationRun]) -> None:
        self.table.setRowCount(len(runs))
        series: dict[str, list[float]] = {"nDCG@10": [], "recall@k": [], "MRR@k": []}
        for row, run in enumerate(runs):
            recall = next((v for k, v in run.metrics.items() if k.startswith("recall@")), 0.0)
            mrr = next((v for k, v in run.metrics.items() if k.startswith("MRR")), 0.0)
            ndcg = run.metrics.get("nDCG@10", 0.0)
            for key, metric in (("nDCG@10", ndcg), ("recall@k", recall), ("MRR@k", mrr)):
                series[key].append(metric)
            texts = [format_timestamp(run.created_at), run.mode, str(run.k), format_number(run.query_count)]
            texts += [f"{ndcg:.4f}", f"{recall:.4f}", f"{mrr:.4f}"]
            for column, text in enumerate(texts):
                self.table.setItem(row, column, cell(text))
        self.chart.set_runs([f"#{n} {r.mode}" for n, r in enumerate(runs, start=1)], series)

    def _pick_files(self) -> None:
        queries, _ = file_dialogs.open_file(
            self, tr("kb.pick_queries"), "", "JSON lines (*.jsonl);;All files (*)"
        )
        if not queries:
            return
        qrels, _ = file_dialogs.open_file(self, tr("kb.pick_qrels"), "", "TSV (*.tsv);;All files (*)")
        if qrels:
            self.evaluation_requested.emit(queries, qrels)
