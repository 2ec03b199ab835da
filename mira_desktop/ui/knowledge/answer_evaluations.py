"""The answer evaluations of a knowledge base (`mira eval rag` reports), charted and listed: how often
the right document was among the sources shown, the answer held a gold answer, or the route refused."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from mira_desktop.ui.knowledge.metrics_chart import MetricsChart
from mira_desktop.ui.knowledge.tables import cell, make_table
from mira_desktop.ui.language.i18n import tr
from mira_desktop.ui.language.locale_format import format_number, format_timestamp

SERIES = ("right_source_rate", "gold_answer_rate", "wrong_refusal_rate")


class AnswerEvaluations(QWidget):
    def __init__(self) -> None:
        super().__init__()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.title = QLabel(tr("kb.rag_title"))
        self.title.setObjectName("sectionTitle")
        self.title.setWordWrap(True)
        layout.addWidget(self.title)
        self.chart = MetricsChart()
        layout.addWidget(self.chart)
        self.table = make_table(
            [
                tr("kb.eval_run"),
                tr("kb.rag_config"),
                tr("kb.eval_queries"),
                tr("kb.rag_right_source"),
                tr("kb.rag_gold_answer"),
                tr("kb.rag_wrong_refusal"),
                tr("kb.rag_total_p50"),
            ]
        )
        layout.addWidget(self.table, 1)
        self.empty = QLabel(tr("kb.rag_empty"))
        self.empty.setWordWrap(True)
        layout.addWidget(self.empty)

    def show_reports(self, reports: list[dict[str, Any]]) -> None:
        """``reports`` newest first, as the service keeps them; the chart runs oldest to newest."""
        oldest_first = list(reversed(reports))
        self.table.setRowCount(len(reports))
        for row, report in enumerate(reports):
            metrics = report.get("metrics") or {}
            texts = [
                format_timestamp(str(report.get("created_at", ""))),
                str(report.get("config", "default")),
                format_number(int(metrics.get("queries", 0))),
                _share(metrics.get("right_source_rate")),
                _share(metrics.get("gold_answer_rate")),
                _share(metrics.get("wrong_refusal_rate")),
                _ms(metrics.get("total_p50_ms")),
            ]
            for column, text in enumerate(texts):
                self.table.setItem(row, column, cell(text))
        labels = [f"#{n} {r.get('config', 'default')}" for n, r in enumerate(oldest_first, start=1)]
        series = {
            tr(f"kb.rag_{name.removesuffix('_rate')}"): [
                float((r.get("metrics") or {}).get(name) or 0.0) for r in oldest_first
            ]
            for name in SERIES
        }
        self.chart.set_runs(labels, series)
        self.chart.setVisible(bool(reports))
        self.table.setVisible(bool(reports))
        self.empty.setVisible(not reports)


def _share(value: Any) -> str:
    return "–" if value is None else f"{float(value):.0%}"


def _ms(value: Any) -> str:
    return "–" if value is None else format_number(round(float(value))) + " ms"
