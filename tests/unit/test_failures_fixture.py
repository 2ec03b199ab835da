"""The ``failures`` fixture sees what a test would otherwise swallow: ERROR notifications and crash reports."""

from __future__ import annotations

from pathlib import Path

import pytest

from mira_desktop.core.notifications import Level, NotificationBus
from mira_desktop.services.app import crash_reports
from tests.support.failures import Failures, failure_report


def test_an_error_posted_on_any_bus_is_seen_with_its_details_and_other_levels_are_not(
    failures: Failures,
) -> None:
    bus = NotificationBus()  # not the services' bus: every bus is watched
    bus.post(Level.WARNING, "only a warning")
    bus.post(Level.ERROR, "Indexing stopped", "Traceback: the details")
    seen = failures.unexpected()  # taken here, so this test itself passes
    assert [(s.kind, s.text, s.details) for s in seen] == [
        ("ERROR notification", "Indexing stopped", "Traceback: the details")
    ]
    report = failure_report(seen)
    assert "did not expect" in report
    assert "ERROR notification: Indexing stopped" in report
    assert "Traceback: the details" in report


def test_a_crash_report_written_during_a_test_is_seen_with_its_traceback(
    failures: Failures, tmp_path: Path
) -> None:
    try:
        {}["key"]
    except KeyError as bug:
        crash_reports.write_crash_report(tmp_path, bug)
    [seen] = failures.unexpected()
    assert (seen.kind, seen.text) == ("crash report", "KeyError: 'key'")
    assert "Traceback" in seen.details
    assert list(tmp_path.glob("crash-*.txt"))  # still written: the fixture only watches


def test_expect_takes_the_failures_a_test_provokes_and_names_what_was_seen_when_none_match(
    failures: Failures,
) -> None:
    NotificationBus().post(Level.ERROR, "The model cannot be loaded")
    with pytest.raises(AssertionError, match=r"(?s)no failure matching 'disk'.*The model cannot be loaded"):
        failures.expect("disk")
    [taken] = failures.expect("model cannot")
    assert taken.text == "The model cannot be loaded"
    assert failures.unexpected() == []
