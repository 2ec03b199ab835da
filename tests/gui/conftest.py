"""GUI tests: shared fixtures, and a failure when a test leaves a thread running."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from PySide6.QtWidgets import QApplication

    from mira_desktop.services.app.bundle import AppServices
    from mira_desktop.ui.changes import ChangeSignal
    from mira_desktop.ui.operations import OperationRunner


@pytest.fixture(scope="session", autouse=True)
def collect_on_the_ui_thread(qapp: QApplication) -> Iterator[None]:
    """As the window's start does: Python's garbage collector runs on the UI thread only."""
    from mira_desktop.ui.garbage_collection import install

    collector = install(qapp)
    yield
    collector.stop()


@pytest.fixture(scope="session")
def heavy_libraries_loaded(tmp_path_factory: pytest.TempPathFactory) -> None:
    """Load the embedding model, LanceDB and Tantivy once, before the leak check counts threads:
    their process-wide helper threads (LanceDB's event loop, tqdm's monitor) live as long as the
    process."""
    from mira_desktop.app import build_services

    services = build_services(tmp_path_factory.mktemp("warm"))
    try:
        kb = services.knowledge_bases.create("warm")
        note = tmp_path_factory.mktemp("notes") / "warm.txt"
        note.write_text("warm up")
        services.knowledge.queue.add(kb.id, [str(note)])
        services.knowledge.queue.run(kb.id)
        services.knowledge.search.search(kb.id, "warm", 1)
    finally:
        services.close()


@pytest.fixture(autouse=True)
def no_leaked_threads() -> Iterator[None]:
    before = {t.ident for t in threading.enumerate()}
    yield
    deadline = time.monotonic() + 5
    while True:
        leaked = [t for t in threading.enumerate() if t.ident not in before and t.is_alive()]
        if not leaked or time.monotonic() > deadline:
            break
        time.sleep(0.05)
    assert not leaked, f"threads left running: {[t.name for t in leaked]}"


@pytest.fixture
def app_services(data_dir: Path) -> Iterator[AppServices]:
    """The services of a fresh data folder (shared by every GUI test)."""
    from mira_desktop.app import build_services

    services = build_services(data_dir)
    yield services
    services.close()


@pytest.fixture
def runner() -> Iterator[OperationRunner]:
    """The operation runner a window would own; shut down after the test."""
    from mira_desktop.ui.operations import OperationRunner

    built = OperationRunner(lambda exc: None)
    yield built
    built.shutdown()


@pytest.fixture
def changes(app_services: AppServices) -> Iterator[ChangeSignal]:
    from mira_desktop.ui.changes import ChangeSignal

    signal = ChangeSignal(app_services.changes)
    yield signal
    signal.close()
