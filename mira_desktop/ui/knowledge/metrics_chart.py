"""A small line chart of evaluation metrics across runs, painted with QPainter (no QtCharts needed)."""

from __future__ import annotations

import itertools

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from mira_desktop.ui.language.i18n import tr

COLORS = ("#2f6fde", "#d9822b", "#2e9e5b", "#a34fc9")


class MetricsChart(QWidget):
    """One line per metric (values 0–1), one point per run, oldest on the left."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setMinimumHeight(160)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.series: dict[str, list[float]] = {}
        self.labels: list[str] = []

    def set_runs(self, labels: list[str], series: dict[str, list[float]]) -> None:
        self.labels = labels
        self.series = series
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt's name)
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        area = QRectF(self.rect()).adjusted(36, 10, -12, -34)
        painter.setPen(QPen(QColor("#9aa0a6"), 1))
        painter.drawRect(area)
        for tick in (0.0, 0.5, 1.0):
            y = area.bottom() - tick * area.height()
            painter.drawText(QRectF(0, y - 8, 32, 16), Qt.AlignmentFlag.AlignRight, f"{tick:.1f}")
        if not self.labels:
            painter.drawText(area, Qt.AlignmentFlag.AlignCenter, tr("kb.no_eval_runs"))
            painter.end()
            return
        count = len(self.labels)

        def point(index: int, value: float) -> QPointF:
            x = area.left() + (area.width() * (index + 0.5) / count)
            return QPointF(x, area.bottom() - max(0.0, min(1.0, value)) * area.height())

        for number, (name, values) in enumerate(self.series.items()):
            color = QColor(COLORS[number % len(COLORS)])
            painter.setPen(QPen(color, 2))
            points = [point(i, v) for i, v in enumerate(values)]
            for a, b in itertools.pairwise(points):
                painter.drawLine(a, b)
            for p in points:
                painter.drawEllipse(p, 3, 3)
            painter.drawText(QPointF(area.left() + 6 + number * 110, area.bottom() + 28), name)
        painter.setPen(QPen(QColor("#5f6368"), 1))
        for i, label in enumerate(self.labels):
            x = point(i, 0).x()
            painter.drawText(QRectF(x - 40, area.bottom() + 2, 80, 14), Qt.AlignmentFlag.AlignCenter, label)
        painter.end()
