from __future__ import annotations

from mira_desktop.core.errors import MiraError
from mira_desktop.core.notifications import Level, Notification, NotificationBus
from tests.support.failures import Failures


def test_messages_posted_before_the_ui_exists_are_delivered_when_it_subscribes(failures: Failures) -> None:
    bus = NotificationBus()
    bus.post(Level.WARNING, "first")
    bus.post(Level.ERROR, "second")
    seen: list[Notification] = []
    bus.subscribe(seen.append)
    bus.post(Level.INFO, "third")
    assert [n.message for n in seen] == ["first", "second", "third"]
    failures.expect("second")  # posted on purpose


def test_a_note_about_an_error_carries_it_for_the_window_to_say_in_its_language(failures: Failures) -> None:
    bus = NotificationBus()
    seen: list[Notification] = []
    bus.subscribe(seen.append)
    error = MiraError.said("kb.needs_name")
    bus.post(Level.ERROR, str(error), "details", error)
    failures.expect("needs a name")
    assert [(n.message, n.details, n.error) for n in seen] == [
        ("A knowledge base needs a name.", "details", error)
    ]


def test_buffer_keeps_only_the_newest_messages() -> None:
    bus = NotificationBus(buffer_limit=3)
    for i in range(10):
        bus.post(Level.INFO, str(i))
    seen: list[Notification] = []
    bus.subscribe(seen.append)
    assert [n.message for n in seen] == ["7", "8", "9"]


def test_unsubscribed_listener_receives_nothing_more() -> None:
    bus = NotificationBus()
    seen: list[Notification] = []
    bus.subscribe(seen.append)
    bus.unsubscribe(seen.append)
    bus.post(Level.INFO, "late")
    assert seen == []
