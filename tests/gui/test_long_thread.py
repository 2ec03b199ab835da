"""A long thread opens at its end with widgets for a screenful of messages; scrolling up shows the
older ones (reading more from the database once all that were read are shown), keeps the message
in view where it was, and reaches the first message of the thread."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from mira_desktop.core.ids import new_id
from mira_desktop.services.app.bundle import AppServices
from mira_desktop.services.threads.transfer import FORMAT, FORMAT_VERSION
from mira_desktop.ui.chat.view import FIRST_SHOWN, MORE_SHOWN, ChatView
from mira_desktop.ui.shell.main_window import MainWindow
from tests.gui.support import open_window

COUNT = 75  # more than the controller reads at first (30), so scrolling up reads more twice


def _long_thread(services: AppServices, count: int = COUNT) -> str:
    stamp = "2024-01-01T00:00:00+00:00"
    ids = [new_id("message") for _ in range(count)]
    messages = [
        {
            "id": ids[i],
            "parent_id": ids[i - 1] if i else None,
            "role": "user" if i % 2 == 0 else "assistant",
            "content": f"Message {i}: " + "some text " * 12,
            "status": "complete",
            "created_at": stamp,
            "updated_at": stamp,
        }
        for i in range(count)
    ]
    thread = {
        "id": new_id("thread"),
        "title": "Long thread",
        "status": "active",
        "active_leaf_id": ids[-1],
        "created_at": stamp,
        "updated_at": stamp,
    }
    data = {"format": FORMAT, "version": FORMAT_VERSION, "thread": thread, "messages": messages}
    return services.transfer.import_data(data).id


def _shown(view: ChatView) -> list[int]:
    """The numbers of the messages that have a widget, in the order the transcript shows them."""
    numbers = []
    for index in range(view.list_layout.count()):
        widget = view.list_layout.itemAt(index).widget()
        if widget in view.widgets.values():
            numbers.append(int(widget.message.content.split(":", 1)[0].removeprefix("Message ")))
    return numbers


def _opened(qtbot: QtBot, services: AppServices) -> MainWindow:
    thread_id = _long_thread(services)
    window = open_window(qtbot, services, ready=True)
    window.resize(1000, 700)
    window.open_thread(thread_id)
    qtbot.waitUntil(lambda: COUNT - 1 in _shown(window.chat_view), timeout=10_000)
    bar = window.chat_view.scroll_area.verticalScrollBar()
    qtbot.waitUntil(lambda: 0 < bar.maximum() == bar.value())  # laid out, and at the end
    return window


def test_a_long_thread_opens_at_its_end_with_widgets_for_its_newest_messages_only(
    qtbot: QtBot, app_services: AppServices
) -> None:
    window = _opened(qtbot, app_services)
    view = window.chat_view
    shown = _shown(view)
    assert FIRST_SHOWN <= len(shown) < 30  # not every message read
    assert shown == list(range(COUNT - len(shown), COUNT))  # the newest, in order
    assert view.earlier_button.text() == f"Show {COUNT - len(shown)} earlier messages"


def test_scrolling_up_reaches_every_message_of_a_long_thread(qtbot: QtBot, app_services: AppServices) -> None:
    window = _opened(qtbot, app_services)
    view = window.chat_view
    bar = view.scroll_area.verticalScrollBar()
    for _ in range(COUNT):  # each scroll to the top shows more (or reads more), never fewer
        before = len(view.widgets)
        bar.setValue(0)
        qtbot.waitUntil(lambda before=before: len(view.widgets) > before, timeout=10_000)
        qtbot.waitUntil(lambda: bar.value() > 0)  # laid out: the message that was on top is still in view
        if len(view.widgets) == COUNT:
            break
    assert _shown(view) == list(range(COUNT))
    assert view.earlier_button.isHidden()


def test_older_messages_shown_above_keep_the_message_in_view_in_place(
    qtbot: QtBot, app_services: AppServices
) -> None:
    window = _opened(qtbot, app_services)
    view = window.chat_view
    bar = view.scroll_area.verticalScrollBar()
    first = view.widgets[view._order[-len(view.widgets)]]  # the oldest message with a widget
    before = len(view.widgets)
    bar.setValue(0)
    on_screen = first.y() - bar.value()
    qtbot.waitUntil(lambda: len(view.widgets) > before, timeout=10_000)
    qtbot.waitUntil(lambda: bar.value() > 0)
    assert abs((first.y() - bar.value()) - on_screen) <= 1  # the same place on the screen


def test_show_earlier_shows_older_messages_at_once_and_counts_those_left(
    qtbot: QtBot, app_services: AppServices
) -> None:
    window = _opened(qtbot, app_services)
    view = window.chat_view
    before = len(view.widgets)
    view.earlier_button.click()
    assert _shown(view) == list(range(COUNT - before - MORE_SHOWN, COUNT))
    assert view.earlier_button.text() == f"Show {COUNT - before - MORE_SHOWN} earlier messages"
