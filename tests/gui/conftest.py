"""GUI tests: shared fixtures, and a failure when a test leaves a thread running or Qt warns.

Besides the ``failures`` fixture of tests/conftest.py (an ERROR notification or a crash report fails
a test), every Qt warning, critical or fatal message fails the test that caused it (``qt_messages``;
the few known-harmless ones are listed in ``HARMLESS_QT_MESSAGES`` with the reason), so does a
database or keyring call that Mira's UI makes on the UI thread (``ui_thread_calls``, see
tests/support/ui_thread_guard.py), and the ``runner`` fixture's operations fail the test on a failure
no callback shows.
"""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from PySide6.QtCore import QMessageLogContext, QtMsgType
    from PySide6.QtWidgets import QApplication

    from mira_desktop.core.errors import InternalError
    from mira_desktop.services.app.bundle import AppServices
    from mira_desktop.ui.runtime.changes import ChangeSignal
    from mira_desktop.ui.runtime.operations import OperationRunner
    from tests.support.failures import Failures
    from tests.support.ui_thread_guard import UiThreadCalls

# (the Qt platform it is harmless on, "" for any; its category; a regex on the whole message; why).
# Keep each one narrow: a new warning is a bug until someone reads it and writes here why it is not.
HARMLESS_QT_MESSAGES: list[tuple[str, str, str, str]] = [
    (
        "offscreen",
        "default",
        r"This plugin does not support (propagateSizeHints|raise)\(\)",
        "The offscreen platform the tests run on has no window manager: every QWidget.show() passes size"
        " hints (QWidgetPrivate::setVisible), and a window Mira brings to the front calls raise(). A real"
        " screen (xcb, wayland) supports both.",
    ),
    (
        "",
        "qt.multimedia.symbolsresolver",
        r"Couldn't (load|resolve) (pipewire-0\.3|va-x11|va-drm|va|va\(in plugin\)) (library|symbols)",
        "Qt Multimedia's FFmpeg backend looks for optional libraries when the speech player is first"
        " made: PipeWire (screen capture) and VA-API (hardware video decoding). Neither is installed"
        " here and Mira uses neither: it plays WAV speech, decoded in software.",
    ),
    (
        "",
        "default",
        r"PulseAudioService: pa_context_connect\(\) failed",
        "The test machine runs no sound server. The speech player is still made and loads the answer"
        " (what the tests check); on a desktop PulseAudio or PipeWire's pulse server answers.",
    ),
]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """pytest-qt's own capture would replace ``qt_messages``' handler during each test (and drop it
    before the tear-down); ``qt_messages`` records for the whole test instead."""
    gui = Path(__file__).parent
    for item in items:
        if item.path.is_relative_to(gui):
            item.add_marker(pytest.mark.no_qt_log)


class QtMessages:
    """The Qt warnings, criticals and fatals of one test (``qt_messages``); each fails it unless taken."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._seen: list[str] = []

    def record(self, line: str) -> None:
        with self._lock:
            self._seen.append(line)

    def expect(self, pattern: str) -> list[str]:
        """Take the messages matching ``pattern`` (``re.search``) that a test provokes on purpose."""
        with self._lock:
            taken = [line for line in self._seen if re.search(pattern, line)]
            self._seen = [line for line in self._seen if line not in taken]
        assert taken, f"no Qt message matching {pattern!r} was seen"
        return taken

    def unexpected(self) -> list[str]:
        with self._lock:
            seen, self._seen = self._seen, []
        return seen


@pytest.fixture(autouse=True)
def qt_messages() -> Iterator[QtMessages]:
    """Fail the test on any Qt warning, critical or fatal message (its category, text and source)."""
    from PySide6.QtCore import QtMsgType, qInstallMessageHandler

    failing = {
        QtMsgType.QtWarningMsg: "warning",
        QtMsgType.QtCriticalMsg: "critical",
        QtMsgType.QtFatalMsg: "fatal",
    }
    seen = QtMessages()

    def handler(kind: QtMsgType, context: QMessageLogContext, message: str) -> None:
        level = failing.get(kind)
        category = context.category or "default"
        if level is None or _harmless(category, message):
            return
        where = f" ({context.file}:{context.line}, {context.function})" if context.file else ""
        seen.record(f"  - Qt {level} [{category}] on {threading.current_thread().name}: {message}{where}")

    previous = qInstallMessageHandler(handler)
    try:
        yield seen
    finally:
        qInstallMessageHandler(previous)
    unexpected = seen.unexpected()
    if unexpected:
        pytest.fail(
            "Qt reported problems during the test (a Qt warning is a bug: fix its cause, or, if it is"
            " truly harmless, allow it narrowly in HARMLESS_QT_MESSAGES with the reason):\n"
            + "\n".join(unexpected),
            pytrace=False,
        )


@pytest.fixture(autouse=True)
def ui_thread_calls(monkeypatch: pytest.MonkeyPatch) -> Iterator[UiThreadCalls]:
    """Fail the test when Mira's UI reads or writes the database or the keyring on the UI thread."""
    from tests.support.ui_thread_guard import UiThreadCalls

    calls = UiThreadCalls()
    calls.install(monkeypatch)
    yield calls
    calls.fail_on_unexpected()


def _harmless(category: str, message: str) -> bool:
    from PySide6.QtGui import QGuiApplication

    platform = QGuiApplication.platformName()
    return any(
        on in ("", platform) and category == c and re.fullmatch(pattern, message)
        for on, c, pattern, _why in HARMLESS_QT_MESSAGES
    )


@pytest.fixture(scope="session", autouse=True)
def collect_on_the_ui_thread(qapp: QApplication) -> Iterator[None]:
    """As the window's start does: Python's garbage collector runs on the UI thread only."""
    from mira_desktop.ui.runtime.garbage_collection import install

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
    for thread in [t for t in threading.enumerate() if t.ident not in before]:
        if not isinstance(thread, threading._DummyThread):  # one Python did not start cannot be joined
            thread.join(max(0.0, deadline - time.monotonic()))  # it ends, or the time left runs out
    leaked = [t for t in threading.enumerate() if t.ident not in before and t.is_alive()]
    assert not leaked, f"threads left running: {[t.name for t in leaked]}"


Speak = Callable[[str], str]  # the ``speak`` fixture: install a language, get the one in use


@pytest.fixture
def speak(qapp: QApplication) -> Iterator[Speak]:
    """``speak("zh")`` installs a language for the test; the English source text comes back after."""
    from mira_desktop.ui.language import i18n

    yield lambda lang: i18n.use_language(qapp, lang)
    i18n.remove_translations(qapp)


@pytest.fixture
def chinese(speak: Speak) -> None:
    """The window in Chinese for the test (English again after it)."""
    speak("zh")


@pytest.fixture
def workspace(app_services: AppServices, project: Path) -> str:
    """The ``project`` folder (tests/conftest.py) added to ``app_services`` as the workspace "Project"; its id."""
    return app_services.workspaces.add("Project", str(project)).id


@pytest.fixture
def app_services(data_dir: Path) -> Iterator[AppServices]:
    """The services of a fresh data folder (shared by every GUI test), opened as the app opens them
    after its first frame: ``open_window_services``, on a worker thread."""
    from concurrent.futures import ThreadPoolExecutor

    from mira_desktop.app import open_window_services

    with ThreadPoolExecutor(1, thread_name_prefix="mira-ui-op") as worker:
        services = worker.submit(open_window_services, data_dir).result(120)
    yield services
    services.close()


@pytest.fixture
def runner(failures: Failures) -> Iterator[OperationRunner]:
    """The operation runner a window would own; shut down after the test.

    A failure no callback shows is raised on the UI thread (pytest-qt fails the test with it), and a
    bug is recorded as a crash report would be (``failures``: the test fails unless it expects it).
    """
    from mira_desktop.core.errors import InternalError
    from mira_desktop.ui.runtime.operations import OperationRunner

    def unhandled(exc: BaseException) -> None:
        raise exc

    def report_bug(bug: BaseException) -> InternalError:
        failures.crashed(bug)
        return InternalError.reported(bug, None)

    built = OperationRunner(unhandled, report_bug=report_bug)
    yield built
    built.shutdown()


@pytest.fixture
def changes(app_services: AppServices) -> Iterator[ChangeSignal]:
    from mira_desktop.ui.runtime.changes import ChangeSignal

    signal = ChangeSignal(app_services.changes)
    yield signal
    signal.close()
