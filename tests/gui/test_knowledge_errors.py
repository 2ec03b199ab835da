"""The Knowledge window's errors lead somewhere: the whole reason on hover and in the details pane,
a password for an encrypted PDF (used once, saved nowhere), and indexing again."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from mira_desktop.services.app.bundle import AppServices
from mira_desktop.ui.knowledge.page import KnowledgePage
from mira_desktop.ui.runtime.changes import ChangeSignal
from mira_desktop.ui.runtime.operations import OperationRunner
from tests.conftest import SHARED_DATA
from tests.gui.support import drop_files

LOCKED = SHARED_DATA / "docs/pdf/encrypted/pdfminer__aes-256-r6.pdf"  # "Hello World" behind "usersecret"
PASSWORD = "usersecret"


@pytest.fixture(autouse=True)
def _warm(heavy_libraries_loaded: None) -> None:
    """Every test here indexes."""


def _page(
    qtbot: QtBot, services: AppServices, runner: OperationRunner, changes: ChangeSignal
) -> KnowledgePage:
    page = KnowledgePage(services, runner, changes)
    qtbot.addWidget(page)
    page.show()
    qtbot.waitUntil(lambda: page.summary.text() != "", timeout=10_000)
    return page


def _status(page: KnowledgePage, name: str) -> str:
    for row in range(page.documents.rowCount()):
        if page.documents.item(row, 0).text() == name:
            return page.documents.item(row, 2).text()
    return ""


def test_an_encrypted_pdf_shows_why_and_is_indexed_with_the_password_typed(
    qtbot: QtBot, app_services: AppServices, runner: OperationRunner, changes: ChangeSignal, tmp_path: Path
) -> None:
    data_dir = app_services.folder.root
    locked = tmp_path / "locked.pdf"
    shutil.copy(LOCKED, locked)
    app_services.knowledge_bases.create("Vault")
    page = _page(qtbot, app_services, runner, changes)
    drop_files(page, [locked])
    qtbot.waitUntil(lambda: _status(page, "locked.pdf") == "failed", timeout=60_000)
    error = page.documents.item(0, 4)
    assert error.text() == "Encrypted: enter its password to index it"
    assert "is encrypted with a password" in error.toolTip()  # the whole reason on hover
    page.documents.selectRow(0)
    tab = page.documents_tab
    assert tab.detail.isVisibleTo(tab)
    assert "is encrypted with a password" in tab.detail.toPlainText()  # and in the details pane
    assert tab.password_button.isVisibleTo(tab)

    asked: list[str] = []
    page.ask_password = lambda _parent, name: asked.append(name) or "wrong"
    tab.password_button.click()
    qtbot.waitUntil(lambda: "did not open" in page.documents.item(0, 4).toolTip(), timeout=60_000)
    assert asked == ["locked.pdf"]

    page.ask_password = lambda _parent, _name: PASSWORD
    page.documents.selectRow(0)
    tab.password_button.click()
    qtbot.waitUntil(lambda: _status(page, "locked.pdf") == "published", timeout=60_000)
    hits = app_services.knowledge.search.search(page.current_kb_id() or "", "hello world", 1)
    assert "Hello World" in hits[0].text
    for path in data_dir.rglob("*"):  # database, WAL, logs, index, stored copies
        if path.is_file():
            assert PASSWORD.encode() not in path.read_bytes(), path
    assert not tab.password_button.isVisibleTo(tab)
    page.close()


def test_index_all_again_builds_new_versions_that_replace_the_current_ones(
    qtbot: QtBot, app_services: AppServices, runner: OperationRunner, changes: ChangeSignal, tmp_path: Path
) -> None:
    note = tmp_path / "note.md"
    note.write_text("# Note\n\nThe ﬁrst oﬃce opened in ＴＯＫＹＯ.\n")
    app_services.knowledge_bases.create("Notes")
    page = _page(qtbot, app_services, runner, changes)
    drop_files(page, [note])
    qtbot.waitUntil(lambda: _status(page, "note.md") == "published", timeout=60_000)
    assert page.reindex_all_button.isEnabled()
    page.reindex_all_button.click()
    qtbot.waitUntil(lambda: "Indexing 1 document again." in page.status.text() or page.jobs.rowCount() == 2)
    qtbot.waitUntil(
        lambda: page.jobs.rowCount() == 2 and page.documents.item(0, 1).text() == "v2", timeout=60_000
    )
    assert _status(page, "note.md") == "published"
    hit = app_services.knowledge.search.search(page.current_kb_id() or "", "first office tokyo", 1, "bm25")[0]
    assert "The first office opened in TOKYO." in hit.text
    page.close()
