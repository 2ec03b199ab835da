"""The window is usable from its first frame: the data folder's threads and draft before the services
are built, a composer that takes typing (and keeps it), Enter queued while the model loads, and the
keyboard in the composer whenever the window is activated."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from mira_desktop.core.conversation.threads import MessageRole
from mira_desktop.services.app.bundle import AppServices
from mira_desktop.services.app.first_look import read_first_look
from mira_desktop.store.messages import MessageRepository
from mira_desktop.store.threads import ThreadRepository
from mira_desktop.ui.language.i18n import tr
from mira_desktop.ui.shell.main_window import MainWindow
from mira_desktop.ui.shell.sidebar import PAGE


def _script(tmp_path: Path, text: str = "Hello back.") -> str:
    path = tmp_path / "script.json"
    path.write_text(json.dumps({"replies": [{"text": text}] * 3}))
    return f"scripted:{path}"


def _first_frame(qtbot: QtBot, root: Path) -> MainWindow:
    """The window as the app shows it before its services exist."""
    window = MainWindow(str(root), read_first_look(root, PAGE))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return window


def test_the_first_frame_shows_the_threads_and_the_draft_before_the_services_exist(
    qtbot: QtBot, app_services: AppServices
) -> None:
    threads = ThreadRepository(app_services.database)
    for title in ("Kyoto trip", "Tax return", "Lighthouse lamps"):
        threads.create(title=title)
    app_services.threads.save_welcome_draft("half a thought")
    window = _first_frame(qtbot, app_services.folder.root)
    assert window.services is None
    listed = [window.sidebar.thread_list.item(i).text().split("\n")[0] for i in range(3)]
    assert listed == ["Lighthouse lamps", "Tax return", "Kyoto trip"]  # newest first, as the services list them
    assert window.composer.editor.toPlainText() == "half a thought"
    assert window.composer.editor.isEnabled()
    window.close()


def test_text_typed_before_the_services_stays_and_becomes_the_welcome_draft(
    qtbot: QtBot, app_services: AppServices
) -> None:
    window = _first_frame(qtbot, app_services.folder.root)
    qtbot.keyClicks(window.composer.editor, "hello from the keyboard")
    window.attach(app_services)
    assert window.composer.editor.toPlainText() == "hello from the keyboard"
    qtbot.waitUntil(lambda: app_services.threads.welcome_draft() == "hello from the keyboard")
    window.close()


def test_enter_while_the_model_loads_queues_the_message_and_sends_it_once_ready(
    qtbot: QtBot, app_services: AppServices, tmp_path: Path
) -> None:
    app_services.models.set_default(_script(tmp_path))
    window = _first_frame(qtbot, app_services.folder.root)
    qtbot.keyClicks(window.composer.editor, "hello")
    assert window.composer.wait_note.text() == tr("startup.typed_while_loading")
    qtbot.keyClick(window.composer.editor, Qt.Key.Key_Return)
    assert window.composer.queued
    assert window.composer.wait_note.text() == tr("startup.queued")
    window.attach(app_services)
    assert window.composer.queued  # attaching the services keeps it queued
    assert app_services.threads.list(None) == []  # nothing was sent yet
    with qtbot.waitSignal(window.model_readiness_changed, timeout=30_000):
        window.start_model_check()
    qtbot.waitUntil(lambda: window.current_thread_id is not None and not window.controller.state.busy, timeout=20_000)
    messages = MessageRepository(app_services.database).list_for_thread(window.current_thread_id or "")
    assert [(m.role, m.content) for m in messages] == [
        (MessageRole.USER, "hello"),
        (MessageRole.ASSISTANT, "Hello back."),
    ]
    assert window.composer.editor.toPlainText() == ""
    assert not window.composer.wait_note.isVisibleTo(window)
    window.close()


def test_an_edit_or_escape_takes_a_queued_message_out_of_the_queue(
    qtbot: QtBot, app_services: AppServices
) -> None:
    window = _first_frame(qtbot, app_services.folder.root)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    composer = window.composer
    qtbot.keyClicks(composer.editor, "hello")
    qtbot.keyClick(composer.editor, Qt.Key.Key_Return)
    assert composer.queued
    qtbot.keyClicks(composer.editor, " there")
    assert not composer.queued  # the edited text is not what was queued
    assert composer.wait_note.text() == tr("startup.typed_while_loading")
    qtbot.keyClick(composer.editor, Qt.Key.Key_Return)
    assert composer.queued
    qtbot.keyClick(composer.editor, Qt.Key.Key_Escape)
    assert not composer.queued
    sent: list[str] = []
    composer.send_requested.connect(sent.append)
    composer.set_ready(True)
    assert sent == []  # taken out of the queue: it waits for Enter
    assert composer.editor.toPlainText() == "hello there"
    window.close()


def test_a_model_that_fails_to_load_leaves_the_queued_message_unsent_in_the_composer(
    qtbot: QtBot, app_services: AppServices
) -> None:
    window = _first_frame(qtbot, app_services.folder.root)
    composer = window.composer
    sent: list[str] = []
    composer.send_requested.connect(sent.append)
    qtbot.keyClicks(composer.editor, "hello")
    qtbot.keyClick(composer.editor, Qt.Key.Key_Return)
    composer.set_ready(False, tr("composer.unavailable"))  # what a failed model check does
    assert not composer.queued
    assert sent == []
    assert composer.editor.toPlainText() == "hello"
    assert composer.wait_note.text() == tr("startup.typed_unavailable")
    assert not composer.send_button.isEnabled()
    window.close()


def test_a_thread_clicked_in_the_first_frame_opens_once_the_services_are_attached(
    qtbot: QtBot, app_services: AppServices
) -> None:
    thread = ThreadRepository(app_services.database).create(title="Kyoto trip")
    MessageRepository(app_services.database).add(thread.id, MessageRole.USER, "Where should we stay?")
    window = _first_frame(qtbot, app_services.folder.root)
    item = window.sidebar.thread_list.item(0)
    window.sidebar.thread_list.itemClicked.emit(item)
    assert window.current_thread_id is None  # nothing to open it with yet
    assert item.isSelected()
    window.attach(app_services)
    assert window.current_thread_id == thread.id
    qtbot.waitUntil(lambda: len(window.chat_view.widgets) == 1)
    window.close()


def test_the_composer_takes_the_keyboard_whenever_the_window_is_activated(
    qtbot: QtBot, app_services: AppServices
) -> None:
    window = _first_frame(qtbot, app_services.folder.root)
    window.attach(app_services)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    qtbot.waitUntil(window.composer.editor.hasFocus)
    other = QWidget()
    qtbot.addWidget(other)
    other.show()
    other.activateWindow()
    qtbot.waitUntil(lambda: not window.isActiveWindow())
    window.sidebar.new_chat_button.setFocus()  # where focus fell before: a space pressed "New chat"
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    qtbot.waitUntil(window.composer.editor.hasFocus)
    # … but a person typing in the thread search keeps it there when they come back.
    window.sidebar.search_box.setFocus()
    other.activateWindow()
    qtbot.waitUntil(lambda: not window.isActiveWindow())
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    assert window.sidebar.search_box.hasFocus()
    window.close()


def test_a_thread_clicked_in_the_list_takes_the_next_typing_into_its_composer(
    qtbot: QtBot, app_services: AppServices
) -> None:
    """Tried on a real X screen: typed after a click on a thread, the words went into the list."""
    ThreadRepository(app_services.database).create(title="Kyoto trip")
    window = _first_frame(qtbot, app_services.folder.root)
    window.attach(app_services)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    listed = window.sidebar.thread_list
    qtbot.waitUntil(lambda: listed.count() == 1)
    qtbot.mouseClick(listed.viewport(), Qt.MouseButton.LeftButton, pos=listed.visualItemRect(listed.item(0)).center())
    qtbot.waitUntil(lambda: window.current_thread_id is not None)
    assert window.composer.editor.hasFocus()
    qtbot.keyClicks(window.focusWidget(), "Where should we stay?")
    assert window.composer.editor.toPlainText() == "Where should we stay?"
    window.close()


def _folder_with_a_thread(folder: Path) -> str:
    from mira_desktop.app import build_services

    setup = build_services(folder)
    try:
        thread = ThreadRepository(setup.database).create(title="Kyoto trip")
        MessageRepository(setup.database).add(thread.id, MessageRole.USER, "Where should we stay?")
        return thread.id
    finally:
        setup.close()


def test_the_app_process_paints_its_threads_in_the_first_frame(tmp_path: Path) -> None:
    from mira_desktop.app import build_services

    services = build_services(tmp_path / "d")
    try:
        for title in ("one", "two"):
            ThreadRepository(services.database).create(title=title)
    finally:
        services.close()
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    result = subprocess.run(
        [sys.executable, "-m", "mira_desktop.app", "--data-dir", str(tmp_path / "d"), "--exit-after-paint"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    first = json.loads(result.stdout.strip().splitlines()[-1])
    assert first["threads_at_first_paint"] == 2
    assert first["composer_takes_typing_at_first_paint"] is True


def test_the_services_listing_the_same_threads_leaves_the_first_frames_scroll_alone(
    qtbot: QtBot, app_services: AppServices
) -> None:
    repo = ThreadRepository(app_services.database)
    for n in range(60):
        repo.create(title=f"Trip {n}")
    window = _first_frame(qtbot, app_services.folder.root)
    bar = window.sidebar.thread_list.verticalScrollBar()
    qtbot.waitUntil(lambda: bar.maximum() > 0)
    bar.setValue(bar.maximum() // 2)  # the person scrolled the first frame's list…
    item = window.sidebar.thread_list.item(30)
    window.sidebar.thread_list.itemClicked.emit(item)  # …and clicked a thread
    with qtbot.waitSignal(window.sidebar.listed, timeout=10_000):
        window.attach(app_services)
    assert bar.value() == bar.maximum() // 2
    assert window.sidebar.thread_list.item(30) is item  # not rebuilt
    assert item.isSelected()
    window.close()


def test_a_window_that_does_not_paint_holds_the_start_back_only_a_bounded_time(qtbot: QtBot, tmp_path: Path) -> None:
    """A window started on a hidden workspace may not paint until it is looked at: the data folder is
    opened after FIRST_PAINT_WAIT_S all the same."""
    from PySide6.QtWidgets import QApplication

    from mira_desktop.ui.shell.launch import _FirstPaint, wait_for_first_paint

    window = MainWindow(str(tmp_path), read_first_look(tmp_path, PAGE))
    qtbot.addWidget(window)
    painted = _FirstPaint(window)
    window.installEventFilter(painted)  # never shown: it never paints
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    began = time.monotonic()
    assert not wait_for_first_paint(app, painted, timeout=0.3)
    assert 0.3 <= time.monotonic() - began < 3
    window.show()
    assert wait_for_first_paint(app, painted, timeout=10)  # shown: it paints, and the wait ends then
    window.close()


# What building the services imports (the first look reads the database through the store, but no
# service): the first frame must not pay for any of it.
SERVICE_MODULES = (
    "mira_desktop.services.chat.service",
    "mira_desktop.services.chat.agent_runs",
    "mira_desktop.services.knowledge.bases",
    "mira_desktop.services.attachments.service",
    "mira_desktop.services.hub.service",
    "mira_desktop.services.mcp.service",
    "mira_desktop.services.media.service",
    "mira_desktop.services.threads.service",
)


def test_the_first_frame_is_painted_before_any_service_module_is_imported(tmp_path: Path) -> None:
    code = (
        "import sys\n"
        "from pathlib import Path\n"
        "from PySide6.QtWidgets import QApplication\n"
        "import mira_desktop.app\n"
        "from mira_desktop.services.app.first_look import read_first_look\n"
        "from mira_desktop.ui.shell.launch import _FirstPaint, wait_for_first_paint\n"
        "from mira_desktop.ui.shell.main_window import MainWindow\n"
        "from mira_desktop.ui.shell.sidebar import PAGE\n"
        "app = QApplication(sys.argv[:1])\n"
        f"root = Path({str(tmp_path / 'd')!r})\n"
        "window = MainWindow(str(root), read_first_look(root, PAGE))\n"
        "painted = _FirstPaint(window)\n"
        "window.installEventFilter(painted)\n"
        "window.show()\n"
        "assert wait_for_first_paint(app, painted, 30)\n"
        f"print(','.join(m for m in {SERVICE_MODULES!r} if m in sys.modules))\n"
    )
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120, check=False)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().splitlines()[-1:] in ([], [""])


_RUN_AND_CLOSE = (
    "import sqlite3, sys, threading\n"
    "from pathlib import Path\n"
    "from PySide6.QtCore import QObject, QTimer, Signal\n"
    "from PySide6.QtWidgets import QApplication\n"
    "from mira_desktop.app import open_window_services\n"
    "from mira_desktop.ui.shell.launch import run_gui\n"
    "from mira_desktop.ui.shell.main_window import MainWindow\n"
    "class Closer(QObject):\n"
    "    asked = Signal()\n"
    "closed, built = threading.Event(), []\n"
    "def close_the_window():\n"
    "    closed.set()\n"
    "    for widget in QApplication.topLevelWidgets():\n"
    "        if isinstance(widget, MainWindow):\n"
    "            widget.close()\n"
    "app = QApplication(sys.argv[:1])\n"
    "closer = Closer()\n"
    "closer.asked.connect(close_the_window)\n"
    "def open_after_the_close(data_dir, bus):\n"
    "    closer.asked.emit()  # the person closes the window while its services are being opened\n"
    "    assert closed.wait(30)\n"
    "    built.append(open_window_services(data_dir, bus))\n"
    "    return built[-1]\n"
)


def _run_gui_and_close(folder: Path, when: str) -> list[str]:
    close_early = "QTimer.singleShot(0, close_the_window)\n" if when == "first frame" else ""
    code = (
        _RUN_AND_CLOSE
        + close_early
        + f"print('exit', run_gui(Path({str(folder)!r}), open_after_the_close))\n"
        + "print('built', len(built))\n"
        + "try:\n"
        + "    built and built[0].database.query('SELECT 1') and print('database open')\n"
        + "except sqlite3.ProgrammingError:\n"
        + "    print('database closed')\n"
    )
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120, check=False
    )
    assert result.returncode == 0, result.stderr
    return result.stdout.split()


def test_services_that_finish_opening_after_the_window_closed_are_closed_and_the_app_ends(
    tmp_path: Path,
) -> None:
    """Closed before its services were attached (their result reaches no window): the app still
    closes them, and returns."""
    assert _run_gui_and_close(tmp_path / "d", "opening") == ["exit", "0", "built", "1", "database", "closed"]


def test_a_window_closed_while_its_first_frame_is_awaited_ends_the_app(tmp_path: Path) -> None:
    """Qt's quit then comes before its event loop runs: the loop is not started (it would wait for good)."""
    assert _run_gui_and_close(tmp_path / "d", "first frame") == ["exit", "0", "built", "0"]
