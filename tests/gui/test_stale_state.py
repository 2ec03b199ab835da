"""State that never goes stale: Settings → Models follows a new default and a model that has
answered (loaded) while it stays open; the welcome page says where answers come from
(tests/gui/test_newcomer_window.py)."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from mira_desktop.services.app.bundle import AppServices
from mira_desktop.services.chat.run_records import SendOptions
from mira_desktop.ui.runtime.changes import ChangeSignal
from mira_desktop.ui.runtime.operations import OperationRunner
from mira_desktop.ui.settings.models_page import ModelsPage
from tests.support.fixtures import Script


def _row(page: ModelsPage, ref: str) -> str:
    rows = {
        page.model_list.item(i).data(256): page.model_list.item(i).text()
        for i in range(page.model_list.count())
    }
    return rows.get(ref, "")


def test_the_models_tab_follows_a_new_default_and_a_model_that_answered_while_it_is_open(
    qtbot: QtBot, app_services: AppServices, runner: OperationRunner, changes: ChangeSignal, script: Script
) -> None:
    page = ModelsPage(app_services, runner, changes=changes)
    qtbot.addWidget(page)
    page.show()
    qtbot.waitUntil(
        lambda: _row(page, "local:smollm2").startswith("★"), timeout=10_000
    )  # read in the background
    chosen = script({"text": "Hello."})
    app_services.models.set_default(chosen)  # as Get models' "Use for new threads" does
    qtbot.waitUntil(lambda: _row(page, chosen).startswith("★"), timeout=10_000)
    assert not _row(page, "local:smollm2").startswith("★")
    assert "loaded" not in _row(page, "local:smollm2")
    handle = app_services.chat.send(None, "Say hi.", SendOptions(model_ref="local:smollm2"))
    assert handle.wait(120).value == "completed"  # the built-in model answered: it is loaded now
    qtbot.waitUntil(lambda: "loaded" in _row(page, "local:smollm2"), timeout=10_000)
    page.close()


def test_the_knowledge_windows_indexing_line_moves_with_the_bar(
    qtbot: QtBot, app_services: AppServices, runner: OperationRunner, changes: ChangeSignal
) -> None:
    from mira_desktop.services.knowledge.bases import JobView
    from mira_desktop.ui.knowledge.page import KnowledgePage

    def job(name: str, state: str, progress: float) -> JobView:
        return JobView(
            name, name, f"{name}.pdf", 1, state, progress, 0, 0, "", None, None, "2026-12-07T10:00:00"
        )

    app_services.knowledge_bases.create("Papers")
    page = KnowledgePage(app_services, runner, changes)
    qtbot.addWidget(page)
    page.show()
    qtbot.waitUntil(lambda: page.current_kb_id() is not None, timeout=10_000)
    jobs = [job("a", "published", 1.0), job("big", "embedding", 0.17)] + [
        job(f"q{i}", "queued", 0.0) for i in range(6)
    ]
    page._show_progress(jobs, True)
    first = (page.overall.value(), page.status.text())
    jobs[1] = job("big", "embedding", 0.86)
    page._show_progress(jobs, True)
    second = (page.overall.value(), page.status.text())
    assert first[0] < second[0]  # the bar moved …
    assert first[1] != second[1]  # … and the line with it
    assert second[1] == "Indexing: 1 of 8 jobs finished · big.pdf: 86 %"
    page.close()


def test_a_thread_on_the_default_model_names_it_in_the_sidebar_and_follows_a_new_default(
    qtbot: QtBot, app_services: AppServices, script: Script
) -> None:
    from tests.gui.support import open_window

    first = script({"text": "Hi."})
    app_services.models.set_default(first)
    handle = app_services.chat.send(None, "hello", SendOptions())
    assert handle.wait(30).value == "completed"
    assert app_services.threads.get(handle.thread_id).model_ref is None  # it follows the default
    window = open_window(qtbot, app_services, ready=True)
    listed = window.sidebar.thread_list
    subtitle = lambda: listed.item(0).text().split("\n")[1] if listed.count() else ""  # noqa: E731
    qtbot.waitUntil(lambda: subtitle() == f"default: Scripted ({first.rsplit('/', 1)[-1]})", timeout=10_000)
    app_services.models.set_default("local:smollm2")  # the default changes (another window, `mira`)
    qtbot.waitUntil(lambda: subtitle() == "default: SmolLM2-135M-Instruct", timeout=10_000)
    window.close()


def test_the_models_tab_names_a_downloaded_model_by_its_repository_and_file_not_its_path(
    qtbot: QtBot, app_services: AppServices, runner: OperationRunner, changes: ChangeSignal
) -> None:
    from tests.support.gguf_files import write_gguf

    folder = app_services.folder.models_dir / "acme" / "tiny-GGUF"
    folder.mkdir(parents=True)
    ref = app_services.models.add_local(str(write_gguf(folder / "tiny-Q4_K_M.gguf"))).ref
    page = ModelsPage(app_services, runner, changes=changes)
    qtbot.addWidget(page)
    page.show()
    qtbot.waitUntil(lambda: "acme/tiny-GGUF · tiny-Q4_K_M.gguf" in _row(page, ref), timeout=10_000)
    assert str(app_services.folder.models_dir) not in _row(page, ref)  # the path is the tooltip's
    row = next(
        page.model_list.item(i)
        for i in range(page.model_list.count())
        if page.model_list.item(i).data(256) == ref
    )
    assert row.toolTip() == ref
    assert "(local:smollm2)" not in _row(page, "local:smollm2")  # the built-in model is named once
    page.close()
