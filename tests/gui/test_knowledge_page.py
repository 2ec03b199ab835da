"""The Knowledge page: create a base, drop files in, watch them index, search, evaluate, delete."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from mira_desktop.core.conversation.threads import MessageRole
from mira_desktop.services.app.bundle import AppServices
from mira_desktop.store.messages import MessageRepository
from mira_desktop.store.threads import ThreadRepository
from mira_desktop.ui.knowledge.page import KnowledgePage
from mira_desktop.ui.runtime.changes import ChangeSignal
from mira_desktop.ui.runtime.operations import OperationRunner
from tests.conftest import SHARED_DATA
from tests.gui.support import drop_files


@pytest.fixture(autouse=True)
def _warm(heavy_libraries_loaded: None) -> None:
    """Every test here indexes and searches."""


@pytest.fixture
def page(
    qtbot: QtBot, app_services: AppServices, runner: OperationRunner, changes: ChangeSignal
) -> Iterator[KnowledgePage]:
    widget = KnowledgePage(app_services, runner, changes)
    qtbot.addWidget(widget)
    widget.show()
    qtbot.waitUntil(lambda: widget.summary.text() != "", timeout=10_000)
    yield widget
    widget.close()


def _statuses(page: KnowledgePage) -> dict[str, str]:
    return {
        page.documents.item(r, 0).text(): page.documents.item(r, 2).text()
        for r in range(page.documents.rowCount())
    }


def test_dropped_files_are_indexed_with_progress_errors_and_searchable(
    qtbot: QtBot, page: KnowledgePage, app_services: AppServices, tmp_path: Path
) -> None:
    page.new_name.setText("Travel")
    page.create_button.click()
    qtbot.waitUntil(lambda: page.kb_list.count() == 1)
    qtbot.waitUntil(lambda: "Travel" in page.summary.text())
    assert page.overall.isHidden()  # nothing indexed yet: no bar standing at 0 %
    guide = tmp_path / "guide.md"
    guide.write_text("# Lisbon\n\n## Trams\n\nTram 28 climbs through Alfama past the cathedral.\n")
    locked = tmp_path / "locked.pdf"
    locked.write_bytes((SHARED_DATA / "docs/pdf/encrypted/pypdf__r2-user-password.pdf").read_bytes())
    drop_files(page, [guide, locked])

    qtbot.waitUntil(
        lambda: _statuses(page) == {"guide.md": "published", "locked.pdf": "failed"}, timeout=60_000
    )
    errors = {page.documents.item(r, 0).text(): page.documents.item(r, 4) for r in range(2)}
    assert errors["locked.pdf"].text() == "Encrypted: enter its password to index it"
    assert "encrypted" in errors["locked.pdf"].toolTip()  # the reader's whole sentence, on hover
    qtbot.waitUntil(lambda: "could not be indexed" in page.status.text())  # not "all are indexed"
    assert page.overall.value() == 100
    assert not page.overall.isHidden()
    assert page.jobs.rowCount() == 2
    assert page.jobs.cellWidget(0, 2) is not None

    page.query.setText("which tram goes through Alfama?")
    with qtbot.waitSignal(page.search_finished, timeout=30_000) as found:
        page.search_button.click()
    assert found.args[0] >= 1
    assert page.hits[0].document == "guide.md"
    assert "Tram 28" in page.results.toPlainText()
    assert "fused" in page.results.toPlainText()


def test_evaluation_runs_are_listed_and_charted(qtbot: QtBot, page: KnowledgePage, tmp_path: Path) -> None:
    corpus = tmp_path / "corpus.jsonl"
    corpus.write_text(
        "\n".join(
            json.dumps({"_id": f"d{n}", "title": title, "text": text})
            for n, (title, text) in enumerate(
                [
                    ("Volcanoes", "Lava is molten rock that erupts from volcanoes."),
                    ("Glaciers", "Glaciers are slow rivers of ice carving valleys."),
                    ("Deserts", "Deserts receive very little rain each year."),
                ]
            )
        )
        + "\n"
    )
    queries = tmp_path / "queries.jsonl"
    queries.write_text('{"_id": "q1", "text": "molten rock"}\n{"_id": "q2", "text": "rivers of ice"}\n')
    qrels = tmp_path / "qrels.tsv"
    qrels.write_text("query-id\tcorpus-id\tscore\nq1\td0\t1\nq2\td1\t1\n")
    page.new_name.setText("Earth")
    page.create_button.click()
    qtbot.waitUntil(lambda: page.current_kb_id() is not None and "Earth" in page.summary.text())
    drop_files(page, [corpus])
    qtbot.waitUntil(lambda: list(_statuses(page).values()) == ["published"] * 3, timeout=60_000)
    for mode in ("bm25", "hybrid"):
        with qtbot.waitSignal(page.evaluation_finished, timeout=60_000):
            page.run_evaluation(str(queries), str(qrels), mode)
    qtbot.waitUntil(lambda: page.evaluations.rowCount() == 2)
    assert page.evaluations.item(0, 1).text() == "bm25"
    assert float(page.evaluations.item(1, 4).text()) == pytest.approx(1.0)
    assert page.chart.series["nDCG@10"] == pytest.approx([1.0, 1.0])
    assert page.chart.labels == ["#1 bm25", "#2 hybrid"]


def test_deleting_warns_what_is_kept_and_keeps_the_threads(
    qtbot: QtBot,
    page: KnowledgePage,
    app_services: AppServices,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    kb = app_services.knowledge_bases.create("Doomed")
    thread = ThreadRepository(app_services.database).create(title="keep", knowledge_base_id=kb.id)
    MessageRepository(app_services.database).add(thread.id, MessageRole.USER, "hello")
    page.refresh_knowledge_bases(select=kb.id)
    qtbot.waitUntil(lambda: page.kb_list.count() == 1 and page.delete_button.isEnabled())
    asked: list[str] = []
    monkeypatch.setattr(page, "confirm", lambda title, text: asked.append(text) or False)
    page.delete_button.click()
    qtbot.waitUntil(lambda: len(asked) == 1)  # what it removes and keeps is read in the background
    assert "1 thread(s) with 1 message(s) stay" in asked[0]
    assert "does not touch your original files" in asked[0]
    assert "Move “Doomed” to the trash?" in asked[0]
    assert page.kb_list.count() == 1
    monkeypatch.setattr(page, "confirm", lambda title, text: True)
    with qtbot.waitSignal(page.knowledge_bases_changed, timeout=30_000):
        page.delete_button.click()
    qtbot.waitUntil(lambda: page.kb_list.count() == 0)
    assert "No knowledge bases yet" in page.summary.text()
    assert not page.cancel_button.isEnabled()
    assert app_services.threads.get(thread.id).knowledge_base_id is None
    app_services.trash.restore(kb.id)  # from the trash dialog or `mira trash restore`
    qtbot.waitUntil(lambda: page.kb_list.count() == 1)
    assert app_services.threads.get(thread.id).knowledge_base_id == kb.id


def test_answer_evaluations_are_charted_and_listed_newest_first(
    qtbot: QtBot, page: KnowledgePage, app_services: AppServices
) -> None:
    assert page.evaluation_tab.answers.table.isHidden()  # nothing measured: the hint shows
    kb = app_services.knowledge_bases.create("Manual")
    for stamp, config, right in (
        ("2026-11-30T10:00:00.000Z", "model-grading", 0.4),
        ("2026-12-01T10:00:00.000Z", "default", 0.9),
    ):
        metrics = {"queries": 20, "right_source_rate": right, "gold_answer_rate": 0.5, "wrong_refusal_rate": 0.05,
                   "total_p50_ms": 2345.6}  # fmt: skip
        app_services.knowledge.rag_evaluations.keep(
            kb.id, {"config": config, "created_at": stamp, "metrics": metrics}
        )
    page.refresh_knowledge_bases(select=kb.id)
    answers = page.evaluation_tab.answers
    qtbot.waitUntil(lambda: answers.table.rowCount() == 2, timeout=10_000)
    assert [answers.table.item(r, 1).text() for r in range(2)] == ["default", "model-grading"]
    assert answers.table.item(0, 3).text() == "90%"
    assert answers.table.item(0, 6).text().replace(",", "") == "2346 ms"  # grouped as the locale groups
    assert answers.chart.labels == ["#1 model-grading", "#2 default"]
    assert answers.chart.series["Right source shown"] == pytest.approx([0.4, 0.9])
    assert not answers.table.isHidden()
    assert answers.empty.isHidden()


def test_a_report_kept_by_mira_eval_rag_in_another_process_is_charted_without_a_click(
    qtbot: QtBot, page: KnowledgePage, app_services: AppServices, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    kb = app_services.knowledge_bases.create("Manual")
    looks: list[int] = []
    look = app_services.other_processes.check

    def counted(seen: int | None) -> int:
        looks.append(1)
        return look(seen)

    monkeypatch.setattr(app_services.other_processes, "check", counted)
    app_services.other_processes.watch(interval_s=0.1)  # as the main window does
    answers = page.evaluation_tab.answers
    qtbot.waitUntil(lambda: page.kb_list.count() == 1 and page.evaluation_tab.isEnabled())
    qtbot.waitUntil(lambda: page.runner.settled)  # every reload of the page's own start is done
    started = tmp_path / "started"
    keep = """if True:  # what `mira eval rag` does last, in its own process, once the window saw its start
        import sys
        from pathlib import Path
        from mira_desktop.app import build_services
        s = build_services(Path(sys.argv[1]))
        Path(sys.argv[3]).touch()
        sys.stdin.readline()  # the test says "go" once the window has seen the start
        report = {"config": "default", "created_at": "2026-12-01T10:00:00.000Z",
                  "metrics": {"queries": 5, "right_source_rate": 0.8}}
        s.knowledge.rag_evaluations.keep(sys.argv[2], report)
        s.close()
    """
    other = subprocess.Popen(
        [sys.executable, "-c", keep, str(app_services.folder.root), kb.id, str(started)], stdin=subprocess.PIPE
    )
    try:
        qtbot.waitUntil(started.exists, timeout=60_000)
        after_start = len(looks)
        qtbot.waitUntil(lambda: len(looks) >= after_start + 2)  # the window has looked since the start…
        qtbot.waitUntil(lambda: page.runner.settled)  # …and shown what it found
    finally:
        assert other.stdin is not None
        other.stdin.write(b"go\n")
        other.stdin.close()
    qtbot.waitUntil(lambda: other.poll() is not None, timeout=60_000)
    assert other.returncode == 0
    qtbot.waitUntil(lambda: answers.table.rowCount() == 1, timeout=10_000)
    assert answers.table.item(0, 3).text() == "80%"
